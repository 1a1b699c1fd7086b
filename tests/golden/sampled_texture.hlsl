// ARGS: -E main -T ps_6_0
// vk::SampledTexture (DXC's combined image sampler object; DXC's tests
// CodeGenSPIRV/SampledTexture/*): each global is one OpTypeSampledImage variable in
// UniformConstant at its register's binding (t0 -> 0, t1 -> 1, t2 -> 2). Sample,
// SampleLevel, SampleGrad, SampleBias, SampleCmp (OpImageSample*Lod with Lod / Grad / Bias,
// OpImageSampleDrefImplicitLod) and Gather (OpImageGather ... %int_0) use the loaded
// sampled image itself; Load (OpImageFetch ... Lod) and GetDimensions
// (OpImageQuerySizeLod, OpImageQueryLevels) go through OpImage of it. MSL / WGSL: a texture
// and a sampler NAME_sampler (WGSL: moved to the lowest free binding of the group, a
// sampler_comparison for Depth, which is only sampled with SampleCmp).
vk::SampledTexture2D<float4> Color : register(t0);
vk::SampledTexture2D<float> Depth : register(t1);
vk::SampledTextureCUBE Sky : register(t2);

float4 main(float2 uv : TEXCOORD0, float3 dir : TEXCOORD1) : SV_Target {
  float4 c = Color.Sample(uv);
  c += Color.SampleLevel(uv, 1.0);
  c += Color.Load(int3(1, 2, 0));
  c += Color.Gather(uv);
  uint w, h, levels;
  Color.GetDimensions(0, w, h, levels);
  c.x += w + h + levels;
  c += Color.SampleGrad(uv, float2(0.25, 0), float2(0, 0.25));
  c.z += Depth.SampleCmp(uv, 0.5);
  c += Sky.SampleBias(dir, 0.5);
  return c;
}
