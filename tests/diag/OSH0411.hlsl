// EXPECT: OSH0411 8:11
// ARGS: -E main -T gs_6_0
struct V {
  float4 pos : SV_Position;
};

[maxvertexcount(3)]
void main(triangle V v[2], inout TriangleStream<V> s) {
  s.Append(v[0]);
}
