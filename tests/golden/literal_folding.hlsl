// Literal typing and folding as DXC does it (issue 12). Unsuffixed literals are `literal
// float` (double precision) and `literal int` (64-bit): a subexpression made only of
// literals is evaluated at that precision and converted once where it meets a typed
// operand or destination, so it is ONE constant of the destination type. By hand:
//   0.1 * 0.05 (double) = 0.005000000000000001 -> float 0x3BA3D70A (0.00499999989);
//     0.1f * 0.05f would be 0x3BA3D70B (0.00500000035)
//   k * 0.1 * 0.05 is (k * 0.1) * 0.05: two products by 0.1f (0x3DCCCCCD) and 0.05f
//   1.0 / 2.2 (double) = 0.45454545454545453 -> float 0x3EE8BA2F (0.454545468);
//     1.0f / 2.2f would be 0x3EE8BA2E
//   (1 << 4) + 0.5 * 3: 16 -> 16.0, + 1.5 = 17.5
//   (0x7fffffff + 1) / 2: 2147483648 / 2 = 1073741824 (at 32 bits: -1073741824)
//   -7: the constant -7, not a negation of 7
//   0.1 + 0.2 == 0.3 (double): 0.30000000000000004 != 0.3, false (in float: true)
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u1);
RWStructuredBuffer<int> Ints : register(u2);
[numthreads(1, 1, 1)]
void main() {
  float k = In[0];
  Out[0] = 0.1 * 0.05 * k;
  Out[1] = k * 0.1 * 0.05;
  Out[2] = (1.0 / 2.2) * k;
  Out[3] = (1 << 4) + 0.5 * 3;
  Ints[0] = (0x7fffffff + 1) / 2;
  Ints[1] = -7;
  Ints[2] = 0.1 + 0.2 == 0.3;
}
