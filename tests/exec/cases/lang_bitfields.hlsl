// HLSL 2021 bitfields with DXC's layout: consecutive bitfields of one type share a storage
// member while their bits fit, from bit 0 up; a signed field reads sign-extended.
// S: word 0 = a (bits 0..3) | b (bits 4..11) | c (bits 12..31, 20 bits); word 1 = d (30 bits);
// word 2 = e (3 bits: 30 + 3 > 32 would overflow d's word). T: i, u and j are one word
// each (each differs in type from the field before it).
struct S {
  uint a : 4;
  uint b : 8;
  uint c : 20;
  uint d : 30;
  uint e : 3;
};
struct T {
  int i : 5;
  uint u : 7;
  int j : 6;
};
cbuffer Params : register(b0) {
  S cs;   // words 0x12345678, 0x7, 0xFFFFFFFF (see the json)
};
RWStructuredBuffer<S> Buf : register(u1);
ByteAddressBuffer Raw : register(t2);
RWStructuredBuffer<int> Out : register(u3);

[numthreads(1, 1, 1)]
void main() {
  // From the cbuffer: 0x12345678 -> a = 0x8, b = 0x67, c = 0x12345; d = 7; e = 0xFFFFFFFF & 7 = 7.
  Out[0] = cs.a;
  Out[1] = cs.b;
  Out[2] = cs.c;
  Out[3] = cs.d;
  Out[4] = cs.e;
  // A local: writes keep the neighbours.
  S s = cs;
  s.b = 0x1FF;       // 9 bits into 8: 0xFF
  s.a += 9;          // 8 + 9 = 17 -> 4 bits: 1
  Out[5] = s.a;
  Out[6] = s.b;
  Out[7] = s.c;      // unchanged 0x12345
  // Signed: i = -3 (5 bits), u = 100, j = 40 -> 6 bits signed: 40 - 64 = -24.
  T t;
  t.i = -3;
  t.u = 100;
  t.j = 40;
  Out[8] = t.i;
  Out[9] = t.u;
  Out[10] = t.j;
  t.i++;             // -2
  Out[11] = t.i;
  // To the structured buffer: word 0 = 0x5 | 0xAB << 4 | 0x3 << 12 = 0x3AB5, word 1 = 123,
  // word 2 = 6.
  Buf[0].a = 5;
  Buf[0].b = 0xAB;
  Buf[0].c = 3;
  Buf[0].d = 123;
  Buf[0].e = 6;
  // From raw words: Raw = 0xFFFFFFF9, ...: Load<S>(0).a = 9, .b = 0xFF, .c = 0xFFFFF.
  S r = Raw.Load<S>(0);
  Out[12] = r.a;
  Out[13] = r.b;
  Out[14] = r.c;
  Out[15] = sizeof(S);   // three uints: 12
}
