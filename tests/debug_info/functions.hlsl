// Rich debug information: functions, scopes, variables and lines (counted by hand below).
RWStructuredBuffer<float> Out : register(u0);

float twice(float v, out float w)
{
  float r = v * 2;
  w = r;
  return r;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
  float a = Out[id.x];
  if (a > 0) {
    float b;
    Out[0] = twice(a, b) + b;
  }
}

// Lines and columns by hand: twice is declared on line 4 (column 1), its body opens on
// line 5 column 1; v is at 4:19 (parameter 1), w at 4:32 (parameter 2, an out parameter:
// its OpFunctionParameter is the variable), r at 6:9 in the body's block. main's body
// opens at 13:1; id is at 12:17, a at 14:9; the if's block opens at 15:14 and holds b at
// 16:11. The call twice(a, b) spans 17:14 to 17:24.
//
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=vulkan -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=vulkan -fspv-target-env=vulkan1.3 -Fc %t13.spvasm
// RUN: FileCheck %s --check-prefix=V13 < %t13.spvasm
//
// Below SPIR-V 1.6 the non-semantic set needs its extension; 1.6 has it in the core.
// CHECK:      OpExtension "SPV_KHR_non_semantic_info"
// CHECK:      %[[SET:[0-9]+]] = OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
// V13-NOT:    OpExtension "SPV_KHR_non_semantic_info"
// V13:        OpExtInstImport "NonSemantic.Shader.DebugInfo.100"
// -fspv-debug=vulkan overrules the other categories: no OpSource, no OpLine.
// CHECK-NOT:  OpSource
// CHECK-DAG:  %[[FILE:[0-9]+]] = OpString "{{.*}}functions.hlsl"
// CHECK-DAG:  %[[TWICE:[0-9]+]] = OpString "twice"
// CHECK-DAG:  %[[MAIN:[0-9]+]] = OpString "main"
// CHECK-DAG:  %[[FLOAT:[0-9]+]] = OpString "float"
// Every number is an OpConstant %uint (the grammar's operands are all <id>s).
// CHECK:      %[[SRC:[0-9]+]] = OpExtInst %void %[[SET]] DebugSource %[[FILE]]{{$}}
// Version 1, DWARF 4, SPIR-V SourceLanguage HLSL (5).
// CHECK:      %[[CU:[0-9]+]] = OpExtInst %void %[[SET]] DebugCompilationUnit %uint_1 %uint_4 %[[SRC]] %uint_5
// main's function type: void (uint3); DebugTypeVector of uint (Unsigned, 6).
// CHECK:      %[[U:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeBasic %{{[0-9]+}} %uint_32 %uint_6 %uint_0
// CHECK:      %[[U3:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeVector %[[U]] %uint_3
// CHECK:      %[[MAIN_T:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeFunction %uint_3 %void %[[U3]]
// DebugFunction: name, type, source, line, column, parent, linkage name, flags
// (FlagIsPublic, 3), scope line (where the body opens).
// CHECK:      %[[MAIN_F:[0-9]+]] = OpExtInst %void %[[SET]] DebugFunction %[[MAIN]] %[[MAIN_T]] %[[SRC]] %uint_12 %uint_1 %[[CU]] %[[MAIN]] %uint_3 %uint_13
// CHECK:      %[[MAIN_B:[0-9]+]] = OpExtInst %void %[[SET]] DebugLexicalBlock %[[SRC]] %uint_13 %uint_1 %[[MAIN_F]]
// CHECK:      %[[IF_B:[0-9]+]] = OpExtInst %void %[[SET]] DebugLexicalBlock %[[SRC]] %uint_15 %uint_14 %[[MAIN_B]]
// DebugLocalVariable: name, type, source, line, column, scope, FlagIsLocal (4), parameter.
// CHECK:      %[[ID:[0-9]+]] = OpExtInst %void %[[SET]] DebugLocalVariable %{{[0-9]+}} %[[U3]] %[[SRC]] %uint_12 %uint_17 %[[MAIN_F]] %uint_4 %uint_1
// CHECK:      %[[F:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeBasic %[[FLOAT]] %uint_32 %uint_3 %uint_0
// CHECK:      %[[A:[0-9]+]] = OpExtInst %void %[[SET]] DebugLocalVariable %{{[0-9]+}} %[[F]] %[[SRC]] %uint_14 %uint_9 %[[MAIN_B]] %uint_4{{$}}
// CHECK:      %[[B:[0-9]+]] = OpExtInst %void %[[SET]] DebugLocalVariable %{{[0-9]+}} %[[F]] %[[SRC]] %uint_16 %uint_11 %[[IF_B]] %uint_4{{$}}
// The entry point's own function (stage variables around main, no body of its own) and
// DebugEntryPoint: the compiler and its command line.
// CHECK:      %[[EP_F:[0-9]+]] = OpExtInst %void %[[SET]] DebugFunction %{{[0-9]+}} %{{[0-9]+}} %[[SRC]] %uint_12 %uint_1 %[[CU]] %{{[0-9]+}} %uint_3 %uint_12
// CHECK:      DebugEntryPoint %[[EP_F]] %[[CU]] %{{[0-9]+}} %{{[0-9]+}}
// twice: float (float, float) (w's type is its pointee's).
// CHECK:      %[[TWICE_T:[0-9]+]] = OpExtInst %void %[[SET]] DebugTypeFunction %uint_3 %[[F]] %[[F]] %[[F]]
// CHECK:      %[[TWICE_F:[0-9]+]] = OpExtInst %void %[[SET]] DebugFunction %[[TWICE]] %[[TWICE_T]] %[[SRC]] %uint_4 %uint_1 %[[CU]] %[[TWICE]] %uint_3 %uint_5
// CHECK:      %[[TWICE_B:[0-9]+]] = OpExtInst %void %[[SET]] DebugLexicalBlock %[[SRC]] %uint_5 %uint_1 %[[TWICE_F]]
// CHECK:      %[[W:[0-9]+]] = OpExtInst %void %[[SET]] DebugLocalVariable %{{[0-9]+}} %[[F]] %[[SRC]] %uint_4 %uint_32 %[[TWICE_F]] %uint_4 %uint_2
// CHECK:      %[[V:[0-9]+]] = OpExtInst %void %[[SET]] DebugLocalVariable %{{[0-9]+}} %[[F]] %[[SRC]] %uint_4 %uint_19 %[[TWICE_F]] %uint_4 %uint_1
// CHECK:      %[[R:[0-9]+]] = OpExtInst %void %[[SET]] DebugLocalVariable %{{[0-9]+}} %[[F]] %[[SRC]] %uint_6 %uint_9 %[[TWICE_B]] %uint_4{{$}}
// The buffer: DebugGlobalVariable with FlagIsDefinition (8) on line 2.
// CHECK:      DebugGlobalVariable %{{[0-9]+}} %{{[0-9]+}} %[[SRC]] %uint_2 %{{[a-z0-9_]+}} %[[CU]] %{{[0-9]+}} %Out %uint_8
//
// In each function, after its variables: the scope, the definition, the variables.
// CHECK:      %src_main = OpFunction
// CHECK:      %b = OpVariable
// CHECK-NEXT: OpVariable
// CHECK-NEXT: DebugScope %[[MAIN_F]]
// CHECK-NEXT: DebugFunctionDefinition %[[MAIN_F]] %src_main
// CHECK-NEXT: DebugDeclare %[[ID]] %id_0 %[[EXPR:[0-9]+]]
// CHECK-NEXT: DebugDeclare %[[A]] %a %[[EXPR]]
// CHECK-NEXT: DebugDeclare %[[B]] %b %[[EXPR]]
// The call in the if's block: that scope, then the call's line and columns.
// CHECK:      OpBranchConditional
// CHECK-NEXT: OpLabel
// CHECK-NEXT: DebugScope %[[IF_B]]
// CHECK:      DebugLine %[[SRC]] %uint_17 %uint_17 %uint_14 %uint_24
// CHECK-NEXT: OpFunctionCall %float %twice
// CHECK:      OpFunctionEnd
// CHECK:      %main = OpFunction
// CHECK-NEXT: OpLabel
// CHECK-NEXT: DebugScope %[[EP_F]]
// CHECK-NEXT: DebugFunctionDefinition %[[EP_F]] %main
// CHECK:      OpFunctionEnd
// CHECK:      %twice = OpFunction
// CHECK:      %w = OpFunctionParameter
// CHECK:      %r = OpVariable
// CHECK-NEXT: DebugScope %[[TWICE_F]]
// CHECK-NEXT: DebugFunctionDefinition %[[TWICE_F]] %twice
// CHECK-NEXT: DebugDeclare %[[W]] %w %[[EXPR]]
// CHECK-NEXT: DebugDeclare %[[V]] %v_0 %[[EXPR]]
// CHECK-NEXT: DebugDeclare %[[R]] %r %[[EXPR]]
// v * 2 on line 6, columns 13 to 17, in the body's block.
// CHECK:      DebugScope %[[TWICE_B]]
// CHECK:      DebugLine %[[SRC]] %uint_6 %uint_6 %uint_13 %uint_17
// CHECK-NEXT: OpFMul
// CHECK:      OpFunctionEnd
