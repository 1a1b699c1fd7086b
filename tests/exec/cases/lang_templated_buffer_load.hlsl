// Templated Load<T> / Store<T> on a RWByteAddressBuffer (DXC's layout: one word per 32-bit
// scalar at consecutive addresses, matrices column by column, struct fields at their
// storage-buffer offsets) and StructuredBuffer.Load(i). Raw holds 0, 1, 2, ... initially (words 9..15: the floats 0.5, 2.5, -1, 1, 2, 3, 4).
struct P {
  uint id;
  float w;
  float2 uv;
};

RWByteAddressBuffer Raw : register(u0);
StructuredBuffer<P> SB : register(t1);
RWStructuredBuffer<uint> Out : register(u2);

[numthreads(1, 1, 1)]
void main() {
  uint3 u = Raw.Load<uint3>(8);           // words 2, 3, 4
  Out[0] = u.x; Out[1] = u.y; Out[2] = u.z;
  int2 x = Raw.Load<int2>(20);            // words 5, 6
  Out[3] = (uint)x.x; Out[4] = (uint)x.y;
  P p = Raw.Load<P>(32);                  // 8, 0.5, (2.5, -1)
  Out[5] = p.id; Out[6] = asuint(p.w); Out[7] = asuint(p.uv.x); Out[8] = asuint(p.uv.y);
  float2x2 m = Raw.Load<float2x2>(48);    // words 12..15 = 1, 2, 3, 4 column by column: m00 = 1, m10 = 2, m01 = 3, m11 = 4
  Out[9] = asuint(m[0][1]); Out[10] = asuint(m[1][0]);
  bool b = Raw.Load<bool>(4);             // word 1 != 0
  Out[11] = b ? 1 : 0;
  P q = SB.Load(1);
  Out[12] = q.id; Out[13] = asuint(q.w);
  Raw.Store<float2>(64, float2(1.5, -2.0));   // words 16, 17
  P s;
  s.id = 7; s.w = 0.25; s.uv = float2(3.0, 4.0);
  Raw.Store<P>(80, s);                     // words 20..23
  Raw.Store<float2x2>(96, float2x2(1, 2, 3, 4));  // words 24..27: 1, 3, 2, 4 (column by column)
}
