// ARGS: -E main -T ps_6_0
// SPIRV: OpCapability InterpolationFunction
// SPIRV: InterpolateAtSample %in_var_COLOR %uint_0
// SPIRV: InterpolateAtCentroid %in_var_COLOR
// SPIRV: InterpolateAtSample %in_var_COLOR %uint_1
// SPIRV: OpAccessChain %_ptr_Input_v2float %in_var_TEXCOORD %uint_1
// SPIRV: OpAccessChain %_ptr_Input_v2float %in_var_TEXCOORD %uint_0
// DIAG-MSL: OSH0007 26:10
// DIAG-WGSL: OSH5001 26:10
// NOTE: GLSL.std.450 InterpolateAtSample / InterpolateAtCentroid / InterpolateAtOffset take
// NOTE: a pointer to the Input variable (DXC: intrinsics.evaluate-attribute-*.hlsl). The
// NOTE: argument reaches it directly, through a local copy (c2), through a helper's
// NOTE: parameter (setValue, specialised per input) and through a field and a constant
// NOTE: element of a struct parameter (in.uv[1]: an access chain into in.var.TEXCOORD).
struct PSIn {
  float4 pos : SV_Position;
  float2 uv[2] : TEXCOORD;
};

float4 setValue(float4 input) {
  return EvaluateAttributeAtSample(input, 1);
}

float4 main(float4 color : COLOR, PSIn pin) : SV_Target {
  float4 c2 = color;
  return EvaluateAttributeAtSample(color, 0) + EvaluateAttributeCentroid(c2) + setValue(color) +
         float4(EvaluateAttributeAtSample(pin.uv[1], 3), EvaluateAttributeCentroid(pin.uv[0]));
}
