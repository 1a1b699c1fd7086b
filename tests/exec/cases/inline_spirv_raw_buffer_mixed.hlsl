// vk::RawBufferLoad / vk::RawBufferStore executed (tests/exec): scalars, vectors and a
// struct read from one device address (Src) and written to another (Dst) at alignments
// 4, 8 and 16, addresses from the push constants ("address_of", docs/testing.md).
// Expectations by hand in inline_spirv_raw_buffer_mixed.json.
struct Pair {
  uint a;
  float b;
  uint2 c;  // offset 8: the struct is 16 bytes
};

struct Push {
  uint64_t src;
  uint64_t dst;
};
[[vk::push_constant]] Push pc;

RWStructuredBuffer<uint> Out : register(u0);  // [0]: 1 when done

[numthreads(1, 1, 1)]
void main() {
  uint u = vk::RawBufferLoad<uint>(pc.src + 0);                // default alignment 4
  int i = vk::RawBufferLoad<int>(pc.src + 4, 4);
  float2 f2 = vk::RawBufferLoad<float2>(pc.src + 8, 8);
  float4 f4 = vk::RawBufferLoad<float4>(pc.src + 16, 16);
  Pair s = vk::RawBufferLoad<Pair>(pc.src + 32, 16);
  uint3 u3 = vk::RawBufferLoad<uint3>(pc.src + 52, 4);          // a 4-aligned vector of 3

  vk::RawBufferStore<uint>(pc.dst + 0, u * 2);
  vk::RawBufferStore<int>(pc.dst + 4, i - 1, 4);
  vk::RawBufferStore<float2>(pc.dst + 8, f2.yx, 8);
  vk::RawBufferStore<float4>(pc.dst + 16, f4 * 2, 16);
  Pair t;
  t.a = s.a + 1;
  t.b = s.b * 4;
  t.c = s.c.yx;
  vk::RawBufferStore<Pair>(pc.dst + 32, t, 16);
  vk::RawBufferStore<uint3>(pc.dst + 52, u3 + uint3(1, 2, 3), 4);
  vk::RawBufferStore<float>(pc.dst + 64, f2.x + f4.w + s.b, 4);
  Out[0] = 1;
}
