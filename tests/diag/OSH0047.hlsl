// EXPECT: OSH0047 6:3
// A shader has at most one push constant block (DXC: "cannot have more than one push
// constant block", with a note at the first one).
struct S { float4 f; };
[[vk::push_constant]] S first;
[[vk::push_constant]] S second;
RWStructuredBuffer<float4> Out : register(u0);
[shader("compute")] [numthreads(1, 1, 1)]
void main() {
  Out[0] = first.f + second.f;
}
