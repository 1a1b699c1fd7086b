// ARGS: -E main -T vs_6_0
// DIAG: OSH0035 8:17
// NOTE: DXC (spirv.interface.vs.clip_distance.type.error.hlsl): "elements for SV_ClipDistance
// NOTE: variable 'foo' must be scalar, vector, or array with float type" (OSH0035 here, at
// NOTE: the semantic).
struct VS_OUTPUT {
  float4 pos : SV_Position;
  int3 foo[2] : SV_ClipDistance0;
};
VS_OUTPUT main() {
  return (VS_OUTPUT)0;
}
