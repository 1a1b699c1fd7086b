// Rich debug information as OpenCL.DebugInfo.100 (-fspv-debug=rich): counted by hand below.
struct Light {
  float3 dir;
  int kind;
};
RWStructuredBuffer<float> Out : register(u0);
static float2x3 M;

float twice(float v, out float w)
{
  float r = v * 2;
  w = r;
  return r;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
  Light l = (Light)0;
  float a = Out[id.x] + M[1][2];
  if (a > 0) {
    float b;
    Out[0] = twice(a, b) + b + l.dir.x;
  }
}

// By hand, from the text above and the set's grammar (extinst.opencl.debuginfo.100.grammar.json:
// flags, lines, columns, encodings, tags, vector counts and argument numbers are literals,
// sizes, offsets and array counts <id>s of OpConstant). Light is declared at 2:8, dir at 3:10,
// kind at 4:7; as a local value it is packed: dir at bit 0 (96 bits), kind at 96 (32), 128
// in all. M is at 7:17 (a global's position is its name's, as DXC's) and is a float2x3: the
// set has no matrix type, so (DXC's choice) an array of float, 2 rows by 3 columns. Out is at
// 6:27. twice is declared at 9:1 and its
// body opens at 10:1; v is at 9:19 (argument 1), w at 9:32 (argument 2), r at 11:9. main is
// at 17:1, its body opens at 18:1; id at 17:17 (argument 1), l at 19:9, a at 20:9, the if's
// block opens at 21:14, b at 22:11. The call to twice starts at 23:14; v * 2 at 11:13.
// FlagIsPublic is 3, which the disassembler prints as FlagIsProtected|FlagIsPrivate (as in
// DXC's tests).
//
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=rich -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=rich -fspv-target-env=vulkan1.0 -Fo %t10.spv
// RUN: spirv-val --target-env vulkan1.0 %t10.spv
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=rich -O3 -Fo %tO.spv
// RUN: spirv-val --target-env vulkan1.2 %tO.spv
//
// The set is not a non-semantic one: no extension for it.
// CHECK-NOT:  SPV_KHR_non_semantic_info
// CHECK:      %[[SET:[0-9]+]] = OpExtInstImport "OpenCL.DebugInfo.100"
// It overrules -Zi's categories as the Vulkan set does: no OpSource.
// CHECK-NOT:  OpSource
// CHECK-DAG:  %[[FILE:[0-9]+]] = OpString "{{.*}}rich.hlsl"
// CHECK-DAG:  %[[TWICE:[0-9]+]] = OpString "twice"
// CHECK-DAG:  %[[MAIN:[0-9]+]] = OpString "main"
// CHECK-DAG:  %[[LIGHT:[0-9]+]] = OpString "Light"
// CHECK-DAG:  %[[DIR:[0-9]+]] = OpString "dir"
// CHECK-DAG:  %[[KIND:[0-9]+]] = OpString "kind"
// CHECK-DAG:  %[[MN:[0-9]+]] = OpString "M"
// CHECK-DAG:  %[[RTN:[0-9]+]] = OpString "@runtime_array"
// Without rich-with-source, DebugSource has the file only.
// CHECK:      %[[SRC:[0-9]+]] = OpExtInst %void %[[SET]] DebugSource %[[FILE]]{{$}}
// Version 1, DWARF 4, HLSL: literals (DXC's "DebugCompilationUnit 1 4 %src HLSL").
// CHECK:      %[[CU:[0-9]+]] = OpExtInst %void %[[SET]] DebugCompilationUnit 1 4 %[[SRC]] HLSL
// DebugTypeBasic: name, size (an <id>), encoding (a literal); no flags operand in this set.
// CHECK:      %[[U:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeBasic %{{[0-9]+}} %uint_32 Unsigned{{$}}
// CHECK:      %[[U3:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeVector %[[U]] 3{{$}}
// CHECK:      %[[MAIN_T:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeFunction FlagIsProtected|FlagIsPrivate %void %[[U3]]{{$}}
// DebugFunction: ..., flags, scope line, and the OpFunction itself (no DebugFunctionDefinition).
// CHECK:      %[[MAIN_F:[0-9]+]] = OpExtInst %void %[[SET]] DebugFunction %[[MAIN]] %[[MAIN_T]] %[[SRC]] 17 1 %[[CU]] %[[MAIN]] FlagIsProtected|FlagIsPrivate 18 %src_main{{$}}
// CHECK:      %[[MAIN_B:[0-9]+]] = OpExtInst %void %[[SET]] DebugLexicalBlock %[[SRC]] 18 1 %[[MAIN_F]]{{$}}
// CHECK:      %[[IF_B:[0-9]+]] = OpExtInst %void %[[SET]] DebugLexicalBlock %[[SRC]] 21 14 %[[MAIN_B]]{{$}}
// CHECK:      %[[ID:[0-9]+]] = OpExtInst %void %[[SET]] DebugLocalVariable %{{[0-9]+}} %[[U3]] %[[SRC]] 17 17 %[[MAIN_F]] FlagIsLocal 1{{$}}
// The struct: its members' types first, then the composite naming its members ahead, then
// each member naming the composite as its parent; offsets and sizes are <id>s.
// CHECK:      %[[F:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeBasic %{{[0-9]+}} %uint_32 Float{{$}}
// CHECK:      %[[F3:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeVector %[[F]] 3{{$}}
// CHECK:      %[[I:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeBasic %{{[0-9]+}} %uint_32 Signed{{$}}
// CHECK:      %[[LT:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeComposite %[[LIGHT]] Structure %[[SRC]] 2 8 %[[CU]] %[[LIGHT]] %uint_128 FlagIsProtected|FlagIsPrivate %[[M1:[0-9]+]] %[[M2:[0-9]+]]{{$}}
// CHECK-NEXT: %[[M1]] = OpExtInst %void %[[SET]] DebugTypeMember %[[DIR]] %[[F3]] %[[SRC]] 3 10 %[[LT]] %uint_0 %uint_96 FlagIsProtected|FlagIsPrivate{{$}}
// CHECK-NEXT: %[[M2]] = OpExtInst %void %[[SET]] DebugTypeMember %[[KIND]] %[[I]] %[[SRC]] 4 7 %[[LT]] %uint_96 %uint_32 FlagIsProtected|FlagIsPrivate{{$}}
// CHECK:      %[[L:[0-9]+]] = OpExtInst %void %[[SET]] DebugLocalVariable %{{[0-9]+}} %[[LT]] %[[SRC]] 19 9 %[[MAIN_B]] FlagIsLocal{{$}}
// CHECK:      %[[A:[0-9]+]] = OpExtInst %void %[[SET]] DebugLocalVariable %{{[0-9]+}} %[[F]] %[[SRC]] 20 9 %[[MAIN_B]] FlagIsLocal{{$}}
// CHECK:      %[[B:[0-9]+]] = OpExtInst %void %[[SET]] DebugLocalVariable %{{[0-9]+}} %[[F]] %[[SRC]] 22 11 %[[IF_B]] FlagIsLocal{{$}}
// The entry point's own function: a DebugFunction naming %main; no DebugEntryPoint.
// CHECK:      %[[EP_F:[0-9]+]] = OpExtInst %void %[[SET]] DebugFunction %{{[0-9]+}} %{{[0-9]+}} %[[SRC]] 17 1 %[[CU]] %{{[0-9]+}} FlagIsProtected|FlagIsPrivate 17 %main{{$}}
// CHECK:      %[[TWICE_T:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeFunction FlagIsProtected|FlagIsPrivate %[[F]] %[[F]] %[[F]]{{$}}
// CHECK:      %[[TWICE_F:[0-9]+]] = OpExtInst %void %[[SET]] DebugFunction %[[TWICE]] %[[TWICE_T]] %[[SRC]] 9 1 %[[CU]] %[[TWICE]] FlagIsProtected|FlagIsPrivate 10 %twice{{$}}
// CHECK:      %[[TWICE_B:[0-9]+]] = OpExtInst %void %[[SET]] DebugLexicalBlock %[[SRC]] 10 1 %[[TWICE_F]]{{$}}
// CHECK:      %[[W:[0-9]+]] = OpExtInst %void %[[SET]] DebugLocalVariable %{{[0-9]+}} %[[F]] %[[SRC]] 9 32 %[[TWICE_F]] FlagIsLocal 2{{$}}
// CHECK:      %[[V:[0-9]+]] = OpExtInst %void %[[SET]] DebugLocalVariable %{{[0-9]+}} %[[F]] %[[SRC]] 9 19 %[[TWICE_F]] FlagIsLocal 1{{$}}
// CHECK:      %[[R:[0-9]+]] = OpExtInst %void %[[SET]] DebugLocalVariable %{{[0-9]+}} %[[F]] %[[SRC]] 11 9 %[[TWICE_B]] FlagIsLocal{{$}}
// The buffer (its data, a runtime array, an opaque class: the set's validation wants a
// nonzero count), the matrix as an array of float with counts 2 and 3 (<id>s), and M
// itself (FlagIsDefinition).
// CHECK:      %[[NONE:[0-9]+]] = OpExtInst %void %[[SET]] DebugInfoNone{{$}}
// CHECK-NEXT: %[[RT:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeComposite %[[RTN]] Class %[[SRC]] 0 0 %[[CU]] %[[RTN]] %[[NONE]] FlagIsProtected|FlagIsPrivate{{$}}
// CHECK:      DebugTypeMember %{{[0-9]+}} %[[RT]] %[[SRC]] 0 0 %{{[0-9]+}} %uint_0 %uint_0 FlagIsProtected|FlagIsPrivate{{$}}
// CHECK:      DebugGlobalVariable %{{[0-9]+}} %{{[0-9]+}} %[[SRC]] 6 27 %[[CU]] %{{[0-9]+}} %Out FlagIsDefinition{{$}}
// CHECK:      %[[MT:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeArray %[[F]] %uint_2 %uint_3{{$}}
// CHECK:      DebugGlobalVariable %[[MN]] %[[MT]] %[[SRC]] 7 17 %[[CU]] %[[MN]] %M FlagIsDefinition{{$}}
// CHECK-NOT:  DebugEntryPoint
// CHECK-NOT:  DebugTypeMatrix
//
// In each function, after its variables: the scope and the variables (no definition).
// CHECK:      %src_main = OpFunction
// CHECK:      %b = OpVariable
// CHECK-NEXT: OpVariable
// CHECK-NEXT: DebugScope %[[MAIN_F]]
// CHECK-NEXT: DebugDeclare %[[ID]] %id_0 %[[EXPR:[0-9]+]]
// CHECK-NEXT: DebugDeclare %[[L]] %l %[[EXPR]]
// CHECK-NEXT: DebugDeclare %[[A]] %a %[[EXPR]]
// CHECK-NEXT: DebugDeclare %[[B]] %b %[[EXPR]]
// The call in the if's block: that scope, then a core OpLine with the call's start.
// CHECK:      OpBranchConditional
// CHECK-NEXT: OpLabel
// CHECK-NEXT: DebugScope %[[IF_B]]
// CHECK:      OpLine %[[FILE]] 23 14
// CHECK-NEXT: OpFunctionCall %float %twice
// CHECK:      OpFunctionEnd
// CHECK:      %main = OpFunction
// CHECK-NEXT: OpLabel
// CHECK-NEXT: DebugScope %[[EP_F]]
// CHECK:      OpFunctionEnd
// CHECK:      %twice = OpFunction
// CHECK:      %w = OpFunctionParameter
// CHECK:      %r = OpVariable
// CHECK-NEXT: DebugScope %[[TWICE_F]]
// CHECK-NEXT: DebugDeclare %[[W]] %w %[[EXPR]]
// CHECK-NEXT: DebugDeclare %[[V]] %v_0 %[[EXPR]]
// CHECK-NEXT: DebugDeclare %[[R]] %r %[[EXPR]]
// CHECK:      DebugScope %[[TWICE_B]]
// OpLine has the start only: the load of v and v * 2 both start at 11:13, one OpLine.
// CHECK:      OpLine %[[FILE]] 11 13
// CHECK-NEXT: OpLoad %float %v_0
// CHECK-NEXT: OpFMul
// CHECK:      OpFunctionEnd
// CHECK-NOT:  DebugFunctionDefinition
// CHECK-NOT:  DebugLine
//
// rich-with-source: the file's text in the DebugSource, one OpString (no DebugSourceContinued).
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=rich-with-source -Fo %ts.spv -Fc %ts.spvasm
// RUN: spirv-val --target-env vulkan1.2 %ts.spv
// RUN: FileCheck %s --check-prefix=WITHSRC < %ts.spvasm
// WITHSRC:      %[[SET:[0-9]+]] = OpExtInstImport "OpenCL.DebugInfo.100"
// WITHSRC-DAG:  %[[FILE:[0-9]+]] = OpString "{{.*}}rich.hlsl"
// WITHSRC-DAG:  %[[TEXT:[0-9]+]] = OpString "// Rich debug information as OpenCL.DebugInfo.100 (-fspv-debug=rich): counted by hand below.
// WITHSRC:      %[[SRC:[0-9]+]] = OpExtInst %void %[[SET]] DebugSource %[[FILE]] %[[TEXT]]{{$}}
// WITHSRC-NOT:  DebugSourceContinued
// WITHSRC:      DebugCompilationUnit 1 4 %[[SRC]] HLSL
//
// -Oconfig: --strip-debug removes all debug information, so the module is the one made
// without it (SPIRV-Tools 2023.1's pass crashes on this set too); the non-semantic strip
// passes leave this set alone (it is not a non-semantic one), and the module keeps it.
// RUN: %oneshader %s -T cs_6_0 -E main -Oconfig=--strip-debug -Fo %t.sd.plain.spv
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=rich -Oconfig=--strip-debug -Fo %t.sd.spv
// RUN: cmp %t.sd.plain.spv %t.sd.spv
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=rich -Oconfig=--strip-nonsemantic,--eliminate-dead-code-aggressive -Fo %t.sn.spv -Fc %t.sn.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.sn.spv
// RUN: FileCheck %s --check-prefix=KEEP < %t.sn.spvasm
// KEEP:       OpExtInstImport "OpenCL.DebugInfo.100"
// KEEP:       DebugCompilationUnit
// KEEP:       DebugScope
//
// MSL and WGSL output is the same with or without it (as with -fspv-debug=vulkan).
// RUN: %oneshader %s -T cs_6_0 -E main --target msl -Fo %t.plain.metal
// RUN: %oneshader %s -T cs_6_0 -E main --target msl -fspv-debug=rich-with-source -Fo %t.rich.metal
// RUN: cmp %t.plain.metal %t.rich.metal
// RUN: %oneshader %s -T cs_6_0 -E main --target wgsl -Fo %t.plain.wgsl
// RUN: %oneshader %s -T cs_6_0 -E main --target wgsl -fspv-debug=rich -Fo %t.rich.wgsl
// RUN: cmp %t.plain.wgsl %t.rich.wgsl
//
// A text longer than one OpString holds (262,131 bytes) cannot be a rich-with-source DebugSource:
// OSH3007 at the file; -fspv-debug=vulkan-with-source continues it, and rich has no text.
// RUN: python3 -c "print('// ' + 'x' * 270000); print('[numthreads(1, 1, 1)] void main() {}')" > %t.big.hlsl
// RUN: not %oneshader %t.big.hlsl -T cs_6_0 -E main -fspv-debug=rich-with-source -Fo %t.big.spv 2>&1 | FileCheck %s --check-prefix=BIG
// RUN: %oneshader %t.big.hlsl -T cs_6_0 -E main -fspv-debug=rich -Fo %t.big2.spv
// RUN: %oneshader %t.big.hlsl -T cs_6_0 -E main -fspv-debug=vulkan-with-source -Fo %t.big3.spv
// BIG: big.hlsl:1:1: error OSH3007: the text of '{{.*}}big.hlsl' in one OpString of an OpenCL.DebugInfo.100 DebugSource (which has no continuation; -fspv-debug=vulkan-with-source continues it) needs a SPIR-V instruction of 67513 words; one instruction holds at most 65,535
