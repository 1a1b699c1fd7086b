// EXPECT: OSH0037 6:3
template<typename T> struct Box { T v; };
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  Box<> b;
}
