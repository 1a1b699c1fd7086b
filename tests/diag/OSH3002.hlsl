// EXPECT: OSH3002 7:12
// ARGS: -fspv-target-env=vulkan1.0
RWStructuredBuffer<float> Out : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main() {
  Out[0] = WaveActiveSum(1.0f);
}
