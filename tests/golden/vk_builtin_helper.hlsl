// ARGS: -E main -T ps_6_0
// [[vk::builtin("HelperInvocation")]] (DXC's spirv.builtin.helper-invocation.hlsl): before
// Vulkan 1.3 the value of OpIsHelperInvocationEXT (SPV_EXT_demote_to_helper_invocation,
// DemoteToHelperInvocation), not a built-in variable. MSL: simd_is_helper_thread().
float4 main([[vk::builtin("HelperInvocation")]] bool isHelper : HI, float4 c : COLOR) : SV_Target {
  float4 r = c;
  if (isHelper) r = 0;
  return r;
}
