// OneShader C++ API. HLSL in; SPIR-V (and later MSL, WGSL) out, with reflection and
// coded diagnostics. Separate calls are independent and thread-safe.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace oneshader {

enum class CompileTarget : uint8_t { SpirV, Msl, Wgsl };
enum class ShaderStage : uint8_t {
  Vertex,
  Pixel,
  Geometry,
  Hull,
  Domain,
  Compute,
  Mesh,
  Amplification,
  RayGeneration,
  Intersection,
  AnyHit,
  ClosestHit,
  Miss,
  Callable,  // ray tracing (SPIR-V only)
};
const char* stageName(ShaderStage s);  // "Compute", "Pixel", ...

// -fspv-target-env: DXC's six environments. Vulkan1_1Spirv1_4 is Vulkan 1.1 with SPIR-V 1.4
// (VK_KHR_spirv_1_4); Universal1_5 is SPIR-V 1.5 validated without Vulkan's rules.
enum class SpirvTargetEnv : uint8_t { Vulkan1_0, Vulkan1_1, Vulkan1_2, Vulkan1_3, Vulkan1_1Spirv1_4, Universal1_5 };

// -fvk-use-dx-layout / -fvk-use-scalar-layout / -fvk-use-gl-layout (strict std140/std430).
enum class LayoutRules : uint8_t { Default, DirectX, Scalar, OpenGL };

// -denorm: what 32-bit float denormals do (DXC's any / preserve / ftz).
enum class DenormMode : uint8_t { Any, Preserve, FlushToZero };

