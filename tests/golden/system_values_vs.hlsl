// ARGS: -E main -T vs_6_8
// Vertex system values Metal has (tests/semantics has every target's mapping):
// SV_StartVertexLocation / SV_StartInstanceLocation ([[base_vertex]], [[base_instance]]),
// SV_RenderTargetArrayIndex / SV_ViewportArrayIndex outputs, an SV_InstanceID output (a
// user value), SV_RenderTargetArrayIndex as an input (a user value, [[attribute(0)]]) and
// SV_ClipDistance0/1 packed into one [[clip_distance]] C array (1 + 2 floats, in order of N).
struct Out {
  float4 pos : SV_Position;
  uint layer : SV_RenderTargetArrayIndex;
  uint viewport : SV_ViewportArrayIndex;
  uint inst : SV_InstanceID;
  float2 clipB : SV_ClipDistance1;
  float clipA : SV_ClipDistance0;
};
Out main(uint l : SV_RenderTargetArrayIndex, uint baseV : SV_StartVertexLocation,
         uint baseI : SV_StartInstanceLocation, uint id : SV_InstanceID) {
  Out o;
  o.pos = float4(float(baseV), float(baseI), 0, 1);
  o.layer = l;
  o.viewport = l + 1;
  o.inst = id;
  o.clipB = float2(1, 2);
  o.clipA = 0.5;
  return o;
}
