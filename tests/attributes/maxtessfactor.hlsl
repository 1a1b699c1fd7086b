// ATTR: [maxtessfactor]
// ARGS: -E main -T hs_6_0
// DIAG: OSH0044 19:2
// NOTE: SPIR-V has no maximum tessellation factor (DXC drops the attribute too).
struct VIn { float3 pos : POSITION; };
struct CP { float3 pos : BEZIERPOS; };
struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };
PC Constants(InputPatch<VIn, 3> ip) {
  PC o;
  o.edges[0] = 1; o.edges[1] = 2; o.edges[2] = 3;
  o.inside = 4;
  return o;
}
[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("Constants")]
[maxtessfactor(16.0)]
CP main(InputPatch<VIn, 3> ip, uint i : SV_OutputControlPointID) {
  CP o;
  o.pos = ip[i].pos;
  return o;
}
