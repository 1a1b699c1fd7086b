// ARGS: -E main -T ps_6_0
// SPIRV: OpSwitch
// SPIRV: 6 %
// SPIRV: 7 %
// MSL: case 6:
// MSL: case 7:
// WGSL: case 6i, 7i:
// NOTE: A block that opens with a case label belongs to the switch (DXC:
// NOTE: cf.switch.ifstmt.hlsl `case 6: { case 7: break; }`): case 6 runs into case 7.
float main(int a : A) : SV_Target {
  int b = 0;
  switch (a) {
    case 5:
      b = 5;
      break;
    case 6: {
    case 7:
      b = 7;
      break; }
    default:
      b = 1;
  }
  return b;
}
