// vkrun: runs one execution-test case (tests/exec/cases/*.json) on a Vulkan 1.1+ device.
//
//   vkrun CASE.json MODULE.spv [--validate] [--quiet] [--dump OUT.bin]
//   vkrun --check CASE.json DUMP.bin --subgroup-size MIN[:MAX]   (another leg's buffers)
//   vkrun --compare CASE.json A.bin B.bin [--names A,B] [--float-nan]  (leg parity, differential)
//   vkrun --init-dump CASE.json OUT.bin                           (initial contents)
//   vkrun --info CASE.json | --inputs CASE.json                   (the case, for scripts)
//
// Creates the case's storage/uniform buffers at their set/binding with their initial
// contents (and textures, samplers, push constants, specialization constants, device
// addresses written where the case says "address_of"), dispatches
// the compute entry point, reads every buffer back and checks the
// "expect" lists exactly and the "wave" section with the reference model (reference.hpp).
// The device comes from the Vulkan loader (VK_DRIVER_FILES selects the ICD);
// VKRUN_DEVICE=N picks the N-th physical device.
//
// Exit status: 0 pass, 1 fail, 77 skip (the DEVICE lacks something the case requires),
// 2 bad usage or broken test description.
#include <vulkan/vulkan.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "case.hpp"
#include "dump.hpp"
#include "module_info.hpp"
#include "reference.hpp"

using namespace oneshader::exec;

namespace {

constexpr int kPass = 0, kFail = 1, kUsage = 2, kSkip = 77;

struct Skip : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct Fail : std::runtime_error {
  using std::runtime_error::runtime_error;
};

bool gQuiet = false;
std::string gDumpPath;  // --dump: write the read-back buffers here
int gValidationErrors = 0;

void check(VkResult r, const char* what) {
  if (r != VK_SUCCESS) throw Fail(std::string(what) + " failed: VkResult " + std::to_string(r));
}

VKAPI_ATTR VkBool32 VKAPI_CALL debugCallback(VkDebugUtilsMessageSeverityFlagBitsEXT sev,
                                             VkDebugUtilsMessageTypeFlagsEXT,
                                             const VkDebugUtilsMessengerCallbackDataEXT* data, void*) {
  if (sev >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT) {
    bool err = sev >= VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
    if (err) ++gValidationErrors;
    std::fprintf(stderr, "validation %s: %s\n", err ? "error" : "warning", data->pMessage);
  }
  return VK_FALSE;
}

std::vector<uint32_t> readSpirv(const std::string& path) {
  std::ifstream f(path, std::ios::binary | std::ios::ate);
  if (!f) throw Fail("cannot open " + path);
  auto size = static_cast<size_t>(f.tellg());
  if (size < 20 || size % 4) throw Fail(path + ": not a SPIR-V module (" + std::to_string(size) + " bytes)");
  std::vector<uint32_t> words(size / 4);
  f.seekg(0);
  f.read(reinterpret_cast<char*>(words.data()), static_cast<std::streamsize>(size));
  if (words[0] != 0x07230203u) throw Fail(path + ": bad SPIR-V magic number");
  return words;
}

struct SubgroupOpName {
  const char* name;
  VkSubgroupFeatureFlagBits bit;
  uint32_t capability;
};
constexpr SubgroupOpName kSubgroupOps[] = {
    {"basic", VK_SUBGROUP_FEATURE_BASIC_BIT, 61},
    {"vote", VK_SUBGROUP_FEATURE_VOTE_BIT, 62},
    {"arithmetic", VK_SUBGROUP_FEATURE_ARITHMETIC_BIT, 63},
    {"ballot", VK_SUBGROUP_FEATURE_BALLOT_BIT, 64},
    {"shuffle", VK_SUBGROUP_FEATURE_SHUFFLE_BIT, 65},
    {"shuffle_relative", VK_SUBGROUP_FEATURE_SHUFFLE_RELATIVE_BIT, 66},
    {"clustered", VK_SUBGROUP_FEATURE_CLUSTERED_BIT, 67},
    {"quad", VK_SUBGROUP_FEATURE_QUAD_BIT, 68},
    {"partitioned_nv", VK_SUBGROUP_FEATURE_PARTITIONED_BIT_NV, 5297},  // GroupNonUniformPartitionedNV
};

struct Image {
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
};

struct Buffer {
  VkBuffer buffer = VK_NULL_HANDLE;
  VkDeviceMemory memory = VK_NULL_HANDLE;
  VkDeviceSize size = 0;
  void* mapped = nullptr;
};

// Every Vulkan object lives here and is destroyed in reverse order, also on failure.
struct Vk {
  VkInstance instance = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  VkPhysicalDevice phys = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  uint32_t queueFamily = 0;
  std::vector<Buffer> buffers;
  std::vector<Buffer> staging;  // texel uploads
  std::vector<Image> images;
  std::vector<VkSampler> samplers;
  std::vector<VkDescriptorSetLayout> setLayouts;
  VkDescriptorPool pool = VK_NULL_HANDLE;
  VkPipelineLayout pipelineLayout = VK_NULL_HANDLE;
  VkShaderModule module = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkCommandPool cmdPool = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;

  ~Vk() {
    if (device) {
      vkDeviceWaitIdle(device);
      if (fence) vkDestroyFence(device, fence, nullptr);
      if (cmdPool) vkDestroyCommandPool(device, cmdPool, nullptr);
      if (pipeline) vkDestroyPipeline(device, pipeline, nullptr);
      if (module) vkDestroyShaderModule(device, module, nullptr);
      if (pipelineLayout) vkDestroyPipelineLayout(device, pipelineLayout, nullptr);
      if (pool) vkDestroyDescriptorPool(device, pool, nullptr);
      for (auto l : setLayouts) vkDestroyDescriptorSetLayout(device, l, nullptr);
      for (auto smp : samplers) vkDestroySampler(device, smp, nullptr);
      for (auto& im : images) {
        if (im.view) vkDestroyImageView(device, im.view, nullptr);
        if (im.image) vkDestroyImage(device, im.image, nullptr);
        if (im.memory) vkFreeMemory(device, im.memory, nullptr);
      }
      for (auto* list : {&buffers, &staging}) {
        for (auto& b : *list) {
          if (b.mapped) vkUnmapMemory(device, b.memory);
          if (b.buffer) vkDestroyBuffer(device, b.buffer, nullptr);
          if (b.memory) vkFreeMemory(device, b.memory, nullptr);
        }
      }
      vkDestroyDevice(device, nullptr);
    }
    if (messenger) {
      auto destroy = reinterpret_cast<PFN_vkDestroyDebugUtilsMessengerEXT>(
          vkGetInstanceProcAddr(instance, "vkDestroyDebugUtilsMessengerEXT"));
      if (destroy) destroy(instance, messenger, nullptr);
    }
    if (instance) vkDestroyInstance(instance, nullptr);
  }
};

bool hasExtension(const std::vector<VkExtensionProperties>& exts, const char* name) {
  for (auto& e : exts)
    if (std::strcmp(e.extensionName, name) == 0) return true;
  return false;
}

double msSince(std::chrono::steady_clock::time_point t0) {
  return std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - t0).count();
}

// The case's checks on the buffers' contents after the dispatch (one vector per buffer, in
// case order): the plain expectations, then the wave reference model. Prints the problems.
int verdict(const Case& c, int failures, size_t checked, bool dumped = false) {
  if (failures) {
    std::printf("FAIL %s: %d mismatches\n", c.path.c_str(), failures);
    return kFail;
  }
  if (checked == 0 && c.differential) {
    if (!dumped) {
      std::printf("FAIL %s: a differential case checks nothing by itself (run it with --dump and compare the dumps)\n",
                  c.path.c_str());
      return kFail;
    }
    std::printf("RAN %s (differential: no expectations of its own; buffers dumped to %s)\n", c.path.c_str(),
                gDumpPath.c_str());
    return kPass;
  }
  if (checked == 0) {
    std::printf("FAIL %s: nothing was checked\n", c.path.c_str());
    return kFail;
  }
  std::printf("PASS %s (%zu values)\n", c.path.c_str(), checked);
  return kPass;
}

