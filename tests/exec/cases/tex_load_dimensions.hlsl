// Texture2D Load and GetDimensions. Tex: rgba8unorm 8x4, 2 mip levels; texel bytes are
// iota (level 0: texel (x, y) = bytes 4(8y+x)..+3; level 1 (4x2): 128 + 4(4y+x)..+3).
// pack() turns the unorm floats back into the bytes (round(v * 255)), so results are exact.
Texture2D<float4> Tex : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
RWStructuredBuffer<uint> Dims : register(u2);

uint pack(float4 v) {
  uint4 b = uint4(round(v * 255.0));
  return b.x | (b.y << 8) | (b.z << 16) | (b.w << 24);
}

[numthreads(8, 4, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint t = id.y * 8 + id.x;
  Out[2 * t] = pack(Tex.Load(int3(id.x, id.y, 0)));
  Out[2 * t + 1] = pack(Tex.Load(int3(id.x / 2, id.y / 2, 1)));
  if (t == 0) {
    uint w, h, levels;
    Tex.GetDimensions(0, w, h, levels);
    Dims[0] = w; Dims[1] = h; Dims[2] = levels;
    Tex.GetDimensions(1, w, h, levels);
    Dims[3] = w; Dims[4] = h; Dims[5] = levels;
    float fw, fh;
    Tex.GetDimensions(fw, fh);
    Dims[6] = uint(fw); Dims[7] = uint(fh);
  }
}
