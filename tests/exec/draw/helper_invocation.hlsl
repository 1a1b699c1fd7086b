// [[vk::builtin("HelperInvocation")]], compiled for Vulkan 1.2 (OpIsHelperInvocationEXT) and
// for Vulkan 1.3 (the Volatile HelperInvocation built-in variable). A triangle
// that covers only pixel (0, 0)'s centre: the other three pixels of its 2x2 quad run as
// helper invocations. Each invocation takes v = isHelper ? 1 : 0, and pixel (0, 0) writes
// (v, ddx(v), ddy(v), 1) = (0, v(1,0) - v(0,0), v(0,1) - v(0,0), 1) = (0, 1, 1, 1) (for the
// quad's top-left pixel the coarse and the fine derivative are these same differences):
// the helpers saw true, the covered pixel false. The other 15 pixels keep the clear colour.
// ENV: vulkan1.2 vulkan1.3
// Dawn: WGSL has no helper-invocation built-in.
// WGSL: unsupported OSH5001 psmain
// VKDRAW: --size 4 4 --clear 0 0 0 0 --draw 3 1 0 0
// VKDRAW: --expect 0 0 0 1 1 1 --expect-count 0 0 0 0 15
float4 vsmain(uint id : SV_VertexID) : SV_Position {
  // Pixel coordinates (0.1, 0.1), (1.0, 0.1), (0.1, 1.0): x + y < 1.1 holds at (0.5, 0.5)
  // only. NDC = pixel / 2 - 1 on a 4x4 target.
  float2 px = id == 0 ? float2(0.1, 0.1) : id == 1 ? float2(1.0, 0.1) : float2(0.1, 1.0);
  return float4(px / 2.0 - 1.0, 0, 1);
}

float4 psmain([[vk::builtin("HelperInvocation")]] bool isHelper : HI) : SV_Target {
  float v = isHelper ? 1.0 : 0.0;
  return float4(v, ddx(v), ddy(v), 1);
}
