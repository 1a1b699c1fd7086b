// EXPECT: OSH0064 6:7
// ARGS: -E main -T vs_6_0
// DXC (vk.location.reassigned.error.hlsl): "stage input location #3 already consumed by
// semantic 'M'".
float4 main([[vk::location(3)]] float m : M,
    [[vk::location(3)]] float n : N) : SV_Position {
  return float4(m, n, 0, 1);
}
