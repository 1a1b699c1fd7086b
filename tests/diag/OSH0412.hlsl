// EXPECT: OSH0412 8:4
// ARGS: -E main -T hs_6_0
struct VIn { float3 pos : POSITION; };
struct CP { float3 pos : BEZIERPOS; };
[domain("tri")]
[partitioning("integer")]
[outputcontrolpoints(3)]
CP main(InputPatch<VIn, 3> ip, uint i : SV_OutputControlPointID) {
  CP o;
  o.pos = ip[i].pos;
  return o;
}
