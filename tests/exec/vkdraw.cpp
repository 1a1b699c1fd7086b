// vkdraw: draws with one vertex and one fragment SPIR-V module on a Vulkan 1.1+ device and
// checks the pixels of the colour attachment (the graphics execution tests, tests/exec/draw).
//
//   vkdraw --vs VS.spv --fs FS.spv [--entries VS_NAME FS_NAME] [--gs GS.spv GS_NAME]
//          [--tess HS.spv HS_NAME DS.spv DS_NAME CONTROL_POINTS]
//   vkdraw --mesh MS.spv MS_NAME [--task TS.spv TS_NAME] --fs FS.spv [--entries - FS_NAME]
//          --draw-mesh X Y Z ...
//          [--size W H] [--topology triangles|points]
//          [--blend src1] [--clear R G B A] --draw VERTICES INSTANCES FIRST_VERTEX FIRST_INSTANCE ...
//          [--expect X Y R G B A ...] [--expect-count R G B A N ...] [--validate] [--quiet]
//   vkdraw --info DRAW_ARGS...                 (no device: the draw as key=value lines)
//   vkdraw --check-pixels FILE DRAW_ARGS...    (no device: check a W x H RGBA32F image)
//
// No vertex buffers and no descriptors: the vertex shader makes its positions from its
// built-ins. The colour attachment is one W x H R32G32B32A32_SFLOAT image cleared to
// --clear (default 0 0 0 0). One --draw is one vkCmdDraw; several are one
// vkCmdDrawIndirect with that many commands (DrawIndex counts them; needs
// multiDrawIndirect). --blend src1 is dual-source blending: colour = src0 * SRC1 +
// dst * (1 - SRC1), alpha the same with SRC1's alpha (needs dualSrcBlend). The device
// --gs adds a geometry stage (needs geometryShader; skipped without it), --tess a hull
// and a domain stage drawing patch lists of CONTROL_POINTS vertices (needs
// tessellationShader). --mesh draws with a mesh shader instead of a vertex shader
// (VK_EXT_mesh_shader: no vertex input, one vkCmdDrawMeshTasksEXT(X, Y, Z) per
// --draw-mesh; needs the device extension and meshShader, and taskShader with --task;
// skipped without them). The device
// features the modules may need are enabled where the device has them (dualSrcBlend,
// multiDrawIndirect, largePoints, shaderDrawParameters, shaderDemoteToHelperInvocation,
// sampleRateShading).
// --expect checks one pixel, --expect-count the number of pixels of one colour (exact
// float comparison: the expectations are hand-calculated, exactly representable values).
//
// --info and --check-pixels serve the WebGPU draw leg (tests/wgsl/draw.mjs), which renders
// the same draw on Dawn: DRAW_ARGS are the arguments above without the shader options
// (--size, --topology, --blend, --clear, --draw, --draw-mesh, --expect, --expect-count).
// --info prints `size=W H`, `topology=triangles|points`, `blend=none|src1`, `clear=R G B A`
// and one `draw=VERTICES INSTANCES FIRST_VERTEX FIRST_INSTANCE` or `draw-mesh=X Y Z` line
// per draw; --check-pixels reads FILE (W * H pixels, row by row from the top, 4 floats
// each, little-endian) and applies the expectations, exactly as after a Vulkan draw. So the
// case's `// VKDRAW:` lines are read by this one parser for every leg.
//
// Exit status: 0 pass, 1 fail, 77 skip (the device lacks a feature the draw needs),
// 2 bad usage. VK_DRIVER_FILES selects the driver, as for vkrun.
#include <vulkan/vulkan.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

constexpr int kPass = 0, kFail = 1, kUsage = 2, kSkip = 77;

struct Skip : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct Fail : std::runtime_error {
  using std::runtime_error::runtime_error;
};
struct Usage : std::runtime_error {
  using std::runtime_error::runtime_error;
};

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
  if (!f) throw Usage("cannot open " + path);
  auto size = static_cast<size_t>(f.tellg());
  if (size < 20 || size % 4) throw Usage(path + ": not a SPIR-V module");
  std::vector<uint32_t> words(size / 4);
  f.seekg(0);
  f.read(reinterpret_cast<char*>(words.data()), static_cast<std::streamsize>(size));
  if (words[0] != 0x07230203u) throw Usage(path + ": bad SPIR-V magic number");
  return words;
}

using Color = std::array<float, 4>;

struct Options {
  std::string vs, fs, vsEntry = "main", fsEntry = "main", gs, gsEntry, hs, hsEntry, ds, dsEntry;
  std::string ms, msEntry, ts, tsEntry;  // --mesh, --task
  std::vector<std::array<uint32_t, 3>> meshDraws;
  uint32_t controlPoints = 0;
  uint32_t width = 4, height = 4;
  bool points = false, dualSource = false, validate = false, quiet = false;
  bool info = false;        // --info
  std::string checkPixels;  // --check-pixels FILE
  Color clear{0, 0, 0, 0};
  std::vector<VkDrawIndirectCommand> draws;
  struct Pixel {
    uint32_t x, y;
    Color c;
  };
  std::vector<Pixel> pixels;
  struct Count {
    Color c;
    uint32_t n;
  };
  std::vector<Count> counts;
};

