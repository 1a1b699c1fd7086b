// ATTR: [outputcontrolpoints]
// ARGS: -E main -T hs_6_0
// REMOVE: [outputcontrolpoints(3)]
// SPIRV: OpExecutionMode %main OutputVertices 3
// DIAG-MSL: OSH4130 21:4
// DIAG-WGSL: OSH5130 21:4
struct VIn { float3 pos : POSITION; };
struct CP { float3 pos : BEZIERPOS; };
struct PC { float edges[3] : SV_TessFactor; float inside : SV_InsideTessFactor; };
PC Constants(InputPatch<VIn, 3> ip, uint pid : SV_PrimitiveID) {
  PC o;
  o.edges[0] = 1; o.edges[1] = 2; o.edges[2] = 3;
  o.inside = 4;
  return o;
}
[domain("tri")]
[partitioning("fractional_odd")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("Constants")]
CP main(InputPatch<VIn, 3> ip, uint i : SV_OutputControlPointID) {
  CP o;
  o.pos = ip[i].pos;
  return o;
}
