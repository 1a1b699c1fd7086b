// ATTR: [instance]
// ARGS: -E main -T gs_6_0
// REMOVE: [instance(2)]
// SPIRV: OpExecutionMode %main Invocations 2
// DIAG-MSL: OSH4130 10:6
// DIAG-WGSL: OSH5130 10:6
struct V { float4 pos : SV_Position; };
[maxvertexcount(1)]
[instance(2)]
void main(point V v[1], inout PointStream<V> s) {
  s.Append(v[0]);
}
