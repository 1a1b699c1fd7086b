// <vk/khr/cooperative_matrix.h> names `typename CooperativeMatrix<...>::SpirvMatrixType`, a
// member type of a template instance, which OneShader parses but does not resolve yet: a
// coded OSH0007 at it (not a parse error), and no module. (SPIRV-Tools v2023.1 could not
// validate the cooperative-matrix module anyway.)
// RUN: not %oneshader %s -T cs_6_0 -E main -HV 2021 -fspv-target-env=vulkan1.3 -Fo %t.spv 2>&1 | FileCheck %s
// RUN: test ! -e %t.spv
// CHECK: cooperative_matrix.h:{{[0-9]+}}:{{[0-9]+}}: error OSH0007: the member type 'typename CooperativeMatrix<...>::SpirvMatrixType' of a template instance is not supported yet
// CHECK-NOT: OSH2002

#include <vk/khr/cooperative_matrix.h>

[numthreads(32, 1, 1)]
void main() {}
