// ATTR: [[vk::aliased_pointer]]
// ARGS: -E main -T cs_6_0
// DIAG: OSH0007 6:5
RWStructuredBuffer<uint> Out : register(u0);
void f() {
  [[vk::aliased_pointer]] uint x = 1;
  Out[0] = x;
}
[numthreads(1, 1, 1)]
void main() {
  f();
}
