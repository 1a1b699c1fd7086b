// Global structs holding resources (DXC: vk.binding.global-struct-of-resource*, SPIR-V.rst
// "Using resource types in struct types"): each resource inside becomes a resource of its
// own, named by its access path, on consecutive bindings from the struct's in declaration
// order; an array of N resources stays one variable and takes N bindings, and once a
// struct of resources is in the shader so does every other array of resources. $Globals
// takes its binding where its first member is declared.
//
// Bindings by hand (set 0, all implicit, declaration order):
//   Textures[3]            0, 1, 2
//   pair.t                 3
//   pair.s                 4
//   $Globals (k)           5
//   arr[0].t[2]            6, 7
//   arr[0].ss[0].s         8
//   arr[0].ss[1].s         9
//   arr[1].t[2]            10, 11
//   arr[1].ss[0].s         12
//   arr[1].ss[1].s         13
//   last                   14
// Only what main uses is in the module.
//
// RUN: %oneshader %s -T ps_6_0 -E main -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T ps_6_0 -E main --target msl -Fo %t.metal
// RUN: %mslcheck %t.metal
// RUN: FileCheck %s --check-prefix=MSL < %t.metal
//
// CHECK-DAG: OpName %[[TEX:[A-Za-z0-9_]+]] "Textures"
// CHECK-DAG: OpName %[[PT:[A-Za-z0-9_]+]] "pair.t"
// CHECK-DAG: OpName %[[PS:[A-Za-z0-9_]+]] "pair.s"
// CHECK-DAG: OpName %[[G:[A-Za-z0-9_]+]] "$Globals"
// CHECK-DAG: OpName %[[A1T:[A-Za-z0-9_]+]] "arr[1].t"
// CHECK-DAG: OpName %[[A1S0:[A-Za-z0-9_]+]] "arr[1].ss[0].s"
// CHECK-DAG: OpName %[[A0S1:[A-Za-z0-9_]+]] "arr[0].ss[1].s"
// CHECK-DAG: OpName %[[LAST:[A-Za-z0-9_]+]] "last"
// CHECK-DAG: OpDecorate %[[TEX]] Binding 0
// CHECK-DAG: OpDecorate %[[PT]] Binding 3
// CHECK-DAG: OpDecorate %[[PS]] Binding 4
// CHECK-DAG: OpDecorate %[[G]] Binding 5
// CHECK-DAG: OpDecorate %[[A0S1]] Binding 9
// CHECK-DAG: OpDecorate %[[A1T]] Binding 10
// CHECK-DAG: OpDecorate %[[A1S0]] Binding 12
// CHECK-DAG: OpDecorate %[[LAST]] Binding 14
// The struct is no member of $Globals: it holds k only.
// CHECK-DAG: %type__Globals = OpTypeStruct %float
// The resources inside the structs are resources of the usual types.
// CHECK-DAG: %[[IMG:[A-Za-z0-9_]+]] = OpTypeImage %float 2D 0 0 0 1 Unknown
// CHECK-DAG: %[[SMP:[A-Za-z0-9_]+]] = OpTypeSampler
// CHECK-DAG: %[[IMGP:[A-Za-z0-9_]+]] = OpTypePointer UniformConstant %[[IMG]]
// CHECK-DAG: %[[SMPP:[A-Za-z0-9_]+]] = OpTypePointer UniformConstant %[[SMP]]
// CHECK-DAG: %[[ARR2:[A-Za-z0-9_]+]] = OpTypeArray %[[IMG]] %uint_2
// CHECK-DAG: %[[ARR2P:[A-Za-z0-9_]+]] = OpTypePointer UniformConstant %[[ARR2]]
// CHECK-DAG: %[[PT]] = OpVariable %[[IMGP]] UniformConstant
// CHECK-DAG: %[[PS]] = OpVariable %[[SMPP]] UniformConstant
// CHECK-DAG: %[[A1T]] = OpVariable %[[ARR2P]] UniformConstant
//
// In MSL the same resources, each an argument of its own, numbered per kind in binding
// order among those main uses (docs/msl.md, an array of N taking N): textures Textures
// 0-2, pair.t 3, arr[1].t 4-5, last 6; samplers pair.s 0, arr[0].ss[1].s 1, arr[1].ss[0].s 2.
// MSL: fragment main_out main_(
// MSL-SAME: array<texture2d<float>, 3> Textures {{\[\[}}texture(0)]]
// MSL-SAME: texture2d<float> pair_t {{\[\[}}texture(3)]]
// MSL-SAME: array<texture2d<float>, 2> arr_1__t {{\[\[}}texture(4)]]
// MSL-SAME: texture2d<float> last {{\[\[}}texture(6)]]
// MSL-SAME: sampler pair_s {{\[\[}}sampler(0)]]
// MSL-SAME: sampler arr_0__ss_1__s {{\[\[}}sampler(1)]]
// MSL-SAME: sampler arr_1__ss_0__s {{\[\[}}sampler(2)]]

struct Pair { Texture2D t; SamplerState s; };
struct Inner { SamplerState s; };
struct Multi { Texture2D t[2]; Inner ss[2]; };

Texture2D Textures[3];
Pair pair;
float k;
Multi arr[2];
Texture2D last;

float4 samplePair(Pair p, float2 uv) { return p.t.Sample(p.s, uv); }
float4 sampleMulti(Multi m, float2 uv) { return m.t[1].Sample(m.ss[0].s, uv); }

float4 main(float2 uv : TEXCOORD0) : SV_Target {
  Pair local = pair;
  return samplePair(pair, uv) + samplePair(local, uv) * k + sampleMulti(arr[1], uv) +
         Textures[2].Sample(arr[0].ss[1].s, uv) + last.Sample(pair.s, uv);
}
