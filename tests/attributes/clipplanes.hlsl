// ATTR: [clipplanes]
// ARGS: -E main -T vs_6_0
// DIAG: OSH0044 7:2
// NOTE: a Direct3D 9 profile feature; DXC compiles it to SPIR-V without a word.
cbuffer Planes : register(b0) { float4 p0; };
float4 pos : POSITION;
[clipplanes(p0)]
float4 main(float4 v : POSITION) : SV_Position {
  return v;
}
