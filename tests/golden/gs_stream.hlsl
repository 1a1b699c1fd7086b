// ARGS: -E main -T gs_6_0
// A geometry shader (DXC's gs.emit.hlsl, semantic.gs-instance-id.gs.hlsl,
// semantic.primitive-id.gs.hlsl, semantic.render-target-array-index.gs.hlsl,
// semantic.viewport-array-index.gs.hlsl; SPIR-V.rst "Geometry Shaders"): per-vertex
// inputs are arrays of the primitive's vertex count, Append stores every output then
// OpEmitVertex, RestartStrip is OpEndPrimitive.
struct VIn {
  float4 pos : SV_Position;
  float2 uv : TEXCOORD0;
  uint layer : SV_RenderTargetArrayIndex;
};

struct Inner {
  float2 bar : BAR;
};

struct VOut {
  float4 pos : SV_Position;
  nointerpolation float3 foo : FOO;
  Inner s;
  uint layer : SV_RenderTargetArrayIndex;
  uint viewport : SV_ViewportArrayIndex;
  uint prim : SV_PrimitiveID;
};

[maxvertexcount(6)]
[instance(3)]
void main(triangle VIn v[3], uint id : SV_GSInstanceID, uint prim : SV_PrimitiveID,
          inout TriangleStream<VOut> outData) {
  VOut o = (VOut)0;
  for (uint i = 0; i < 3; ++i) {
    o.pos = v[i].pos;
    o.foo = float3(v[i].uv, 1);
    o.s.bar = v[i].uv;
    o.layer = v[i].layer;
    o.viewport = id;
    o.prim = prim;
    outData.Append(o);
  }
  outData.RestartStrip();
}
