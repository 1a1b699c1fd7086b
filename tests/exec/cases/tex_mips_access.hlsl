// Texture2D .mips[level][location] (DXC: OpImageFetch with Lod) and operator[] (mip 0).
// Tex: rgba8unorm 8x4, 2 mip levels; texel bytes are iota (level 0: texel (x, y) = bytes
// 4(8y+x)..+3; level 1 (4x2): 128 + 4(4y+x)..+3). pack() turns the unorm floats back into
// the bytes (round(v * 255)), so results are exact.
Texture2D<float4> Tex : register(t0);
RWStructuredBuffer<uint> Out : register(u1);

uint pack(float4 v) {
  uint4 b = uint4(round(v * 255.0));
  return b.x | (b.y << 8) | (b.z << 16) | (b.w << 24);
}

[numthreads(8, 4, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint t = id.y * 8 + id.x;
  uint level = t & 1;  // a level that is not a constant
  Out[3 * t] = pack(Tex.mips[0][id.xy]);
  Out[3 * t + 1] = pack(Tex.mips[1][id.xy / 2]);
  Out[3 * t + 2] = pack(Tex.mips[level][level == 0 ? id.xy : id.xy / 2]) ^ pack(Tex[id.xy]);
}
