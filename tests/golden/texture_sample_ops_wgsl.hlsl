// ARGS: -E main -T ps_6_0
// WGSL golden of the texture sampling methods (tests/golden/texture_sample_ops.hlsl, less its
// Texture1D SampleBias: WGSL samples texture_1d with textureSample only, OSH5001).
//  Sample(s, uv[, off])            textureSample(t, s, uv[, off])
//  SampleBias(s, uv, b[, off])     textureSampleBias(t, s, uv[, layer], b[, off])
//  SampleGrad(s, uv, dx, dy[, o])  textureSampleGrad(t, s, uv, dx, dy[, off])
//  SampleLevel(s, uv, l[, off])    textureSampleLevel(t, s, uv, l[, off])
//  SampleCmp(c, uv, ref)           textureSampleCompare(t_depth, c, uv[, layer], ref)
//  SampleCmpLevelZero(c, uv, ref[, off])  textureSampleCompareLevel(t_depth, c, uv, ref[, off])
// A texture sampled with a SamplerComparisonState is a texture_depth_*; its other reads
// give f32, the texel (d, 0, 0, 1).
Texture2D<float4> tex : register(t0);
Texture2DArray<float4> texArr : register(t1);
TextureCube<float4> cube : register(t2);
Texture3D<float4> vol : register(t3);
Texture1D<float> line : register(t4);
Texture2D<float> depth : register(t5);
TextureCubeArray<float> depthCubes : register(t6);
SamplerState samp : register(s7);
SamplerComparisonState cmp : register(s8);
Texture2DArray<float> depthArr : register(t9);

float4 main(float2 uv : TEXCOORD0, float3 dir : TEXCOORD1, float ref : TEXCOORD2) : SV_Target
{
    float4 c = tex.Sample(samp, uv, int2(1, -1));
    c += tex.SampleBias(samp, uv, 0.5);
    c += texArr.SampleBias(samp, float3(uv, 2), 1.5, int2(2, 3));
    c += tex.SampleGrad(samp, uv, ddx(uv), ddy(uv));
    c += texArr.SampleGrad(samp, float3(uv, 1), ddx(uv), ddy(uv), int2(-1, 0));
    c += cube.SampleGrad(samp, dir, float3(0.25, 0, 0), float3(0, 0.25, 0));
    c += vol.SampleGrad(samp, dir, dir, dir, int3(1, 0, -1));
    c += tex.SampleLevel(samp, uv, 2.0, int2(0, 1));
    c.x += line.Sample(samp, uv.x, 3);
    c.y += depth.SampleCmp(cmp, uv, ref);
    c.z += depth.SampleCmpLevelZero(cmp, uv, ref, int2(-2, 1));
    c.z += depth.SampleLevel(samp, uv, 1.0);
    c.z += depth.Sample(samp, uv);
    c.z += depth.Load(int3(1, 2, 0));
    c.w += depthCubes.SampleCmp(cmp, float4(dir, 1), ref);
    c.w += depthCubes.SampleCmpLevelZero(cmp, float4(dir, 0), ref);
    c.w += depthArr.SampleCmp(cmp, float3(uv, 3), ref, int2(1, 1));
    c.w += depthArr.SampleCmpLevelZero(cmp, float3(uv, 2.6), ref);
    return c;
}
