// Rich debug information: types (positions and sizes counted by hand below).
struct Light {
  float3 dir;
  int kind;
  bool on;
};
cbuffer Params : register(b0) {
  float4x3 xf;
  Light lights[2];
};
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  Light l = lights[1];
  uint2 u[3][2];
  double d = xf[0].x;
  u[1][0] = uint2(l.kind, 0);
  Out[0] = l.dir.x + float(u[1][0].x) + (l.on ? 1.0 : 0.0) + float(d);
}

// By hand. Light is declared at 2:8, its members at 3:10 (dir), 4:7 (kind), 5:8 (on). As a
// local value (no layout) its members are packed: dir at bit 0 (96 bits), kind at 96 (32),
// on at 128 (a bool holds 32 bits), 160 bits in all. In the cbuffer (declared at 7:9, xf at
// 8:12, lights at 9:9) Light is laid out: dir at byte 0, kind at 12 (it fits the register),
// on (a uint there) at 16. float4x3 is 4 HLSL rows of 3: SPIR-V's 4 vectors of float3,
// column major as HLSL's default. xf takes 3 registers (48 bytes, 384 bits), so lights
// starts at 384. The locals: l at 15:9, u at 16:9 (uint2[3][2]: one array, counts 3 and 2
// outermost first), d at 17:10 (double: 64 bits).
//
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=vulkan -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
//
// CHECK:      %[[SET:[0-9]+]] = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
// CHECK-DAG:  %[[LIGHT:[0-9]+]] = OpString "Light"
// CHECK-DAG:  %[[PARAMS:[0-9]+]] = OpString "type.Params"
// CHECK-DAG:  %[[DIR:[0-9]+]] = OpString "dir"
// CHECK-DAG:  %[[FLOATN:[0-9]+]] = OpString "float"
// CHECK-DAG:  %[[BOOLN:[0-9]+]] = OpString "bool"
// CHECK-DAG:  %[[INTN:[0-9]+]] = OpString "int"
// CHECK-DAG:  %[[UINTN:[0-9]+]] = OpString "uint"
// CHECK-DAG:  %[[DOUBLEN:[0-9]+]] = OpString "double"
// CHECK:      %[[SRC:[0-9]+]] = OpExtInst %void %[[SET]] DebugSource
// DebugTypeBasic encodings: Float 3, Signed 4, Boolean 2, Unsigned 6.
// CHECK-DAG:  %[[F:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeBasic %[[FLOATN]] %uint_32 %uint_3 %uint_0
// CHECK-DAG:  %[[I:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeBasic %[[INTN]] %uint_32 %uint_4 %uint_0
// CHECK-DAG:  %[[B:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeBasic %[[BOOLN]] %uint_32 %uint_2 %uint_0
// CHECK-DAG:  %[[U:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeBasic %[[UINTN]] %uint_32 %uint_6 %uint_0
// CHECK-DAG:  %[[D:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeBasic %[[DOUBLEN]] %uint_64 %uint_3 %uint_0
// CHECK-DAG:  %[[F3:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeVector %[[F]] %uint_3
// CHECK-DAG:  %[[U2:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeVector %[[U]] %uint_2
// The local Light: members (name, type, source, line, column, offset, size, FlagIsPublic),
// then the composite (name, Structure 1, source, line, column, parent, linkage name, size,
// flags, members).
// CHECK-DAG:  %[[LDIR:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeMember %[[DIR]] %[[F3]] %[[SRC]] %uint_3 %uint_10 %uint_0 %uint_96 %uint_3
// CHECK-DAG:  %[[LKIND:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeMember %{{[0-9]+}} %[[I]] %[[SRC]] %uint_4 %uint_7 %uint_96 %uint_32 %uint_3
// CHECK-DAG:  %[[LON:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeMember %{{[0-9]+}} %[[B]] %[[SRC]] %uint_5 %uint_8 %uint_128 %uint_32 %uint_3
// CHECK-DAG:  %[[LOCAL_LIGHT:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeComposite %[[LIGHT]] %uint_1 %[[SRC]] %uint_2 %uint_8 %{{[0-9]+}} %[[LIGHT]] %uint_160 %uint_3 %[[LDIR]] %[[LKIND]] %[[LON]]
// The laid-out Light in the cbuffer: kind at byte 12, on (uint) at byte 16.
// CHECK-DAG:  %[[CKIND:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeMember %{{[0-9]+}} %[[I]] %[[SRC]] %uint_4 %uint_7 %uint_96 %uint_32 %uint_3
// CHECK-DAG:  %[[CON:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeMember %{{[0-9]+}} %[[U]] %[[SRC]] %uint_5 %uint_8 %uint_128 %uint_32 %uint_3
// CHECK-DAG:  %[[CB_LIGHT:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeComposite %[[LIGHT]] %uint_1 %[[SRC]] %uint_2 %uint_8 %{{[0-9]+}} %[[LIGHT]] %{{[a-z0-9_]+}} %uint_3 %{{[0-9]+}} %[[CKIND]] %[[CON]]
// CHECK-DAG:  %[[M:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeMatrix %[[F3]] %uint_4 %uint_1
// CHECK-DAG:  %[[XF:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeMember %{{[0-9]+}} %[[M]] %[[SRC]] %uint_8 %uint_12 %uint_0 %uint_384 %uint_3
// CHECK-DAG:  %[[LA:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeArray %[[CB_LIGHT]] %uint_2{{$}}
// CHECK-DAG:  %[[LIGHTS:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeMember %{{[0-9]+}} %[[LA]] %[[SRC]] %uint_9 %uint_9 %uint_384 %{{[a-z0-9_]+}} %uint_3
// CHECK-DAG:  %[[CB:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeComposite %[[PARAMS]] %uint_1 %[[SRC]] %uint_7 %uint_9 %{{[0-9]+}} %[[PARAMS]] %{{[a-z0-9_]+}} %uint_3 %[[XF]] %[[LIGHTS]]
// CHECK-DAG:  %[[UA:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeArray %[[U2]] %uint_3 %uint_2
// CHECK-DAG:  DebugLocalVariable %{{[0-9]+}} %[[LOCAL_LIGHT]] %[[SRC]] %uint_15 %uint_9 %{{[0-9]+}} %uint_4{{$}}
// CHECK-DAG:  DebugLocalVariable %{{[0-9]+}} %[[UA]] %[[SRC]] %uint_16 %uint_9 %{{[0-9]+}} %uint_4{{$}}
// CHECK-DAG:  DebugLocalVariable %{{[0-9]+}} %[[D]] %[[SRC]] %uint_17 %uint_10 %{{[0-9]+}} %uint_4{{$}}
// CHECK-DAG:  DebugGlobalVariable %{{[0-9]+}} %[[CB]] %[[SRC]] %uint_7 %{{[a-z0-9_]+}} %{{[0-9]+}} %{{[0-9]+}} %Params %uint_8
