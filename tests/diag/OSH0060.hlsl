// EXPECT: OSH0060 8:5
// ARGS: -E main -T vs_6_0
// DXC (spirv.builtin.point-size.invalid.hlsl): "PointSize builtin must be of float type".
// Vulkan's PointSize is one 32-bit float; DXC's other rules: HelperInvocation is a bool,
// BaseVertex, BaseInstance, DrawIndex and DeviceIndex an int or uint.
struct VSOut {
  float4 pos : SV_Position;
  [[vk::builtin("PointSize")]] int size : PSIZE;
};
VSOut main(float4 p : POSITION) {
  VSOut o;
  o.pos = p;
  o.size = 2;
  return o;
}
