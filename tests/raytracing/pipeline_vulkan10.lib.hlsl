// ARGS: -T lib_6_3 -fspv-target-env=vulkan1.0
// DIAG-SPIRV: OSH3004 9:1
// DIAG-MSL: OSH4140 10:6
// DIAG-WGSL: OSH5140 10:6
// NOTE: SPV_KHR_ray_tracing needs SPIR-V 1.4 (DXC: "Vulkan 1.1 with SPIR-V 1.4 is required for
// NOTE: Raytracing", its raytracing.target-env-error test): below it, a ray tracing stage is
// NOTE: OSH3004 at the entry point unless -fspv-extension=SPV_NV_ray_tracing asks for NV.
struct Payload { float4 color; };
[shader("miss")]
void miss(inout Payload p) { p.color = 1; }
