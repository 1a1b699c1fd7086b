// ARGS: -E main -T hs_6_0
// A patch constant function that returns its data through out parameters (DXC's
// hs.const.output-patch.out.hlsl): the wrapper passes Function variables and stores their
// values after the call, SV_TessFactor element by element into TessLevelOuter, the scalar
// SV_InsideTessFactor into TessLevelInner[0]. Isoline domain, integer spacing, point
// output topology (PointMode); SV_InstanceID passes through as an ordinary value.
struct CP {
  float4 pos : POSITION;
  int inst : SV_InstanceID;
};

void Constants(out float edges[2] : SV_TessFactor, out float density : DENSITY, uint pid : SV_PrimitiveID) {
  edges[0] = 4;
  edges[1] = 8;
  density = 0.5 + pid;
}

[domain("isoline")]
[partitioning("integer")]
[outputtopology("point")]
[outputcontrolpoints(2)]
[patchconstantfunc("Constants")]
CP main(InputPatch<CP, 2> ip, uint id : SV_OutputControlPointID) {
  return ip[id];
}
