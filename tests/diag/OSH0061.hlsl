// EXPECT: OSH0061 5:27
// ARGS: -E main -T ps_6_0
// DXC (spirv.builtin.shader-draw-parameters.invalid.hlsl): "BaseVertex builtin cannot be
// used as PSIn" -- the draw parameters are vertex shader inputs.
float4 main(uint a : A, [[vk::builtin("BaseVertex")]] uint base : BASE) : SV_Target {
  return float4(a, base, 0, 1);
}
