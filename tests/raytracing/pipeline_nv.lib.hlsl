// ARGS: -T lib_6_3 -fspv-target-env=vulkan1.0 -fspv-extension=SPV_NV_ray_tracing -fspv-extension=SPV_KHR_ray_query
// SPIRV: OpCapability RayTracingNV
// SPIRV: OpExtension "SPV_NV_ray_tracing"
// SPIRV: OpEntryPoint RayGenerationNV %rgen "rgen"
// SPIRV: OpEntryPoint AnyHitNV %ahit "ahit"
// SPIRV: OpDecorate %rayPayload_Payload Location 0
// SPIRV: OpDecorate %callableData_CallData Location 0
// SPIRV: OpTypePointer RayPayloadNV %Payload
// SPIRV: OpTypePointer CallableDataNV %CallData
// SPIRV: OpTraceNV
// SPIRV: OpExecuteCallableNV %uint_2 %uint_0
// SPIRV: OpIgnoreIntersectionNV
// SPIRV: OpTerminateRayNV
// DIAG-MSL: OSH4140 25:6
// DIAG-WGSL: OSH5140 25:6
// NOTE: -fspv-extension=SPV_NV_ray_tracing (DXC's raytracing.nv.* tests): SPIR-V 1.0 is
// NOTE: enough; OpTraceNV and OpExecuteCallableNV name the payload / callable data variable
// NOTE: by its Location (numbered from 0 per storage class); the storage classes, built-ins
// NOTE: and execution models are the KHR ones' numbers.
struct Payload { float4 color; };
struct CallData { uint3 id; };
RaytracingAccelerationStructure scene : register(t0);

[shader("raygeneration")]
void rgen() {
  Payload p;
  p.color = 0;
  RayDesc ray;
  ray.Origin = float3(0, 0, 0);
  ray.TMin = 0.0;
  ray.Direction = float3(0, 0, 1);
  ray.TMax = 100.0;
  TraceRay(scene, RAY_FLAG_FORCE_OPAQUE, 0xFF, 0, 1, 0, ray, p);
  CallData d;
  d.id = DispatchRaysIndex();
  CallShader(2, d);
}

[shader("anyhit")]
void ahit(inout Payload p, in BuiltInTriangleIntersectionAttributes a) {
  if (a.barycentrics.x > 0.5) IgnoreHit();
  else AcceptHitAndEndSearch();
}