// addressWords: per buffer, the words vkrun wrote device addresses into ("address_of") and
// their values. An expectation gives 0 there (the address is not known in advance) and is
// checked against the address written; without them (another leg's dump) they are skipped.
using AddressWords = std::vector<std::map<size_t, uint32_t>>;
void checkContents(const Case& c, const DeviceWaveInfo& wave, const std::vector<std::vector<uint32_t>>& contents,
                   int& failures, size_t& checked, const AddressWords* addressWords = nullptr) {
  auto indexOf = [&](const std::string& name) {
    for (size_t i = 0; i < c.buffers.size(); ++i)
      if (c.buffers[i].name == name) return i;
    throw std::runtime_error("no buffer " + name);
  };
  for (const auto& e : c.expects) {
    const BufferDesc& d = c.buffers[indexOf(e.buffer)];
    const auto got = unpackElements(d.type, contents[indexOf(e.buffer)], d.count);
    int shown = 0;
    std::set<size_t> placeholders;  // word indices of the buffer's address_of words
    for (const auto& a : d.addresses) placeholders.insert({a.at / 4, a.at / 4 + 1});
    for (size_t i = 0; i < e.data.size(); ++i) {
      uint32_t want = e.data[i];
      if (placeholders.count(i)) {  // 0 in the case (loadCase checks it)
        if (!addressWords) continue;
        want = (*addressWords)[indexOf(e.buffer)].at(i);
      }
      ++checked;
      if (got[i] == want) continue;
      ++failures;
      if (shown++ < 10)
        std::printf("  %s[%zu]: got %s, expected %s\n", e.buffer.c_str(), i, formatWord(e.type, got[i]).c_str(),
                    formatWord(e.type, want).c_str());
    }
  }
  if (c.wave) {
    const WaveSpec& w = *c.wave;
    CheckResult r = checkWave(c, wave, contents[indexOf(w.input)], contents[indexOf(w.facts)],
                              contents[indexOf(w.output)], c.buffers[indexOf(w.output)].init);
    if (!gQuiet || !r.ok)
      std::printf("wave %s<%s>: %zu waves of %u, active %s, %zu values checked, %zu undefined by the intrinsic\n",
                  w.op.c_str(), scalarTypeName(w.type), r.waves, contents[indexOf(w.facts)][1],
                  w.active.describe().c_str(), r.checked, r.dontCare);
    for (const auto& m : r.errors) std::printf("  %s\n", m.c_str());
    if (r.errorCount > r.errors.size()) std::printf("  ... %zu more\n", r.errorCount - r.errors.size());
    failures += static_cast<int>(r.errorCount);
    checked += r.checked;
  }
}

