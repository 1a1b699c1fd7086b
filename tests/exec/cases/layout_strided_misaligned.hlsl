// Over-strided cbuffer arrays (each element starts a 16-byte register: float w[3],
// float2 uv[2], float3 n[2]) and misaligned vectors (g at offset 4, h at offset 20: MSL
// packs them, WGSL declares them by components). Word w of the cbuffer holds the value w,
// so each expected value is the byte offset / 4, worked out by hand (DXC's default
// cbuffer layout, vector-relaxed std140; each array starts a register and is followed by
// another array or nothing, so the layout is also HLSL's):
//   dt  offset   0                      -> 0
//   g   offsets  4,  8, 12 (after dt)   -> 1, 2, 3
//   k   offset  16 (a new register)     -> 4
//   h   offsets 20, 24                  -> 5, 6
//   w   offsets 32, 48, 64              -> 8, 12, 16
//   uv  offsets 80, 84; 96, 100         -> 20, 21; 24, 25
//   n   offsets 112..120; 128..136      -> 28, 29, 30; 32, 33, 34
cbuffer C : register(b0) {
  float dt;
  float3 g;
  float k;
  float2 h;
  float w[3];
  float2 uv[2];
  float3 n[2];
};
RWStructuredBuffer<float> Out : register(u1);

[numthreads(1, 1, 1)]
void main() {
  uint one = uint(k) - 3;          // 1, not a constant to the compiler
  Out[0] = dt;                     // 0
  Out[1] = g.x;                    // 1
  Out[2] = g.z;                    // 3
  Out[3] = g[one + 1];             // g[2] = 3
  Out[4] = k;                      // 4
  Out[5] = h.y;                    // 6
  Out[6] = w[0];                   // 8
  Out[7] = w[one + 1];             // w[2] = 16
  float l[3] = w;                  // the whole array
  Out[8] = l[0] + l[1] + l[2];     // 8 + 12 + 16 = 36
  Out[9] = uv[one].y;              // 25
  float2 m[2] = uv;
  Out[10] = m[0].x + m[1].y;       // 20 + 25 = 45
  Out[11] = n[one].z;              // 34
  float3 q[2] = n;
  Out[12] = q[0].y + q[1].x;       // 29 + 32 = 61
  float3 gg = g;
  Out[13] = dot(gg, float3(1, 10, 100));  // 1 + 20 + 300 = 321
  Out[14] = h.x + h.y * 10;        // 5 + 60 = 65
  Out[15] = uv[one][one - 1];      // uv[1].x = 24
}
