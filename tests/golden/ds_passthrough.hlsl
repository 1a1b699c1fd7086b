// ARGS: -E main -T ds_6_0
// System values a domain shader passes on or reads (DXC's
// semantic.render-target-array-index.ds.hlsl, semantic.viewport-array-index.ds.hlsl,
// semantic.instance-id.ds.hlsl, semantic.view-id.ds.hlsl): SV_RenderTargetArrayIndex and
// SV_InstanceID inputs are ordinary values at Locations (per control point: arrays; in the
// patch constant data: Patch), SV_ViewID is BuiltIn ViewIndex (MultiView), and the
// SV_RenderTargetArrayIndex / SV_ViewportArrayIndex outputs are Layer / ViewportIndex
// (ShaderViewportIndexLayerEXT, SPV_EXT_shader_viewport_index_layer).
struct CP {
  float3 pos : POSITION;
  uint layer : SV_RenderTargetArrayIndex;
  int inst : SV_InstanceID;
};

struct PC {
  float edges[4] : SV_TessFactor;
  float inside[2] : SV_InsideTessFactor;
  uint layer : SV_RenderTargetArrayIndex;
};

struct DSOut {
  float4 pos : SV_Position;
  uint layer : SV_RenderTargetArrayIndex;
  uint viewport : SV_ViewportArrayIndex;
};

[domain("quad")]
DSOut main(const OutputPatch<CP, 4> patch, PC pc, float2 uv : SV_DomainLocation, uint view : SV_ViewID) {
  DSOut o;
  o.pos = float4(lerp(lerp(patch[0].pos, patch[1].pos, uv.x), lerp(patch[2].pos, patch[3].pos, uv.x), uv.y), 1);
  o.layer = patch[0].layer + pc.layer + uint(patch[1].inst);
  o.viewport = view;
  return o;
}
