// EXPECT: OSH3127 7:46
// ARGS: -E main -T cs_6_0 -spirv
// vk::static_pointer_cast goes from a derived struct to one of its bases.
struct Content { float a; };
cbuffer C : register(b0) { vk::BufferPointer<Content> p; };
RWStructuredBuffer<float> buf : register(u0);
[numthreads(1, 1, 1)] void main() { buf[0] = vk::static_pointer_cast<float>(p).Get(); }