// -fvk-stage-io-order: how stage input/output locations are assigned.
enum class StageIoOrder : uint8_t { Declaration, Alphabetical };

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
  int optimizationLevel = 0;      // -O0..-O3: >0 runs SPIRV-Tools' performance passes
  bool validate = true;           // -Vd turns in-process spirv-val off
  bool enable16BitTypes = false;  // -enable-16bit-types
  uint32_t hlslVersion = 2021;    // -HV: 2016, 2017, 2018, 2021 (default) or 2029 (202x)
  LayoutRules layout = LayoutRules::Default;
  // -fvk-{t,u,b,s}-shift N SPACE (space -1 = all spaces)
  struct Shift {
    char kind;
    uint32_t shift;
    int32_t space;
  };
  std::vector<Shift> bindingShifts;
  bool warningsAsErrors = false;  // -WX
  bool disableWarnings = false;   // -no-warnings
  bool wgslNagaDialect = false;   // omit `enable subgroups;` (naga)
  // MSL: a static_assert of each laid-out struct's member offsets and size after the struct
  // (--msl-layout-asserts; the MSL checks turn it on). Off: the output has none.
  bool mslLayoutAsserts = false;
  // WebGPU has no push constants: the [[vk::push_constant]] block is a uniform buffer at this
  // group and binding (--wgsl-push-constant-binding). -1: binding 0 of the group after the
  // highest group the shader binds. Reflection reports where it went.
  int32_t wgslPushConstantGroup = -1;
  uint32_t wgslPushConstantBinding = 0;
  bool disassemble = false;  // -Fc / --disassemble: fill CompiledShader::text for SPIR-V

  // ---- DXC's SPIR-V code generation options (docs/cli.md has each one's effect)
  // -fspv-extension: the only SPIR-V extensions the module may use ("KHR" allows every
  // SPV_KHR_*); empty: any. A module that needs another one is OSH3005.
  std::vector<std::string> allowedSpirvExtensions;
  bool defaultRowMajor = false;      // -Zpr (true) / -Zpc (false): matrices without row_major/column_major
  bool invertY = false;              // -fvk-invert-y: SV_Position.y negated where a stage writes it (SPIR-V)
  bool dxPositionW = false;          // -fvk-use-dx-position-w: pixel SV_Position.w is the clip w (all targets)
  bool nonzeroBaseVertex = false;    // -fvk-support-nonzero-base-vertex: SV_VertexID from 0
  bool nonzeroBaseInstance = false;  // -fvk-support-nonzero-base-instance: SV_InstanceID from 0
  StageIoOrder stageIoOrder = StageIoOrder::Declaration;  // -fvk-stage-io-order
  bool unknownImageFormat = false;                        // -fspv-use-unknown-image-format
  bool vulkanMemoryModel = false;            // -fspv-use-vulkan-memory-model: OpMemoryModel Logical Vulkan (SPIR-V)
  std::string spirvEntryPointName;           // -fspv-entrypoint-name: the OpEntryPoint name
  std::vector<std::string> optimizerPasses;  // -Oconfig: SPIRV-Tools passes ("--loop-unroll") instead of -O's
  uint32_t spirvMaxId = 0;                   // -fspv-max-id: the largest id the module may use (0: no limit)
  bool ieeeStrict = false;                   // -Gis: SignedZeroInfNanPreserve for 32-bit floats
  DenormMode denormMode = DenormMode::Any;   // -denorm: DenormPreserve / DenormFlushToZero for 32-bit floats
  bool finiteMathOnly = false;               // -ffinite-math-only: float min/max/clamp as FMin/FMax/FClamp
  // -Zi / -fspv-debug=: OpSource with the file name (file), the source text (source), OpLine
  // per instruction (line), OpModuleProcessed with the compiler and options (tool).
  // vulkan / vulkan-with-source: NonSemantic.Shader.DebugInfo.100 (vulkanDebugInfo); rich /
  // rich-with-source: OpenCL.DebugInfo.100 (richDebugInfo). Either overrules the four others,
  // and vulkan overrules rich (DXC's rules). withSource (the *-with-source forms): each file's
  // text in its DebugSource.
  struct SpirvDebugInfo {
    bool file = false, source = false, line = false, tool = false;
    bool vulkanDebugInfo = false, richDebugInfo = false, withSource = false;
    // vulkan-with-source-test (DXC's testing variant): each file's text in pieces of at most
    // this many bytes, so that small files get DebugSourceContinued too (0: as large as fit).
    uint32_t sourcePieceBytes = 0;
  } spirvDebug;
  std::string commandLine;    // what -fspv-debug=tool records (the CLI fills it)
  bool spirvReflect = false;  // -fspv-reflect: HlslSemanticGOOGLE / UserTypeGOOGLE / counter decorations
  // Explicit bindings. -fvk-bind-register xX SPACE BINDING SET (every resource must have a
  // register and a mapping); -fvk-bind-globals BINDING SET for $Globals; -auto-binding-space
  // N: the space of resources without register(); -fvk-auto-shift-bindings: implicit
  // bindings take the -fvk-*-shift of their register class.
  struct RegisterBinding {
    char kind;
    uint32_t reg, space, binding, set;
  };
  std::vector<RegisterBinding> registerBindings;
  std::optional<std::pair<uint32_t, uint32_t>> globalsBinding;  // binding, set
  std::optional<uint32_t> autoBindingSpace;
  bool autoShiftBindings = false;
  // -fspv-flatten-resource-arrays: each element of an array of resources is its own resource,
  // on consecutive bindings (an array of N takes N), indexed by constants only.
  bool flattenResourceArrays = false;
  // -fvk-bind-resource-heap / -sampler-heap / -counter-heap BINDING SET (descriptor heaps).
  std::optional<std::pair<uint32_t, uint32_t>> resourceHeapBinding, samplerHeapBinding, counterHeapBinding;
  // -Wno-GROUP / -WGROUP: DXC's (clang's) warning group names ("conversion",
  // "vk-ignored-features", ...); an unknown group is note OSH9005.
  std::vector<std::string> disabledWarningGroups;
  uint32_t errorLimit = 0;  // -ferror-limit (0: the default, 200)
  uint64_t maxTokens = 0;   // -fmax-tokens: tokens after preprocessing (0: the default, 2^24; OSH1024)
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
  SubgroupBasic = 0x1,
  SubgroupVote = 0x2,
  SubgroupArithmetic = 0x4,
  SubgroupBallot = 0x8,
  SubgroupShuffle = 0x10,
  SubgroupShuffleRelative = 0x20,
  SubgroupClustered = 0x40,
  SubgroupQuad = 0x80,
  SubgroupPartitionedNV = 0x100,
};
std::string subgroupFeatureNames(uint32_t flags);  // "Basic, Arithmetic"

// The shape of a WebGPU GPUBindGroupLayoutEntry (without binding and visibility): exactly
// one of buffer / texture / storageTexture / sampler, named by `kind`.
struct WebGpuLayoutShape {
  enum class Kind : uint8_t { None, Buffer, Texture, StorageTexture, Sampler } kind = Kind::None;
  std::string bufferType;     // Buffer: "uniform", "storage", "read-only-storage"
  std::string sampleType;     // Texture: "float", "unfilterable-float", "depth", "sint", "uint"
  std::string viewDimension;  // Texture, StorageTexture: "1d", "2d", "2d-array", "cube", "cube-array", "3d"
  bool multisampled = false;  // Texture
  std::string access;         // StorageTexture: "write-only", "read-only", "read-write"
  std::string format;         // StorageTexture: "r32float", "rgba8unorm", ...
  std::string samplerType;    // Sampler: "filtering", "non-filtering", "comparison"
};

// A resource's binding in the SPIR-V module (filled when SPIR-V was compiled).
struct SpirvResourceBinding {
  uint32_t set = 0, binding = 0;
  std::string descriptorType;    // "VK_DESCRIPTOR_TYPE_STORAGE_BUFFER", ...
  uint32_t descriptorCount = 1;  // array size; 0 = runtime-sized array
  // The associated counter buffer of an RW/Append/Consume structured buffer (DXC's
  // `counter.var.NAME`, its own VK_DESCRIPTOR_TYPE_STORAGE_BUFFER), when the module has one.
  bool hasCounter = false;
  std::string counterName;
  uint32_t counterSet = 0, counterBinding = 0;
};