Options parse(int argc, char** argv) {
  Options o;
  int i = 1;
  auto need = [&](int n) {
    if (i + n >= argc) throw Usage(std::string(argv[i]) + " needs " + std::to_string(n) + " values");
  };
  auto num = [&](int k) { return std::strtod(argv[i + k], nullptr); };
  auto u32 = [&](int k) { return uint32_t(std::strtoul(argv[i + k], nullptr, 10)); };
  for (; i < argc; ++i) {
    std::string a = argv[i];
    if (a == "--vs") {
      need(1);
      o.vs = argv[++i];
    } else if (a == "--fs") {
      need(1);
      o.fs = argv[++i];
    } else if (a == "--tess") {
      need(5);
      o.hs = argv[i + 1], o.hsEntry = argv[i + 2], o.ds = argv[i + 3], o.dsEntry = argv[i + 4];
      o.controlPoints = u32(5);
      i += 5;
      if (!o.controlPoints || o.controlPoints > 32) throw Usage("bad --tess control point count");
    } else if (a == "--mesh") {
      need(2);
      o.ms = argv[i + 1];
      o.msEntry = argv[i + 2];
      i += 2;
    } else if (a == "--task") {
      need(2);
      o.ts = argv[i + 1];
      o.tsEntry = argv[i + 2];
      i += 2;
    } else if (a == "--draw-mesh") {
      need(3);
      o.meshDraws.push_back({u32(1), u32(2), u32(3)});
      i += 3;
    } else if (a == "--gs") {
      need(2);
      o.gs = argv[i + 1];
      o.gsEntry = argv[i + 2];
      i += 2;
    } else if (a == "--entries") {
      need(2);
      o.vsEntry = argv[i + 1];
      o.fsEntry = argv[i + 2];
      i += 2;
    } else if (a == "--size") {
      need(2);
      o.width = u32(1);
      o.height = u32(2);
      i += 2;
    } else if (a == "--topology") {
      need(1);
      std::string t = argv[++i];
      if (t != "points" && t != "triangles") throw Usage("unknown topology " + t);
      o.points = t == "points";
    } else if (a == "--blend") {
      need(1);
      if (std::string(argv[++i]) != "src1") throw Usage("--blend takes src1");
      o.dualSource = true;
    } else if (a == "--clear") {
      need(4);
      o.clear = {float(num(1)), float(num(2)), float(num(3)), float(num(4))};
      i += 4;
    } else if (a == "--draw") {
      need(4);
      o.draws.push_back({u32(1), u32(2), u32(3), u32(4)});
      i += 4;
    } else if (a == "--expect") {
      need(6);
      o.pixels.push_back({u32(1), u32(2), {float(num(3)), float(num(4)), float(num(5)), float(num(6))}});
      i += 6;
    } else if (a == "--expect-count") {
      need(5);
      o.counts.push_back({{float(num(1)), float(num(2)), float(num(3)), float(num(4))}, u32(5)});
      i += 5;
    } else if (a == "--info")
      o.info = true;
    else if (a == "--check-pixels") {
      need(1);
      o.checkPixels = argv[++i];
    } else if (a == "--validate")
      o.validate = true;
    else if (a == "--quiet")
      o.quiet = true;
    else
      throw Usage("unknown argument " + a);
  }
  bool noDevice = o.info || !o.checkPixels.empty();
  if (noDevice) {
    if (o.info && !o.checkPixels.empty()) throw Usage("--info and --check-pixels exclude each other");
    if (!o.vs.empty() || !o.fs.empty() || !o.gs.empty() || !o.hs.empty() || !o.ms.empty() || !o.ts.empty() ||
        o.validate)
      throw Usage("--info and --check-pixels take the draw arguments only (no shaders, no --validate)");
    if (o.draws.empty() == o.meshDraws.empty()) throw Usage("--info and --check-pixels need --draw or --draw-mesh");
  } else if (!o.ms.empty()) {
    if (!o.vs.empty() || !o.gs.empty() || !o.hs.empty() || !o.draws.empty() || o.fs.empty() || o.meshDraws.empty())
      throw Usage("--mesh takes --fs and --draw-mesh, and no --vs, --gs, --tess or --draw");
  } else if (!o.ts.empty() || !o.meshDraws.empty()) {
    throw Usage("--task and --draw-mesh need --mesh");
  } else if (o.vs.empty() || o.fs.empty() || o.draws.empty()) {
    throw Usage("--vs, --fs and --draw are required");
  }
  if (o.pixels.empty() && o.counts.empty()) throw Usage("nothing to check: give --expect or --expect-count");
  if (!o.width || !o.height || o.width > 4096 || o.height > 4096) throw Usage("bad --size");
  return o;
}

