// SPIR-V backend: IR -> Vulkan SPIR-V binary, plus SPIRV-Tools wrappers
// (in-process validation, optimization, disassembly).
//
// One module per entry point, containing only what that entry point reaches. Declares
// only the capabilities and extensions used. Buffers use the StorageBuffer storage class
// (SPV_KHR_storage_buffer_storage_class under vulkan1.0). Layout (offsets, strides) is
// taken from the IR types as lowering computed it; the backend adds Block to buffer
// block structs. Output is deterministic.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "ir/ir.hpp"

namespace oneshader {
class DiagEngine;
}

namespace oneshader::spirv {

// The Vulkan environment a module is made and validated for (the driver maps the public
// VulkanEnv onto it).
enum class VulkanEnv : uint8_t { Vulkan1_0, Vulkan1_1, Vulkan1_2, Vulkan1_3, Vulkan1_1Spirv1_4, Universal1_5 };

enum class Denorm : uint8_t { Any, Preserve, FlushToZero };

struct SpirvOptions {
  VulkanEnv env = VulkanEnv::Vulkan1_2;
  bool validate = true;  // in-process spirv-val; failure is OSH3001
  // -fvk-use-scalar-layout / -fvk-use-dx-layout: buffer blocks are checked against the scalar
  // block layout rules (VK_EXT_scalar_block_layout), as DXC validates them; else the relaxed rules.
  bool scalarBlockLayout = false;
  int optLevel = 0;                          // > 0: SPIRV-Tools performance passes
  std::vector<std::string> optimizerPasses;  // -Oconfig: spirv-opt flags run instead of optLevel's
  // -fspv-extension: the extensions the module may use ("KHR": every SPV_KHR_*); empty: any.
  // Another one is OSH3005.
  std::vector<std::string> allowedExtensions;
  std::string entryPointName;             // -fspv-entrypoint-name ("": the IR entry point's name)
  uint32_t maxId = 0;                     // -fspv-max-id (0: none); a larger id bound is OSH3006
  bool signedZeroInfNanPreserve = false;  // -Gis
  Denorm denorm = Denorm::Any;            // -denorm
  bool finiteMathOnly = false;            // -ffinite-math-only: FMin/FMax/FClamp, not NMin/NMax/NClamp
  // -Zi / -fspv-debug: OpString + OpSource naming each file (file), with its text (source),
  // OpLine before the instructions of each source line (line), OpModuleProcessed (tool).
  bool debugFile = false, debugSource = false, debugLine = false, debugTool = false;
  // -fspv-debug=vulkan / vulkan-with-source: NonSemantic.Shader.DebugInfo.100 (emit_debug_info.cpp),
  // with each file's text (debugInfoSource). It overrules the four above, as in DXC.
  // debugInfoOpenCL (-fspv-debug=rich / rich-with-source): the same information in DXC's older
  // OpenCL.DebugInfo.100 form instead (literal numbers, OpLine for lines).
  bool debugInfo = false, debugInfoSource = false, debugInfoOpenCL = false;
  uint32_t debugInfoSourcePiece = 0;  // the most bytes of text per DebugSource(Continued) (0: as fit)
  std::string commandLine;            // recorded by debugTool and debugInfo
  std::string toolVersion;            // recorded by debugTool
  bool reflect = false;               // -fspv-reflect: SPV_GOOGLE decorations for reflection
  bool unknownImageFormat = false;    // -fspv-use-unknown-image-format: inferred image formats are Unknown
  // -fvk-invert-y: SV_Position.y negated where a vertex, domain, geometry or mesh shader
  // writes it. Vulkan's alone: Metal's and WebGPU's clip space has DirectX's y direction.
  bool invertY = false;
  bool vulkanMemoryModel = false;  // -fspv-use-vulkan-memory-model: SPIRV-Tools' upgrade-memory-model pass
};

// Whether -fspv-extension's list allows `ext` (an empty list allows every extension).
bool extensionAllowed(const std::vector<std::string>& allowed, const std::string& ext);
// DXC's choice for the ray tracing pipeline: SPV_NV_ray_tracing where -fspv-extension lists
// it and not SPV_KHR_ray_tracing, SPV_KHR_ray_tracing otherwise.
bool nvRayTracing(const std::vector<std::string>& allowed);

struct SpirvResult {
  std::vector<uint32_t> words;
  std::vector<std::string> capabilities;  // e.g. "Shader", "GroupNonUniform" (sorted by enum value)
  std::vector<std::string> extensions;    // e.g. "SPV_KHR_storage_buffer_storage_class"
  uint32_t subgroupFeatures = 0;          // VkSubgroupFeatureFlagBits
};

// Emits the module for `entryPoint`; nullopt after reporting a coded diagnostic.
std::optional<SpirvResult> compileSpirv(const ir::Module& m, const std::string& entryPoint, const SpirvOptions& options,
                                        DiagEngine& diags);
class Emitter;

// compileSpirv in two steps, for a caller that validates the words on another thread (the
// driver, docs/design.md "Validation on a second core"): emit() (false: the result is
// nullopt, reported), then, when needsValidation(), spirv-val over words() (which nothing
// changes until complete()), then complete() with its verdict. The diagnostics are
// compileSpirv's, in its order.
class SpirvJob {
 public:
  SpirvJob(const ir::Module& m, const std::string& entryPoint, const SpirvOptions& options, DiagEngine& diags);
  ~SpirvJob();
  bool emit();
  bool needsValidation() const;
  const std::vector<uint32_t>& words() const;
  // `valid`, or validateSpirv's message and instruction index.
  std::optional<SpirvResult> complete(bool valid, const std::string& message = {}, uint32_t index = ~0u);