// A resource's binding in the WGSL module (filled when WGSL was compiled).
struct WgslResourceBinding {
  uint32_t group = 0, binding = 0;
  WebGpuLayoutShape layout;
};

// A resource's entry in the Metal argument table (filled when MSL was compiled).
struct MslResourceBinding {
  std::string kind;    // "buffer", "texture", "sampler"
  uint32_t index = 0;  // [[buffer(n)]], [[texture(n)]], [[sampler(n)]]
  uint32_t count = 1;  // an array of textures/samplers takes indices index .. index+count-1
  // A read-write texture: the MTLPixelFormat the host creates it with ("RGBA8Unorm": the
  // [[vk::image_format]] or the format inferred from the element type).
  std::string pixelFormat;
};

struct ResourceBinding {
  std::string name;
  std::string kind;        // "StructuredBuffer", "RWByteAddressBuffer", "cbuffer", ...
  char registerClass = 0;  // 't', 'u', 'b', 's'
  uint32_t registerIndex = 0, registerSpace = 0;
  uint32_t set = 0, binding = 0;  // Vulkan / WGSL group+binding
  std::string descriptorType;     // "storage-buffer", "uniform-buffer", ..., "push-constant"
  bool readOnly = false;
  // The [[vk::push_constant]] block (kind "PushConstant", descriptorType "push-constant"):
  // its byte size, the VkPushConstantRange a Vulkan host declares (offset 0, this size) and
  // pushes. It has no descriptor; WGSL binds it as a uniform buffer (`wgsl`), MSL as a
  // `constant` buffer argument the host fills with setBytes (`msl`).
  uint32_t pushConstantSize = 0;
  // A storage image or typed buffer: its SPIR-V image format ("Rgba8", "R32f", "Unknown"),
  // from [[vk::image_format]] or inferred from the element type as DXC does.
  std::string imageFormat;
  // [[vk::combinedImageSampler]]: the name of the other half (the sampler of a texture, the
  // texture of a sampler). SPIR-V binds the pair as ONE descriptor: the texture's `spirv`
  // has VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER and the sampler has no `spirv` entry.
  // WGSL binds the two separately (the sampler's `wgsl` binding is a free one of the
  // group), MSL too (each at its own [[texture(n)]] / [[sampler(n)]]).
  std::string combinedWith;
  int32_t mslIndex = -1;  // [[buffer(n)]] etc. (= msl->index)
  // The binding in each target that was compiled (nullopt: that target was not compiled,
  // or it does not bind this resource).
  std::optional<SpirvResourceBinding> spirv;
  std::optional<WgslResourceBinding> wgsl;
  std::optional<MslResourceBinding> msl;
};

// One value of an entry point's stage interface (an input or an output), flattened: the
// members of an interface struct are listed one by one.
struct StageVariable {
  std::string name;           // the stage variable ("in.var.TEXCOORD0", "var.SV_Position"); "" for a plain return value
  std::string semantic;       // HLSL semantic: "SV_DispatchThreadID", "TEXCOORD0", ...
  std::string type;           // HLSL-style type: "uint3", "float4", ...
  bool builtin = false;       // a system value (else a user location)
  uint32_t location = 0;      // !builtin: Vulkan Location = WGSL @location
  std::string interpolation;  // !builtin: "perspective", "linear", "flat"
  std::string sampling;       // !builtin: "center", "centroid", "sample"
  int32_t index = -1;         // !builtin: [[vk::index(N)]] on a pixel output (dual-source blending), else -1
  // builtin: the built-in per target ("" where the target has none); SPIR-V BuiltIn name,
  // WGSL @builtin name, MSL attribute. For a location, msl is the MSL attribute
  // ("attribute(0)", "user(locn0)", "color(0)") and spirv/wgsl stay "".
  std::string spirv, wgsl, msl;
};

// The WebGPU pipeline-layout view of an entry point (when WGSL was compiled): what a host
// passes to device.createBindGroupLayout / createPipelineLayout, and the features to request.
struct WebGpuBindGroupLayoutEntry {
  uint32_t binding = 0;
  uint32_t visibility = 0;  // GPUShaderStage: VERTEX 0x1, FRAGMENT 0x2, COMPUTE 0x4
  WebGpuLayoutShape layout;
  std::string resource;  // the HLSL name of the bound resource
};
struct WebGpuPipelineLayout {
  std::vector<std::string> requiredFeatures;  // "subgroups", "shader-f16", ...
  // Index = WGSL @group; a group the entry point does not use is an empty layout.
  std::vector<std::vector<WebGpuBindGroupLayoutEntry>> bindGroupLayouts;
};

