// [[vk::push_constant]] on a plain struct variable (DXC's spelling): a PushConstant block
// with the structured-buffer layout (std430): tint at 0, idx 16, count 20, bias 24,
// scale 28, then a float2 at 32 (8-aligned) and a float at 40; 48 bytes with padding.
struct PC {
    float4 tint;
    uint idx;
    uint count;
    int bias;
    float scale;
    float2 offset;
    float last;
};
[[vk::push_constant]] PC pc;

RWStructuredBuffer<float> OutF : register(u0);
RWStructuredBuffer<uint> OutU : register(u1);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    OutF[i] = pc.tint[i % 4] * pc.scale + float(i) + pc.offset[i % 2] * pc.last;
    OutU[i] = pc.idx * i + pc.count + uint(pc.bias);
}
