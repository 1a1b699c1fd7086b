// -fvk-support-nonzero-base-vertex and -instance: SV_VertexID and SV_InstanceID count from
// the draw's first vertex and instance, as in DirectX (DXC subtracts BaseVertex from
// VertexIndex and BaseInstance from InstanceIndex). One draw of two points with
// firstVertex 10 and firstInstance 20: the points get SV_VertexID 0 and 1 and
// SV_InstanceID 0, so they land on pixels 0 and 1 of a 2x1 target (x = id - 0.5) and write
// (id, instance, 7, 1). Without the options the ids would be 10, 11 and 20: the points would
// fall outside the target and both pixels keep the clear colour.
// ARGS: -fvk-support-nonzero-base-vertex -fvk-support-nonzero-base-instance
// Dawn: WebGPU has no base vertex or base instance value, nor PointSize.
// WGSL: unsupported OSH5001 vsmain
// VKDRAW: --size 2 1 --topology points --clear 0 0 0 0 --draw 2 1 10 20
// VKDRAW: --expect 0 0 0 0 7 1 --expect 1 0 1 0 7 1
struct VSOut {
  float4 pos : SV_Position;
  nointerpolation uint2 ids : IDS;
  [[vk::builtin("PointSize")]] float size : PSIZE;
};

VSOut vsmain(uint vid : SV_VertexID, uint iid : SV_InstanceID) {
  VSOut o;
  o.pos = float4(float(vid) - 0.5 + float(iid) * 4.0, 0, 0, 1);
  o.ids = uint2(vid, iid);
  o.size = 1.0;
  return o;
}

float4 psmain(nointerpolation uint2 ids : IDS) : SV_Target {
  return float4(float(ids.x), float(ids.y), 7, 1);
}
