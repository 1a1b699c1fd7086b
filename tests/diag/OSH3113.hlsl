// EXPECT: OSH3113 6:28
// ARGS: -E main -T cs_6_0
// A vk::ext_result_id variable is its initializer's id: it needs one.
RWStructuredBuffer<float> buf : register(u0);
[numthreads(1, 1, 1)] void main() {
  vk::ext_result_id<float> v;
  buf[0] = 1;
}
