// A texture read both ways (issue 8): D4 and D2 are compared (SampleCmpLevelZero), so
// passes::depthTextures makes them depth textures (MSL depth2d<float>, WGSL
// texture_depth_2d). Their plain reads (SampleLevel, Load) give the depth d, and the HLSL
// texel they stand for is (d, 0, 0, 1): a one-channel format's missing components (Vulkan
// "Format Conversion": G = B = 0, A = 1), what the SPIR-V target reads from the image. So
// both text targets widen d to (d, 0, 0, 1) for D4 and to (d, 0) for D2; none broadcasts
// it to (d, d, d, d).
// ARGS: -E main -T cs_6_0
Texture2D<float4> D4 : register(t0);
Texture2D<float2> D2 : register(t1);
SamplerState S : register(s2);
SamplerComparisonState C : register(s3);
RWStructuredBuffer<float4> Out : register(u4);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    float2 uv = float2(id.xy) / 8.0;
    Out[0] = D4.SampleLevel(S, uv, 0);
    Out[1] = D4.Load(int3(id.xy, 0));
    Out[2] = float4(D2.SampleLevel(S, uv, 0), D2.Load(int3(id.xy, 0)));
    Out[3] = D4.SampleCmpLevelZero(C, uv, 0.5) + D2.SampleCmpLevelZero(C, uv, 0.25);
}
