// EXPECT: OSH2006 7:1
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  int a = 1;
}
}
