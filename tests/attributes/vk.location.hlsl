// ATTR: [[vk::location]]
// ARGS: -E main -T ps_6_0
// REMOVE: [[vk::location(5)]]
// SPIRV: OpDecorate %in_var_TEXCOORD0 Location 5
// WGSL: @location(5) uv
// MSL: [[user(locn5)]]
float4 main([[vk::location(5)]] float2 uv : TEXCOORD0) : SV_Target {
  return uv.xyxy;
}
