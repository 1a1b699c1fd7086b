// Texture2D Load with a constant offset (OpImageFetch Lod|ConstOffset; MSL and WGSL add the
// offset to the coordinate). Tex: rgba8unorm 4x4, texel (i, j) = bytes 4(4j+i)..+3. Thread t
// loads (x, y) = (t mod 3, t / 3 + 1) at level 0 with offset (1, -1): texel (x+1, y-1), always
// inside the texture. The residency-free Texture2D::Load(location, offset) overload; pack()
// turns the unorm floats back into the bytes (round(v * 255)), so results are exact.
Texture2D<float4> Tex : register(t0);
RWStructuredBuffer<uint> Out : register(u2);

uint pack(float4 v) {
  uint4 b = uint4(round(v * 255.0));
  return b.x | (b.y << 8) | (b.z << 16) | (b.w << 24);
}

[numthreads(9, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint t = id.x;
  int3 p = int3(t % 3, t / 3 + 1, 0);
  Out[t] = pack(Tex.Load(p, int2(1, -1)));
}
