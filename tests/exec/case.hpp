// Execution-test descriptions (tests/exec/cases/*.json) as C++ data.
// The format is documented in docs/testing.md; parsing lives in case.cpp.
#pragma once

#include <algorithm>
#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <nlohmann/json.hpp>

namespace oneshader::exec {

// Element type of a buffer or of a wave test's values. A 32-bit element is one word; a
// 16-bit element (uint16, int16, half: HLSL uint16_t, int16_t, half with -enable-16bit-types)
// is half a word: a buffer of them is packed two per word, element 2i in the low half of
// word i (little-endian, the layout of StructuredBuffer<uint16_t> in Vulkan). Outside a
// buffer a 16-bit value is held in the low 16 bits of a uint32_t (the high bits zero).
enum class ScalarType { Uint, Int, Float, Uint16, Int16, Half };

std::optional<ScalarType> parseScalarType(const std::string& s);
const char* scalarTypeName(ScalarType t);
inline bool is16Bit(ScalarType t) { return t == ScalarType::Uint16 || t == ScalarType::Int16 || t == ScalarType::Half; }
inline bool isFloat(ScalarType t) { return t == ScalarType::Float || t == ScalarType::Half; }

// A buffer's words <-> its elements (identity for 32-bit types). `count` elements.
std::vector<uint32_t> unpackElements(ScalarType t, const std::vector<uint32_t>& words, size_t count);
std::vector<uint32_t> packElements(ScalarType t, const std::vector<uint32_t>& elems);
// Word index holding element i.
inline size_t wordOfElement(ScalarType t, size_t i) { return is16Bit(t) ? i / 2 : i; }

// IEEE binary16 <-> wider: halfToDouble is exact; halfFromDouble rounds to nearest even.
double halfToDouble(uint32_t h);
uint32_t halfFromDouble(double v);
// A value converted between element types the way HLSL converts (truncation to 16 bits,
// sign or zero extension, float <-> half rounding to nearest); only the conversions a case
// can ask for between a buffer and a wave value: same signedness/kind, different width.
uint32_t convertElement(ScalarType from, ScalarType to, uint32_t v);

// A small integer rule evaluated per thread, used for activity predicates, loop trip
// counts and the bool argument of ballot-style intrinsics. The variable is transformed by
// "and", then "mod", then "add" (each optional), then compared by at most one of
// "eq" "ne" "lt" "le" "gt" "ge". Without a comparison the rule yields the number itself.
// The string "all" (or an absent rule) is always true.
struct Rule {
  enum class Var { Lane, Tid, GroupIndex, Value, Always };
  enum class Cmp { None, Eq, Ne, Lt, Le, Gt, Ge };
  Var var = Var::Always;
  std::optional<uint32_t> andMask, mod, add;
  Cmp cmp = Cmp::None;
  int64_t rhs = 0;

