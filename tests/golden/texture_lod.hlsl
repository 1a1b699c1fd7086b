// ARGS: -E main -T ps_6_0
// CalculateLevelOfDetail[Unclamped] (DXC's CodeGenSPIRV texture.calculate-lod*.hlsl):
// OpImageQueryLod %v2float of the sampled image and the location (no array layer), then
// OpCompositeExtract 0 (clamped) or 1 (unclamped); capability ImageQuery. A comparison
// sampler works too (texture.calculate-lod.cmp.hlsl). MSL: calculate_clamped_lod /
// calculate_unclamped_lod. WGSL has no level-of-detail query (OSH5001; no .wgsl here).
Texture2D<float4> tex : register(t0);
Texture2DArray<int2> texArr : register(t1);
Texture3D<uint3> vol : register(t2);
TextureCube<float> cube : register(t3);
TextureCubeArray<float4> cubes : register(t4);
SamplerState samp : register(s5);
SamplerComparisonState cmp : register(s6);

float4 main(float2 uv : TEXCOORD0, float3 dir : TEXCOORD1) : SV_Target
{
    float4 c = 0;
    c.x += tex.CalculateLevelOfDetail(samp, uv);
    c.y += tex.CalculateLevelOfDetailUnclamped(samp, uv);
    c.z += texArr.CalculateLevelOfDetail(samp, uv);
    c.w += vol.CalculateLevelOfDetailUnclamped(samp, dir);
    c.x += cube.CalculateLevelOfDetail(samp, dir);
    c.y += cubes.CalculateLevelOfDetailUnclamped(samp, dir);
    c.z += tex.CalculateLevelOfDetail(cmp, uv);
    return c;
}
