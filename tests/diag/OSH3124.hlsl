// EXPECT: OSH3124 7:27
// ARGS: -E main -T cs_6_0 -spirv
// A vk::BufferPointer is made from an address or another pointer; it has no default value.
struct Node { float4 v; };
RWStructuredBuffer<float4> buf : register(u0);
[numthreads(1, 1, 1)] void main() {
  vk::BufferPointer<Node> p; buf[0] = float4(0, 0, 0, 0);
}
