// EXPECT: OSH5130 8:6
// ARGS: -E main -T gs_6_0 --target=wgsl
struct V {
  float4 pos : SV_Position;
};

[maxvertexcount(1)]
void main(point V v[1], inout PointStream<V> s) {
  s.Append(v[0]);
}
