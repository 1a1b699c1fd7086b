// modf and frexp (DXC's SPIR-V shape, CodeGenSPIRV intrinsics.modf / intrinsics.frexp):
//  frac = modf(x, ip)   OpExtInst %ModfStruct-type ModfStruct x; member 1 stored to ip,
//                       member 0 is the value
//  m = frexp(x, e)      OpExtInst {T, intN} FrexpStruct x; member 1 OpConvertSToF stored
//                       to e (HLSL's exponent is a float), member 0 is the value
//  modf(int k, out int) OpConvertSToF, ModfStruct on float, OpConvertFToS of both parts
// Values by hand: modf(2.75) = 0.75, 2; modf(-7) = 0 (as int), -7;
// frexp(8) = 0.5 * 2^4; frexp(-0.75) = -0.75 * 2^0; frexp(0) = 0, 0.
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  float ip;
  float fr = modf(2.75, ip);
  float3 e3;
  float3 m3 = frexp(float3(8.0, -0.75, 0.0), e3);
  int k = -7, kip;
  int kf = modf(k, kip);
  Out[0] = float4(fr, ip, kf, kip);
  Out[1] = float4(m3, 0);
  Out[2] = float4(e3, 0);
}
