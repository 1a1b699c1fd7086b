// ARGS: -E main -T vs_6_8
// Vertex system values Metal has (tests/semantics has every target's mapping):
// SV_StartVertexLocation / SV_StartInstanceLocation ([[base_vertex]], [[base_instance]]),
// SV_RenderTargetArrayIndex / SV_ViewportArrayIndex outputs, an SV_InstanceID output (a
// user value) and SV_RenderTargetArrayIndex as an input (a user value, [[attribute(0)]]).
struct Out {
  float4 pos : SV_Position;
  uint layer : SV_RenderTargetArrayIndex;
  uint viewport : SV_ViewportArrayIndex;
  uint inst : SV_InstanceID;
};
Out main(uint l : SV_RenderTargetArrayIndex, uint baseV : SV_StartVertexLocation,
         uint baseI : SV_StartInstanceLocation, uint id : SV_InstanceID) {
  Out o;
  o.pos = float4(float(baseV), float(baseI), 0, 1);
  o.layer = l;
  o.viewport = l + 1;
  o.inst = id;
  return o;
}
