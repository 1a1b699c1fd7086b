// EXPECT: OSH5003 4:1
// ARGS: --target=wgsl
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float> Out : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  Out[0] = In[0];
}
