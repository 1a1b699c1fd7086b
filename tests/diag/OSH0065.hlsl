// EXPECT: OSH0065 5:26
// ARGS: -E main -T vs_6_0
// DXC (semantic.duplication.hlsl): "input semantic 'ABC' used more than once"; each value
// is its own stage variable, so a semantic names one value per direction.
struct VSIn { float4 f : ABC; };
float4 main(int a : ABC, VSIn c, int b : ABD) : SV_Position {
  return c.f + a + b;
}
