// Inline SPIR-V types for MSL and WGSL (inline-spirv.md section 15): a declaration of such a
// type reached from the entry point is OSH4101 / OSH5101 at its name; one that nothing
// reaches (unused() below, the alias itself) is silent, so a header of inline types serves
// every target.
// RUN: not %oneshader %s -T cs_6_0 -E main --target msl -o %t.msl 2>&1 | FileCheck %s --check-prefix=MSL
// RUN: not %oneshader %s -T cs_6_0 -E main --target wgsl -o %t.wgsl 2>&1 | FileCheck %s --check-prefix=WGSL
// RUN: %oneshader %s -T cs_6_0 -E main --target msl,wgsl -D UNUSED -o %t.all 2>&1 | FileCheck %s --check-prefix=QUIET --allow-empty
// MSL:  spirv_type_targets.hlsl:[[#@LINE+17]]:15: error OSH4101: inline SPIR-V cannot be compiled to MSL: 'q' is declared with the inline SPIR-V type 'vk::SpirvOpaqueType<4472>'
// WGSL: spirv_type_targets.hlsl:[[#@LINE+16]]:15: error OSH5101: inline SPIR-V cannot be compiled to WGSL: 'q' is declared with the inline SPIR-V type 'vk::SpirvOpaqueType<4472>'
// MSL-NOT: OSH
// WGSL-NOT: OSH
// QUIET-NOT: OSH

using RayQueryObj [[vk::ext_capability(/* RayQueryKHR */ 4472)]]
                  [[vk::ext_extension("SPV_KHR_ray_query")]] =
    vk::SpirvOpaqueType</* OpTypeRayQueryKHR */ 4472>;

uint unused() { RayQueryObj r; return 1; }

RWStructuredBuffer<uint> buf : register(u0);

[numthreads(1, 1, 1)]
void main() {
#ifndef UNUSED
  RayQueryObj q;
#endif
  buf[0] = 1;
}
