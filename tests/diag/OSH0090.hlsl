// EXPECT: OSH0090 4:14
// ARGS: -T ps_6_0 -E main -fvk-bind-register t5 0 1 2
Texture2D MyTexture : register(t5);
SamplerState MySampler : register(s3, space1);
float4 main() : SV_Target { return MyTexture.Sample(MySampler, float2(0.1, 0.2)); }
