// vkrun's push constants (tests/exec/vkrun_cases, compiled with glslangValidator): a
// 32-byte block of a float4 and four 32-bit scalars, read by every thread.
struct PC {
    float4 tint;   // offset 0
    uint idx;      // 16
    uint count;    // 20
    int bias;      // 24
    float scale;   // 28
};
[[vk::push_constant]] ConstantBuffer<PC> pc;  // glslang 12 ignores the attribute on a plain `PC pc;`

RWStructuredBuffer<float> OutF : register(u0);
RWStructuredBuffer<uint> OutU : register(u1);

[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint i = id.x;
    OutF[i] = pc.tint[i % 4] * pc.scale + float(i);
    OutU[i] = pc.idx * i + pc.count + uint(pc.bias);
}
