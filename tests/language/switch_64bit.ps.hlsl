// ARGS: -E main -T ps_6_0
// SPIRV: OpCapability Int64
// SPIRV: OpSwitch %long_12345678910 %
// SPIRV: 12345678910 %
// SPIRV: 18446744073709551615 %
// MSL: case 12345678910l:
// MSL: case 18446744073709551615ul:
// DIAG-WGSL: OSH5001 *:*
// NOTE: OpSwitch literals take the selector's width: two words for a 64-bit selector
// NOTE: (DXC: cf.switch.opswitch.literal.hlsl). WGSL has no 64-bit integers.
float main(uint64_t u : U) : SV_Target {
  switch (12345678910) {
  case 12345678910:
    return 1;
  }
  switch (u) {
  case 18446744073709551615ull:
    return 2;
  case 7:
    return 3;
  default:
    return 4;
  }
}
