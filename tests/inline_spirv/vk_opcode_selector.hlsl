// <vk/opcode_selector.h> is found without -I (shipped beside the compiler) and picks the
// SPIR-V conversion by component types, as DXC's convert.selector test expects: u32->f32
// OpConvertUToF, i32->u32 OpBitcast, f64->i64 OpConvertFToS, i64->u16 OpUConvert,
// half->float without 16-bit types (half is a 32-bit float) OpCopyObject (unoptimised:
// -O3 removes the copy).
// RUN: rm -rf %t.d && mkdir -p %t.d
// RUN: %oneshader %s -T cs_6_0 -E main -HV 2021 -O3 -fspv-target-env=vulkan1.3 -DS=uint32_t -DT=float -Fo %t.d/a.spv -Fc %t.d/a.spvasm
// RUN: spirv-val --target-env vulkan1.3 %t.d/a.spv
// RUN: FileCheck %s --check-prefixes=CHECK,UTOF < %t.d/a.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -HV 2021 -O3 -fspv-target-env=vulkan1.3 -DS=int32_t -DT=uint32_t -Fo %t.d/b.spv -Fc %t.d/b.spvasm
// RUN: spirv-val --target-env vulkan1.3 %t.d/b.spv
// RUN: FileCheck %s --check-prefixes=CHECK,BITCAST < %t.d/b.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -HV 2021 -O3 -fspv-target-env=vulkan1.3 -DS=double -DT=int64_t -Fo %t.d/c.spv -Fc %t.d/c.spvasm
// RUN: spirv-val --target-env vulkan1.3 %t.d/c.spv
// RUN: FileCheck %s --check-prefixes=CHECK,FTOS < %t.d/c.spvasm
// RUN: %oneshader %s -T cs_6_2 -enable-16bit-types -E main -HV 2021 -O3 -fspv-target-env=vulkan1.3 -DS=int64_t -DT=uint16_t -Fo %t.d/d.spv -Fc %t.d/d.spvasm
// RUN: spirv-val --target-env vulkan1.3 %t.d/d.spv
// RUN: FileCheck %s --check-prefixes=CHECK,UCONVERT < %t.d/d.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -HV 2021 -fspv-target-env=vulkan1.3 -DS=half -DT=float -Fo %t.d/e.spv -Fc %t.d/e.spvasm
// RUN: spirv-val --target-env vulkan1.3 %t.d/e.spv
// RUN: FileCheck %s --check-prefix=COPY < %t.d/e.spvasm
// A pair the header has no specialization for (bool) names the missing class.
// RUN: not %oneshader %s -T cs_6_0 -E main -HV 2021 -DS=bool -DT=float -Fo %t.d/f.spv 2>&1 | FileCheck %s --check-prefix=NOSPEC

// CHECK:    [[ld:%[0-9a-zA-Z_]+]] = OpLoad {{%[a-z0-9_]+}} {{%[0-9a-zA-Z_]+}}
// UTOF:     [[r:%[0-9a-zA-Z_]+]] = OpConvertUToF %v4float [[ld]]
// BITCAST:  [[r:%[0-9a-zA-Z_]+]] = OpBitcast %v4uint [[ld]]
// FTOS:     [[r:%[0-9a-zA-Z_]+]] = OpConvertFToS %v4long [[ld]]
// UCONVERT: [[r:%[0-9a-zA-Z_]+]] = OpUConvert %v4ushort [[ld]]
// COPY:     OpCopyObject %v4float
// CHECK:    OpStore {{%[0-9a-zA-Z_]+}} [[r]]
// UTOF:     [[r2:%[0-9a-zA-Z_]+]] = OpConvertUToF %float {{%[0-9a-zA-Z_]+}}
// BITCAST:  [[r2:%[0-9a-zA-Z_]+]] = OpBitcast %uint {{%[0-9a-zA-Z_]+}}
// FTOS:     [[r2:%[0-9a-zA-Z_]+]] = OpConvertFToS %long {{%[0-9a-zA-Z_]+}}
// UCONVERT: [[r2:%[0-9a-zA-Z_]+]] = OpUConvert %ushort {{%[0-9a-zA-Z_]+}}
// COPY:     OpCopyObject %float
// CHECK:    OpStore {{%[0-9a-zA-Z_]+}} [[r2]]
// NOSPEC:   error OSH{{[0-9]+}}: {{.*}}ConversionSelector<bool, float>

#include <vk/opcode_selector.h>

#define VEC4_(t) t##4
#define VEC4(t) VEC4_(t)

RWStructuredBuffer<VEC4(S)> source;
RWStructuredBuffer<VEC4(T)> target;

[numthreads(64, 1, 1)] void main() {
  target[0] = vk::util::ConversionSelector<S, T>::Convert<VEC4(T)>(source[0]);
  target[0].x = vk::util::ConversionSelector<S, T>::Convert<T>(source[0].x);
}
