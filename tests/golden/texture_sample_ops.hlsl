// ARGS: -E main -T ps_6_0
// Texture sampling methods and DXC's SPIR-V instructions (SPIR-V.rst "Textures"; DXC's
// CodeGenSPIRV texture.sample-*.hlsl tests): image operands follow in mask-bit order
// Bias (0x1), Lod (0x2), Grad (0x4), ConstOffset (0x8); offsets are constant (ConstOffset).
//  Sample(s, uv, off)             OpImageSampleImplicitLod  ConstOffset
//  SampleBias(s, uv, b[, off])    OpImageSampleImplicitLod  Bias[|ConstOffset]
//  SampleGrad(s, uv, dx, dy[, o]) OpImageSampleExplicitLod  Grad[|ConstOffset]
//  SampleLevel(s, uv, l, off)     OpImageSampleExplicitLod  Lod|ConstOffset
//  SampleCmp(c, uv, ref)          OpImageSampleDrefImplicitLod (result float)
//  SampleCmpLevelZero(c, uv, ref[, off])  OpImageSampleDrefExplicitLod Lod|ConstOffset %float_0
// SamplerState and SamplerComparisonState are both OpTypeSampler (one type).
Texture2D<float4> tex : register(t0);
Texture2DArray<float4> texArr : register(t1);
TextureCube<float4> cube : register(t2);
Texture3D<float4> vol : register(t3);
Texture1D<float> line : register(t4);
Texture2D<float> depth : register(t5);
TextureCubeArray<float> depthCubes : register(t6);
SamplerState samp : register(s7);
SamplerComparisonState cmp : register(s8);

float4 main(float2 uv : TEXCOORD0, float3 dir : TEXCOORD1, float ref : TEXCOORD2) : SV_Target
{
    float4 c = tex.Sample(samp, uv, int2(1, -1));
    c += tex.SampleBias(samp, uv, 0.5);
    c += texArr.SampleBias(samp, float3(uv, 2), 1.5, int2(2, 3));
    c += tex.SampleGrad(samp, uv, ddx(uv), ddy(uv));
    c += cube.SampleGrad(samp, dir, float3(0.25, 0, 0), float3(0, 0.25, 0));
    c += vol.SampleGrad(samp, dir, dir, dir, int3(1, 0, -1));
    c += tex.SampleLevel(samp, uv, 2.0, int2(0, 1));
    c.x += line.SampleBias(samp, uv.x, 1.0, 3);
    c.y += depth.SampleCmp(cmp, uv, ref);
    c.z += depth.SampleCmpLevelZero(cmp, uv, ref, int2(-2, 1));
    c.w += depthCubes.SampleCmp(cmp, float4(dir, 1), ref);
    c.w += depthCubes.SampleCmpLevelZero(cmp, float4(dir, 0), ref);
    return c;
}
