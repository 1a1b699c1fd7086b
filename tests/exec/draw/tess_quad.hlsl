// Hull and domain shaders: two triangle patches of 3 control points that together cover
// the square NDC [-0.5, 0.5]^2 of an 8x8 target = pixels x 2..5, y 2..5 (1 NDC unit = 4
// pixels; the square's edges lie on pixel borders, the shared diagonal's centres go to
// one of the two triangles, both of one colour). The vertex shader gives the corners at
// twice that size; the control point function halves them (so the per-control-point
// outputs reach the domain shader), the patch constant function sets every tessellation
// factor to 1 (one triangle per patch) and a colour computed from the OutputPatch:
// red = op[0].pos.x + 1 = 0.5 (op[0] has x = -0.5 in both patches), green 1. The domain
// shader places the vertex at bary-weighted control points (SV_DomainLocation) and passes
// the colour on. So 16 pixels are (0.5, 1, 0, 1) and the other 48 keep the clear colour.
// Dawn: WebGPU has no hull or domain (tessellation) stage, and its vertex stage must write
// a position, which this vertex shader (feeding the hull shader) does not.
// WGSL: unsupported OSH5130 hsmain dsmain
// WGSL: unsupported OSH5001 vsmain
// VKDRAW: --size 8 8 --clear 0 0 0 0 --draw 6 1 0 0
// VKDRAW: --expect-count 0.5 1 0 1 16 --expect-count 0 0 0 0 48 --expect 2 2 0.5 1 0 1 --expect 5 5 0.5 1 0 1
// VKDRAW: --expect 1 2 0 0 0 0 --expect 6 5 0 0 0 0 --expect 3 1 0 0 0 0 --expect 4 6 0 0 0 0
struct VSOut {
  float3 pos : POSITION;
};

VSOut vsmain(uint vid : SV_VertexID) {
  const float2 corners[6] = {float2(-1, -1), float2(1, -1), float2(-1, 1),
                             float2(-1, 1), float2(1, -1), float2(1, 1)};
  VSOut o;
  o.pos = float3(corners[vid], 0);
  return o;
}

struct CP {
  float3 pos : CPPOS;
};

struct PC {
  float edges[3] : SV_TessFactor;
  float inside : SV_InsideTessFactor;
  float4 color : COLOR;
};

PC constants(OutputPatch<CP, 3> op) {
  PC o;
  o.edges[0] = 1;
  o.edges[1] = 1;
  o.edges[2] = 1;
  o.inside = 1;
  o.color = float4(op[0].pos.x + 1, 1, 0, 1);
  return o;
}

[domain("tri")]
[partitioning("integer")]
[outputtopology("triangle_ccw")]
[outputcontrolpoints(3)]
[patchconstantfunc("constants")]
CP hsmain(InputPatch<VSOut, 3> ip, uint i : SV_OutputControlPointID) {
  CP o;
  o.pos = ip[i].pos * 0.5;
  return o;
}

struct DSOut {
  float4 pos : SV_Position;
  float4 color : COLOR;
};

[domain("tri")]
DSOut dsmain(PC pc, float3 bary : SV_DomainLocation, const OutputPatch<CP, 3> patch) {
  DSOut o;
  float3 p = patch[0].pos * bary.x + patch[1].pos * bary.y + patch[2].pos * bary.z;
  o.pos = float4(p, 1);
  o.color = pc.color;
  return o;
}

float4 psmain(float4 color : COLOR) : SV_Target {
  return color;
}