int run(const Case& c, const std::string& spvPath, bool validate) {
  auto t0 = std::chrono::steady_clock::now();
  std::vector<uint32_t> spirv = readSpirv(spvPath);
  ModuleInfo module;
  try {
    module = scanModule(spirv);
  } catch (const std::exception& e) {
    throw Fail(spvPath + ": " + e.what());
  }
  const std::set<uint32_t>& caps = module.capabilities;
  // The case's push and specialization constants must be the module's: a constant the
  // module does not declare would be ignored by Vulkan, so a compiler that dropped it
  // could pass a case whose value happens to equal the default.
  if (!c.pushConstants.bytes.empty() && !module.pushConstants)
    throw Fail("the case gives push_constants, but the module has no PushConstant variable");
  if (c.pushConstants.bytes.empty() && module.pushConstants)
    throw Fail("the module has a PushConstant variable, but the case gives no push_constants");
  for (const auto& sc : c.specConstants) {
    auto it = module.specConstants.find(sc.id);
    if (it == module.specConstants.end())
      throw Fail("the case sets spec constant " + std::to_string(sc.id) + ", but the module declares no SpecId " +
                 std::to_string(sc.id));
    if (!specTypeMatches(sc.type, it->second))
      throw Fail("spec constant " + std::to_string(sc.id) + " is " + specTypeName(sc.type) + " in the case but " +
                 it->second.describe() + " in the module");
  }
  Vk vk;

  // --- instance
  std::vector<const char*> layers, instExts;
  if (validate) {
    uint32_t n = 0;
    vkEnumerateInstanceLayerProperties(&n, nullptr);
    std::vector<VkLayerProperties> props(n);
    vkEnumerateInstanceLayerProperties(&n, props.data());
    bool found = std::any_of(props.begin(), props.end(),
                             [](auto& p) { return std::strcmp(p.layerName, "VK_LAYER_KHRONOS_validation") == 0; });
    if (!found)
      throw Fail("--validate: VK_LAYER_KHRONOS_validation is not installed (apt-get install vulkan-validationlayers)");
    layers.push_back("VK_LAYER_KHRONOS_validation");
    instExts.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  }
  uint32_t loaderVersion = VK_API_VERSION_1_0;
  vkEnumerateInstanceVersion(&loaderVersion);
  if (loaderVersion < VK_API_VERSION_1_1) throw Skip("the Vulkan loader is older than 1.1");
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "vkrun";
  app.apiVersion = std::min<uint32_t>(loaderVersion, VK_API_VERSION_1_3);
  VkDebugUtilsMessengerCreateInfoEXT dbg{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  dbg.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  dbg.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
  dbg.pfnUserCallback = debugCallback;
  VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  ici.pNext = validate ? &dbg : nullptr;  // also covers vkCreate/DestroyInstance
  ici.pApplicationInfo = &app;
  ici.enabledLayerCount = static_cast<uint32_t>(layers.size());
  ici.ppEnabledLayerNames = layers.data();
  ici.enabledExtensionCount = static_cast<uint32_t>(instExts.size());
  ici.ppEnabledExtensionNames = instExts.data();
  check(vkCreateInstance(&ici, nullptr, &vk.instance), "vkCreateInstance");
  if (validate) {
    auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(vk.instance, "vkCreateDebugUtilsMessengerEXT"));
    if (!create) throw Fail("vkCreateDebugUtilsMessengerEXT not found");
    check(create(vk.instance, &dbg, nullptr, &vk.messenger), "vkCreateDebugUtilsMessengerEXT");
  }

  // --- physical device
  uint32_t nphys = 0;
  check(vkEnumeratePhysicalDevices(vk.instance, &nphys, nullptr), "vkEnumeratePhysicalDevices");
  if (nphys == 0) throw Fail("no Vulkan device found (check VK_DRIVER_FILES)");
  std::vector<VkPhysicalDevice> physs(nphys);
  check(vkEnumeratePhysicalDevices(vk.instance, &nphys, physs.data()), "vkEnumeratePhysicalDevices");
  uint32_t index = 0;
  if (const char* e = std::getenv("VKRUN_DEVICE")) index = static_cast<uint32_t>(std::atoi(e));
  if (index >= nphys)
    throw Fail("VKRUN_DEVICE=" + std::to_string(index) + " but only " + std::to_string(nphys) + " devices");
  vk.phys = physs[index];

  VkPhysicalDeviceProperties baseProps;
  vkGetPhysicalDeviceProperties(vk.phys, &baseProps);
  const uint32_t apiVersion = std::min(baseProps.apiVersion, app.apiVersion);
  if (apiVersion < VK_API_VERSION_1_1) throw Skip(std::string("device ") + baseProps.deviceName + " is Vulkan 1.0");
  uint32_t nexts = 0;
  vkEnumerateDeviceExtensionProperties(vk.phys, nullptr, &nexts, nullptr);
  std::vector<VkExtensionProperties> exts(nexts);
  vkEnumerateDeviceExtensionProperties(vk.phys, nullptr, &nexts, exts.data());
  const bool sizeControlExt = hasExtension(exts, VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME);
  const bool sizeControlAvail = sizeControlExt || apiVersion >= VK_API_VERSION_1_3;

  VkPhysicalDeviceSubgroupSizeControlPropertiesEXT sscProps{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_PROPERTIES_EXT};
  VkPhysicalDeviceSubgroupProperties sgProps{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  sgProps.pNext = sizeControlAvail ? &sscProps : nullptr;
  VkPhysicalDeviceProperties2 props2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  props2.pNext = &sgProps;
  vkGetPhysicalDeviceProperties2(vk.phys, &props2);

  VkPhysicalDeviceSubgroupSizeControlFeaturesEXT sscFeat{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_SIZE_CONTROL_FEATURES_EXT};
  VkPhysicalDeviceShaderFloat16Int8Features f16i8{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_FLOAT16_INT8_FEATURES};
  VkPhysicalDevice16BitStorageFeatures s16{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_16BIT_STORAGE_FEATURES};
  const bool f16i8Avail =
      apiVersion >= VK_API_VERSION_1_2 || hasExtension(exts, VK_KHR_SHADER_FLOAT16_INT8_EXTENSION_NAME);
  // 8/16/64-bit scalars in subgroup operations (core in Vulkan 1.2).
  VkPhysicalDeviceShaderSubgroupExtendedTypesFeatures extTypes{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_SUBGROUP_EXTENDED_TYPES_FEATURES};
  const bool extTypesExt = hasExtension(exts, VK_KHR_SHADER_SUBGROUP_EXTENDED_TYPES_EXTENSION_NAME);
  const bool extTypesAvail = apiVersion >= VK_API_VERSION_1_2 || extTypesExt;
  VkPhysicalDeviceFeatures2 feats{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  void** tail = &feats.pNext;
  auto chain = [&](auto& s) {
    *tail = &s;
    tail = &s.pNext;
  };
  chain(s16);
  if (f16i8Avail) chain(f16i8);
  if (extTypesAvail) chain(extTypes);
  // maintenance4 (core in Vulkan 1.3): what a module with the LocalSizeId execution mode needs.
  VkPhysicalDeviceMaintenance4Features m4{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES};
  const bool m4Avail = apiVersion >= VK_API_VERSION_1_3;
  if (m4Avail) chain(m4);
  if (sizeControlAvail) chain(sscFeat);
  // Buffer device addresses and the Vulkan memory model (core in Vulkan 1.2, or their KHR
  // extensions), and the shader clock (VK_KHR_shader_clock): what inline SPIR-V,
  // vk::BufferPointer, vk::RawBufferLoad/Store and vk::ReadClock need.
  VkPhysicalDeviceBufferDeviceAddressFeatures bda{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES};
  const bool bdaExt = hasExtension(exts, VK_KHR_BUFFER_DEVICE_ADDRESS_EXTENSION_NAME);
  const bool bdaAvail = apiVersion >= VK_API_VERSION_1_2 || bdaExt;
  if (bdaAvail) chain(bda);
  VkPhysicalDeviceVulkanMemoryModelFeatures vmm{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_VULKAN_MEMORY_MODEL_FEATURES};
  const bool vmmExt = hasExtension(exts, VK_KHR_VULKAN_MEMORY_MODEL_EXTENSION_NAME);
  const bool vmmAvail = apiVersion >= VK_API_VERSION_1_2 || vmmExt;
  if (vmmAvail) chain(vmm);
  VkPhysicalDeviceShaderClockFeaturesKHR clock{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_CLOCK_FEATURES_KHR};
  const bool clockAvail = hasExtension(exts, VK_KHR_SHADER_CLOCK_EXTENSION_NAME);
  if (clockAvail) chain(clock);
  vkGetPhysicalDeviceFeatures2(vk.phys, &feats);

  if (!gQuiet)
    std::printf("device: %s (Vulkan %u.%u), subgroupSize %u", baseProps.deviceName,
                VK_API_VERSION_MAJOR(baseProps.apiVersion), VK_API_VERSION_MINOR(baseProps.apiVersion),
                sgProps.subgroupSize);
  if (!gQuiet && sizeControlAvail && sscFeat.subgroupSizeControl)
    std::printf(" (min %u, max %u)", sscProps.minSubgroupSize, sscProps.maxSubgroupSize);
  if (!gQuiet) std::printf(", subgroup ops 0x%x, stages 0x%x\n", sgProps.supportedOperations, sgProps.supportedStages);

  // --- what the case needs, against what the device has: SKIP only for the device.
  VkSubgroupFeatureFlags needOps = 0;
  for (const auto& name : c.subgroupOps) {
    auto it = std::find_if(std::begin(kSubgroupOps), std::end(kSubgroupOps), [&](auto& o) { return name == o.name; });
    if (it == std::end(kSubgroupOps)) throw std::runtime_error("unknown subgroup op '" + name + "' in requires");
    needOps |= it->bit;
  }
  if (needOps && !(sgProps.supportedStages & VK_SHADER_STAGE_COMPUTE_BIT))
    throw Skip("device has no subgroup operations in the compute stage");
  for (auto& o : kSubgroupOps)
    if ((needOps & o.bit) && !(sgProps.supportedOperations & o.bit))
      throw Skip(std::string("device lacks subgroup operation ") + o.name);
  // Capabilities the module declares must be ones the test asked for, or the device has.
  for (auto& o : kSubgroupOps)
    if (caps.count(o.capability) && !(sgProps.supportedOperations & o.bit))
      throw Fail(std::string("module declares capability for subgroup ") + o.name +
                 ", which the test does not require and the device lacks");
  VkPhysicalDeviceFeatures enable{};
  std::string missing;  // every required feature the device lacks, for one SKIP message
  auto lacks = [&](const char* name) { missing += std::string(missing.empty() ? "" : ", ") + name; };
  struct CoreFeature {
    const char* name;
    VkBool32 VkPhysicalDeviceFeatures::*member;
    uint32_t capability;
  };
  const CoreFeature core[] = {
      {"shaderInt64", &VkPhysicalDeviceFeatures::shaderInt64, 11},
      {"shaderFloat64", &VkPhysicalDeviceFeatures::shaderFloat64, 10},
      {"shaderInt16", &VkPhysicalDeviceFeatures::shaderInt16, 22},
      {"shaderUniformBufferArrayDynamicIndexing", &VkPhysicalDeviceFeatures::shaderUniformBufferArrayDynamicIndexing,
       28},
      {"shaderSampledImageArrayDynamicIndexing", &VkPhysicalDeviceFeatures::shaderSampledImageArrayDynamicIndexing, 29},
      {"shaderStorageBufferArrayDynamicIndexing", &VkPhysicalDeviceFeatures::shaderStorageBufferArrayDynamicIndexing,
       30},
      {"shaderStorageImageArrayDynamicIndexing", &VkPhysicalDeviceFeatures::shaderStorageImageArrayDynamicIndexing, 31},
      {"shaderImageGatherExtended", &VkPhysicalDeviceFeatures::shaderImageGatherExtended, 25},
      {"shaderResourceResidency", &VkPhysicalDeviceFeatures::shaderResourceResidency, 41},
      {"shaderResourceMinLod", &VkPhysicalDeviceFeatures::shaderResourceMinLod, 42}};
  for (auto& f : core) {
    bool needed = std::find(c.features.begin(), c.features.end(), f.name) != c.features.end();
    if (needed && !(feats.features.*f.member)) lacks(f.name);
    enable.*f.member = feats.features.*f.member;
  }
  // Vulkan 1.1/1.2 feature structs: VkPhysicalDevice16BitStorageFeatures (core in 1.1) and
  // VkPhysicalDeviceShaderFloat16Int8Features (1.2 or VK_KHR_shader_float16_int8). Each has
  // the SPIR-V capability that needs it: a module declaring one the device lacks fails.
  struct ExtFeature {
    const char* name;
    bool have;
    uint32_t capability;
  };
  const ExtFeature ext[] = {
      {"storageBuffer16BitAccess", s16.storageBuffer16BitAccess != VK_FALSE, 4433},  // StorageBuffer16BitAccess
      {"uniformAndStorageBuffer16BitAccess", s16.uniformAndStorageBuffer16BitAccess != VK_FALSE, 4434},
      {"storagePushConstant16", s16.storagePushConstant16 != VK_FALSE, 4435},
      {"shaderFloat16", f16i8Avail && f16i8.shaderFloat16, 9},             // Float16
      {"shaderInt8", f16i8Avail && f16i8.shaderInt8, 39},                  // Int8
      {"bufferDeviceAddress", bdaAvail && bda.bufferDeviceAddress, 5347},  // PhysicalStorageBufferAddresses
      {"vulkanMemoryModel", vmmAvail && vmm.vulkanMemoryModel, 5345},      // VulkanMemoryModel
      {"vulkanMemoryModelDeviceScope", vmmAvail && vmm.vulkanMemoryModelDeviceScope, 5346},
      // OpReadClockKHR at Subgroup / Device scope (no capability of their own: the module's
      // clock scopes are checked below).
      {"shaderSubgroupClock", clockAvail && clock.shaderSubgroupClock, 0},
      {"shaderDeviceClock", clockAvail && clock.shaderDeviceClock, 0},
  };
  for (auto& f : ext) {
    bool needed = std::find(c.features.begin(), c.features.end(), f.name) != c.features.end();
    if (needed && !f.have) lacks(f.name);
  }
  for (const auto& f : c.features) {
    bool known = std::any_of(std::begin(core), std::end(core), [&](auto& k) { return f == k.name; }) ||
                 std::any_of(std::begin(ext), std::end(ext), [&](auto& k) { return f == k.name; });
    if (f == "shaderSubgroupExtendedTypes") {
      if (!extTypesAvail || !extTypes.shaderSubgroupExtendedTypes) lacks("shaderSubgroupExtendedTypes");
    } else if (!known) {
      throw std::runtime_error("unknown feature '" + f + "' in requires");
    }
  }
  if (module.localSizeId && !(m4Avail && m4.maintenance4))
    lacks("maintenance4 (the module's LocalSizeId execution mode)");
  if (!missing.empty()) throw Skip("device lacks " + missing);
  // Only after every SKIP: a capability the device lacks that the case did not require is
  // the case's mistake (or the compiler's), not the device's.
  for (auto& f : core)
    if (caps.count(f.capability) && !(feats.features.*f.member))
      throw Fail(std::string("module declares the capability for ") + f.name + ", which the device lacks");
  for (auto& f : ext)
    if (f.capability && caps.count(f.capability) && !f.have)
      throw Fail(std::string("module declares the capability for ") + f.name + ", which the device lacks");
  // OpReadClockKHR: Subgroup scope needs shaderSubgroupClock, Device scope shaderDeviceClock
  // (VK_KHR_shader_clock); any other scope is not allowed by Vulkan.
  for (uint32_t scope : module.clockScopes) {
    const char* feature = scope == 3 ? "shaderSubgroupClock" : scope == 1 ? "shaderDeviceClock" : nullptr;
    if (!feature)
      throw Fail("the module reads the clock at scope " + std::to_string(scope) +
                 ", which Vulkan does not allow (Subgroup 3 or Device 1)");
    const bool have = scope == 3 ? clockAvail && clock.shaderSubgroupClock : clockAvail && clock.shaderDeviceClock;
    if (!have)
      throw Fail(std::string("the module reads the clock at ") + (scope == 3 ? "Subgroup" : "Device") +
                 " scope, which needs " + feature + "; the device lacks it and the case does not require it");
  }

  // Subgroup size control: full subgroups when possible, a required size when asked.
  DeviceWaveInfo wave;
  wave.subgroupSize = sgProps.subgroupSize;
  wave.minSize = wave.maxSize = sgProps.subgroupSize;
  const bool canControl = sizeControlAvail && sscFeat.subgroupSizeControl &&
                          (sscProps.requiredSubgroupSizeStages & VK_SHADER_STAGE_COMPUTE_BIT);
  if (canControl) {
    wave.minSize = sscProps.minSubgroupSize;
    wave.maxSize = sscProps.maxSubgroupSize;
  }
  if (c.requiredSubgroupSize) {
    if (!canControl) throw Skip("device cannot require a subgroup size in compute shaders");
    if (c.requiredSubgroupSize < sscProps.minSubgroupSize || c.requiredSubgroupSize > sscProps.maxSubgroupSize)
      throw Skip("device cannot run subgroups of " + std::to_string(c.requiredSubgroupSize));
    wave.requiredSize = c.requiredSubgroupSize;
  }
  const uint32_t fullMultiple = wave.requiredSize ? wave.requiredSize : (canControl ? sscProps.maxSubgroupSize : 0);
  wave.fullSubgroups =
      sizeControlAvail && sscFeat.computeFullSubgroups && fullMultiple && c.localSize[0] % fullMultiple == 0;

  // --- device and queue
  uint32_t nq = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(vk.phys, &nq, nullptr);
  std::vector<VkQueueFamilyProperties> qprops(nq);
  vkGetPhysicalDeviceQueueFamilyProperties(vk.phys, &nq, qprops.data());
  bool foundQueue = false;
  for (uint32_t i = 0; i < nq && !foundQueue; ++i)
    if (qprops[i].queueFlags & VK_QUEUE_COMPUTE_BIT) {
      vk.queueFamily = i;
      foundQueue = true;
    }
  if (!foundQueue) throw Skip("device has no compute queue");
  float prio = 1.0f;
  VkDeviceQueueCreateInfo qci{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  qci.queueFamilyIndex = vk.queueFamily;
  qci.queueCount = 1;
  qci.pQueuePriorities = &prio;

  VkPhysicalDeviceFeatures2 en2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  en2.features = enable;
  tail = &en2.pNext;
  VkPhysicalDevice16BitStorageFeatures en16 = s16;
  en16.pNext = nullptr;
  chain(en16);
  VkPhysicalDeviceShaderFloat16Int8Features enF16 = f16i8;
  enF16.pNext = nullptr;
  if (f16i8Avail) chain(enF16);
  VkPhysicalDeviceShaderSubgroupExtendedTypesFeatures enExt = extTypes;
  enExt.pNext = nullptr;
  if (extTypesAvail) chain(enExt);
  VkPhysicalDeviceSubgroupSizeControlFeaturesEXT enSsc = sscFeat;
  enSsc.pNext = nullptr;
  if (sizeControlAvail) chain(enSsc);
  VkPhysicalDeviceMaintenance4Features enM4{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MAINTENANCE_4_FEATURES};
  enM4.maintenance4 = VK_TRUE;
  if (module.localSizeId) chain(enM4);
  VkPhysicalDeviceBufferDeviceAddressFeatures enBda{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_BUFFER_DEVICE_ADDRESS_FEATURES};
  enBda.bufferDeviceAddress = bda.bufferDeviceAddress;
  if (bdaAvail) chain(enBda);
  VkPhysicalDeviceVulkanMemoryModelFeatures enVmm = vmm;
  enVmm.pNext = nullptr;
  enVmm.vulkanMemoryModelAvailabilityVisibilityChains = VK_FALSE;
  if (vmmAvail) chain(enVmm);
  VkPhysicalDeviceShaderClockFeaturesKHR enClock = clock;
  enClock.pNext = nullptr;
  if (clockAvail) chain(enClock);
  std::vector<const char*> devExts;
  if (sizeControlExt && apiVersion < VK_API_VERSION_1_3) devExts.push_back(VK_EXT_SUBGROUP_SIZE_CONTROL_EXTENSION_NAME);
  if (f16i8Avail && apiVersion < VK_API_VERSION_1_2) devExts.push_back(VK_KHR_SHADER_FLOAT16_INT8_EXTENSION_NAME);
  if (extTypesExt && apiVersion < VK_API_VERSION_1_2)
    devExts.push_back(VK_KHR_SHADER_SUBGROUP_EXTENDED_TYPES_EXTENSION_NAME);
  if (hasExtension(exts, VK_NV_SHADER_SUBGROUP_PARTITIONED_EXTENSION_NAME))
    devExts.push_back(VK_NV_SHADER_SUBGROUP_PARTITIONED_EXTENSION_NAME);
  if (apiVersion < VK_API_VERSION_1_2 && hasExtension(exts, "VK_KHR_storage_buffer_storage_class"))
    devExts.push_back("VK_KHR_storage_buffer_storage_class");
  if (bdaExt && apiVersion < VK_API_VERSION_1_2) devExts.push_back(VK_KHR_BUFFER_DEVICE_ADDRESS_EXTENSION_NAME);
  if (vmmExt && apiVersion < VK_API_VERSION_1_2) devExts.push_back(VK_KHR_VULKAN_MEMORY_MODEL_EXTENSION_NAME);
  if (clockAvail) devExts.push_back(VK_KHR_SHADER_CLOCK_EXTENSION_NAME);
  VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  dci.pNext = &en2;
  dci.queueCreateInfoCount = 1;
  dci.pQueueCreateInfos = &qci;
  dci.enabledExtensionCount = static_cast<uint32_t>(devExts.size());
  dci.ppEnabledExtensionNames = devExts.data();
  check(vkCreateDevice(vk.phys, &dci, nullptr, &vk.device), "vkCreateDevice");
  vkGetDeviceQueue(vk.device, vk.queueFamily, 0, &vk.queue);

  // --- buffers
  VkPhysicalDeviceMemoryProperties memProps;
  vkGetPhysicalDeviceMemoryProperties(vk.phys, &memProps);
  const VkMemoryPropertyFlags want = VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT;
  // Device addresses: every case buffer gets SHADER_DEVICE_ADDRESS usage and memory
  // allocated with the DEVICE_ADDRESS flag when the case or the module uses them.
  const bool addresses = c.usesAddresses() || caps.count(5347) != 0;
  auto hostBuffer = [&](Buffer& b, VkBufferUsageFlags usage, bool deviceAddress = false) {
    if (deviceAddress) usage |= VK_BUFFER_USAGE_SHADER_DEVICE_ADDRESS_BIT;
    VkBufferCreateInfo bci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
    bci.size = b.size;
    bci.usage = usage;
    bci.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    check(vkCreateBuffer(vk.device, &bci, nullptr, &b.buffer), "vkCreateBuffer");
    VkMemoryRequirements req;
    vkGetBufferMemoryRequirements(vk.device, b.buffer, &req);
    uint32_t type = UINT32_MAX;
    for (uint32_t i = 0; i < memProps.memoryTypeCount && type == UINT32_MAX; ++i)
      if ((req.memoryTypeBits & (1u << i)) && (memProps.memoryTypes[i].propertyFlags & want) == want) type = i;
    if (type == UINT32_MAX) throw Fail("no host-visible coherent memory type");
    VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    mai.allocationSize = req.size;
    mai.memoryTypeIndex = type;
    VkMemoryAllocateFlagsInfo flags{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_FLAGS_INFO};
    flags.flags = VK_MEMORY_ALLOCATE_DEVICE_ADDRESS_BIT;
    if (deviceAddress) mai.pNext = &flags;
    check(vkAllocateMemory(vk.device, &mai, nullptr, &b.memory), "vkAllocateMemory");
    check(vkBindBufferMemory(vk.device, b.buffer, b.memory, 0), "vkBindBufferMemory");
    check(vkMapMemory(vk.device, b.memory, 0, VK_WHOLE_SIZE, 0, &b.mapped), "vkMapMemory");
    std::memset(b.mapped, 0, b.size);
  };
  for (const auto& d : c.buffers) {
    Buffer& b = vk.buffers.emplace_back();
    b.size = d.init.size() * 4;
    if (d.uniform) b.size = (b.size + 15) & ~VkDeviceSize{15};
    hostBuffer(b, d.uniform ? VK_BUFFER_USAGE_UNIFORM_BUFFER_BIT : VK_BUFFER_USAGE_STORAGE_BUFFER_BIT, addresses);
    std::memcpy(b.mapped, d.init.data(), d.init.size() * 4);
  }
  // "address_of" fields: each named buffer's device address plus the offset, as a
  // little-endian uint64, into the buffers' contents and the push constants.
  std::vector<uint8_t> pushBytes = c.pushConstants.bytes;
  AddressWords addressWords(c.buffers.size());
  if (c.usesAddresses()) {
    auto getAddress = reinterpret_cast<PFN_vkGetBufferDeviceAddress>(vkGetDeviceProcAddr(
        vk.device, apiVersion >= VK_API_VERSION_1_2 ? "vkGetBufferDeviceAddress" : "vkGetBufferDeviceAddressKHR"));
    if (!getAddress) throw Fail("vkGetBufferDeviceAddress not found");
    auto addressOf = [&](const AddressRef& a) {
      for (size_t i = 0; i < c.buffers.size(); ++i)
        if (c.buffers[i].name == a.buffer) {
          VkBufferDeviceAddressInfo bai{VK_STRUCTURE_TYPE_BUFFER_DEVICE_ADDRESS_INFO};
          bai.buffer = vk.buffers[i].buffer;
          const VkDeviceAddress base = getAddress(vk.device, &bai);
          if (base == 0) throw Fail("buffer " + a.buffer + " has device address 0");
          return base + a.offset;
        }
      throw std::runtime_error("no buffer " + a.buffer);
    };
    for (size_t i = 0; i < c.buffers.size(); ++i)
      for (const auto& a : c.buffers[i].addresses) {
        const uint64_t v = addressOf(a);
        std::memcpy(static_cast<uint8_t*>(vk.buffers[i].mapped) + a.at, &v, 8);
        addressWords[i][a.at / 4] = static_cast<uint32_t>(v);
        addressWords[i][a.at / 4 + 1] = static_cast<uint32_t>(v >> 32);
      }
    for (const auto& a : c.pushConstants.addresses) {
      const uint64_t v = addressOf(a);
      std::memcpy(pushBytes.data() + a.at, &v, 8);
    }
  }

  // --- textures: optimal-tiling images filled from a staging buffer per level (the copies
  // are recorded before the dispatch, see below), and samplers
  for (const auto& t : c.textures) {
    const VkFormat fmt = t.format == TexFormat::Rgba8Unorm ? VK_FORMAT_R8G8B8A8_UNORM
                         : t.format == TexFormat::R32Float ? VK_FORMAT_R32_SFLOAT
                                                           : VK_FORMAT_D16_UNORM;
    VkFormatProperties fp;
    vkGetPhysicalDeviceFormatProperties(vk.phys, fmt, &fp);
    if (!(fp.optimalTilingFeatures & VK_FORMAT_FEATURE_SAMPLED_IMAGE_BIT))
      throw Skip(std::string("device cannot sample ") + texFormatName(t.format) + " images");
    Image& im = vk.images.emplace_back();
    VkImageCreateInfo ici2{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
    ici2.imageType = VK_IMAGE_TYPE_2D;
    ici2.format = fmt;
    ici2.extent = {t.width, t.height, 1};
    ici2.mipLevels = static_cast<uint32_t>(t.levels.size());
    ici2.arrayLayers = t.layers;
    ici2.samples = VK_SAMPLE_COUNT_1_BIT;
    ici2.tiling = VK_IMAGE_TILING_OPTIMAL;
    ici2.usage = VK_IMAGE_USAGE_SAMPLED_BIT | VK_IMAGE_USAGE_TRANSFER_DST_BIT;
    ici2.sharingMode = VK_SHARING_MODE_EXCLUSIVE;
    ici2.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    check(vkCreateImage(vk.device, &ici2, nullptr, &im.image), "vkCreateImage");
    VkMemoryRequirements req;
    vkGetImageMemoryRequirements(vk.device, im.image, &req);
    uint32_t type = UINT32_MAX;
    for (uint32_t i = 0; i < memProps.memoryTypeCount && type == UINT32_MAX; ++i)
      if (req.memoryTypeBits & (1u << i)) type = i;
    if (type == UINT32_MAX) throw Fail("no memory type for an image");
    VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
    mai.allocationSize = req.size;
    mai.memoryTypeIndex = type;
    check(vkAllocateMemory(vk.device, &mai, nullptr, &im.memory), "vkAllocateMemory");
    check(vkBindImageMemory(vk.device, im.image, im.memory, 0), "vkBindImageMemory");
    VkImageViewCreateInfo ivci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
    ivci.image = im.image;
    ivci.viewType = t.array ? VK_IMAGE_VIEW_TYPE_2D_ARRAY : VK_IMAGE_VIEW_TYPE_2D;
    ivci.format = fmt;
    ivci.subresourceRange = {t.format == TexFormat::Depth16Unorm ? VkImageAspectFlags{VK_IMAGE_ASPECT_DEPTH_BIT}
                                                                 : VkImageAspectFlags{VK_IMAGE_ASPECT_COLOR_BIT},
                             0, ici2.mipLevels, 0, t.layers};
    check(vkCreateImageView(vk.device, &ivci, nullptr, &im.view), "vkCreateImageView");
    for (const auto& level : t.levels) {
      Buffer& s = vk.staging.emplace_back();
      s.size = level.size();
      hostBuffer(s, VK_BUFFER_USAGE_TRANSFER_SRC_BIT);
      std::memcpy(s.mapped, level.data(), level.size());
    }
  }
  for (const auto& sd : c.samplers) {
    VkSamplerCreateInfo sci{VK_STRUCTURE_TYPE_SAMPLER_CREATE_INFO};
    sci.magFilter = sci.minFilter = sd.linear ? VK_FILTER_LINEAR : VK_FILTER_NEAREST;
    sci.mipmapMode = sd.linear ? VK_SAMPLER_MIPMAP_MODE_LINEAR : VK_SAMPLER_MIPMAP_MODE_NEAREST;
    sci.addressModeU = sci.addressModeV = sci.addressModeW = VK_SAMPLER_ADDRESS_MODE_CLAMP_TO_EDGE;
    sci.maxLod = VK_LOD_CLAMP_NONE;
    if (!sd.compare.empty()) {
      static const char* ops[] = {"never",   "less",      "equal",         "less_equal",
                                  "greater", "not_equal", "greater_equal", "always"};
      sci.compareEnable = VK_TRUE;
      sci.compareOp = static_cast<VkCompareOp>(std::find(std::begin(ops), std::end(ops), sd.compare) - std::begin(ops));
    }
    check(vkCreateSampler(vk.device, &sci, nullptr, &vk.samplers.emplace_back()), "vkCreateSampler");
  }

  // --- descriptor sets: one layout per set number 0..max (empty ones fill gaps)
  uint32_t maxSet = 0;
  for (const auto& d : c.buffers) maxSet = std::max(maxSet, d.set);
  for (const auto& d : c.textures) maxSet = std::max(maxSet, d.set);
  for (const auto& d : c.samplers) maxSet = std::max(maxSet, d.set);
  // A sampler on a texture's set/binding is its combined image sampler (case.hpp): the
  // pair is one COMBINED_IMAGE_SAMPLER descriptor. combinedSampler[i]: texture i's, or -1.
  std::vector<int> combinedSampler(c.textures.size(), -1);
  std::vector<bool> samplerCombined(c.samplers.size(), false);
  for (size_t i = 0; i < c.textures.size(); ++i)
    for (size_t k = 0; k < c.samplers.size(); ++k)
      if (c.samplers[k].set == c.textures[i].set && c.samplers[k].binding == c.textures[i].binding) {
        combinedSampler[i] = static_cast<int>(k);
        samplerCombined[k] = true;
      }
  uint32_t nStorage = 0, nUniform = 0, nImages = 0, nSamplers = 0, nCombined = 0;
  for (uint32_t s = 0; s <= maxSet; ++s) {
    std::vector<VkDescriptorSetLayoutBinding> bindings;
    for (const auto& d : c.buffers) {
      if (d.set != s) continue;
      (d.uniform ? nUniform : nStorage)++;
      bool merged = false;
      for (auto& e : bindings)
        if (e.binding == d.binding) {
          e.descriptorCount = std::max(e.descriptorCount, d.element + 1);
          merged = true;
        }
      if (merged) continue;
      VkDescriptorSetLayoutBinding lb{};
      lb.binding = d.binding;
      lb.descriptorType = d.uniform ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
      lb.descriptorCount = d.element + 1;
      lb.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
      bindings.push_back(lb);
    }
    auto single = [&](uint32_t binding, VkDescriptorType type) {
      VkDescriptorSetLayoutBinding lb{};
      lb.binding = binding;
      lb.descriptorType = type;
      lb.descriptorCount = 1;
      lb.stageFlags = VK_SHADER_STAGE_COMPUTE_BIT;
      bindings.push_back(lb);
    };
    for (size_t i = 0; i < c.textures.size(); ++i) {
      if (c.textures[i].set != s) continue;
      if (combinedSampler[i] >= 0) {
        single(c.textures[i].binding, VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER);
        ++nCombined;
      } else {
        single(c.textures[i].binding, VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE);
        ++nImages;
      }
    }
    for (size_t k = 0; k < c.samplers.size(); ++k)
      if (c.samplers[k].set == s && !samplerCombined[k]) {
        single(c.samplers[k].binding, VK_DESCRIPTOR_TYPE_SAMPLER);
        ++nSamplers;
      }
    VkDescriptorSetLayoutCreateInfo lci{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_LAYOUT_CREATE_INFO};
    lci.bindingCount = static_cast<uint32_t>(bindings.size());
    lci.pBindings = bindings.data();
    VkDescriptorSetLayout layout;
    check(vkCreateDescriptorSetLayout(vk.device, &lci, nullptr, &layout), "vkCreateDescriptorSetLayout");
    vk.setLayouts.push_back(layout);
  }
  std::vector<VkDescriptorPoolSize> sizes;
  if (nStorage) sizes.push_back({VK_DESCRIPTOR_TYPE_STORAGE_BUFFER, nStorage});
  if (nUniform) sizes.push_back({VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER, nUniform});
  if (nImages) sizes.push_back({VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE, nImages});
  if (nSamplers) sizes.push_back({VK_DESCRIPTOR_TYPE_SAMPLER, nSamplers});
  if (nCombined) sizes.push_back({VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER, nCombined});
  VkDescriptorPoolCreateInfo dpci{VK_STRUCTURE_TYPE_DESCRIPTOR_POOL_CREATE_INFO};
  dpci.maxSets = maxSet + 1;
  dpci.poolSizeCount = static_cast<uint32_t>(sizes.size());
  dpci.pPoolSizes = sizes.data();
  check(vkCreateDescriptorPool(vk.device, &dpci, nullptr, &vk.pool), "vkCreateDescriptorPool");
  std::vector<VkDescriptorSet> sets(vk.setLayouts.size());
  VkDescriptorSetAllocateInfo dsai{VK_STRUCTURE_TYPE_DESCRIPTOR_SET_ALLOCATE_INFO};
  dsai.descriptorPool = vk.pool;
  dsai.descriptorSetCount = static_cast<uint32_t>(sets.size());
  dsai.pSetLayouts = vk.setLayouts.data();
  check(vkAllocateDescriptorSets(vk.device, &dsai, sets.data()), "vkAllocateDescriptorSets");
  std::vector<VkDescriptorBufferInfo> infos(c.buffers.size());
  std::vector<VkWriteDescriptorSet> writes;
  for (size_t i = 0; i < c.buffers.size(); ++i) {
    infos[i] = {vk.buffers[i].buffer, 0, VK_WHOLE_SIZE};
    VkWriteDescriptorSet wds{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    wds.dstSet = sets[c.buffers[i].set];
    wds.dstBinding = c.buffers[i].binding;
    wds.dstArrayElement = c.buffers[i].element;
    wds.descriptorCount = 1;
    wds.descriptorType = c.buffers[i].uniform ? VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER : VK_DESCRIPTOR_TYPE_STORAGE_BUFFER;
    wds.pBufferInfo = &infos[i];
    writes.push_back(wds);
  }
  std::vector<VkDescriptorImageInfo> imageInfos(c.textures.size() + c.samplers.size());
  for (size_t i = 0; i < c.textures.size(); ++i) {
    const bool combined = combinedSampler[i] >= 0;
    imageInfos[i] = {combined ? vk.samplers[static_cast<size_t>(combinedSampler[i])] : VK_NULL_HANDLE,
                     vk.images[i].view, VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL};
    VkWriteDescriptorSet wds{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    wds.dstSet = sets[c.textures[i].set];
    wds.dstBinding = c.textures[i].binding;
    wds.descriptorCount = 1;
    wds.descriptorType = combined ? VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER : VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE;
    wds.pImageInfo = &imageInfos[i];
    writes.push_back(wds);
  }
  for (size_t i = 0; i < c.samplers.size(); ++i) {
    if (samplerCombined[i]) continue;  // written with its texture
    VkDescriptorImageInfo& info = imageInfos[c.textures.size() + i];
    info = {vk.samplers[i], VK_NULL_HANDLE, VK_IMAGE_LAYOUT_UNDEFINED};
    VkWriteDescriptorSet wds{VK_STRUCTURE_TYPE_WRITE_DESCRIPTOR_SET};
    wds.dstSet = sets[c.samplers[i].set];
    wds.dstBinding = c.samplers[i].binding;
    wds.descriptorCount = 1;
    wds.descriptorType = VK_DESCRIPTOR_TYPE_SAMPLER;
    wds.pImageInfo = &info;
    writes.push_back(wds);
  }
  vkUpdateDescriptorSets(vk.device, static_cast<uint32_t>(writes.size()), writes.data(), 0, nullptr);

  // --- pipeline: push constants as one range from offset 0, spec constants each at an
  // offset aligned to its size (VkBool32 for bools)
  if (pushBytes.size() > baseProps.limits.maxPushConstantsSize)
    throw Skip("device maxPushConstantsSize is " + std::to_string(baseProps.limits.maxPushConstantsSize) +
               " bytes, the case pushes " + std::to_string(pushBytes.size()));
  VkPushConstantRange pushRange{VK_SHADER_STAGE_COMPUTE_BIT, 0, static_cast<uint32_t>(pushBytes.size())};
  VkPipelineLayoutCreateInfo plci{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  plci.setLayoutCount = static_cast<uint32_t>(vk.setLayouts.size());
  plci.pSetLayouts = vk.setLayouts.data();
  plci.pushConstantRangeCount = pushBytes.empty() ? 0 : 1;
  plci.pPushConstantRanges = &pushRange;
  check(vkCreatePipelineLayout(vk.device, &plci, nullptr, &vk.pipelineLayout), "vkCreatePipelineLayout");
  VkShaderModuleCreateInfo smci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  smci.codeSize = spirv.size() * 4;
  smci.pCode = spirv.data();
  check(vkCreateShaderModule(vk.device, &smci, nullptr, &vk.module), "vkCreateShaderModule");
  VkPipelineShaderStageRequiredSubgroupSizeCreateInfoEXT reqSize{
      VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_REQUIRED_SUBGROUP_SIZE_CREATE_INFO_EXT};
  reqSize.requiredSubgroupSize = wave.requiredSize;
  VkComputePipelineCreateInfo cpci{VK_STRUCTURE_TYPE_COMPUTE_PIPELINE_CREATE_INFO};
  cpci.stage.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  cpci.stage.pNext = wave.requiredSize ? &reqSize : nullptr;
  cpci.stage.flags = wave.fullSubgroups ? VK_PIPELINE_SHADER_STAGE_CREATE_REQUIRE_FULL_SUBGROUPS_BIT_EXT : 0;
  cpci.stage.stage = VK_SHADER_STAGE_COMPUTE_BIT;
  cpci.stage.module = vk.module;
  cpci.stage.pName = c.entry.c_str();
  std::vector<VkSpecializationMapEntry> specEntries;
  std::vector<uint8_t> specData;
  for (const auto& sc : c.specConstants) {
    const uint32_t size = specTypeSize(sc.type);
    const uint32_t offset = static_cast<uint32_t>((specData.size() + size - 1) / size * size);
    specData.resize(offset + size, 0);
    for (uint32_t b = 0; b < size; ++b) specData[offset + b] = static_cast<uint8_t>(sc.bits >> (8 * b));
    specEntries.push_back({sc.id, offset, size});
  }
  VkSpecializationInfo specInfo{static_cast<uint32_t>(specEntries.size()), specEntries.data(), specData.size(),
                                specData.data()};
  if (!specEntries.empty()) cpci.stage.pSpecializationInfo = &specInfo;
  cpci.layout = vk.pipelineLayout;
  check(vkCreateComputePipelines(vk.device, VK_NULL_HANDLE, 1, &cpci, nullptr, &vk.pipeline),
        "vkCreateComputePipelines");

  // --- dispatch
  VkCommandPoolCreateInfo cpoolci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  cpoolci.queueFamilyIndex = vk.queueFamily;
  check(vkCreateCommandPool(vk.device, &cpoolci, nullptr, &vk.cmdPool), "vkCreateCommandPool");
  VkCommandBufferAllocateInfo cbai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  cbai.commandPool = vk.cmdPool;
  cbai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cbai.commandBufferCount = 1;
  VkCommandBuffer cmd;
  check(vkAllocateCommandBuffers(vk.device, &cbai, &cmd), "vkAllocateCommandBuffers");
  VkCommandBufferBeginInfo cbbi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  cbbi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  check(vkBeginCommandBuffer(cmd, &cbbi), "vkBeginCommandBuffer");
  // Texel uploads: UNDEFINED -> TRANSFER_DST, copy each level, -> SHADER_READ_ONLY.
  for (size_t i = 0, nextStaging = 0; i < c.textures.size(); ++i) {
    const TextureDesc& t = c.textures[i];
    VkImageMemoryBarrier ib{VK_STRUCTURE_TYPE_IMAGE_MEMORY_BARRIER};
    ib.srcQueueFamilyIndex = ib.dstQueueFamilyIndex = VK_QUEUE_FAMILY_IGNORED;
    ib.image = vk.images[i].image;
    const VkImageAspectFlags aspect =
        t.format == TexFormat::Depth16Unorm ? VK_IMAGE_ASPECT_DEPTH_BIT : VK_IMAGE_ASPECT_COLOR_BIT;
    ib.subresourceRange = {aspect, 0, static_cast<uint32_t>(t.levels.size()), 0, t.layers};
    ib.oldLayout = VK_IMAGE_LAYOUT_UNDEFINED;
    ib.newLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    ib.dstAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TOP_OF_PIPE_BIT, VK_PIPELINE_STAGE_TRANSFER_BIT, 0, 0, nullptr, 0,
                         nullptr, 1, &ib);
    for (size_t k = 0; k < t.levels.size(); ++k) {
      VkBufferImageCopy region{};
      region.imageSubresource = {aspect, static_cast<uint32_t>(k), 0, t.layers};
      region.imageExtent = {t.levelWidth(k), t.levelHeight(k), 1};
      vkCmdCopyBufferToImage(cmd, vk.staging[nextStaging++].buffer, ib.image, VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL, 1,
                             &region);
    }
    ib.oldLayout = VK_IMAGE_LAYOUT_TRANSFER_DST_OPTIMAL;
    ib.newLayout = VK_IMAGE_LAYOUT_SHADER_READ_ONLY_OPTIMAL;
    ib.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
    ib.dstAccessMask = VK_ACCESS_SHADER_READ_BIT;
    vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, 0, 0, nullptr, 0,
                         nullptr, 1, &ib);
  }
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, vk.pipeline);
  vkCmdBindDescriptorSets(cmd, VK_PIPELINE_BIND_POINT_COMPUTE, vk.pipelineLayout, 0, static_cast<uint32_t>(sets.size()),
                          sets.data(), 0, nullptr);
  if (!pushBytes.empty())
    vkCmdPushConstants(cmd, vk.pipelineLayout, VK_SHADER_STAGE_COMPUTE_BIT, 0, static_cast<uint32_t>(pushBytes.size()),
                       pushBytes.data());
  vkCmdDispatch(cmd, c.dispatch[0], c.dispatch[1], c.dispatch[2]);
  VkMemoryBarrier barrier{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  barrier.srcAccessMask = VK_ACCESS_SHADER_WRITE_BIT;
  barrier.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_COMPUTE_SHADER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &barrier, 0,
                       nullptr, 0, nullptr);
  check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
  VkFenceCreateInfo fci{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  check(vkCreateFence(vk.device, &fci, nullptr, &vk.fence), "vkCreateFence");
  VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  si.commandBufferCount = 1;
  si.pCommandBuffers = &cmd;
  auto tDispatch = std::chrono::steady_clock::now();
  check(vkQueueSubmit(vk.queue, 1, &si, vk.fence), "vkQueueSubmit");
  VkResult wr = vkWaitForFences(vk.device, 1, &vk.fence, VK_TRUE, 20ull * 1000 * 1000 * 1000);
  if (wr == VK_TIMEOUT) throw Fail("dispatch did not finish within 20 s");
  check(wr, "vkWaitForFences");
  double dispatchMs = msSince(tDispatch);

  // --- read back and check
  std::vector<std::vector<uint32_t>> contents(c.buffers.size());
  for (size_t i = 0; i < c.buffers.size(); ++i) {
    contents[i].resize(c.buffers[i].init.size());
    std::memcpy(contents[i].data(), vk.buffers[i].mapped, contents[i].size() * 4);
  }
  if (!gDumpPath.empty()) writeDump(gDumpPath, dumpOf(c, contents));
  int failures = 0;
  size_t checked = 0;
  checkContents(c, wave, contents, failures, checked, &addressWords);
  if (!gQuiet) std::printf("timing: dispatch %.1f ms, total %.1f ms\n", dispatchMs, msSince(t0));
  return verdict(c, failures, checked, !gDumpPath.empty());
}

// vkrun --check: the checks on a dump written by another leg (tests/wgsl/run.mjs). The
// subgroup size range is the one the other API reported (WebGPU: the adapter's
// subgroupMinSize..subgroupMaxSize); full subgroups are never assumed.
int checkDump(const Case& c, const std::string& dumpPath, uint32_t minSize, uint32_t maxSize) {
  auto contents = contentsFromDump(c, readDump(dumpPath));
  DeviceWaveInfo wave;
  wave.subgroupSize = minSize;
  wave.minSize = minSize;
  wave.maxSize = maxSize;
  int failures = 0;
  size_t checked = 0;
  checkContents(c, wave, contents, failures, checked);
  return verdict(c, failures, checked);
}

// A NaN of the element type (half: the low 16 bits).
bool isNaNElement(ScalarType t, uint32_t e) {
  return t == ScalarType::Half ? (e & 0x7c00u) == 0x7c00u && (e & 0x3ffu) != 0
                               : (e & 0x7f800000u) == 0x7f800000u && (e & 0x7fffffu) != 0;
}

bool wordsEqual(ScalarType t, uint32_t a, uint32_t b, bool floatNaN, size_t& nanPairs) {
  if (a == b) return true;
  if (!floatNaN || !isFloat(t)) return false;
  const int n = t == ScalarType::Half ? 2 : 1;
  for (int k = 0; k < n; ++k) {
    const uint32_t shift = 16u * static_cast<uint32_t>(k), mask = n == 2 ? 0xffffu : 0xffffffffu;
    const uint32_t ea = (a >> shift) & mask, eb = (b >> shift) & mask;
    if (ea == eb) continue;
    if (!isNaNElement(t, ea) || !isNaNElement(t, eb)) return false;
    ++nanPairs;
  }
  return true;
}

// vkrun --compare: two legs' read-back buffers must be identical, word for word, except the
// words the wave reference model calls undefined in either leg (reading an inactive lane).
// floatNaN (--float-nan, the differential layer's rule): in a buffer the case declares
// "float" or "half", two NaNs are equal whatever their sign and payload bits (SPIR-V and
// Vulkan do not define which NaN an operation returns); a NaN against a number, and every
// word of the other buffer types, still compares bit for bit.
int compareDumps(const Case& c, const std::string& pathA, const std::string& pathB, const std::string& nameA,
                 const std::string& nameB, bool floatNaN) {
  auto a = contentsFromDump(c, readDump(pathA));
  auto b = contentsFromDump(c, readDump(pathB));
  std::set<size_t> undefined;  // word indices in the wave output buffer
  size_t outIndex = SIZE_MAX;
  if (c.wave) {
    DeviceWaveInfo any;
    any.minSize = 1;
    any.maxSize = UINT32_MAX;
    for (size_t i = 0; i < c.buffers.size(); ++i)
      if (c.buffers[i].name == c.wave->output) outIndex = i;
    for (const auto* leg : {&a, &b}) {
      auto at = [&](const std::string& n) -> const std::vector<uint32_t>& {
        for (size_t i = 0; i < c.buffers.size(); ++i)
          if (c.buffers[i].name == n) return (*leg)[i];
        throw std::runtime_error("no buffer " + n);
      };
      CheckResult r =
          checkWave(c, any, at(c.wave->input), at(c.wave->facts), at(c.wave->output), c.buffers[outIndex].init);
      undefined.insert(r.undefinedWords.begin(), r.undefinedWords.end());
    }
  }
  size_t differing = 0, compared = 0, nanPairs = 0, addressSkipped = 0;
  std::string skipped;
  for (size_t i = 0; i < c.buffers.size(); ++i) {
    const auto& d = c.buffers[i];
    if (std::find(c.orderDependent.begin(), c.orderDependent.end(), d.name) != c.orderDependent.end()) {
      skipped += " " + d.name;
      continue;
    }
    size_t diff = 0, first = 0;
    std::set<size_t> addressWords;  // "address_of" words: each run's own device addresses
    for (const auto& ad : d.addresses) addressWords.insert({ad.at / 4, ad.at / 4 + 1});
    for (size_t k = 0; k < a[i].size(); ++k) {
      if (i == outIndex && undefined.count(k)) continue;
      if (addressWords.count(k)) {
        ++addressSkipped;
        continue;
      }
      ++compared;
      if (wordsEqual(d.type, a[i][k], b[i][k], floatNaN, nanPairs)) continue;
      if (diff++ == 0) first = k;
      if (diff <= 5) {
        ScalarType shown = is16Bit(d.type) ? ScalarType::Uint : d.type;  // a word holds two 16-bit elements
        std::printf("  %s[%zu]: %s %s, %s %s\n", d.name.c_str(), k, nameA.c_str(), formatWord(shown, a[i][k]).c_str(),
                    nameB.c_str(), formatWord(shown, b[i][k]).c_str());
      }
    }
    if (diff) {
      std::printf("MISMATCH %s: buffer %s differs between %s and %s in %zu of %zu words (first at [%zu])\n",
                  c.path.c_str(), d.name.c_str(), nameA.c_str(), nameB.c_str(), diff, a[i].size(), first);
      ++differing;
    }
  }
  if (differing) return kFail;
  std::string nans = floatNaN ? ", " + std::to_string(nanPairs) + " NaN pairs with different bits taken as equal" : "";
  std::string addr = addressSkipped ? ", " + std::to_string(addressSkipped) + " device-address words skipped" : "";
  std::printf("SAME %s: %s and %s agree on %zu buffers (%zu words compared, %zu undefined words skipped%s%s%s%s)\n",
              c.path.c_str(), nameA.c_str(), nameB.c_str(), c.buffers.size(), compared, undefined.size(), nans.c_str(),
              addr.c_str(), skipped.empty() ? "" : "; order-dependent, not compared:", skipped.c_str());
  return kPass;
}

}  // namespace

const char* kUsageText =
    "usage: vkrun CASE.json MODULE.spv [--validate] [--quiet] [--dump OUT.bin]\n"
    "       vkrun --info CASE.json          (shader, entry, stage, profile, target_env, wgsl, args, ...)\n"
    "       vkrun --init-dump CASE.json OUT.bin   (the buffers' initial contents)\n"
    "       vkrun --inputs CASE.json        (as JSON: the textures with their texel bytes, the samplers,\n"
    "                                        the push-constant bytes, the spec constants)\n"
    "       vkrun --check CASE.json DUMP.bin --subgroup-size MIN[:MAX]\n"
    "                                       (the case's checks on another leg's read-back buffers)\n"
    "       vkrun --compare CASE.json A.bin B.bin [--names A,B] [--float-nan]\n"
    "                                       (two legs' buffers must be identical; --float-nan: two NaNs\n"
    "                                        in a float or half buffer are equal whatever their bits)\n";

int main(int argc, char** argv) {
  std::string casePath, spvPath, third, names = "A,B", subgroupSize;
  bool floatNaN = false, info = false, inputsMode = false, initDump = false, checkMode = false, compareMode = false;
  bool validate = std::getenv("VKRUN_VALIDATE") && std::strcmp(std::getenv("VKRUN_VALIDATE"), "0") != 0;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&]() -> std::string {
      if (i + 1 >= argc) {
        std::fprintf(stderr, "vkrun: %s needs a value\n", a.c_str());
        std::exit(kUsage);
      }
      return argv[++i];
    };
    if (a == "--validate")
      validate = true;
    else if (a == "--info")
      info = true;
    else if (a == "--inputs")
      inputsMode = true;
    else if (a == "--quiet")
      gQuiet = true;
    else if (a == "--dump")
      gDumpPath = value();
    else if (a == "--init-dump")
      initDump = true;
    else if (a == "--check")
      checkMode = true;
    else if (a == "--compare")
      compareMode = true;
    else if (a == "--names")
      names = value();
    else if (a == "--float-nan")
      floatNaN = true;
    else if (a == "--subgroup-size")
      subgroupSize = value();
    else if (a == "-h" || a == "--help") {
      std::printf("%s", kUsageText);
      return kPass;
    } else if (casePath.empty())
      casePath = a;
    else if (spvPath.empty())
      spvPath = a;
    else if (third.empty() && compareMode)
      third = a;
    else {
      std::fprintf(stderr, "vkrun: unexpected argument '%s'\n", a.c_str());
      return kUsage;
    }
  }
  if (inputsMode && !casePath.empty()) {
    // For the WebGPU leg (tests/wgsl/run.mjs): the inputs that are not buffers (textures,
    // samplers, push-constant bytes as 32-bit words, spec constants), one JSON object.
    try {
      Case c = loadCase(casePath);
      nlohmann::json out = {{"textures", nlohmann::json::array()}, {"samplers", nlohmann::json::array()}};
      nlohmann::json words = nlohmann::json::array();
      const auto& pb = c.pushConstants.bytes;
      for (size_t i = 0; i + 3 < pb.size(); i += 4)
        words.push_back(uint32_t(pb[i]) | uint32_t(pb[i + 1]) << 8 | uint32_t(pb[i + 2]) << 16 |
                        uint32_t(pb[i + 3]) << 24);
      out["push_constants"] = {{"size", pb.size()}, {"words", words}};
      out["spec_constants"] = nlohmann::json::array();
      for (const auto& sc : c.specConstants)
        out["spec_constants"].push_back({{"id", sc.id}, {"type", specTypeName(sc.type)}, {"value", sc.value}});
      for (const auto& t : c.textures)
        out["textures"].push_back({{"name", t.name},
                                   {"set", t.set},
                                   {"binding", t.binding},
                                   {"format", texFormatName(t.format)},
                                   {"width", t.width},
                                   {"height", t.height},
                                   {"layers", t.layers},
                                   {"array", t.array},
                                   {"levels", t.levels}});
      for (const auto& s : c.samplers)
        out["samplers"].push_back({{"name", s.name},
                                   {"set", s.set},
                                   {"binding", s.binding},
                                   {"filter", s.linear ? "linear" : "nearest"},
                                   {"compare", s.compare}});
      std::printf("%s\n", out.dump().c_str());
      return kPass;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "vkrun: %s\n", e.what());
      return kUsage;
    }
  }
  if (info && !casePath.empty()) {
    // For scripts: how to compile and run the case, one key=value per line.
    try {
      Case c = loadCase(casePath);
      std::printf("shader=%s/%s\nentry=%s\nstage=%s\nprofile=%s\ntarget_env=%s\n", c.dir.c_str(), c.shader.c_str(),
                  c.entry.c_str(), c.stage.c_str(), c.profile.c_str(), c.targetEnv.c_str());
      std::printf("local_size=%u,%u,%u\ndispatch=%u,%u,%u\n", c.localSize[0], c.localSize[1], c.localSize[2],
                  c.dispatch[0], c.dispatch[1], c.dispatch[2]);
      std::string ops;
      for (const auto& o : c.subgroupOps) ops += (ops.empty() ? "" : ",") + o;
      std::string feats;
      for (const auto& f : c.features) feats += (feats.empty() ? "" : ",") + f;
      std::string args;
      for (const auto& a : c.args) args += (args.empty() ? "" : " ") + a;
      std::printf("subgroup_ops=%s\nfeatures=%s\nsubgroup_size=%u\nwgsl_unsupported=%s\nargs=%s\n", ops.c_str(),
                  feats.c_str(), c.requiredSubgroupSize, c.wgslUnsupported.c_str(), args.c_str());
      std::printf("push_constants=%zu\nspec_constants=%zu\nown_checks=%d\n", c.pushConstants.bytes.size(),
                  c.specConstants.size(), c.expects.empty() && !c.wave ? 0 : 1);
      // Samplers on a texture's set/binding: combined image samplers (case.hpp).
      size_t combined = 0;
      for (const auto& smp : c.samplers)
        for (const auto& t : c.textures) combined += smp.set == t.set && smp.binding == t.binding;
      std::printf("combined_samplers=%zu\n", combined);
      return kPass;
    } catch (const std::exception& e) {
      std::fprintf(stderr, "vkrun: %s\n", e.what());
      return kUsage;
    }
  }
  if (initDump || checkMode || compareMode) {
    if (int(initDump) + int(checkMode) + int(compareMode) != 1 || casePath.empty() || spvPath.empty() ||
        (compareMode && third.empty()) || (checkMode && subgroupSize.empty())) {
      std::fprintf(stderr, "%s", kUsageText);
      return kUsage;
    }
    Case c;
    try {
      c = loadCase(casePath);
    } catch (const std::exception& e) {
      std::fprintf(stderr, "vkrun: %s\n", e.what());
      return kUsage;
    }
    try {
      if (initDump) {
        std::vector<std::vector<uint32_t>> init;
        for (const auto& b : c.buffers) init.push_back(b.init);
        writeDump(spvPath, dumpOf(c, init));
        return kPass;
      }
      if (checkMode) {
        auto colon = subgroupSize.find(':');
        uint32_t lo = static_cast<uint32_t>(std::stoul(subgroupSize.substr(0, colon)));
        uint32_t hi =
            colon == std::string::npos ? lo : static_cast<uint32_t>(std::stoul(subgroupSize.substr(colon + 1)));
        if (lo == 0 || hi < lo) throw std::runtime_error("bad --subgroup-size " + subgroupSize);
        return checkDump(c, spvPath, lo, hi);
      }
      auto comma = names.find(',');
      if (comma == std::string::npos) throw std::runtime_error("--names wants A,B");
      return compareDumps(c, spvPath, third, names.substr(0, comma), names.substr(comma + 1), floatNaN);
    } catch (const std::exception& e) {
      std::printf("FAIL %s: %s\n", casePath.c_str(), e.what());
      return kFail;
    }
  }
  if (spvPath.empty()) {
    std::fprintf(stderr, "%s", kUsageText);
    return kUsage;
  }
  Case c;
  try {
    c = loadCase(casePath);
  } catch (const std::exception& e) {
    std::fprintf(stderr, "vkrun: %s\n", e.what());
    return kUsage;
  }
  int rc;
  try {
    rc = run(c, spvPath, validate);
  } catch (const Skip& e) {
    std::printf("SKIP %s: %s\n", casePath.c_str(), e.what());
    return kSkip;  // validation messages cannot matter: nothing ran
  } catch (const Fail& e) {
    std::printf("FAIL %s: %s\n", casePath.c_str(), e.what());
    rc = kFail;
  } catch (const std::exception& e) {
    std::fprintf(stderr, "vkrun: %s: %s\n", casePath.c_str(), e.what());
    rc = kUsage;
  }
  // Vulkan objects are destroyed by now, so leak reports have arrived.
  if (gValidationErrors) {
    std::printf("FAIL %s: %d validation errors\n", casePath.c_str(), gValidationErrors);
    return kFail;
  }
  return rc;
}