// The Metal argument table of an entry point (when MSL was compiled), per kind in index order.
struct MetalArgument {
  std::string kind;  // "buffer", "texture", "sampler"
  uint32_t index = 0;
  std::string resource;  // the HLSL name of the bound resource
  uint32_t count = 1;    // consecutive indices taken (arrays of textures/samplers)
};

// A [[vk::constant_id(N)]] specialization constant the entry point uses. The same id names
// it on every target: SPIR-V SpecId N (VkSpecializationMapEntry::constantID), WGSL
// `@id(N) override` (the `constants` record of a WebGPU pipeline, key "N"), MSL
// `[[function_constant(N)]]` (MTLFunctionConstantValues index N). Unset, it is `defaultValue`.
struct SpecializationConstant {
  uint32_t id = 0;
  std::string name;         // the HLSL variable
  std::string type;         // "bool", "int", "uint", "float"
  double defaultValue = 0;  // bool: 0 or 1; int and uint exactly
  // The workgroup dimensions it sets (0 = x, 1 = y, 2 = z: [numthreads(N, 1, 1)] gives {0}):
  // SPIR-V LocalSizeId or the WorkgroupSize built-in, WGSL @workgroup_size(N); a Metal host
  // passes the value as the dispatch's threadsPerThreadgroup itself.
  std::vector<uint32_t> workgroupSizeDims;
};

struct EntryPointInfo {
  std::string name;
  ShaderStage stage = ShaderStage::Compute;
  uint32_t workgroupSize[3] = {1, 1, 1};  // a specialised dimension: its default
  // Per dimension, the SpecId of the specialization constant that sets it ([numthreads(N, ..)]
  // with a [[vk::constant_id]] N), when one does (see SpecializationConstant).
  std::optional<uint32_t> workgroupSizeSpecId[3];
  uint32_t subgroupOperations = 0;  // SubgroupFeature bits
  std::vector<std::string> spirvCapabilities;
  std::vector<std::string> spirvExtensions;
  std::vector<std::string> webgpuFeatures;
  std::vector<ResourceBinding> resources;
  std::vector<SpecializationConstant> specConstants;  // in id order
  std::vector<StageVariable> inputs, outputs;
  std::optional<WebGpuPipelineLayout> webgpu;       // when WGSL was compiled
  std::optional<std::vector<MetalArgument>> metal;  // when MSL was compiled
};

// The seed's summary line: "CSSum (Compute): Basic, Arithmetic = 0x5".
std::string SummaryLine(const EntryPointInfo& e);
// What `oneshader --reflect` prints under the summary line: one indented line per
// resource (its binding in each compiled target), per input and output, and the WebGPU
// features; every line ends with '\n'. See docs/cli.md.
std::string ReflectionDetail(const EntryPointInfo& e);
// The entry point's WebGPU pipeline-layout view as JSON, {"requiredFeatures": [...],
// "bindGroupLayouts": [{"entries": [...]}, ...]} (the "webgpu" object of toJson()); ""
// when WGSL was not compiled.
std::string WebGpuPipelineLayoutJson(const EntryPointInfo& e);

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
  std::string phase;  // "preprocess+parse", "sema", "lower", "spirv:CSSum", "reflect"
  uint64_t microseconds = 0;
};

struct CompileResult {
  bool success = false;
  std::vector<DiagnosticInfo> diagnostics;
  std::optional<Reflection> reflection;
  std::vector<CompiledShader> outputs;
  std::vector<PhaseTiming> timings;  // in pipeline order
  // Every file the compile read, in first-read order (the main file first), spelled as it
  // was found (the input path, or an -I directory / the includer's folder joined with the
  // #include name): the prerequisites of a depfile (-MD). Filled on failure too.
  std::vector<std::string> dependencies;
  const CompiledShader* find(const std::string& entry, CompileTarget t) const;
  std::string renderedDiagnostics() const;  // every diagnostic, as the CLI prints them
  // Every diagnostic as a JSON array (code, severity, message, span, notes, suggestions).
  std::string diagnosticsJson() const;
};

CompileResult CompileFile(const std::string& path, const CompileOptions& options = {});
CompileResult CompileSource(const std::string& source, const std::string& virtualPath,
                            const CompileOptions& options = {});
// The preprocessed text of a file (-P): macros expanded, directives applied, one line per
// source line that carries tokens, with `#line` markers where the file changes.
// `diagnostics` get the preprocessor's errors; success is false when there is one.
struct PreprocessResult {
  bool success = false;
  std::string text;
  std::vector<DiagnosticInfo> diagnostics;
  std::vector<std::string> dependencies;
};
PreprocessResult PreprocessFile(const std::string& path, const CompileOptions& options = {});

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
