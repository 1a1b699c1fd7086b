// EXPECT: OSH0092 -
// ARGS: -T ps_6_0 -E main -fvk-bind-register t5 0 1 2
Texture2D MyTexture : register(t5);
float4 tint;
float4 main() : SV_Target { return MyTexture.Load(int3(0, 0, 0)) * tint; }
