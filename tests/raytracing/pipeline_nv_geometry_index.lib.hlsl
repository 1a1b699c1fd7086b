// ARGS: -T lib_6_3 -fspv-extension=SPV_NV_ray_tracing
// DIAG-SPIRV: OSH3004 10:13
// DIAG-MSL: OSH4140 9:6
// DIAG-WGSL: OSH5140 9:6
// NOTE: GeometryIndex() is the RayGeometryIndexKHR built-in, which SPV_NV_ray_tracing lacks
// NOTE: (DXC's SPIR-V.rst: "only supported under SPV_KHR_ray_tracing extension").
struct Payload { float4 color; };
[shader("closesthit")]
void chit(inout Payload p, in BuiltInTriangleIntersectionAttributes a) {
  p.color = GeometryIndex();
}
