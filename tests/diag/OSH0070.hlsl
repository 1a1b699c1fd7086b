// EXPECT: OSH0070 15:17
// ARGS: -E main -T cs_6_0
// A local resource given different buffers on the two paths of a run-time branch: no one
// global for the use after the join (DXC's legalization refuses it too).
StructuredBuffer<float4> gA;
StructuredBuffer<float4> gB;
RWStructuredBuffer<float4> gOut;
int i;
[numthreads(1, 1, 1)]
void main() {
  StructuredBuffer<float4> l;
  if (i > 0) l = gA;
  else l = gB;

  gOut[i] = 2 * l[i];
}
