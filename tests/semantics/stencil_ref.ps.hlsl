// ARGS: -E main -T ps_6_0
// SPIRV: OpCapability StencilExportEXT
// SPIRV: OpExtension "SPV_EXT_shader_stencil_export"
// SPIRV: BuiltIn FragStencilRefEXT
// SPIRV: OpVariable %_ptr_Output_uint Output
// MSL: [[stencil]]
// DIAG-WGSL: OSH5001 10:1
// NOTE: DXC (semantic.stencil-ref.ps.hlsl): FragStencilRefEXT, SPV_EXT_shader_stencil_export.
// NOTE: WGSL has no stencil reference output.
uint main(uint a : A) : SV_StencilRef {
  return a + 3;
}
