// SPIRV-Tools wrappers: validate, optimize, disassemble.
#include <cstdio>
#include <cstring>
#include <string_view>

#include <spirv-tools/libspirv.hpp>
#include <spirv-tools/optimizer.hpp>

#include <spirv/unified1/spirv.hpp11>

#include "backend/spirv/spirv.hpp"

namespace oneshader::spirv {

bool extensionAllowed(const std::vector<std::string>& allowed, const std::string& ext) {
  if (allowed.empty()) return true;
  for (const std::string& a : allowed)
    if (a == ext || (a == "KHR" && ext.rfind("SPV_KHR_", 0) == 0)) return true;
  return false;
}

bool nvRayTracing(const std::vector<std::string>& allowed) {
  return !allowed.empty() && extensionAllowed(allowed, "SPV_NV_ray_tracing") &&
         !extensionAllowed(allowed, "SPV_KHR_ray_tracing");
}

static spv_target_env toolsEnv(VulkanEnv env) {
  switch (env) {
    case VulkanEnv::Vulkan1_0: return SPV_ENV_VULKAN_1_0;
    case VulkanEnv::Vulkan1_1: return SPV_ENV_VULKAN_1_1;
    case VulkanEnv::Vulkan1_2: return SPV_ENV_VULKAN_1_2;
    case VulkanEnv::Vulkan1_3: return SPV_ENV_VULKAN_1_3;
    case VulkanEnv::Vulkan1_1Spirv1_4: return SPV_ENV_VULKAN_1_1_SPIRV_1_4;
    case VulkanEnv::Universal1_5: return SPV_ENV_UNIVERSAL_1_5;
  }
  return SPV_ENV_VULKAN_1_2;
}

uint32_t spirvVersionFor(VulkanEnv env) {
  switch (env) {
    case VulkanEnv::Vulkan1_0: return 0x00010000;
    case VulkanEnv::Vulkan1_1: return 0x00010300;
    case VulkanEnv::Vulkan1_2: return 0x00010500;
    case VulkanEnv::Vulkan1_3: return 0x00010600;
    case VulkanEnv::Vulkan1_1Spirv1_4: return 0x00010400;
    case VulkanEnv::Universal1_5: return 0x00010500;
  }
  return 0x00010500;
}

// One validator run; `friendlyNames` makes its messages name ids as spirv-dis does.
static bool runValidator(const std::vector<uint32_t>& words, VulkanEnv env, bool friendlyNames, bool scalarBlockLayout,
                         std::string* error, uint32_t* instructionIndex) {
  spvtools::SpirvTools tools(toolsEnv(env));
  std::string first;
  size_t firstIndex = ~size_t(0);
  tools.SetMessageConsumer([&](spv_message_level_t level, const char*, const spv_position_t& pos, const char* msg) {
    if (level <= SPV_MSG_ERROR && first.empty()) {
      first = msg ? msg : "";
      firstIndex = pos.index;
    }
  });
  spvtools::ValidatorOptions vo;
  vo.SetFriendlyNames(friendlyNames);
  if (scalarBlockLayout)
    vo.SetScalarBlockLayout(true);
  else
    vo.SetRelaxBlockLayout(true);
  bool ok = tools.Validate(words.data(), words.size(), vo);
  if (!ok) {
    if (error) *error = first.empty() ? std::string("unknown validation error") : first;
    if (instructionIndex) *instructionIndex = firstIndex == ~size_t(0) ? ~0u : uint32_t(firstIndex);
  }
  return ok;
}

// A valid module is validated once, without friendly names: building them (a name for
// every id) was a quarter of the validator's time on small modules (docs/design.md,
// "Validation cost"). Only an invalid module is validated again with them, so that the
// message names ids the way the disassembly does.
bool validateSpirv(const std::vector<uint32_t>& words, VulkanEnv env, std::string* error, uint32_t* instructionIndex,
                   bool scalarBlockLayout) {
  if (runValidator(words, env, false, scalarBlockLayout, nullptr, nullptr)) return true;
  return runValidator(words, env, true, scalarBlockLayout, error, instructionIndex);
}

// Probed once: the disassembler (which knows exactly the grammar the validator and the
// optimizer know) is asked to read `OpCapability CooperativeMatrixKHR`.
bool validatorKnowsCooperativeMatrix(std::string* version) {
  if (version) {
    // "v2023.1 unknown hash, 2023-02-15..." -> "SPIRV-Tools v2023.1"
    std::string v = spvSoftwareVersionString();
    v = v.substr(0, v.find(' '));
    *version = v.rfind("SPIRV-Tools", 0) == 0 ? v : "SPIRV-Tools " + v;
  }
  static const bool known = [] {
    spvtools::SpirvTools tools(SPV_ENV_UNIVERSAL_1_6);
    tools.SetMessageConsumer([](spv_message_level_t, const char*, const spv_position_t&, const char*) {});
    const std::vector<uint32_t> module{0x07230203u, 0x00010600u, 0u, 1u, 0u, (2u << 16) | 17u /* OpCapability */,
                                       6022u};
    std::string text;
    return tools.Disassemble(module, &text, SPV_BINARY_TO_TEXT_OPTION_NONE);
  }();
  return known;
}

// Whether the module imports the extended instruction set `set` (OpExtInstImport).
static bool importsSet(const std::vector<uint32_t>& words, std::string_view set) {
  for (size_t i = 5; i < words.size();) {
    uint32_t count = words[i] >> 16;
    spv::Op op = spv::Op(words[i] & 0xffff);
    if (count == 0 || i + count > words.size()) return false;
    if (op == spv::Op::OpExtInstImport && count > 2) {
      const char* name = reinterpret_cast<const char*>(&words[i + 2]);
      if (std::string_view(name, strnlen(name, (count - 2) * 4)) == set) return true;
    }
    if (op == spv::Op::OpMemoryModel) return false;  // the imports come before it
    i += count;
  }
  return false;
}

bool optimizeSpirv(std::vector<uint32_t>& words, VulkanEnv env, std::string* error,
                   const std::vector<std::string>& passes) {
  spvtools::Optimizer opt(toolsEnv(env));
  std::string first;
  opt.SetMessageConsumer([&](spv_message_level_t level, const char*, const spv_position_t&, const char* msg) {
    if (level <= SPV_MSG_ERROR && first.empty()) first = msg ? msg : "";
  });
  // -Oconfig's "--legalize-hlsl" alone: DXC's legalization, which OneShader's output never
  // needs; the module stays as it is.
  if (passes.size() == 1 && passes[0] == "--legalize-hlsl") return true;
  // SPIRV-Tools 2023.1's dead code elimination crashes on many modules with OpenCL.DebugInfo.100
  // (-fspv-debug=rich) unless their ids come in the order they first appear (as DXC's and
  // spirv-as's do): renumber them so first. The module's meaning does not change.
  if (importsSet(words, "OpenCL.DebugInfo.100")) opt.RegisterPass(spvtools::CreateCompactIdsPass());
  if (passes.empty()) {
    opt.RegisterPerformancePasses();
  } else if (!opt.RegisterPassesFromFlags(passes)) {
    if (error) *error = first.empty() ? std::string("unknown optimizer flag") : first;
    return false;
  }
  std::vector<uint32_t> out;
  spvtools::ValidatorOptions vo;
  spvtools::OptimizerOptions oo;
  oo.set_run_validator(false);
  oo.set_validator_options(vo);
  if (!opt.Run(words.data(), words.size(), &out, oo)) {
    if (error) *error = first.empty() ? std::string("optimizer failed") : first;
    return false;
  }
  words = std::move(out);
  return true;
}

bool stripsDebugInfo(const std::vector<std::string>& passes, bool openclSet) {
  for (const std::string& p : passes)
    if (p == "--strip-debug" || (!openclSet && (p == "--strip-nonsemantic" || p == "--strip-reflect"))) return true;
  return false;
}

// SPIRV-Tools' text. A module it cannot print (an opcode or operand newer than this
// SPIRV-Tools, such as OpTypeCooperativeMatrixKHR in v2023.1) still gets a listing: the
// disassembler's message and the words, one instruction a line, as comments.
std::string disassembleSpirv(const std::vector<uint32_t>& words) {
  spvtools::SpirvTools tools(SPV_ENV_UNIVERSAL_1_6);
  std::string message;
  tools.SetMessageConsumer([&](spv_message_level_t, const char*, const spv_position_t&, const char* m) {
    if (message.empty() && m) message = m;
  });
  std::string text;
  if (tools.Disassemble(words, &text, SPV_BINARY_TO_TEXT_OPTION_INDENT | SPV_BINARY_TO_TEXT_OPTION_FRIENDLY_NAMES))
    return text;
  text = "; SPIR-V disassembly failed: " + (message.empty() ? std::string("unknown error") : message) + "\n";
  text += "; the module's words, one instruction a line (word count << 16 | opcode first):\n";
  auto hex = [](uint32_t w) {
    char b[16];
    std::snprintf(b, sizeof b, "0x%08x", w);
    return std::string(b);
  };
  size_t i = 0;
  if (words.size() >= 5) {
    text += ";";
    for (; i < 5; ++i) text += " " + hex(words[i]);
    text += "\n";
  }
  while (i < words.size()) {
    uint32_t n = words[i] >> 16;
    if (n == 0) n = 1;
    text += ";";
    for (uint32_t k = 0; k < n && i < words.size(); ++k, ++i)
      text += " " + (k == 0 ? hex(words[i]) : std::to_string(words[i]));
    text += "\n";
  }
  return text;
}

}  // namespace oneshader::spirv
