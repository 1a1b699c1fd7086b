// EXPECT: OSH3005 4:1
// ARGS: -T cs_6_0 -E main -enable-16bit-types -fspv-target-env=vulkan1.0 -fspv-extension=SPV_KHR_storage_buffer_storage_class
RWStructuredBuffer<half> Out;
[numthreads(1, 1, 1)]
void main() { Out[0] = (half)1.0; }
