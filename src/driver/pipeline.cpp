#include <algorithm>

#include "driver/pipeline.hpp"

#include "backend/spirv/spirv.hpp"
#include "lower/lower.hpp"
#include "syntax/parser.hpp"
#include "syntax/preprocessor.hpp"

namespace oneshader::driver {

// The public options mapped onto the core's own types (the IR, lowering and the backends
// never see oneshader.hpp, so the API can change without touching them).
ir::Stage irStage(ShaderStage s) {
  switch (s) {
    case ShaderStage::Vertex: return ir::Stage::Vertex;
    case ShaderStage::Pixel: return ir::Stage::Pixel;
    case ShaderStage::Geometry: return ir::Stage::Geometry;
    case ShaderStage::Hull: return ir::Stage::Hull;
    case ShaderStage::Domain: return ir::Stage::Domain;
    case ShaderStage::Compute: return ir::Stage::Compute;
    case ShaderStage::Mesh: return ir::Stage::Mesh;
    case ShaderStage::Amplification: return ir::Stage::Amplification;
    case ShaderStage::RayGeneration: return ir::Stage::RayGeneration;
    case ShaderStage::Intersection: return ir::Stage::Intersection;
    case ShaderStage::AnyHit: return ir::Stage::AnyHit;
    case ShaderStage::ClosestHit: return ir::Stage::ClosestHit;
    case ShaderStage::Miss: return ir::Stage::Miss;
    case ShaderStage::Callable: return ir::Stage::Callable;
  }
  return ir::Stage::Compute;
}

static_assert(uint32_t(SubgroupBasic) == uint32_t(ir::vk::SubgroupBasic) &&
                  uint32_t(SubgroupVote) == uint32_t(ir::vk::SubgroupVote) &&
                  uint32_t(SubgroupArithmetic) == uint32_t(ir::vk::SubgroupArithmetic) &&
                  uint32_t(SubgroupBallot) == uint32_t(ir::vk::SubgroupBallot) &&
                  uint32_t(SubgroupShuffle) == uint32_t(ir::vk::SubgroupShuffle) &&
                  uint32_t(SubgroupShuffleRelative) == uint32_t(ir::vk::SubgroupShuffleRelative) &&
                  uint32_t(SubgroupClustered) == uint32_t(ir::vk::SubgroupClustered) &&
                  uint32_t(SubgroupQuad) == uint32_t(ir::vk::SubgroupQuad) &&
                  uint32_t(SubgroupPartitionedNV) == uint32_t(ir::vk::SubgroupPartitionedNV),
              "the public SubgroupFeature bits are Vulkan's, as the IR's");

ShaderStage publicStage(ir::Stage s) {
  switch (s) {
    case ir::Stage::Vertex: return ShaderStage::Vertex;
    case ir::Stage::Pixel: return ShaderStage::Pixel;
    case ir::Stage::Geometry: return ShaderStage::Geometry;
    case ir::Stage::Hull: return ShaderStage::Hull;
    case ir::Stage::Domain: return ShaderStage::Domain;
    case ir::Stage::Compute: return ShaderStage::Compute;
    case ir::Stage::Mesh: return ShaderStage::Mesh;
    case ir::Stage::Amplification: return ShaderStage::Amplification;
    case ir::Stage::RayGeneration: return ShaderStage::RayGeneration;
    case ir::Stage::Intersection: return ShaderStage::Intersection;
    case ir::Stage::AnyHit: return ShaderStage::AnyHit;
    case ir::Stage::ClosestHit: return ShaderStage::ClosestHit;
    case ir::Stage::Miss: return ShaderStage::Miss;
    case ir::Stage::Callable: return ShaderStage::Callable;
  }
  return ShaderStage::Compute;
}

spirv::VulkanEnv vulkanEnv(SpirvTargetEnv e) {
  switch (e) {
    case SpirvTargetEnv::Vulkan1_0: return spirv::VulkanEnv::Vulkan1_0;
    case SpirvTargetEnv::Vulkan1_1: return spirv::VulkanEnv::Vulkan1_1;
    case SpirvTargetEnv::Vulkan1_2: return spirv::VulkanEnv::Vulkan1_2;
    case SpirvTargetEnv::Vulkan1_3: return spirv::VulkanEnv::Vulkan1_3;
    case SpirvTargetEnv::Vulkan1_1Spirv1_4: return spirv::VulkanEnv::Vulkan1_1Spirv1_4;
    case SpirvTargetEnv::Universal1_5: return spirv::VulkanEnv::Universal1_5;
  }
  return spirv::VulkanEnv::Vulkan1_2;
}

lower::LowerOptions lowerOptions(const CompileOptions& o) {
  lower::LowerOptions lo;
  switch (o.layout) {
    case LayoutRules::Default: lo.layout = lower::LayoutOption::Default; break;
    case LayoutRules::DirectX: lo.layout = lower::LayoutOption::DirectX; break;
    case LayoutRules::Scalar: lo.layout = lower::LayoutOption::Scalar; break;
    case LayoutRules::OpenGL: lo.layout = lower::LayoutOption::OpenGL; break;
  }
  for (const CompileOptions::Shift& s : o.bindingShifts) lo.bindingShifts.push_back({s.kind, s.shift, s.space});
  lo.defaultRowMajor = o.defaultRowMajor;
  lo.dxPositionW = o.dxPositionW;
  lo.nonzeroBaseVertex = o.nonzeroBaseVertex;
  lo.nonzeroBaseInstance = o.nonzeroBaseInstance;
  lo.alphabeticalStageIo = o.stageIoOrder == StageIoOrder::Alphabetical;
  lo.hlslVersion = o.hlslVersion;
  // DXC enables SPV_EXT_mesh_shader from SPIR-V 1.4 on, unless -fspv-extension leaves it
  // out; otherwise its mesh and amplification shaders are SPV_NV_mesh_shader.
  if (spirv::spirvVersionFor(vulkanEnv(o.spirvEnv)) < 0x00010400)
    lo.nvMeshReason = "below SPIR-V 1.4";
  else if (!o.allowedSpirvExtensions.empty() &&
           std::find(o.allowedSpirvExtensions.begin(), o.allowedSpirvExtensions.end(), "SPV_EXT_mesh_shader") ==
               o.allowedSpirvExtensions.end())
    lo.nvMeshReason = "when -fspv-extension does not list SPV_EXT_mesh_shader";
  lo.nvRayTracing = spirv::nvRayTracing(o.allowedSpirvExtensions);
  for (const CompileOptions::RegisterBinding& r : o.registerBindings)
    lo.bindings.registers.push_back({r.kind, r.reg, r.space, r.binding, r.set});
  lo.bindings.globals = o.globalsBinding;
  lo.bindings.defaultSpace = o.autoBindingSpace;
  lo.bindings.autoShift = o.autoShiftBindings;
  lo.bindings.flattenArrays = o.flattenResourceArrays;
  lo.resourceHeapBinding = o.resourceHeapBinding;
  lo.samplerHeapBinding = o.samplerHeapBinding;
  lo.counterHeapBinding = o.counterHeapBinding;
  return lo;
}

ast::TranslationUnit* parseMainFile(SourceManager& sm, DiagEngine& diags, FileId mainFile, const MacroList& defines,
                                    const std::vector<std::string>& undefines, uint32_t hlslVersion,
                                    ast::AstContext& ctx, uint64_t maxTokens, ParseStats* stats) {
  PPOptions ppo;
  ppo.defines = defines;
  ppo.undefines = undefines;
  ppo.hlslVersion = hlslVersion;
  if (maxTokens) ppo.maxTokens = maxTokens;
  Preprocessor pp(sm, diags, ppo);
  pp.enterMainFile(mainFile);
  Parser parser(pp, ctx, diags);
  ast::TranslationUnit* tu = parser.parseTranslationUnit();
  if (stats) *stats = {parser.tokensRead(), parser.declaredTemplates()};
  return tu;
}

std::unique_ptr<ir::Module> lower(ast::TranslationUnit* tu, const sema::Program& program, const sema::Sema& sema,
                                  const CompileOptions& options, DiagEngine& diags) {
  lower::LowerOptions lo = lowerOptions(options);
  lo.validateIR = true;  // the IR validator runs between the front and back ends
  return lower::lowerProgram(*tu, program, sema, lo, diags);
}

spirv::SpirvOptions spirvOptions(const CompileOptions& options) {
  spirv::SpirvOptions so;
  so.env = vulkanEnv(options.spirvEnv);
  so.validate = options.validate;
  so.scalarBlockLayout = options.layout == LayoutRules::Scalar || options.layout == LayoutRules::DirectX;
  so.optLevel = options.optimizationLevel;
  so.optimizerPasses = options.optimizerPasses;
  so.allowedExtensions = options.allowedSpirvExtensions;
  so.entryPointName = options.spirvEntryPointName;
  so.maxId = options.spirvMaxId;
  so.signedZeroInfNanPreserve = options.ieeeStrict;
  so.denorm = options.denormMode == DenormMode::Preserve      ? spirv::Denorm::Preserve
              : options.denormMode == DenormMode::FlushToZero ? spirv::Denorm::FlushToZero
                                                              : spirv::Denorm::Any;
  so.finiteMathOnly = options.finiteMathOnly;
  so.debugFile = options.spirvDebug.file;
  so.debugSource = options.spirvDebug.source;
  so.debugLine = options.spirvDebug.line;
  so.debugTool = options.spirvDebug.tool;
  so.debugInfo = options.spirvDebug.vulkanDebugInfo || options.spirvDebug.richDebugInfo;
  so.debugInfoOpenCL = !options.spirvDebug.vulkanDebugInfo && options.spirvDebug.richDebugInfo;
  so.debugInfoSource = options.spirvDebug.withSource;
  so.debugInfoSourcePiece = options.spirvDebug.sourcePieceBytes;
  so.commandLine = options.commandLine;
  so.toolVersion = Version();
  so.reflect = options.spirvReflect;
  so.unknownImageFormat = options.unknownImageFormat;
  so.invertY = options.invertY;
  so.vulkanMemoryModel = options.vulkanMemoryModel;
  return so;
}

bool takeSpirv(std::optional<spirv::SpirvResult> r, SpirvOutput& out) {
  if (!r) return false;
  out.words = std::move(r->words);
  out.capabilities = std::move(r->capabilities);
  out.extensions = std::move(r->extensions);
  return true;
}

bool emitSpirv(const ir::Module& m, const ir::EntryPoint& ep, const CompileOptions& options, DiagEngine& diags,
               SpirvOutput& out) {
  return takeSpirv(spirv::compileSpirv(m, ep.name, spirvOptions(options), diags), out);
}

}  // namespace oneshader::driver
