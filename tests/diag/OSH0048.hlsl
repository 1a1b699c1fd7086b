// EXPECT: OSH0048 5:7
// DXC: "unsupported specialization constant type" -- only bool, int, uint and float
// specialization constants exist.
[[vk::constant_id(2)]]
const double Scale = 42;
RWStructuredBuffer<double> Out : register(u0);
[shader("compute")] [numthreads(1, 1, 1)]
void main() {
  Out[0] = Scale;
}
