// A negative test of the Dawn draw leg: the case claims that WGSL refuses psmain, which
// compiles; the leg must fail rather than pass or draw.
// WGSL: unsupported OSH5001 psmain
// VKDRAW: --size 1 1 --draw 3 1 0 0 --expect 0 0 1 1 1 1
float4 vsmain(uint id : SV_VertexID) : SV_Position {
  float2 p = float2((id << 1) & 2, id & 2);
  return float4(p * 2 - 1, 0, 1);
}

float4 psmain() : SV_Target {
  return 1;
}
