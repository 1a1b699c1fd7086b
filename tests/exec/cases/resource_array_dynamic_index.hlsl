// An array of two StructuredBuffers, one binding of two descriptors (DXC's SPIR-V shape),
// read with dynamically uniform indices taken from a buffer (the same for every thread).
// bufs[0][j] = j, bufs[1][j] = 1000 + j, Sel = {1, 0}. With k = Sel[0] = 1:
//   3 * bufs[1][t] + bufs[0][63 - t] = 3000 + 3t + 63 - t = 3063 + 2t
// (element order swapped would give 3t + 1063 - t = 1063 + 2t; always element 0: 63 + 2t),
// and bufs[Sel[1]][t % 8] = bufs[0][t % 8] = t % 8, so Out[t] = (3063 + 2t) * 10 + t % 8.
StructuredBuffer<uint> bufs[2] : register(t0);
StructuredBuffer<uint> Sel : register(t1);
RWStructuredBuffer<uint> Out : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint t = id.x;
  uint k = Sel[0];
  Out[t] = (3 * bufs[k][t] + bufs[k ^ 1][63 - t]) * 10 + bufs[Sel[1]][t % 8];
}
