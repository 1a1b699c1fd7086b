// A per-dispatch parameter block in push constants, as a post-processing pass has it:
// tint colour, image size, a threshold, an offset, a UV scale and a small lookup table.
// glslang 12 needs the ConstantBuffer<T> spelling (it drops [[vk::push_constant]] on a
// plain struct variable).
struct PushData {
    float4 tint;        // 0
    uint2 size;         // 16
    float threshold;    // 24
    int offset;         // 28
    float2 uvScale;     // 32
    uint lut[4];        // 40 (std430: stride 4)
};
[[vk::push_constant]] ConstantBuffer<PushData> pc;

StructuredBuffer<float4> Src : register(t0);
RWStructuredBuffer<float4> Dst : register(u1);
RWStructuredBuffer<uint> Mask : register(u2);

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    if (any(id.xy >= pc.size)) return;
    uint i = id.y * pc.size.x + id.x;
    float4 c = Src[i] * pc.tint;
    float lum = dot(c.rgb, float3(0.25f, 0.5f, 0.25f));
    float2 uv = (float2(id.xy) + 0.5f) * pc.uvScale;
    Dst[i] = float4(c.rgb, lum) + float4(uv, 0.0f, 0.0f);
    uint bucket = min(uint(max(lum, 0.0f) * 4.0f), 3u);
    Mask[i] = (lum > pc.threshold ? 1u : 0u) | (uint(int(i) + pc.offset) << 1) ^ pc.lut[bucket];
}
