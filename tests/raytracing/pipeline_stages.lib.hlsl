// ARGS: -T lib_6_3 -fspv-target-env=vulkan1.1spirv1.4
// SPIRV: OpEntryPoint RayGenerationNV %rgen "rgen"
// SPIRV: OpEntryPoint IntersectionNV %isect "isect"
// SPIRV: OpEntryPoint AnyHitNV %ahit "ahit"
// SPIRV: OpEntryPoint MissNV %miss "miss"
// SPIRV: OpEntryPoint CallableNV %call "call"
// SPIRV: OpReportIntersectionKHR %bool %float_0_5 %uint_7
// SPIRV: OpIgnoreIntersectionKHR
// SPIRV: OpTerminateRayKHR
// SPIRV: OpTypePointer IncomingCallableDataNV %CallData
// SPIRV: OpCapability RayTracingKHR
// DIAG-MSL: OSH4140 25:6
// DIAG-WGSL: OSH5140 25:6
// NOTE: One entry point per ray tracing stage in a library (DXC's raytracing.nv.library
// NOTE: and raytracing.khr.terminate tests): IgnoreHit and AcceptHitAndEndSearch end their
// NOTE: block, so what follows them is never emitted; the writes before them reach the
// NOTE: payload, which is the IncomingRayPayloadKHR variable itself.
struct Payload { float4 color; };
struct CallData { uint3 id; };
struct Attribute { float2 bary; };
RaytracingAccelerationStructure scene : register(t0);
RWStructuredBuffer<uint> rw : register(u1);

[shader("raygeneration")]
void rgen() {
  rw[0] = DispatchRaysIndex().x;
}

[shader("intersection")]
void isect() {
  Attribute a;
  a.bary = float2(0.25, 0.5);
  if (ReportHit(0.5, 7, a)) rw[1] = 1;
}

[shader("anyhit")]
void ahit(inout Payload p, in BuiltInTriangleIntersectionAttributes a) {
  p.color = float4(a.barycentrics, 0, 1);
  if (HitKind() == HIT_KIND_TRIANGLE_FRONT_FACE) {
    IgnoreHit();
    p.color = 0;
  } else {
    AcceptHitAndEndSearch();
  }
  p.color = 1;
}

[shader("miss")]
void miss(inout Payload p) {
  p.color = float4(WorldRayDirection(), RayTCurrent());
}

[shader("callable")]
void call(inout CallData d) {
  d.id = DispatchRaysDimensions();
}
