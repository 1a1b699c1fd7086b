// ARGS: -E main -T hs_6_0
// A hull shader (SPIR-V.rst "Hull Shaders"; DXC's bezier.hull.hlsl2spv, hs.structure.hlsl,
// semantic.tess-factor.hs.hlsl, semantic.inside-tess-factor.hs.hlsl,
// semantic.output-control-point-id.hs.hlsl, hs.pcf.output-patch.hlsl): the control point
// phase, OpControlBarrier, and the patch constant phase run by invocation 0.
struct VIn {
  float3 pos : POSITION;
  float2 uv : TEXCOORD0;
};

struct CP {
  float3 pos : BEZIERPOS;
  float2 uv : TEXCOORD0;
};

struct PC {
  float edges[3] : SV_TessFactor;
  float inside : SV_InsideTessFactor;
  float3 center : CENTER;
};

PC Constants(InputPatch<VIn, 3> ip, OutputPatch<CP, 3> op, uint pid : SV_PrimitiveID) {
  PC o;
  o.edges[0] = 1;
  o.edges[1] = 2;
  o.edges[2] = 3;
  o.inside = 4 + pid;
  o.center = (op[0].pos + op[1].pos + op[2].pos) / 3 + ip[0].pos * 0;
  return o;
}

[domain("tri")]
[partitioning("fractional_odd")]
[outputtopology("triangle_cw")]
[outputcontrolpoints(3)]
[patchconstantfunc("Constants")]
CP main(InputPatch<VIn, 3> ip, uint i : SV_OutputControlPointID, uint pid : SV_PrimitiveID) {
  CP o;
  o.pos = ip[i].pos;
  o.uv = ip[i].uv + pid;
  return o;
}
