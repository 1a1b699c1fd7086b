// ARGS: -E main -T ps_6_1
// Pixel system values Metal has (tests/semantics has every target's mapping): SV_Coverage
// in and out ([[sample_mask]]), SV_RenderTargetArrayIndex / SV_ViewportArrayIndex inputs,
// SV_Barycentrics ([[barycentric_coord]]), SV_StencilRef ([[stencil]]),
// SV_DepthLessEqual ([[depth(less)]]), an int SV_InstanceID input (a flat user value).
struct Out {
  float4 color : SV_Target;
  uint mask : SV_Coverage;
  uint stencil : SV_StencilRef;
  float depth : SV_DepthLessEqual;
};
Out main(uint cov : SV_Coverage, uint layer : SV_RenderTargetArrayIndex, uint vp : SV_ViewportArrayIndex,
         float3 bary : SV_Barycentrics, int inst : SV_InstanceID) {
  Out o;
  o.color = float4(bary, float(layer + vp));
  o.mask = cov & 5;
  o.stencil = uint(inst);
  o.depth = bary.x;
  return o;
}
