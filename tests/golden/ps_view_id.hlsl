// ARGS: -E main -T ps_6_1
// ENV: vulkan1.0
// SV_ViewID in a pixel shader (DXC's meshshading.ext.ps): the ViewIndex built-in, an
// Input uint, with capability MultiView and extension SPV_KHR_multiview (DXC names it at
// every SPIR-V version); integer pixel inputs are Flat.
float4 main(uint viewid : SV_ViewID) : SV_Target {
  return viewid;
}
