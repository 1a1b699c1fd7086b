// EXPECT: OSH4001 7:14
// ARGS: -E main -T cs_6_0 --target=msl
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  double d = 1.5;
  Out[id.x] = float(d * 2.0);
}
