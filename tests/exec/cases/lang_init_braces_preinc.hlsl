// Initializer lists in the flat form ignore inner braces (HLSL, DXC): {{1, 2, 3}, {4, 5, 6}}
// for a float2x3 and {{1}, {2, 3}, 4, {{5}, {{6}}}} for a float3x2 are six scalars in
// order; a list with one initializer per element is matched element by element (arr).
// `++x` / `--x` designate x after the update: assigned to, incremented again, passed to an
// inout parameter. Expected values by hand in the comments.
RWStructuredBuffer<float> Out : register(u0);
struct S { float a; float2 b; };

void twiceIt(inout int v) { v *= 2; }

[numthreads(1, 1, 1)]
void main() {
  float2x3 m = {{1, 2, 3}, {4, 5, 6}};
  float3x2 n = {{1}, {2, 3}, 4, {{5}, {{6}}}};   // rows (1,2), (3,4), (5,6)
  int2x2 im = {{7, 8}, {9, 10}};
  S arr[2] = {{1, {2, 3}}, {4, 5, 6}};            // {a 1, b (2,3)}, {a 4, b (5,6)}
  Out[0] = m[1][0];     // 4
  Out[1] = m[0][2];     // 3
  Out[2] = n[1][0];     // 3
  Out[3] = n[2][1];     // 6
  Out[4] = im[1][1];    // 10
  Out[5] = arr[0].b.y;  // 3
  Out[6] = arr[1].b.x;  // 5
  float x = 1;
  ++x = 10;
  Out[7] = x;           // 10
  float y = 5;
  float z = ++y * 2;
  Out[8] = z;           // 12
  Out[9] = y;           // 6
  int2x3 mm = 0;
  ++mm = int2x3(1, 2, 3, 4, 5, 6);
  --(++mm[1]);          // row 1 up and back down
  Out[10] = mm[1][2];   // 6
  int k = 3;
  twiceIt(++k);         // k = 4, then 8
  Out[11] = k;          // 8
}
