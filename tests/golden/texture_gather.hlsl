// ARGS: -E main -T ps_6_0
// Gathers and DXC's SPIR-V instructions (SPIR-V.rst "Gather", DXC's CodeGenSPIRV
// texture.gather*.hlsl and texture.array.gather*.hlsl tests):
//  Gather / GatherRed..Alpha(s, uv[, off])  OpImageGather, component %int_0..%int_3, ConstOffset
//  GatherX(s, uv, o0, o1, o2, o3)           ConstOffsets of an int2[4] constant (ImageGatherExtended)
//  GatherCmp / GatherCmpRed(c, uv, ref[, off]) OpImageDrefGather (no component)
// Cube textures take no offset; every result is a 4-vector of the texture's scalar type.
Texture2D<float4> tex : register(t0);
Texture2DArray<uint2> texArr : register(t1);
TextureCube<int> cube : register(t2);
TextureCubeArray<float4> cubes : register(t3);
Texture2D<float> depth : register(t4);
Texture2DArray<float> depthArr : register(t5);
TextureCube<float> depthCube : register(t6);
SamplerState samp : register(s7);
SamplerComparisonState cmp : register(s8);

float4 main(float2 uv : TEXCOORD0, float3 dir : TEXCOORD1, float ref : TEXCOORD2) : SV_Target
{
    float4 c = tex.Gather(samp, uv);
    c += tex.GatherRed(samp, uv, int2(1, -1));
    c += tex.GatherGreen(samp, uv, int2(0, 1), int2(1, 0), int2(-1, 0), int2(0, -1));
    c += float4(texArr.GatherBlue(samp, float3(uv, 1), int2(2, 3)));
    c += float4(texArr.GatherAlpha(samp, float3(uv, 2)));
    c += float4(cube.GatherGreen(samp, dir));
    c += cubes.GatherAlpha(samp, float4(dir, 3));
    c += depth.GatherCmp(cmp, uv, ref);
    c += depth.GatherCmpRed(cmp, uv, ref, int2(-2, 1));
    c += depth.GatherCmpRed(cmp, uv, ref, int2(0, 0), int2(1, 0), int2(0, 1), int2(1, 1));
    c += depthArr.GatherCmp(cmp, float3(uv, 1), ref, int2(1, 1));
    c += depthCube.GatherCmpRed(cmp, dir, ref);
    c += depth.Gather(samp, uv, int2(-1, -1));
    return c;
}
