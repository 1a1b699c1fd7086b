// EXPECT: OSH0007 7:13
// HLSL has no function pointers: a parenthesized callee is not supported
float twice(float x) { return 2 * x; }
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  float f = (twice)(1.0f);
}
