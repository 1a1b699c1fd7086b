// A negative test of the draw legs: one triangle over the whole 2x1 target writes (1, 2, 3, 4)
// everywhere, but the second expectation says (1, 2, 3, 5): every leg must report exactly
// that mismatch ("FAIL: 1 of 2 checks").
// VKDRAW: --size 2 1 --clear 0 0 0 0 --draw 3 1 0 0
// VKDRAW: --expect 0 0 1 2 3 4 --expect 1 0 1 2 3 5
float4 vsmain(uint id : SV_VertexID) : SV_Position {
  // (-1, -1), (3, -1), (-1, 3): covers the whole target.
  float2 p = float2((id << 1) & 2, id & 2);
  return float4(p * 2 - 1, 0, 1);
}

float4 psmain() : SV_Target {
  return float4(1, 2, 3, 4);
}
