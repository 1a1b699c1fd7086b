// EXPECT: OSH0062 5:27
// ARGS: -E main -T vs_6_0
// DXC: "attribute builtin must have one of these values: PointSize,HelperInvocation,
// BaseVertex,BaseInstance,DrawIndex,DeviceIndex,ViewportMaskNV" (names are case-sensitive).
float4 main([[vk::builtin("baseVertex")]] uint base : BASE) : SV_Position {
  return float4(base, 0, 0, 1);
}
