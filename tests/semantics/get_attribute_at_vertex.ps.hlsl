// ARGS: -E main -T ps_6_1
// SPIRV: OpCapability FragmentBarycentricKHR
// SPIRV: OpExtension "SPV_KHR_fragment_shader_barycentric"
// SPIRV: OpDecorate %in_var_COLOR PerVertexKHR
// SPIRV: OpDecorate %in_var_NORMAL PerVertexKHR
// SPIRV: %in_var_COLOR = OpVariable %_ptr_Input__arr_v3float_uint_3 Input
// SPIRV: OpAccessChain %_ptr_Input_v3float %in_var_COLOR %uint_1
// SPIRV: %in_var_NORMAL = OpVariable %_ptr_Input__arr_v4float_uint_3 Input
// SPIRV: OpAccessChain %_ptr_Input_v4float %in_var_NORMAL %uint_2
// SPIRV: %in_var_TEXCOORD = OpVariable %_ptr_Input_v2float Input
// DIAG-MSL: OSH4001 24:49
// DIAG-WGSL: OSH5001 24:49
// NOTE: DXC (intrinsics.get-attribute-at-vertex.*.hlsl): a pixel shader that reaches
// NOTE: GetAttributeAtVertex reads each nointerpolation input as an array of the three
// NOTE: vertices' values (PerVertexKHR, SPV_KHR_fragment_shader_barycentric); the declared
// NOTE: value is vertex 0's. The input reaches the intrinsic through helpers (func0 ->
// NOTE: func1), struct fields and a run-time vertex index. TEXCOORD is interpolated and
// NOTE: stays a plain input.
struct PSIn {
  nointerpolation float4 n : NORMAL;
  float2 uv : TEXCOORD;
};

float3 func1(nointerpolation float3 c) { return GetAttributeAtVertex(c, 1) + c; }
float3 func0(nointerpolation float3 c) { return func1(c); }

float4 main(nointerpolation float3 color : COLOR, PSIn pin, uint k : INDEX) : SV_Target {
  float3 a = func0(color);
  float4 b = GetAttributeAtVertex(pin.n, k % 3);
  return float4(a, pin.uv.x) + b +
         GetAttributeAtVertex(pin.n, 2).y;
}
