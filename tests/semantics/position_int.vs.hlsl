// ARGS: -E main -T vs_6_2
// DIAG: OSH0035 5:17
// NOTE: DXC (PositionInVSTests.hlsl, TY=int4): "SV_Position must be a 4-component 32-bit
// NOTE: float vector or a composite which recursively contains only such a vector".
struct output { int4 x; };
output main() : SV_Position {
  output result = (output)0;
  return result;
}
