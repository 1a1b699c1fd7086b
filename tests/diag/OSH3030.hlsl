// EXPECT: OSH3030 12:2
// ARGS: -E main -T hs_6_0
struct VIn { float3 pos : POSITION; };
struct CP { float3 pos : BEZIERPOS; };
struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };
PC Constants() {
  PC o = (PC)1;
  return o;
}
[domain("tri")]
[outputtopology("triangle_cw")]
[partitioning("pow2")]
[outputcontrolpoints(3)]
[patchconstantfunc("Constants")]
CP main(InputPatch<VIn, 3> ip, uint i : SV_OutputControlPointID) {
  CP o;
  o.pos = ip[i].pos;
  return o;
}
