// OneShader C++ API. HLSL in; SPIR-V (and later MSL, WGSL) out, with reflection and
// coded diagnostics. Separate calls are independent and thread-safe.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace oneshader {

enum class CompileTarget : uint8_t { SpirV, Msl, Wgsl };
enum class ShaderStage : uint8_t { Vertex, Pixel, Geometry, Hull, Domain, Compute, Mesh, Amplification };
const char* stageName(ShaderStage s);  // "Compute", "Pixel", ...

enum class SpirvTargetEnv : uint8_t { Vulkan1_0, Vulkan1_1, Vulkan1_2, Vulkan1_3 };

enum class LayoutRules : uint8_t { Default, DirectX, Scalar };  // -fvk-use-dx-layout / -fvk-use-scalar-layout

struct Define {
  std::string name;
  std::optional<std::string> value;  // nullopt: "-DNAME" (defined as 1)
};

struct CompileOptions {
  std::vector<CompileTarget> targets{CompileTarget::SpirV};
  // Empty: compile every [shader("...")] entry point. Otherwise the named entry point
  // (-E), with its stage from `profile` (-T, e.g. "cs_6_0") when it has no [shader].
  std::string entryPoint;
  std::string profile;
  std::vector<Define> defines;           // -D (applied in order)
  std::vector<std::string> undefines;    // -U
  std::vector<std::string> includeDirs;  // -I
  SpirvTargetEnv spirvEnv = SpirvTargetEnv::Vulkan1_2;
  int optimizationLevel = 0;             // -O0..-O3: >0 runs SPIRV-Tools' performance passes
  bool validate = true;                  // -Vd turns in-process spirv-val off
  bool enable16BitTypes = false;         // -enable-16bit-types
  bool hlsl2021 = true;                  // -HV 2021 (default)
  LayoutRules layout = LayoutRules::Default;
  // -fvk-{t,u,b,s}-shift N SPACE (space -1 = all spaces)
  struct Shift { char kind; uint32_t shift; int32_t space; };
  std::vector<Shift> bindingShifts;
  bool warningsAsErrors = false;         // -WX
  bool disableWarnings = false;          // -no-warnings
  bool wgslNagaDialect = false;          // omit `enable subgroups;` (naga)
  bool disassemble = false;              // -Fc / --disassemble: fill CompiledShader::text for SPIR-V
};

struct SourceSpan {
  std::string file;
  uint32_t line = 0, column = 0, endLine = 0, endColumn = 0;  // 1-based; 0 = unknown
};

struct DiagnosticInfo {
  std::string code;      // "OSH0350"
  std::string severity;  // "error", "warning", "note"
  std::string message;
  SourceSpan span;
  std::vector<std::pair<SourceSpan, std::string>> notes;
  std::vector<std::string> suggestions;
  std::string rendered;  // clang-style text with the source line and caret
  std::string toString() const { return rendered; }
};

// Vulkan VkSubgroupFeatureFlagBits values.
enum SubgroupFeature : uint32_t {
  SubgroupBasic = 0x1, SubgroupVote = 0x2, SubgroupArithmetic = 0x4, SubgroupBallot = 0x8,
  SubgroupShuffle = 0x10, SubgroupShuffleRelative = 0x20, SubgroupClustered = 0x40,
  SubgroupQuad = 0x80, SubgroupPartitionedNV = 0x100,
};
std::string subgroupFeatureNames(uint32_t flags);  // "Basic, Arithmetic"

struct ResourceBinding {
  std::string name;
  std::string kind;       // "StructuredBuffer", "RWByteAddressBuffer", "cbuffer", ...
  char registerClass = 0; // 't', 'u', 'b', 's'
  uint32_t registerIndex = 0, registerSpace = 0;
  uint32_t set = 0, binding = 0;  // Vulkan / WGSL group+binding
  std::string descriptorType;     // "storage-buffer", "uniform-buffer", ...
  bool readOnly = false;
  int32_t mslIndex = -1;          // [[buffer(n)]] etc.
};

struct EntryPointInfo {
  std::string name;
  ShaderStage stage = ShaderStage::Compute;
  uint32_t workgroupSize[3] = {1, 1, 1};
  uint32_t subgroupOperations = 0;  // SubgroupFeature bits
  std::vector<std::string> spirvCapabilities;
  std::vector<std::string> spirvExtensions;
  std::vector<std::string> webgpuFeatures;
  std::vector<ResourceBinding> resources;
};

// The seed's summary line: "CSSum (Compute): Basic, Arithmetic = 0x5".
std::string SummaryLine(const EntryPointInfo& e);

struct Reflection {
  std::vector<EntryPointInfo> entryPoints;
  std::string toJson() const;  // stable key order
};

struct CompiledShader {
  std::string entryPoint;
  CompileTarget target;
  std::vector<uint32_t> spirv;  // for SpirV
  std::string text;             // for Msl / Wgsl; SPIR-V disassembly on request
  std::vector<uint8_t> toBytes() const;
  const std::string& asText() const { return text; }
};

// One phase of the in-process timing breakdown (--time).
struct PhaseTiming {
  std::string phase;        // "preprocess+parse", "sema", "lower", "spirv:CSSum", "reflect"
  uint64_t microseconds = 0;
};

struct CompileResult {
  bool success = false;
  std::vector<DiagnosticInfo> diagnostics;
  std::optional<Reflection> reflection;
  std::vector<CompiledShader> outputs;
  std::vector<PhaseTiming> timings;  // in pipeline order
  const CompiledShader* find(const std::string& entry, CompileTarget t) const;
  std::string renderedDiagnostics() const;  // every diagnostic, as the CLI prints them
  // Every diagnostic as a JSON array (code, severity, message, span, notes, suggestions).
  std::string diagnosticsJson() const;
};

CompileResult CompileFile(const std::string& path, const CompileOptions& options = {});
CompileResult CompileSource(const std::string& source, const std::string& virtualPath,
                            const CompileOptions& options = {});
// SPIR-V disassembly (SPIRV-Tools) of a module, for -Fc / --disassemble.
std::string DisassembleSpirv(const std::vector<uint32_t>& words);

// Parses a DXC profile ("cs_6_0", "ps_6_5", "lib_6_3") into a stage and shader model.
// Returns false for an unknown profile (lib_* gives ok with no stage).
struct ProfileInfo {
  std::optional<ShaderStage> stage;  // nullopt for lib_*
  uint32_t major = 6, minor = 0;
};
bool ParseProfile(const std::string& profile, ProfileInfo& out);

// The version string printed by `oneshader --version`.
const char* Version();

}  // namespace oneshader
