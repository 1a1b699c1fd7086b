// A helper library of the kind engines keep in a utilities header: out/inout parameters,
// overloads on scalar/vector types, and functions calling functions.
RWStructuredBuffer<float4> Out : register(u0);
RWStructuredBuffer<uint> OutU : register(u1);

void SinCosApprox(float x, out float s, out float c)
{
    s = x - x * x * x / 6.0f;
    c = 1.0f - x * x / 2.0f;
}

void Accumulate(inout float sum, inout uint count, float value)
{
    sum += value;
    count++;
}

float Luminance(float3 rgb) { return dot(rgb, float3(0.2126f, 0.7152f, 0.0722f)); }
float Luminance(float4 rgba) { return Luminance(rgba.rgb) * rgba.a; }

uint Pack(uint a, uint b) { return (a & 0xffffu) | (b << 16); }
uint Pack(float a, float b) { return Pack(f32tof16(a), f32tof16(b)); }

float3 Remap(float3 v, float3 lo, float3 hi)
{
    return (v - lo) / max(hi - lo, 1e-6f);
}

bool TryDivide(float a, float b, out float result)
{
    if (abs(b) < 1e-8f)
    {
        result = 0.0f;
        return false;
    }
    result = a / b;
    return true;
}

[numthreads(32, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    float x = dtid.x * 0.01f;
    float s, c;
    SinCosApprox(x, s, c);

    float sum = 0.0f;
    uint count = 0;
    for (uint i = 0; i < 4; ++i)
        Accumulate(sum, count, s * i + c);

    float q;
    bool ok = TryDivide(sum, (float)count, q);
    float lum = Luminance(float4(Remap(float3(s, c, q), float3(0.0f, 0.0f, 0.0f), float3(1.0f, 1.0f, 1.0f)), 1.0f));
    Out[dtid.x] = float4(s, c, ok ? q : -1.0f, lum);
    OutU[dtid.x] = Pack(dtid.x, count) ^ Pack(s, c);
}
