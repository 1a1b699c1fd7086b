// Templated ByteAddressBuffer Load<T> / Store<T> of 16- and 64-bit values, DXC's
// RawBufferHandler: a 16-bit value is the word at address / 4 shifted right by
// (address % 4) * 8 bits and narrowed; a 16-bit store rewrites its half of the word
// (mask 0xFFFF << (16 - shift)); a 64-bit value is two words, the low one first. The base
// address is a run-time value (0). Expected values by hand (the JSON's description).
RWByteAddressBuffer Raw : register(u0);
RWStructuredBuffer<uint> Out : register(u1);

struct P {
  uint16_t a;  // offset 0
  uint16_t b;  // offset 2
  uint c;      // offset 4
};

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint base = id.x * 4;  // 0, not a constant
  Out[0] = Raw.Load<uint16_t>(base);
  Out[1] = Raw.Load<uint16_t>(base + 2);
  uint16_t2 u2 = Raw.Load<uint16_t2>(base + 2);  // halves at 2 and 4: across two words
  Out[2] = u2.x;
  Out[3] = u2.y;
  Out[4] = (uint)(int)Raw.Load<int16_t>(base + 8);
  Out[5] = (uint)(int)Raw.Load<int16_t>(base + 10);
  half2 h = Raw.Load<half2>(base + 12);
  float2 hf = h;
  Out[6] = asuint(hf.x);
  Out[7] = asuint(hf.y);
  uint64_t q = Raw.Load<uint64_t>(base + 16);
  Out[8] = (uint)(q & 0xFFFFFFFFull);
  Out[9] = (uint)(q >> 32);
  int64_t s = Raw.Load<int64_t>(base + 24);
  Out[10] = (uint)s;
  Out[11] = s < 0 ? 1 : 0;
  P p = Raw.Load<P>(base + 32);
  Out[12] = p.a;
  Out[13] = p.b;
  Out[14] = p.c;

  Raw.Store<uint16_t>(base + 42, (uint16_t)0xBEEF);
  Raw.Store<uint16_t>(base + 44, (uint16_t)0x1234);
  Raw.Store<int64_t>(base + 48, (int64_t)-3);
  Raw.Store<uint16_t2>(base + 58, uint16_t2(0xAAAA, 0xBBBB));
  Raw.Store<half>(base + 64, (half)2.0);
}
