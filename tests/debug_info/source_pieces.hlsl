// Pieces of thirteen bytes: -fspv-debug=vulkan-with-source-test (DXC's testing variant)
// puts each file's text in DebugSource and then DebugSourceContinued instructions of at
// most 13 bytes of text each, so that a small file exercises the continuation too.
// Counted by hand from this file's first line: "// Pieces of " (13 bytes), then
// "thirteen byte", then "s: -fspv-debu".
//
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=vulkan-with-source-test -Fo %t.spv -Fc %t.spvasm
// RUN: spirv-val --target-env vulkan1.2 %t.spv
// RUN: FileCheck %s < %t.spvasm
// Without -test the whole file fits in the DebugSource.
// RUN: %oneshader %s -T cs_6_0 -E main -fspv-debug=vulkan-with-source -Fc %t.whole.spvasm
// RUN: FileCheck %s --check-prefix=WHOLE < %t.whole.spvasm
//
// CHECK-DAG: %[[P1:[0-9]+]] = OpString "// Pieces of "
// CHECK-DAG: %[[P2:[0-9]+]] = OpString "thirteen byte"
// CHECK-DAG: %[[P3:[0-9]+]] = OpString "s: -fspv-debu"
// CHECK:     DebugSource %{{[0-9]+}} %[[P1]]
// CHECK-NEXT: DebugSourceContinued %[[P2]]
// CHECK-NEXT: DebugSourceContinued %[[P3]]
// WHOLE:     DebugSource
// WHOLE-NOT: OpExtInst %void %{{[0-9]+}} DebugSourceContinued

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main() { Out[0] = 13; }
