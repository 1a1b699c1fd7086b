// A 2 x 2 box filter and quad-level min/max over a compute grid laid out so that each quad
// of lanes is a 2 x 2 pixel block (lane i of a quad: x = i & 1, y = i >> 1), with
// QuadReadAcrossX/Y/Diagonal and QuadReadLaneAt, as a downsampling pass does it.
StructuredBuffer<float> Image : register(t0);     // 32 x 32
RWStructuredBuffer<float> Down : register(u1);     // 16 x 16
RWStructuredBuffer<float4> QuadStats : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint quad = id.x >> 2, lane = id.x & 3;
    uint qx = quad % 16, qy = quad / 16;
    uint x = qx * 2 + (lane & 1), y = qy * 2 + (lane >> 1);
    float v = Image[y * 32 + x];
    float h = QuadReadAcrossX(v);
    float vv = QuadReadAcrossY(v);
    float d = QuadReadAcrossDiagonal(v);
    float avg = (v + h + vv + d) * 0.25f;
    float first = QuadReadLaneAt(v, 0);
    if (lane == 0) Down[qy * 16 + qx] = avg;
    QuadStats[id.x] = float4(min(min(v, h), min(vv, d)), max(max(v, h), max(vv, d)), first, v - avg);
}
