// ARGS: -E main -T ds_6_0
// A domain shader (SPIR-V.rst "Hull Shaders"; DXC's bezier.domain.hlsl2spv,
// semantic.domain-location.ds.hlsl, semantic.tess-factor.ds.hlsl,
// semantic.inside-tess-factor.ds.hlsl, semantic.primitive-id.ds.hlsl): the OutputPatch
// and the patch constant data are inputs, SV_DomainLocation is TessCoord.
struct CP {
  float3 pos : BEZIERPOS;
  float2 uv : TEXCOORD0;
};

struct PC {
  float edges[3] : SV_TessFactor;
  float inside : SV_InsideTessFactor;
  float3 center : CENTER;
};

struct DSOut {
  float4 pos : SV_Position;
  float2 uv : TEXCOORD0;
};

[domain("tri")]
DSOut main(PC pc, float3 bary : SV_DomainLocation, const OutputPatch<CP, 3> patch, uint pid : SV_PrimitiveID) {
  DSOut o;
  float3 p = patch[0].pos * bary.x + patch[1].pos * bary.y + patch[2].pos * bary.z;
  o.pos = float4(p + pc.center * (pc.edges[0] + pc.inside), 1);
  o.uv = patch[0].uv * bary.x + float2(pid, 0);
  return o;
}
