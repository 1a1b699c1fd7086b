// Matrix swizzles written and read on 1xN, Nx1 and 1x1 matrices (IR vectors and a scalar,
// DXC's shapes for them): `_m`-style (0-based) and `_` style (1-based) element names.
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main() {
  float1x3 a = float1x3(1, 2, 3);
  a._12 = 20;                       // (1, 20, 3)
  a._m00_m02 = float2(10, 30);      // (10, 20, 30)
  float3x1 b = float3x1(4, 5, 6);
  b._m20 = 60;                      // (4, 5, 60)
  b._11_21 = float2(40, 50);        // (40, 50, 60)
  float1x1 c = 7;
  c._m00 = 70;
  float3 v = a._11_13_12;           // (10, 30, 20)
  Out[0] = a._m00; Out[1] = a._m01; Out[2] = a._m02;
  Out[3] = b._m00; Out[4] = b._m10; Out[5] = b._m20;
  Out[6] = c._11;
  Out[7] = v.x; Out[8] = v.y; Out[9] = v.z;
}
