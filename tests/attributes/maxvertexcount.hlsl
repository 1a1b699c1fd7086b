// ATTR: [maxvertexcount]
// ARGS: -E main -T gs_6_0
// REMOVE: [maxvertexcount(4)]
// SPIRV: OpExecutionMode %main OutputVertices 4
// DIAG-MSL: OSH4130 9:6
// DIAG-WGSL: OSH5130 9:6
struct V { float4 pos : SV_Position; };
[maxvertexcount(4)]
void main(point V v[1], inout PointStream<V> s) {
  s.Append(v[0]);
}
