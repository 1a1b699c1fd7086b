// EXPECT: OSH0410 7:6
// ARGS: -E main -T gs_6_0
struct V {
  float4 pos : SV_Position;
};

void main(point V v[1], inout PointStream<V> s) {
  s.Append(v[0]);
}
