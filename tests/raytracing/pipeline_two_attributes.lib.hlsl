// ARGS: -T lib_6_3
// DIAG-SPIRV: OSH3004 10:1
// DIAG-MSL: OSH4140 11:6
// DIAG-WGSL: OSH5140 11:6
// NOTE: Vulkan allows one HitAttributeKHR variable per entry point, and ReportHit stores its
// NOTE: attributes in the one of their struct type: two types in one intersection shader are
// NOTE: refused at the entry point (OSH3004), never a module a Vulkan driver may reject.
struct A1 { float2 b; };
struct A2 { float4 c; };
[shader("intersection")]
void isect() {
  A1 a;
  a.b = 0;
  A2 a2;
  a2.c = 0;
  ReportHit(1.0, 0, a);
  ReportHit(2.0, 0, a2);
}
