// EXPECT: OSH0018 5:3
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  break;
}
