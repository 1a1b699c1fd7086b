// EXPECT: OSH0073 4:3
// DXC (CodeGenSPIRV var.globals.error.hlsl): $Globals has one binding, so a member of it
// cannot take [[vk::binding]]; DXC refuses it rather than ignore the attribute.
[[vk::binding(3, 1)]] float4 tint;
RWStructuredBuffer<float4> Out;
[shader("compute")] [numthreads(1, 1, 1)]
void main() { Out[0] = tint; }