 private:
  const ir::Module& m_;
  std::string entryPoint_;
  SpirvOptions options_;
  DiagEngine& diags_;
  std::unique_ptr<Emitter> e_;
};

// Same, words only.
std::optional<std::vector<uint32_t>> emitSpirv(const ir::Module& m, const std::string& entryPoint,
                                               const SpirvOptions& options, DiagEngine& diags);

// SPIR-V version word for a target environment (vulkan1.0 -> 1.0, 1.1 -> 1.3, 1.2 -> 1.5, 1.3 -> 1.6).
uint32_t spirvVersionFor(VulkanEnv env);

// SPIRV-Tools wrappers. `error` gets the validator's message; `instructionIndex` the index
// of the failing instruction (0-based from the first instruction after the header) when known.
bool validateSpirv(const std::vector<uint32_t>& words, VulkanEnv env, std::string* error = nullptr,
                   uint32_t* instructionIndex = nullptr, bool scalarBlockLayout = false);
// Whether the linked SPIRV-Tools knows SPV_KHR_cooperative_matrix (capability 6022,
// OpTypeCooperativeMatrixKHR): v2023.1 (Debian 12) does not, so it cannot validate such a
// module. `version` gets the library's version ("SPIRV-Tools v2023.1").
bool validatorKnowsCooperativeMatrix(std::string* version = nullptr);
// `passes` (spirv-opt flags such as "--loop-unroll") replace the performance passes when given.
bool optimizeSpirv(std::vector<uint32_t>& words, VulkanEnv env, std::string* error = nullptr,
                   const std::vector<std::string>& passes = {});
// Whether these spirv-opt flags remove all rich debug information: --strip-debug, and for
// NonSemantic.Shader.DebugInfo.100 (not OpenCL.DebugInfo.100, `openclSet`) --strip-nonsemantic
// or its older name --strip-reflect.
bool stripsDebugInfo(const std::vector<std::string>& passes, bool openclSet = false);
// Text with friendly names and indentation, as spirv-dis prints it.
std::string disassembleSpirv(const std::vector<uint32_t>& words);

}  // namespace oneshader::spirv
