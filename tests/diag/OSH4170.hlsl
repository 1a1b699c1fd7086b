// EXPECT: OSH4170 7:12
// ARGS: --target=msl -T cs_6_6 -E main
// SM 6.6 compute derivatives: Metal kernels have no dfdx/dfdy.
RWStructuredBuffer<float> Out : register(u0);
[numthreads(2, 2, 1)]
void main(uint3 id : SV_GroupThreadID) {
  Out[0] = ddx_fine(float(id.x));
}
