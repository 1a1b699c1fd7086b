// ARGS: -T lib_6_3 -fspv-target-env=vulkan1.2
// SPIRV: OpCapability RayTracingKHR
// SPIRV: OpExtension "SPV_KHR_ray_tracing"
// SPIRV: OpEntryPoint ClosestHitNV %chit "chit"
// SPIRV: BuiltIn LaunchIdNV
// SPIRV: BuiltIn LaunchSizeNV
// SPIRV: BuiltIn WorldRayOriginNV
// SPIRV: BuiltIn WorldRayDirectionNV
// SPIRV: BuiltIn ObjectRayOriginNV
// SPIRV: BuiltIn ObjectRayDirectionNV
// SPIRV: BuiltIn RayTminNV
// SPIRV: BuiltIn RayTmaxNV
// SPIRV: BuiltIn IncomingRayFlagsNV
// SPIRV: BuiltIn InstanceId
// SPIRV: BuiltIn InstanceCustomIndexNV
// SPIRV: BuiltIn RayGeometryIndexKHR
// SPIRV: BuiltIn PrimitiveId
// SPIRV: BuiltIn HitKindNV
// SPIRV: BuiltIn ObjectToWorldNV
// SPIRV: BuiltIn WorldToObjectNV
// SPIRV: OpTypePointer IncomingRayPayloadNV %Payload
// SPIRV: OpTypePointer HitAttributeNV %Attribute
// SPIRV: OpTypePointer RayPayloadNV %Payload
// SPIRV: OpTypePointer CallableDataNV %CallData
// SPIRV: OpTranspose %mat3v4float
// SPIRV: OpTraceRayKHR
// SPIRV: %uint_0 %uint_255 %uint_0 %uint_1 %uint_0 %
// SPIRV: %rayPayload_Payload
// SPIRV: OpExecuteCallableKHR %uint_3 %callableData_CallData
// DIAG-MSL: OSH4140 44:6
// DIAG-WGSL: OSH5140 44:6
// NOTE: A closest-hit shader (DXC's raytracing.khr.closesthit test, SPIR-V.rst tables): every
// NOTE: system value is a load of its built-in (the 3x4 matrices transposed from the one
// NOTE: 4x3 built-in), the payload parameter is the IncomingRayPayloadKHR variable, the
// NOTE: attributes come from HitAttributeKHR; TraceRay and CallShader go through a
// NOTE: RayPayloadKHR / CallableDataKHR copy of their argument. SPIRV-Tools v2023.1's
// NOTE: disassembler spells the numbers SPV_KHR_ray_tracing shares with SPV_NV_ray_tracing
// NOTE: (execution models, built-ins, storage classes) with their NV names.
struct Payload { float4 color; };
struct CallData { uint3 id; };
struct Attribute { float2 bary; };
RaytracingAccelerationStructure scene : register(t0);
[shader("closesthit")]
void chit(inout Payload p, in Attribute a) {
  uint3 id = DispatchRaysIndex() + DispatchRaysDimensions();
  float3 w = WorldRayOrigin() + WorldRayDirection() + ObjectRayOrigin() + ObjectRayDirection();
  float t = RayTMin() + RayTCurrent();
  uint n = RayFlags() + InstanceIndex() + InstanceID() + GeometryIndex() + PrimitiveIndex() + HitKind();
  float3x4 m = ObjectToWorld3x4() + WorldToObject3x4();
  float4x3 m2 = ObjectToWorld4x3() + WorldToObject4x3();
  p.color = float4(w * t + m[0].xyz + m2[0], float(id.x + n)) + a.bary.xyxy;
  Payload q = p;
  RayDesc ray;
  ray.Origin = float3(0, 0, 0);
  ray.TMin = 0.0;
  ray.Direction = float3(0, 0, 1);
  ray.TMax = 100.0;
  TraceRay(scene, RAY_FLAG_NONE, 0xFF, 0, 1, 0, ray, q);
  CallData d;
  d.id = id;
  CallShader(3, d);
  p.color += q.color + float(d.id.x);
}
