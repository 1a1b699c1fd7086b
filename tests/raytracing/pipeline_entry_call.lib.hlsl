// ARGS: -T lib_6_3
// DIAG: OSH0007 11:3
// NOTE: A ray tracing entry point's payload parameter is its IncomingRayPayloadKHR variable,
// NOTE: so calling the entry point from another function is not supported yet (OSH0007 at
// NOTE: the call, every target).
struct Payload { float4 color; };
[shader("miss")]
void miss(inout Payload p) { p.color = 1; }
[shader("closesthit")]
void chit(inout Payload p, in BuiltInTriangleIntersectionAttributes a) {
  miss(p);
}
