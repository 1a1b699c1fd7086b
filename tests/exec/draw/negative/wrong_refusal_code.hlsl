// A negative test of the Dawn draw leg: the geometry entry is refused with OSH5130, but the
// case claims OSH5001; the leg must fail naming both.
// WGSL: unsupported OSH5001 gsmain
// VKDRAW: --size 1 1 --topology points --draw 1 1 0 0 --expect 0 0 1 1 1 1
struct V {
  float4 pos : SV_Position;
};

V vsmain() {
  V v;
  v.pos = float4(0, 0, 0, 1);
  return v;
}

[maxvertexcount(1)]
void gsmain(point V v[1], inout PointStream<V> s) {
  s.Append(v[0]);
}

float4 psmain() : SV_Target {
  return 1;
}
