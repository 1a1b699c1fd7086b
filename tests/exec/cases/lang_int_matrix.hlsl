// Integer and bool matrices, DXC's representation: an array of row vectors (SPIR-V, MSL and
// WGSL matrices are float only). Arithmetic, bitwise and comparison operators row by row,
// ++/--, compound assignment, bool matrices (and, or, !, select, all, any), mul() of every
// shape (expanded into multiply-adds), transpose, conversions (float <-> int per row, bool,
// truncation, vector <-> matrix), asuint of a float matrix, dynamic and swizzle writes,
// parameters, row_major matrices in a cbuffer and in a structured buffer (bool rows as
// 32-bit words), loaded, stored whole and stored element by element.
// Every expected value is computed by hand in the comments.
cbuffer C : register(b0) {
  row_major int2x3 cm;   // row i at register i: cm[i][j] = word 4i + j = [[0,1,2],[4,5,6]]
  row_major uint3x2 cu;  // row i at register 2 + i: cu[i][j] = word 8 + 4i + j = [[8,9],[12,13],[16,17]]
};
struct S {
  row_major int2x2 a;    // words 0..3 (std430: rows 8 bytes apart)
  row_major bool2x3 b;   // rows at words 4..6 and 8..10 (a 3-vector is 16-byte aligned)
};
RWStructuredBuffer<S> SB : register(u1);
RWStructuredBuffer<int> Out : register(u2);

