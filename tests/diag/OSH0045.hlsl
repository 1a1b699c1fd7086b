// EXPECT: OSH0045 6:3
// [[vk::push_constant]] belongs on a global variable, not on a function (DXC: "'push_constant'
// attribute only applies to global variables of struct type").
RWStructuredBuffer<uint> Out : register(u0);
[shader("compute")]
[[vk::push_constant]]
[numthreads(1, 1, 1)]
void main() {
  Out[0] = 1;
}