// Every object, destroyed in reverse order (also on failure).
struct Vk {
  VkInstance instance = VK_NULL_HANDLE;
  VkDebugUtilsMessengerEXT messenger = VK_NULL_HANDLE;
  VkPhysicalDevice phys = VK_NULL_HANDLE;
  VkDevice device = VK_NULL_HANDLE;
  VkQueue queue = VK_NULL_HANDLE;
  VkImage image = VK_NULL_HANDLE;
  VkDeviceMemory imageMemory = VK_NULL_HANDLE;
  VkImageView view = VK_NULL_HANDLE;
  VkBuffer readback = VK_NULL_HANDLE, indirect = VK_NULL_HANDLE;
  VkDeviceMemory readbackMemory = VK_NULL_HANDLE, indirectMemory = VK_NULL_HANDLE;
  VkRenderPass renderPass = VK_NULL_HANDLE;
  VkFramebuffer framebuffer = VK_NULL_HANDLE;
  VkShaderModule vs = VK_NULL_HANDLE, fs = VK_NULL_HANDLE, gs = VK_NULL_HANDLE, hs = VK_NULL_HANDLE,
                 ds = VK_NULL_HANDLE, ms = VK_NULL_HANDLE, ts = VK_NULL_HANDLE;
  VkPipelineLayout layout = VK_NULL_HANDLE;
  VkPipeline pipeline = VK_NULL_HANDLE;
  VkCommandPool pool = VK_NULL_HANDLE;
  VkFence fence = VK_NULL_HANDLE;
  ~Vk() {
    if (device) {
      vkDeviceWaitIdle(device);
      if (fence) vkDestroyFence(device, fence, nullptr);
      if (pool) vkDestroyCommandPool(device, pool, nullptr);
      if (pipeline) vkDestroyPipeline(device, pipeline, nullptr);
      if (layout) vkDestroyPipelineLayout(device, layout, nullptr);
      if (vs) vkDestroyShaderModule(device, vs, nullptr);
      if (fs) vkDestroyShaderModule(device, fs, nullptr);
      if (gs) vkDestroyShaderModule(device, gs, nullptr);
      if (hs) vkDestroyShaderModule(device, hs, nullptr);
      if (ds) vkDestroyShaderModule(device, ds, nullptr);
      if (ms) vkDestroyShaderModule(device, ms, nullptr);
      if (ts) vkDestroyShaderModule(device, ts, nullptr);
      if (framebuffer) vkDestroyFramebuffer(device, framebuffer, nullptr);
      if (renderPass) vkDestroyRenderPass(device, renderPass, nullptr);
      for (VkBuffer b : {readback, indirect})
        if (b) vkDestroyBuffer(device, b, nullptr);
      for (VkDeviceMemory m : {readbackMemory, indirectMemory, imageMemory})
        if (m) vkFreeMemory(device, m, nullptr);
      if (view) vkDestroyImageView(device, view, nullptr);
      if (image) vkDestroyImage(device, image, nullptr);
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

uint32_t memoryType(VkPhysicalDevice phys, uint32_t bits, VkMemoryPropertyFlags want) {
  VkPhysicalDeviceMemoryProperties mp;
  vkGetPhysicalDeviceMemoryProperties(phys, &mp);
  for (uint32_t i = 0; i < mp.memoryTypeCount; ++i)
    if ((bits & (1u << i)) && (mp.memoryTypes[i].propertyFlags & want) == want) return i;
  throw Fail("no suitable memory type");
}

void makeBuffer(Vk& vk, VkDeviceSize size, VkBufferUsageFlags usage, VkBuffer& b, VkDeviceMemory& m) {
  VkBufferCreateInfo bci{VK_STRUCTURE_TYPE_BUFFER_CREATE_INFO};
  bci.size = size;
  bci.usage = usage;
  check(vkCreateBuffer(vk.device, &bci, nullptr, &b), "vkCreateBuffer");
  VkMemoryRequirements req;
  vkGetBufferMemoryRequirements(vk.device, b, &req);
  VkMemoryAllocateInfo mai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  mai.allocationSize = req.size;
  mai.memoryTypeIndex = memoryType(vk.phys, req.memoryTypeBits,
                                   VK_MEMORY_PROPERTY_HOST_VISIBLE_BIT | VK_MEMORY_PROPERTY_HOST_COHERENT_BIT);
  check(vkAllocateMemory(vk.device, &mai, nullptr, &m), "vkAllocateMemory");
  check(vkBindBufferMemory(vk.device, b, m, 0), "vkBindBufferMemory");
}

VkShaderModule makeModule(Vk& vk, const std::vector<uint32_t>& words) {
  VkShaderModuleCreateInfo smci{VK_STRUCTURE_TYPE_SHADER_MODULE_CREATE_INFO};
  smci.codeSize = words.size() * 4;
  smci.pCode = words.data();
  VkShaderModule m;
  check(vkCreateShaderModule(vk.device, &smci, nullptr, &m), "vkCreateShaderModule");
  return m;
}

// The expectations against the image (W * H pixels, row by row from the top).
int checkPixels(const Options& o, const std::vector<Color>& px) {
  auto text = [](const Color& c) {
    char b[96];
    std::snprintf(b, sizeof b, "(%g, %g, %g, %g)", c[0], c[1], c[2], c[3]);
    return std::string(b);
  };
  int failures = 0;
  size_t checked = 0;
  for (const auto& e : o.pixels) {
    if (e.x >= o.width || e.y >= o.height) throw Usage("--expect pixel outside the image");
    const Color& got = px[size_t(e.y) * o.width + e.x];
    ++checked;
    if (got != e.c) {
      ++failures;
      std::printf("  pixel (%u, %u): got %s, expected %s\n", e.x, e.y, text(got).c_str(), text(e.c).c_str());
    }
  }
  for (const auto& e : o.counts) {
    uint32_t k = uint32_t(std::count(px.begin(), px.end(), e.c));
    ++checked;
    if (k != e.n) {
      ++failures;
      std::printf("  %u pixels are %s, expected %u\n", k, text(e.c).c_str(), e.n);
    }
  }
  if (failures) {
    for (uint32_t y = 0; y < o.height && y < 8; ++y)
      for (uint32_t x = 0; x < o.width && x < 8; ++x)
        std::printf("    (%u, %u) = %s\n", x, y, text(px[size_t(y) * o.width + x]).c_str());
  }
  if (gValidationErrors) {
    std::printf("FAIL: %d validation errors\n", gValidationErrors);
    return kFail;
  }
  if (failures) {
    std::printf("FAIL: %d of %zu checks\n", failures, checked);
    return kFail;
  }
  std::printf("PASS (%zu checks)\n", checked);
  return kPass;
}

// --info: the draw, for another leg to render.
int printInfo(const Options& o) {
  std::printf("size=%u %u\n", o.width, o.height);
  std::printf("topology=%s\n", o.points ? "points" : "triangles");
  std::printf("blend=%s\n", o.dualSource ? "src1" : "none");
  std::printf("clear=%.9g %.9g %.9g %.9g\n", o.clear[0], o.clear[1], o.clear[2], o.clear[3]);
  for (const auto& d : o.draws)
    std::printf("draw=%u %u %u %u\n", d.vertexCount, d.instanceCount, d.firstVertex, d.firstInstance);
  for (const auto& d : o.meshDraws) std::printf("draw-mesh=%u %u %u\n", d[0], d[1], d[2]);
  return kPass;
}

// --check-pixels FILE: the expectations against an image another leg rendered.
int checkFile(const Options& o) {
  std::ifstream f(o.checkPixels, std::ios::binary | std::ios::ate);
  if (!f) throw Usage("cannot open " + o.checkPixels);
  const size_t want = size_t(o.width) * o.height * sizeof(Color), size = size_t(f.tellg());
  if (size != want)
    throw Fail(o.checkPixels + " has " + std::to_string(size) + " bytes, not the " + std::to_string(want) + " of a " +
               std::to_string(o.width) + " x " + std::to_string(o.height) + " RGBA32F image");
  std::vector<Color> px(size_t(o.width) * o.height);
  f.seekg(0);
  f.read(reinterpret_cast<char*>(px.data()), std::streamsize(want));
  return checkPixels(o, px);
}

int run(const Options& o) {
  Vk vk;
  bool mesh = !o.ms.empty();
  std::vector<uint32_t> vsWords = mesh ? std::vector<uint32_t>{} : readSpirv(o.vs), fsWords = readSpirv(o.fs);
  std::vector<uint32_t> msWords = mesh ? readSpirv(o.ms) : std::vector<uint32_t>{};
  std::vector<uint32_t> tsWords = o.ts.empty() ? std::vector<uint32_t>{} : readSpirv(o.ts);
  std::vector<uint32_t> gsWords = o.gs.empty() ? std::vector<uint32_t>{} : readSpirv(o.gs);
  std::vector<uint32_t> hsWords = o.hs.empty() ? std::vector<uint32_t>{} : readSpirv(o.hs);
  std::vector<uint32_t> dsWords = o.ds.empty() ? std::vector<uint32_t>{} : readSpirv(o.ds);
  // --- instance
  std::vector<const char*> layers, instExts;
  VkDebugUtilsMessengerCreateInfoEXT dbg{VK_STRUCTURE_TYPE_DEBUG_UTILS_MESSENGER_CREATE_INFO_EXT};
  dbg.messageSeverity = VK_DEBUG_UTILS_MESSAGE_SEVERITY_WARNING_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_SEVERITY_ERROR_BIT_EXT;
  dbg.messageType = VK_DEBUG_UTILS_MESSAGE_TYPE_GENERAL_BIT_EXT | VK_DEBUG_UTILS_MESSAGE_TYPE_VALIDATION_BIT_EXT;
  dbg.pfnUserCallback = debugCallback;
  if (o.validate) {
    uint32_t n = 0;
    vkEnumerateInstanceLayerProperties(&n, nullptr);
    std::vector<VkLayerProperties> lp(n);
    vkEnumerateInstanceLayerProperties(&n, lp.data());
    bool found = std::any_of(lp.begin(), lp.end(),
                             [](auto& p) { return std::strcmp(p.layerName, "VK_LAYER_KHRONOS_validation") == 0; });
    if (!found) throw Fail("--validate: VK_LAYER_KHRONOS_validation is not installed");
    layers.push_back("VK_LAYER_KHRONOS_validation");
    instExts.push_back(VK_EXT_DEBUG_UTILS_EXTENSION_NAME);
  }
  uint32_t loaderVersion = VK_API_VERSION_1_0;
  vkEnumerateInstanceVersion(&loaderVersion);
  VkApplicationInfo app{VK_STRUCTURE_TYPE_APPLICATION_INFO};
  app.pApplicationName = "vkdraw";
  app.apiVersion = std::min<uint32_t>(loaderVersion, VK_API_VERSION_1_3);
  VkInstanceCreateInfo ici{VK_STRUCTURE_TYPE_INSTANCE_CREATE_INFO};
  ici.pNext = o.validate ? &dbg : nullptr;
  ici.pApplicationInfo = &app;
  ici.enabledLayerCount = uint32_t(layers.size());
  ici.ppEnabledLayerNames = layers.data();
  ici.enabledExtensionCount = uint32_t(instExts.size());
  ici.ppEnabledExtensionNames = instExts.data();
  check(vkCreateInstance(&ici, nullptr, &vk.instance), "vkCreateInstance");
  if (o.validate) {
    auto create = reinterpret_cast<PFN_vkCreateDebugUtilsMessengerEXT>(
        vkGetInstanceProcAddr(vk.instance, "vkCreateDebugUtilsMessengerEXT"));
    if (create) check(create(vk.instance, &dbg, nullptr, &vk.messenger), "vkCreateDebugUtilsMessengerEXT");
  }
  uint32_t n = 0;
  vkEnumeratePhysicalDevices(vk.instance, &n, nullptr);
  if (!n) throw Skip("no Vulkan device");
  std::vector<VkPhysicalDevice> phys(n);
  vkEnumeratePhysicalDevices(vk.instance, &n, phys.data());
  vk.phys = phys[0];
  VkPhysicalDeviceProperties props;
  vkGetPhysicalDeviceProperties(vk.phys, &props);
  uint32_t api = std::min(props.apiVersion, app.apiVersion);
  if (api < VK_API_VERSION_1_1) throw Skip(std::string(props.deviceName) + " is Vulkan 1.0");
  // --- features: enable what the device has of what the tests use
  VkPhysicalDeviceShaderDrawParametersFeatures drawParams{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DRAW_PARAMETERS_FEATURES};
  VkPhysicalDeviceShaderDemoteToHelperInvocationFeatures demote{
      VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SHADER_DEMOTE_TO_HELPER_INVOCATION_FEATURES};
  uint32_t extCount = 0;
  vkEnumerateDeviceExtensionProperties(vk.phys, nullptr, &extCount, nullptr);
  std::vector<VkExtensionProperties> exts(extCount);
  vkEnumerateDeviceExtensionProperties(vk.phys, nullptr, &extCount, exts.data());
  bool demoteExt = std::any_of(exts.begin(), exts.end(), [](auto& e) {
    return std::strcmp(e.extensionName, VK_EXT_SHADER_DEMOTE_TO_HELPER_INVOCATION_EXTENSION_NAME) == 0;
  });
  bool demoteAvail = api >= VK_API_VERSION_1_3 || demoteExt;
  bool meshExt = std::any_of(exts.begin(), exts.end(), [](auto& e) {
    return std::strcmp(e.extensionName, VK_EXT_MESH_SHADER_EXTENSION_NAME) == 0;
  });
  VkPhysicalDeviceMeshShaderFeaturesEXT meshFeatures{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MESH_SHADER_FEATURES_EXT};
  VkPhysicalDeviceFeatures2 have{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  have.pNext = &drawParams;
  drawParams.pNext = demoteAvail ? &demote : nullptr;
  demote.pNext = nullptr;
  if (mesh && meshExt) {
    // At the end of the chain: demote (when present) or drawParams points at it.
    if (demoteAvail)
      demote.pNext = &meshFeatures;
    else
      drawParams.pNext = &meshFeatures;
  }
  vkGetPhysicalDeviceFeatures2(vk.phys, &have);
  if (mesh) {
    // VK_EXT_mesh_shader needs SPIR-V 1.4 (Vulkan 1.2); a missing device feature skips.
    if (api < VK_API_VERSION_1_2)
      throw Skip(std::string(props.deviceName) + " is not Vulkan 1.2 (mesh shaders need SPIR-V 1.4)");
    if (!meshExt) throw Skip(std::string(props.deviceName) + " has no VK_EXT_mesh_shader");
    if (!meshFeatures.meshShader) throw Skip(std::string(props.deviceName) + " has no meshShader");
    if (!o.ts.empty() && !meshFeatures.taskShader) throw Skip(std::string(props.deviceName) + " has no taskShader");
  }
  if (o.dualSource && !have.features.dualSrcBlend) throw Skip(std::string(props.deviceName) + " has no dualSrcBlend");
  // The features the modules' capabilities need (DrawParameters 4427,
  // DemoteToHelperInvocation 5379).
  if (!o.gs.empty() && !have.features.geometryShader)
    throw Skip(std::string(props.deviceName) + " has no geometryShader");
  if (!o.hs.empty() && !have.features.tessellationShader)
    throw Skip(std::string(props.deviceName) + " has no tessellationShader");
  bool needGeometry = !o.gs.empty();
  bool needSampleRate = false;  // InterpolationFunction 52, SampleRateShading 35
  // Subgroup operations (capabilities GroupNonUniform* 61..68): the device must support them
  // in the module's stage (VkPhysicalDeviceSubgroupProperties), else the draw is skipped.
  VkPhysicalDeviceSubgroupProperties subgroup{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_SUBGROUP_PROPERTIES};
  VkPhysicalDeviceProperties2 props2{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_PROPERTIES_2};
  props2.pNext = &subgroup;
  vkGetPhysicalDeviceProperties2(vk.phys, &props2);
  struct StageModule {
    const std::vector<uint32_t>* words;
    VkShaderStageFlagBits stage;
    const char* name;
  };
  const StageModule modules[] = {{&vsWords, VK_SHADER_STAGE_VERTEX_BIT, "vertex"},
                                 {&fsWords, VK_SHADER_STAGE_FRAGMENT_BIT, "fragment"},
                                 {&gsWords, VK_SHADER_STAGE_GEOMETRY_BIT, "geometry"},
                                 {&hsWords, VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT, "tessellation control"},
                                 {&dsWords, VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT, "tessellation evaluation"},
                                 {&msWords, VK_SHADER_STAGE_MESH_BIT_EXT, "mesh"},
                                 {&tsWords, VK_SHADER_STAGE_TASK_BIT_EXT, "task"}};
  for (const auto& [words, stage, stageName] : modules)
    for (size_t at = 5; at < words->size();) {
      uint32_t op = (*words)[at] & 0xffff, len = (*words)[at] >> 16;
      if (!len) break;
      if (op == 17 /* OpCapability */ && at + 1 < words->size()) {
        uint32_t c = (*words)[at + 1];
        if (c >= 61 && c <= 68) {
          // GroupNonUniform 61 .. GroupNonUniformQuad 68 = VK_SUBGROUP_FEATURE_BASIC_BIT << (c - 61)
          if (!(subgroup.supportedStages & stage))
            throw Skip(std::string(props.deviceName) + " has no subgroup operations in " + stageName + " shaders");
          if (!(subgroup.supportedOperations & (1u << (c - 61))))
            throw Skip(std::string(props.deviceName) + " lacks the subgroup operations of capability " +
                       std::to_string(c) + " in " + stageName + " shaders");
        }
        if (c == 4427 && !drawParams.shaderDrawParameters)
          throw Skip(std::string(props.deviceName) + " has no shaderDrawParameters");
        // Geometry (2): a fragment shader reading SV_PrimitiveID behind a mesh shader.
        if (c == 2 && mesh) needGeometry = true;
        if (c == 52 || c == 35) needSampleRate = true;
        if (c == 5379 && !(demoteAvail && demote.shaderDemoteToHelperInvocation))
          throw Skip(std::string(props.deviceName) + " has no shaderDemoteToHelperInvocation");
      }
      at += len;
    }
  if (o.draws.size() > 1 && !have.features.multiDrawIndirect)
    throw Skip(std::string(props.deviceName) + " has no multiDrawIndirect");
  VkPhysicalDeviceFeatures2 en{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_FEATURES_2};
  en.features.dualSrcBlend = have.features.dualSrcBlend;
  en.features.multiDrawIndirect = have.features.multiDrawIndirect;
  en.features.largePoints = have.features.largePoints;
  if (needGeometry && !have.features.geometryShader)
    throw Skip(std::string(props.deviceName) + " has no geometryShader (capability Geometry)");
  en.features.geometryShader = needGeometry;
  en.features.tessellationShader = !o.hs.empty();
  if (needSampleRate && !have.features.sampleRateShading)
    throw Skip(std::string(props.deviceName) + " has no sampleRateShading (capability InterpolationFunction)");
  en.features.sampleRateShading = needSampleRate;
  VkPhysicalDeviceShaderDrawParametersFeatures enDraw = drawParams;
  VkPhysicalDeviceShaderDemoteToHelperInvocationFeatures enDemote = demote;
  VkPhysicalDeviceMeshShaderFeaturesEXT enMesh{VK_STRUCTURE_TYPE_PHYSICAL_DEVICE_MESH_SHADER_FEATURES_EXT};
  enMesh.meshShader = mesh;
  enMesh.taskShader = !o.ts.empty();
  en.pNext = &enDraw;
  enDraw.pNext = demoteAvail ? &enDemote : nullptr;
  enDemote.pNext = nullptr;
  if (mesh) {
    if (demoteAvail)
      enDemote.pNext = &enMesh;
    else
      enDraw.pNext = &enMesh;
  }
  std::vector<const char*> devExts;
  if (mesh) devExts.push_back(VK_EXT_MESH_SHADER_EXTENSION_NAME);
  if (demoteAvail && api < VK_API_VERSION_1_3)
    devExts.push_back(VK_EXT_SHADER_DEMOTE_TO_HELPER_INVOCATION_EXTENSION_NAME);
  // --- device and queue
  uint32_t qn = 0;
  vkGetPhysicalDeviceQueueFamilyProperties(vk.phys, &qn, nullptr);
  std::vector<VkQueueFamilyProperties> qf(qn);
  vkGetPhysicalDeviceQueueFamilyProperties(vk.phys, &qn, qf.data());
  uint32_t family = UINT32_MAX;
  for (uint32_t i = 0; i < qn && family == UINT32_MAX; ++i)
    if (qf[i].queueFlags & VK_QUEUE_GRAPHICS_BIT) family = i;
  if (family == UINT32_MAX) throw Skip("no graphics queue");
  float prio = 1.0f;
  VkDeviceQueueCreateInfo qci{VK_STRUCTURE_TYPE_DEVICE_QUEUE_CREATE_INFO};
  qci.queueFamilyIndex = family;
  qci.queueCount = 1;
  qci.pQueuePriorities = &prio;
  VkDeviceCreateInfo dci{VK_STRUCTURE_TYPE_DEVICE_CREATE_INFO};
  dci.pNext = &en;
  dci.queueCreateInfoCount = 1;
  dci.pQueueCreateInfos = &qci;
  dci.enabledExtensionCount = uint32_t(devExts.size());
  dci.ppEnabledExtensionNames = devExts.data();
  check(vkCreateDevice(vk.phys, &dci, nullptr, &vk.device), "vkCreateDevice");
  vkGetDeviceQueue(vk.device, family, 0, &vk.queue);
  if (!o.quiet)
    std::printf("device: %s (Vulkan %u.%u)\n", props.deviceName, VK_API_VERSION_MAJOR(props.apiVersion),
                VK_API_VERSION_MINOR(props.apiVersion));
  // --- colour attachment and read-back buffer
  const VkFormat format = VK_FORMAT_R32G32B32A32_SFLOAT;
  VkFormatProperties fp;
  vkGetPhysicalDeviceFormatProperties(vk.phys, format, &fp);
  VkFormatFeatureFlags needFmt =
      VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BIT | (o.dualSource ? VK_FORMAT_FEATURE_COLOR_ATTACHMENT_BLEND_BIT : 0);
  if ((fp.optimalTilingFeatures & needFmt) != needFmt)
    throw Skip("R32G32B32A32_SFLOAT is no (blendable) colour attachment");
  VkImageCreateInfo imci{VK_STRUCTURE_TYPE_IMAGE_CREATE_INFO};
  imci.imageType = VK_IMAGE_TYPE_2D;
  imci.format = format;
  imci.extent = {o.width, o.height, 1};
  imci.mipLevels = 1;
  imci.arrayLayers = 1;
  imci.samples = VK_SAMPLE_COUNT_1_BIT;
  imci.tiling = VK_IMAGE_TILING_OPTIMAL;
  imci.usage = VK_IMAGE_USAGE_COLOR_ATTACHMENT_BIT | VK_IMAGE_USAGE_TRANSFER_SRC_BIT;
  check(vkCreateImage(vk.device, &imci, nullptr, &vk.image), "vkCreateImage");
  VkMemoryRequirements ireq;
  vkGetImageMemoryRequirements(vk.device, vk.image, &ireq);
  VkMemoryAllocateInfo imai{VK_STRUCTURE_TYPE_MEMORY_ALLOCATE_INFO};
  imai.allocationSize = ireq.size;
  imai.memoryTypeIndex = memoryType(vk.phys, ireq.memoryTypeBits, 0);
  check(vkAllocateMemory(vk.device, &imai, nullptr, &vk.imageMemory), "vkAllocateMemory");
  check(vkBindImageMemory(vk.device, vk.image, vk.imageMemory, 0), "vkBindImageMemory");
  VkImageViewCreateInfo ivci{VK_STRUCTURE_TYPE_IMAGE_VIEW_CREATE_INFO};
  ivci.image = vk.image;
  ivci.viewType = VK_IMAGE_VIEW_TYPE_2D;
  ivci.format = format;
  ivci.subresourceRange = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 1, 0, 1};
  check(vkCreateImageView(vk.device, &ivci, nullptr, &vk.view), "vkCreateImageView");
  const VkDeviceSize bytes = VkDeviceSize(o.width) * o.height * 16;
  makeBuffer(vk, bytes, VK_BUFFER_USAGE_TRANSFER_DST_BIT, vk.readback, vk.readbackMemory);
  if (o.draws.size() > 1) {
    makeBuffer(vk, o.draws.size() * sizeof(VkDrawIndirectCommand), VK_BUFFER_USAGE_INDIRECT_BUFFER_BIT, vk.indirect,
               vk.indirectMemory);
    void* p;
    check(vkMapMemory(vk.device, vk.indirectMemory, 0, VK_WHOLE_SIZE, 0, &p), "vkMapMemory");
    std::memcpy(p, o.draws.data(), o.draws.size() * sizeof(VkDrawIndirectCommand));
    vkUnmapMemory(vk.device, vk.indirectMemory);
  }
  // --- render pass, framebuffer
  VkAttachmentDescription att{};
  att.format = format;
  att.samples = VK_SAMPLE_COUNT_1_BIT;
  att.loadOp = VK_ATTACHMENT_LOAD_OP_CLEAR;
  att.storeOp = VK_ATTACHMENT_STORE_OP_STORE;
  att.stencilLoadOp = VK_ATTACHMENT_LOAD_OP_DONT_CARE;
  att.stencilStoreOp = VK_ATTACHMENT_STORE_OP_DONT_CARE;
  att.initialLayout = VK_IMAGE_LAYOUT_UNDEFINED;
  att.finalLayout = VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL;
  VkAttachmentReference ref{0, VK_IMAGE_LAYOUT_COLOR_ATTACHMENT_OPTIMAL};
  VkSubpassDescription sub{};
  sub.pipelineBindPoint = VK_PIPELINE_BIND_POINT_GRAPHICS;
  sub.colorAttachmentCount = 1;
  sub.pColorAttachments = &ref;
  VkSubpassDependency dep{};
  dep.srcSubpass = 0;
  dep.dstSubpass = VK_SUBPASS_EXTERNAL;
  dep.srcStageMask = VK_PIPELINE_STAGE_COLOR_ATTACHMENT_OUTPUT_BIT;
  dep.dstStageMask = VK_PIPELINE_STAGE_TRANSFER_BIT;
  dep.srcAccessMask = VK_ACCESS_COLOR_ATTACHMENT_WRITE_BIT;
  dep.dstAccessMask = VK_ACCESS_TRANSFER_READ_BIT;
  VkRenderPassCreateInfo rpci{VK_STRUCTURE_TYPE_RENDER_PASS_CREATE_INFO};
  rpci.attachmentCount = 1;
  rpci.pAttachments = &att;
  rpci.subpassCount = 1;
  rpci.pSubpasses = &sub;
  rpci.dependencyCount = 1;
  rpci.pDependencies = &dep;
  check(vkCreateRenderPass(vk.device, &rpci, nullptr, &vk.renderPass), "vkCreateRenderPass");
  VkFramebufferCreateInfo fbci{VK_STRUCTURE_TYPE_FRAMEBUFFER_CREATE_INFO};
  fbci.renderPass = vk.renderPass;
  fbci.attachmentCount = 1;
  fbci.pAttachments = &vk.view;
  fbci.width = o.width;
  fbci.height = o.height;
  fbci.layers = 1;
  check(vkCreateFramebuffer(vk.device, &fbci, nullptr, &vk.framebuffer), "vkCreateFramebuffer");
  // --- pipeline
  if (!mesh) vk.vs = makeModule(vk, vsWords);
  vk.fs = makeModule(vk, fsWords);
  if (mesh) vk.ms = makeModule(vk, msWords);
  if (!o.ts.empty()) vk.ts = makeModule(vk, tsWords);
  if (!o.gs.empty()) vk.gs = makeModule(vk, gsWords);
  if (!o.hs.empty()) vk.hs = makeModule(vk, hsWords), vk.ds = makeModule(vk, dsWords);
  VkPipelineLayoutCreateInfo plci{VK_STRUCTURE_TYPE_PIPELINE_LAYOUT_CREATE_INFO};
  check(vkCreatePipelineLayout(vk.device, &plci, nullptr, &vk.layout), "vkCreatePipelineLayout");
  VkPipelineShaderStageCreateInfo stages[5] = {};
  for (auto& st : stages) st.sType = VK_STRUCTURE_TYPE_PIPELINE_SHADER_STAGE_CREATE_INFO;
  stages[0].stage = VK_SHADER_STAGE_VERTEX_BIT;
  stages[0].module = vk.vs;
  stages[0].pName = o.vsEntry.c_str();
  stages[1].stage = VK_SHADER_STAGE_FRAGMENT_BIT;
  stages[1].module = vk.fs;
  stages[1].pName = o.fsEntry.c_str();
  uint32_t stageCount = 2;
  if (mesh) {
    stages[0].stage = VK_SHADER_STAGE_MESH_BIT_EXT;
    stages[0].module = vk.ms;
    stages[0].pName = o.msEntry.c_str();
    if (!o.ts.empty()) {
      stages[stageCount].stage = VK_SHADER_STAGE_TASK_BIT_EXT;
      stages[stageCount].module = vk.ts;
      stages[stageCount++].pName = o.tsEntry.c_str();
    }
  }
  if (!o.hs.empty()) {
    stages[stageCount].stage = VK_SHADER_STAGE_TESSELLATION_CONTROL_BIT;
    stages[stageCount].module = vk.hs;
    stages[stageCount++].pName = o.hsEntry.c_str();
    stages[stageCount].stage = VK_SHADER_STAGE_TESSELLATION_EVALUATION_BIT;
    stages[stageCount].module = vk.ds;
    stages[stageCount++].pName = o.dsEntry.c_str();
  }
  if (!o.gs.empty()) {
    stages[stageCount].stage = VK_SHADER_STAGE_GEOMETRY_BIT;
    stages[stageCount].module = vk.gs;
    stages[stageCount++].pName = o.gsEntry.c_str();
  }
  VkPipelineTessellationStateCreateInfo ts{VK_STRUCTURE_TYPE_PIPELINE_TESSELLATION_STATE_CREATE_INFO};
  ts.patchControlPoints = o.controlPoints;
  VkPipelineVertexInputStateCreateInfo vi{VK_STRUCTURE_TYPE_PIPELINE_VERTEX_INPUT_STATE_CREATE_INFO};
  VkPipelineInputAssemblyStateCreateInfo ia{VK_STRUCTURE_TYPE_PIPELINE_INPUT_ASSEMBLY_STATE_CREATE_INFO};
  ia.topology = !o.hs.empty() ? VK_PRIMITIVE_TOPOLOGY_PATCH_LIST
                : o.points    ? VK_PRIMITIVE_TOPOLOGY_POINT_LIST
                              : VK_PRIMITIVE_TOPOLOGY_TRIANGLE_LIST;
  VkViewport viewport{0, 0, float(o.width), float(o.height), 0, 1};
  VkRect2D scissor{{0, 0}, {o.width, o.height}};
  VkPipelineViewportStateCreateInfo vp{VK_STRUCTURE_TYPE_PIPELINE_VIEWPORT_STATE_CREATE_INFO};
  vp.viewportCount = 1;
  vp.pViewports = &viewport;
  vp.scissorCount = 1;
  vp.pScissors = &scissor;
  VkPipelineRasterizationStateCreateInfo rs{VK_STRUCTURE_TYPE_PIPELINE_RASTERIZATION_STATE_CREATE_INFO};
  rs.polygonMode = VK_POLYGON_MODE_FILL;
  rs.cullMode = VK_CULL_MODE_NONE;
  rs.frontFace = VK_FRONT_FACE_COUNTER_CLOCKWISE;
  rs.lineWidth = 1.0f;
  VkPipelineMultisampleStateCreateInfo ms{VK_STRUCTURE_TYPE_PIPELINE_MULTISAMPLE_STATE_CREATE_INFO};
  ms.rasterizationSamples = VK_SAMPLE_COUNT_1_BIT;
  VkPipelineColorBlendAttachmentState blend{};
  blend.colorWriteMask =
      VK_COLOR_COMPONENT_R_BIT | VK_COLOR_COMPONENT_G_BIT | VK_COLOR_COMPONENT_B_BIT | VK_COLOR_COMPONENT_A_BIT;
  if (o.dualSource) {
    blend.blendEnable = VK_TRUE;
    blend.srcColorBlendFactor = VK_BLEND_FACTOR_SRC1_COLOR;
    blend.dstColorBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC1_COLOR;
    blend.colorBlendOp = VK_BLEND_OP_ADD;
    blend.srcAlphaBlendFactor = VK_BLEND_FACTOR_SRC1_ALPHA;
    blend.dstAlphaBlendFactor = VK_BLEND_FACTOR_ONE_MINUS_SRC1_ALPHA;
    blend.alphaBlendOp = VK_BLEND_OP_ADD;
  }
  VkPipelineColorBlendStateCreateInfo cb{VK_STRUCTURE_TYPE_PIPELINE_COLOR_BLEND_STATE_CREATE_INFO};
  cb.attachmentCount = 1;
  cb.pAttachments = &blend;
  VkGraphicsPipelineCreateInfo gpci{VK_STRUCTURE_TYPE_GRAPHICS_PIPELINE_CREATE_INFO};
  gpci.stageCount = stageCount;
  gpci.pTessellationState = o.hs.empty() ? nullptr : &ts;
  gpci.pStages = stages;
  gpci.pVertexInputState = mesh ? nullptr : &vi;  // mesh pipelines have no vertex input
  gpci.pInputAssemblyState = mesh ? nullptr : &ia;
  gpci.pViewportState = &vp;
  gpci.pRasterizationState = &rs;
  gpci.pMultisampleState = &ms;
  gpci.pColorBlendState = &cb;
  gpci.layout = vk.layout;
  gpci.renderPass = vk.renderPass;
  check(vkCreateGraphicsPipelines(vk.device, VK_NULL_HANDLE, 1, &gpci, nullptr, &vk.pipeline),
        "vkCreateGraphicsPipelines");
  // Drawing with a pipeline the validation layer rejected may crash the driver.
  if (gValidationErrors) throw Fail(std::to_string(gValidationErrors) + " validation errors creating the pipeline");
  // --- record, submit, wait
  VkCommandPoolCreateInfo cpci{VK_STRUCTURE_TYPE_COMMAND_POOL_CREATE_INFO};
  cpci.queueFamilyIndex = family;
  check(vkCreateCommandPool(vk.device, &cpci, nullptr, &vk.pool), "vkCreateCommandPool");
  VkCommandBufferAllocateInfo cbai{VK_STRUCTURE_TYPE_COMMAND_BUFFER_ALLOCATE_INFO};
  cbai.commandPool = vk.pool;
  cbai.level = VK_COMMAND_BUFFER_LEVEL_PRIMARY;
  cbai.commandBufferCount = 1;
  VkCommandBuffer cmd;
  check(vkAllocateCommandBuffers(vk.device, &cbai, &cmd), "vkAllocateCommandBuffers");
  VkCommandBufferBeginInfo cbbi{VK_STRUCTURE_TYPE_COMMAND_BUFFER_BEGIN_INFO};
  cbbi.flags = VK_COMMAND_BUFFER_USAGE_ONE_TIME_SUBMIT_BIT;
  check(vkBeginCommandBuffer(cmd, &cbbi), "vkBeginCommandBuffer");
  VkClearValue clear{};
  for (int k = 0; k < 4; ++k) clear.color.float32[k] = o.clear[k];
  VkRenderPassBeginInfo rpbi{VK_STRUCTURE_TYPE_RENDER_PASS_BEGIN_INFO};
  rpbi.renderPass = vk.renderPass;
  rpbi.framebuffer = vk.framebuffer;
  rpbi.renderArea = scissor;
  rpbi.clearValueCount = 1;
  rpbi.pClearValues = &clear;
  vkCmdBeginRenderPass(cmd, &rpbi, VK_SUBPASS_CONTENTS_INLINE);
  vkCmdBindPipeline(cmd, VK_PIPELINE_BIND_POINT_GRAPHICS, vk.pipeline);
  if (mesh) {
    auto drawMesh =
        reinterpret_cast<PFN_vkCmdDrawMeshTasksEXT>(vkGetDeviceProcAddr(vk.device, "vkCmdDrawMeshTasksEXT"));
    if (!drawMesh) throw Fail("vkCmdDrawMeshTasksEXT is missing");
    for (const auto& d : o.meshDraws) drawMesh(cmd, d[0], d[1], d[2]);
  } else if (o.draws.size() == 1) {
    const VkDrawIndirectCommand& d = o.draws[0];
    vkCmdDraw(cmd, d.vertexCount, d.instanceCount, d.firstVertex, d.firstInstance);
  } else {
    vkCmdDrawIndirect(cmd, vk.indirect, 0, uint32_t(o.draws.size()), sizeof(VkDrawIndirectCommand));
  }
  vkCmdEndRenderPass(cmd);
  VkBufferImageCopy copy{};
  copy.imageSubresource = {VK_IMAGE_ASPECT_COLOR_BIT, 0, 0, 1};
  copy.imageExtent = {o.width, o.height, 1};
  vkCmdCopyImageToBuffer(cmd, vk.image, VK_IMAGE_LAYOUT_TRANSFER_SRC_OPTIMAL, vk.readback, 1, &copy);
  VkMemoryBarrier mb{VK_STRUCTURE_TYPE_MEMORY_BARRIER};
  mb.srcAccessMask = VK_ACCESS_TRANSFER_WRITE_BIT;
  mb.dstAccessMask = VK_ACCESS_HOST_READ_BIT;
  vkCmdPipelineBarrier(cmd, VK_PIPELINE_STAGE_TRANSFER_BIT, VK_PIPELINE_STAGE_HOST_BIT, 0, 1, &mb, 0, nullptr, 0,
                       nullptr);
  check(vkEndCommandBuffer(cmd), "vkEndCommandBuffer");
  VkFenceCreateInfo fci{VK_STRUCTURE_TYPE_FENCE_CREATE_INFO};
  check(vkCreateFence(vk.device, &fci, nullptr, &vk.fence), "vkCreateFence");
  VkSubmitInfo si{VK_STRUCTURE_TYPE_SUBMIT_INFO};
  si.commandBufferCount = 1;
  si.pCommandBuffers = &cmd;
  check(vkQueueSubmit(vk.queue, 1, &si, vk.fence), "vkQueueSubmit");
  check(vkWaitForFences(vk.device, 1, &vk.fence, VK_TRUE, 10ull * 1000 * 1000 * 1000), "vkWaitForFences");
  // --- check
  std::vector<Color> px(size_t(o.width) * o.height);
  void* p;
  check(vkMapMemory(vk.device, vk.readbackMemory, 0, VK_WHOLE_SIZE, 0, &p), "vkMapMemory");
  std::memcpy(px.data(), p, size_t(bytes));
  vkUnmapMemory(vk.device, vk.readbackMemory);
  return checkPixels(o, px);
}

}  // namespace

int main(int argc, char** argv) {
  try {
    Options o = parse(argc, argv);
    if (o.info) return printInfo(o);
    if (!o.checkPixels.empty()) return checkFile(o);
    return run(o);
  } catch (const Usage& e) {
    std::fprintf(stderr, "vkdraw: %s\n", e.what());
    return kUsage;
  } catch (const Skip& e) {
    std::printf("SKIP: %s\n", e.what());
    return kSkip;
  } catch (const Fail& e) {
    std::printf("FAIL: %s\n", e.what());
    return kFail;
  }
}