int2x3 twice(int2x3 m) { return m * 2; }
void bump(inout int2x2 m) { m[1] += int2(10, 20); }
int bits(bool2x3 m) {
  int2x3 i = m;
  return i[0][0] + i[0][1] * 2 + i[0][2] * 4 + i[1][0] * 8 + i[1][1] * 16 + i[1][2] * 32;
}

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint k = id.x + 1;  // 1, not a constant
  int2x3 a = int2x3(1, -2, 3, 4, 5, -6);
  int2x3 b = {7, 3, -2, 2, 4, 5};

  // a * b = [[7,-6,-6],[8,20,-30]]; + a = [[8,-8,-3],[12,25,-36]]
  int2x3 r = a * b + a;
  Out[0] = r[0][0]; Out[1] = r[0][1]; Out[2] = r[0][2];
  Out[3] = r[1][0]; Out[4] = r[1][1]; Out[5] = r[1][2];
  Out[6] = (b / a)[0][1];  // 3 / -2 = -1 (toward zero)
  Out[7] = (b % a)[0][2];  // -2 % 3 = -2 (sign of the dividend)
  Out[8] = (b % a)[0][1];  // 3 % -2 = 1

  int2x3 c = a;
  c += b;                  // [[8,1,1],[6,9,-1]]
  c *= 2;                  // [[16,2,2],[12,18,-2]]
  c--;                     // [[15,1,1],[11,17,-3]]
  int2x3 d = ++c;          // [[16,2,2],[12,18,-2]]
  Out[9] = c[0][0] + d[1][2];  // 16 - 2 = 14
  Out[10] = c._m11;            // 18

  // a & b = [[1,2,2],[0,4,0]]; a ^ 1 = [[0,-1,2],[5,4,-5]]; | = [[1,-1,2],[5,4,-5]]
  int2x3 e = (a & b) | (a ^ 1);
  Out[11] = e[0][1]; Out[12] = e[1][2]; Out[13] = e[1][0];
  // -a = [[-1,2,-3],[-4,-5,6]]; ~b = [[-8,-4,1],[-3,-5,-6]]; sum = [[-9,-2,-2],[-7,-10,0]]
  int2x3 f = -a + ~b;
  Out[14] = f[0][0]; Out[15] = f[1][1];
  Out[16] = (a << 2)[1][2];  // -24
  Out[17] = (a >> 1)[0][1];  // -2 >> 1 = -1 (arithmetic)
  Out[18] = (a >> 1)[1][2];  // -6 >> 1 = -3

  bool2x3 lt = a < b;                          // [[T,T,F],[F,F,T]]
  bool2x3 eq = a == int2x3(1, 0, 3, 0, 5, 0);  // [[T,F,T],[F,T,F]]
  Out[19] = any(and(lt, eq)) ? 1 : 0;          // [[T,F,F],[F,F,F]]: 1
  Out[20] = all(or(lt, eq)) ? 1 : 0;           // [[T,T,T],[F,T,T]]: 0
  Out[21] = bits(lt);                          // 1 + 2 + 32 = 35
  Out[22] = bits(!lt);                         // 4 + 8 + 16 = 28
  int2x3 s = select(lt, a, b);                 // [[1,-2,-2],[2,4,-6]]
  Out[23] = s[0][2]; Out[24] = s[1][0]; Out[25] = s[1][2];
  Out[26] = bits((bool2x3)int2x3(0, 1, -1, 2, 0, 0));  // [[F,T,T],[T,F,F]]: 2 + 4 + 8 = 14

  int3x2 bt = transpose(b);  // [[7,2],[3,4],[-2,5]]
  // a . rows of b: [[1*7-2*3+3*-2, 1*2-2*4+3*5],[4*7+5*3-6*-2, 4*2+5*4-6*5]] = [[-5,9],[55,-2]]
  int2x2 p = mul(a, bt);
  Out[27] = p[0][0]; Out[28] = p[0][1]; Out[29] = p[1][0]; Out[30] = p[1][1];
  Out[31] = bt[2][0]; Out[32] = bt[1][1];      // -2, 4
  int3 vm = mul(int2(1, -1), a);               // row 0 - row 1 = (-3, -7, 9)
  Out[33] = vm.x; Out[34] = vm.y; Out[35] = vm.z;
  int2 mv = mul(a, int3(2, 0, 1));             // (2 + 3, 8 - 6) = (5, 2)
  Out[36] = mv.x; Out[37] = mv.y;
  Out[38] = mul(3, a)[1][2];                   // -18
  uint2x2 um = mul(uint2x2(1, 2, 3, 4), uint2x2(5, 6, 7, 8));  // [[19,22],[43,50]]
  Out[39] = um[0][1]; Out[40] = um[1][0];

  float2x3 fa = a;
  fa = fa * 0.5;                 // [[0.5,-1,1.5],[2,2.5,-3]]
  int2x3 ia = (int2x3)fa;        // toward zero: [[0,-1,1],[2,2,-3]]
  Out[41] = ia[0][0]; Out[42] = ia[0][2]; Out[43] = ia[1][1]; Out[44] = ia[1][2];
  int2x2 tl = (int2x2)a;         // the top-left part: [[1,-2],[4,5]]
  int4 flat = (int4)tl;          // row order: (1,-2,4,5)
  int2x2 fromV = int4(9, 8, 7, 6);
  Out[45] = tl[1][0]; Out[46] = flat.y; Out[47] = fromV[1][0];  // 4, -2, 7
  int1x3 row0 = (int1x3)a;       // (1,-2,3)
  Out[48] = row0._m02;           // 3
  uint2x2 fb = asuint(float2x2(1, 2, -1, 0.5));
  Out[49] = fb[0][1];            // bits of 2.0 = 0x40000000 = 1073741824
  Out[50] = fb[1][1];            // bits of 0.5 = 0x3F000000 = 1056964608

  int2x3 w = a;
  w[k] = int3(10, 20, 30);       // row 1
  w[0][k] = 99;
  w._m02_m10 = int2(-7, -8);     // w = [[1,99,-7],[-8,20,30]]
  Out[51] = w[0][1]; Out[52] = w[0][2]; Out[53] = w[1][0]; Out[54] = w[k][2];
  int3 wr = w[k];
  Out[55] = wr.y;                // 20

  Out[56] = twice(a)[1][2];      // -12
  int2x2 bm = int2x2(1, 2, 3, 4);
  bump(bm);                      // [[1,2],[13,24]]
  Out[57] = bm[1][1];            // 24

  Out[58] = cm[1][2];            // 6
  Out[59] = cm[k][0];            // 4
  int2x3 cmv = cm;
  Out[60] = cmv[0][1] + cmv[1][1] * 10;  // 1 + 50 = 51
  Out[61] = cu._m21;             // 17
  uint2 cur = cu[k];
  Out[62] = cur.x;               // 12
  Out[63] = mul(cm, int3(1, 1, 1)).y;  // 4 + 5 + 6 = 15

  // SB[0] = {a = [[3,-4],[5,6]], b = [[F,T,F],[T,F,T]]} (words 3,-4,5,6, 0,7,0,_, 1,0,2,_)
  S s0 = SB[0];
  Out[64] = s0.a[0][1];          // -4
  Out[65] = s0.b[1][0] ? 1 : 0;  // 1
  Out[66] = bits(s0.b);          // 2 + 8 + 32 = 42
  S t;
  t.a = mul(s0.a, int2x2(1, 1, 0, 1));  // [[3, 3-4],[5, 5+6]] = [[3,-1],[5,11]]
  t.b = !s0.b;                           // [[T,F,T],[F,T,F]]
  SB[1] = t;
  SB[0].a[1] = int2(-1, -2);     // words 2, 3
  SB[0].b._m12 = false;          // word 10: 0
}
