// ARGS: -T lib_6_3
// DIAG: OSH0160 24:*
// DIAG: OSH0160 27:7
// DIAG: OSH0160 30:6
// DIAG: OSH0161 36:54
// DIAG: OSH0029 37:17
// DIAG: OSH0028 43:3
// DIAG: OSH0028 48:21
// NOTE: The entry points of ray tracing stages have DXR's signatures (OSH0160: a miss shader's
// NOTE: payload is inout, a closest-hit shader returns void, a ray generation shader takes
// NOTE: no parameter); a payload is a user-defined struct (OSH0161) and an l-value
// NOTE: (OSH0029); each pipeline intrinsic is available in its stages only (OSH0028:
// NOTE: TraceRay in an any-hit shader, DispatchRaysIndex in a compute shader).
struct Payload { float4 color; };
struct Attribute { float2 bary; };
RaytracingAccelerationStructure scene : register(t0);
RWStructuredBuffer<uint> rw : register(u0);
Payload make() {
  Payload p;
  p.color = 0;
  return p;
}
[shader("miss")]
void miss(in Payload p) {}

[shader("closesthit")]
float chit(inout Payload p, in Attribute a) { return 0; }

[shader("raygeneration")]
void rgen(uint x) {}

[shader("raygeneration")]
void rgen2() {
  RayDesc ray = (RayDesc)0;
  float4 c = 0;
  TraceRay(scene, RAY_FLAG_NONE, 0xFF, 0, 1, 0, ray, c);
  CallShader(0, make());
}

[shader("anyhit")]
void ahit(inout Payload p, in Attribute a) {
  RayDesc ray = (RayDesc)0;
  TraceRay(scene, RAY_FLAG_NONE, 0xFF, 0, 1, 0, ray, p);
}

[shader("compute")]
[numthreads(1, 1, 1)]
void cs() { rw[0] = DispatchRaysIndex().x; }
