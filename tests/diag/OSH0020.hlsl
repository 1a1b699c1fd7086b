// EXPECT: OSH0020 3:3
float value() {
  return;
}
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  float f = value();
}
