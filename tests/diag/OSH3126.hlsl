// EXPECT: OSH3126 7:46
// ARGS: -E main -T cs_6_0 -spirv
// A pointer cast may keep or lower the alignment, never raise it.
struct Content { float a; };
cbuffer C : register(b0) { vk::BufferPointer<Content, 16> p; };
RWStructuredBuffer<float> buf : register(u0);
[numthreads(1, 1, 1)] void main() { buf[0] = vk::reinterpret_pointer_cast<float, 32>(p).Get(); }
