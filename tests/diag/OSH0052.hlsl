// EXPECT: OSH0052 7:13
// DXC (CodeGen constexpr_cast_overflow_warning.hlsl): "overflow in the expression when
// converting to 'float' type"; the value is +infinity.
RWStructuredBuffer<float> Out : register(u0);
[shader("compute")] [numthreads(1, 1, 1)]
void main() {
  float f = 3.4e50;
  Out[0] = f;
}
