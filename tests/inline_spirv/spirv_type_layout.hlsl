// vk::SpirvType states its size and alignment, and every layout rule uses exactly those
// (inline-spirv.md section 9, the shape of DXC's spv.inline.type.alignment.hlsl). Offsets in
// $Globals (vector-relaxed std140), computed by hand:
//   a      size 1,  align 1                      -> 0
//   a_arr  3 x (size 1,  align 1): stride 16      -> 16   (std140 arrays: 16-byte elements)
//   b      size 1,  align 32                      -> 64   (16 + 3*16 = 64, a multiple of 32)
//   b_arr  3 x (size 1,  align 32): stride 32     -> 96   (65 rounded up to 32)
//   c      size 32, align 1                       -> 192  (96 + 3*32)
//   c_arr  3 x (size 32, align 1): stride 32      -> 224
//   end    int                                    -> 320  (224 + 3*32)
// The module is checked without the validator (-Vd): 8-bit members of a uniform block would
// also need UniformAndStorageBuffer8BitAccess, which is beside the point here.
// RUN: %oneshader %s -T cs_6_0 -E main -Vd -Fo %t.spv -Fc %t.spvasm
// RUN: FileCheck %s < %t.spvasm
// CHECK-DAG: OpDecorate %{{[a-zA-Z0-9_]+}} ArrayStride 16
// CHECK-DAG: OpDecorate %{{[a-zA-Z0-9_]+}} ArrayStride 32
// CHECK-DAG: OpMemberDecorate %type__Globals 0 Offset 0
// CHECK-DAG: OpMemberDecorate %type__Globals 1 Offset 16
// CHECK-DAG: OpMemberDecorate %type__Globals 2 Offset 64
// CHECK-DAG: OpMemberDecorate %type__Globals 3 Offset 96
// CHECK-DAG: OpMemberDecorate %type__Globals 4 Offset 192
// CHECK-DAG: OpMemberDecorate %type__Globals 5 Offset 224
// CHECK-DAG: OpMemberDecorate %type__Globals 6 Offset 320
// CHECK-DAG: OpTypeInt 8 0

typedef vk::SpirvType</* OpTypeInt */ 21, /* size */ 1, /* alignment */ 1,
                      vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > > type1;
typedef vk::SpirvType</* OpTypeInt */ 21, /* size */ 1, /* alignment */ 32,
                      vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > > type2;
typedef vk::SpirvType</* OpTypeInt */ 21, /* size */ 32, /* alignment */ 1,
                      vk::Literal<vk::integral_constant<uint, 8> >, vk::Literal<vk::integral_constant<bool, false> > > type3;
type1 a;
type1 a_arr[3];
type2 b;
type2 b_arr[3];
type3 c;
type3 c_arr[3];
int end;

RWStructuredBuffer<int> buf : register(u0);

[[vk::ext_capability(/* Int8 */ 39)]]
[numthreads(1, 1, 1)]
void main() { buf[0] = end; }
