// ARGS: -T lib_6_3
// DIAG: OSH0007 12:2
// DIAG: OSH0007 17:20
// NOTE: The ray tracing pipeline stages and their intrinsics are not supported yet: a coded
// NOTE: OSH0007 at the [shader] attribute and at the intrinsic's name, not an unknown
// NOTE: stage or an undeclared identifier.
struct Payload {
  float4 color;
};
RWStructuredBuffer<uint> o : register(u0);

[shader("miss")]
void miss(inout Payload p) { p.color = 0; }

[shader("compute")]
[numthreads(1, 1, 1)]
void cs() { o[0] = DispatchRaysIndex().x; }
