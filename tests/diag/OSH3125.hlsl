// EXPECT: OSH3125 6:3
// ARGS: -E main -T cs_6_0 -spirv
// A push constant block is a struct; a pointer alone cannot be one (DXC's text).
struct Content { float a; };
RWStructuredBuffer<float> buf : register(u0);
[[vk::push_constant]] vk::BufferPointer<Content> p;
[numthreads(1, 1, 1)] void main() { buf[0] = p.Get().a; }
