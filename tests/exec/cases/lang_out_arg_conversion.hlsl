// out/inout arguments whose type differs from the parameter's: copy-in/copy-out through a
// temporary of the parameter type with the conversions on the way (DXC), for user
// functions and for GetDimensions of a texture, a byte-address buffer and a structured
// buffer given int outputs.
Texture2D<float4> Tex : register(t0);
RWByteAddressBuffer Raw : register(u1);
RWStructuredBuffer<int> Out : register(u2);

void seven(out uint x) { x = 7; }
void twice(inout float x) { x = x * 2.0 + 0.5; }
void negate(inout int v) { v = -v; }
void setBoth(out float a, out int b) { a = 2.75; b = -3; }

[numthreads(1, 1, 1)]
void main() {
  int i;
  seven(i);
  Out[0] = i;                      // 7
  int j = 3;
  twice(j);
  Out[1] = j;                      // 3 * 2 + 0.5 = 6.5 -> 6 (toward zero)
  uint u = 5;
  negate(u);
  Out[2] = (int)(u + 10);          // -5 as uint, + 10 wraps to 5
  int2 fb;
  setBoth(fb.x, fb.y);
  Out[3] = fb.x;                   // 2.75 -> 2
  Out[4] = fb.y;                   // -3
  int2 d;
  Tex.GetDimensions(d.x, d.y);
  Out[5] = d.x;                    // 8
  Out[6] = d.y;                    // 4
  int bytes;
  Raw.GetDimensions(bytes);
  Out[7] = bytes;                  // 4 words = 16 bytes
  int n, stride;
  Out.GetDimensions(n, stride);
  Out[8] = n;                      // 10 elements
  Out[9] = stride;                 // 4
}
