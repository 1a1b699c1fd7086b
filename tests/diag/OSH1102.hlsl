// EXPECT: OSH1102 5:14
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  string s = "open;
}