  static Rule parse(const nlohmann::json& j);  // throws std::runtime_error
  std::string describe() const;
};

struct RuleInputs {
  uint32_t lane = 0, tid = 0, groupIndex = 0, value = 0;
};
int64_t evalRule(const Rule& r, const RuleInputs& in);  // 1/0 for predicates

// "address_of": a buffer's device address (VK_KHR_buffer_device_address, core in Vulkan
// 1.2) plus a byte offset, written as a little-endian uint64 at byte `at` of a buffer's
// contents or of the push constants once vkrun has created the buffers:
//   {"offset": 8, "address_of": "Nodes", "address_offset": 16}
// It is a field like the typed ones (push_constants, a buffer's {"fields": [...]}); `offset`
// must be a multiple of 8 and address_offset less than the named buffer's size. A case with
// one must require the bufferDeviceAddress feature. The words hold different values on each
// run, so the leg parity check (vkrun --compare) skips them.
struct AddressRef {
  size_t at = 0;        // byte offset in the buffer's contents or the push constants
  std::string buffer;   // whose address
  uint64_t offset = 0;  // added to the address
};

struct BufferDesc {
  std::string name;
  uint32_t set = 0, binding = 0, element = 0;
  bool uniform = false;  // "kind": "uniform" (cbuffer) or "storage" (default)
  ScalarType type = ScalarType::Uint;
  size_t count = 0;                   // elements
  std::vector<uint32_t> init;         // initial contents, packed words (one per 32-bit element)
  std::vector<AddressRef> addresses;  // device addresses vkrun writes into init (zero there until then)
};

struct Expect {
  std::string buffer;
  ScalarType type = ScalarType::Uint;
  std::vector<uint32_t> data;  // elements, compared exactly, element by element, from element 0
};

// "textures": a sampled image at set/binding (HLSL Texture2D / Texture2DArray: a separate
// SAMPLED_IMAGE descriptor; WGSL texture_2d / texture_2d_array / texture_depth_2d). Texel
// data per mip level k (max(1, width >> k) x max(1, height >> k) x layers, layer-major,
// rows top to bottom), given by a generator of "texel element" values: rgba8unorm: 4 bytes
// (0..255) per texel, R G B A; r32float: 1 float per texel; depth16unorm: 1 uint16 per texel.
enum class TexFormat { Rgba8Unorm, R32Float, Depth16Unorm };
struct TextureDesc {
  std::string name;
  uint32_t set = 0, binding = 0;
  TexFormat format = TexFormat::Rgba8Unorm;
  uint32_t width = 1, height = 1, layers = 1;
  bool array = false;                        // a 2D array view (Texture2DArray), also with one layer
  std::vector<std::vector<uint8_t>> levels;  // each level's bytes, tightly packed
  uint32_t levelWidth(size_t k) const { return std::max(1u, width >> k); }
  uint32_t levelHeight(size_t k) const { return std::max(1u, height >> k); }
};
const char* texFormatName(TexFormat f);
uint32_t texelBytes(TexFormat f);

// "samplers": a sampler at set/binding (SamplerState / SamplerComparisonState): filter
// nearest or linear (min, mag and mip), address mode clamp to edge, and for a comparison
// sampler "compare": never less equal less_equal greater not_equal greater_equal always.
// A sampler at a texture's set/binding is that texture's combined image sampler
// ([[vk::combinedImageSampler]]): vkrun binds the two as one COMBINED_IMAGE_SAMPLER
// descriptor; the WebGPU leg binds the sampler where the compiler's reflection moved it.
struct SamplerDesc {
  std::string name;
  uint32_t set = 0, binding = 0;
  bool linear = false;
  std::string compare;  // empty: not a comparison sampler
};

// "push_constants": the bytes vkrun pushes with vkCmdPushConstants (one VkPushConstantRange
// for the compute stage, offset 0, covering them); the WebGPU leg writes the same bytes to
// the uniform buffer the compiler reserves for them. Given as fields like buffers are:
//   [{"offset": 0, "type": "float", "count": 4, "init": ...}, {"offset": 16, "type": "uint", "init": [7]}]
// Each field's elements are packed from its byte offset (16-bit types two per word); bytes
// no field covers are zero; fields must not overlap. The size is the end of the last field,
// rounded up to 4.
struct PushConstants {
  std::vector<uint8_t> bytes;  // empty: the case pushes nothing
  size_t fields = 0;
  std::vector<AddressRef> addresses;  // device addresses vkrun writes into bytes
};

// "spec_constants": [{"id": 3, "type": "uint", "value": 64}, ...]: specialization constants
// (VkSpecializationInfo; WebGPU: pipeline-overridable constants keyed by the id). Each type
// has the byte size Vulkan requires for its SpecId: bool a VkBool32 (4), 16-bit types 2,
// 64-bit types 8, the rest 4.
enum class SpecType { Bool, Int, Uint, Float, Int16, Uint16, Half, Int64, Uint64, Double };
std::optional<SpecType> parseSpecType(const std::string& s);
const char* specTypeName(SpecType t);
uint32_t specTypeSize(SpecType t);
struct SpecConstant {
  uint32_t id = 0;
  SpecType type = SpecType::Uint;
  uint64_t bits = 0;     // the value's bytes (little-endian, specTypeSize(type) of them)
  nlohmann::json value;  // as the case wrote it (a bool or a number), for the WebGPU leg
};

// The wave reference model's input (see reference.hpp).
struct WaveSpec {
  std::string op;  // "sum", "prefix_sum", "ballot", "quad_x", ...
  ScalarType type = ScalarType::Uint;
  std::string input, output, facts;
  Rule active;                    // which threads execute the intrinsic
  Rule pred;                      // bool argument (count_bits, ballot, any, all, ...)
  std::optional<Rule> trips;      // loop: iteration k runs while k < trips(thread)
  std::optional<Rule> partition;  // match / multi_prefix_*: the partition key (default: the value)
  uint32_t iterations = 1;        // output slots per thread
  int64_t laneConst = -1;         // read_lane_at / quad_lane_at constant lane
  int64_t laneRotate = 0;         // read_lane_at: (lane + rotate) % laneCount
  // "vector": N (1..4): each thread's value is a vector of N components, elements
  // N*t .. N*t+N-1 of the input (and of each output slot); the op applies per component.
  uint32_t vector = 1;
};

struct Case {
  std::string path, dir;  // the JSON file and its folder
  std::string description;
  std::string shader, entry = "main", stage = "compute", profile = "cs_6_0";
  std::string targetEnv = "vulkan1.1";
  std::array<uint32_t, 3> localSize{1, 1, 1}, dispatch{1, 1, 1};
  std::vector<std::string> subgroupOps;  // "basic", "vote", "arithmetic", ...
  std::vector<std::string> features;     // "shaderInt64", "shaderFloat64", "bufferDeviceAddress", ...
  // "args": extra compiler arguments, e.g. ["-enable-16bit-types"] (DXC spelling; the test
  // scripts pass them to oneshader for every target). No argument may contain whitespace.
  std::vector<std::string> args;
  uint32_t requiredSubgroupSize = 0;  // 0: driver's choice
  std::vector<BufferDesc> buffers;
  std::vector<TextureDesc> textures;
  std::vector<SamplerDesc> samplers;
  PushConstants pushConstants;
  std::vector<SpecConstant> specConstants;
  std::vector<Expect> expects;
  std::optional<WaveSpec> wave;
  // "wgsl": "unsupported: OSHnnnn": WGSL cannot express the shader, and compiling it for
  // WGSL must fail with exactly this diagnostic code (the WebGPU leg checks that instead).
  std::string wgslUnsupported;
  // "order_dependent": ["Up", ...]: buffers whose contents depend on the order in which
  // threads ran (e.g. the values atomics return). The case's checks must not depend on it;
  // the parity check between legs (vkrun --compare) skips these buffers.
  std::vector<std::string> orderDependent;
  // "differential": true: a differential case (tests/diff): its reference is the same
  // shader compiled by a peer compiler, so it needs no expect/wave of its own; vkrun only
  // runs it and dumps the buffers, and `vkrun --compare` checks them against the peer's.
  bool differential = false;

  uint32_t threadCount() const {
    return localSize[0] * localSize[1] * localSize[2] * dispatch[0] * dispatch[1] * dispatch[2];
  }
  const BufferDesc* findBuffer(const std::string& name) const;
  bool usesAddresses() const;  // an "address_of" in a buffer or the push constants
  bool needsFeature(const std::string& feature) const {
    return std::find(features.begin(), features.end(), feature) != features.end();
  }
};

Case loadCase(const std::string& path);  // throws std::runtime_error with a message

uint32_t floatBits(float f);
float bitsFloat(uint32_t w);
std::string formatWord(ScalarType t, uint32_t w);

}  // namespace oneshader::exec
