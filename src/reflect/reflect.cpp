#include "reflect/reflect.hpp"
#include "base/image_formats.hpp"

#include "driver/pipeline.hpp"
#include "ir/builtins.hpp"
#include "ir/util.hpp"

#include <algorithm>
#include <cstdio>
#include <string>
#include <unordered_map>
#include <string_view>
#include <nlohmann/json.hpp>

namespace oneshader {

const char* stageName(ShaderStage s) {
  switch (s) {
    case ShaderStage::Vertex: return "Vertex";
    case ShaderStage::Pixel: return "Pixel";
    case ShaderStage::Geometry: return "Geometry";
    case ShaderStage::Hull: return "Hull";
    case ShaderStage::Domain: return "Domain";
    case ShaderStage::Compute: return "Compute";
    case ShaderStage::Mesh: return "Mesh";
    case ShaderStage::Amplification: return "Amplification";
    case ShaderStage::RayGeneration: return "RayGeneration";
    case ShaderStage::Intersection: return "Intersection";
    case ShaderStage::AnyHit: return "AnyHit";
    case ShaderStage::ClosestHit: return "ClosestHit";
    case ShaderStage::Miss: return "Miss";
    case ShaderStage::Callable: return "Callable";
  }
  return "Unknown";
}

std::string subgroupFeatureNames(uint32_t flags) {
  static constexpr struct {
    uint32_t bit;
    const char* name;
  } kNames[] = {
      {SubgroupBasic, "Basic"},         {SubgroupVote, "Vote"},       {SubgroupArithmetic, "Arithmetic"},
      {SubgroupBallot, "Ballot"},       {SubgroupShuffle, "Shuffle"}, {SubgroupShuffleRelative, "ShuffleRelative"},
      {SubgroupClustered, "Clustered"}, {SubgroupQuad, "Quad"},       {SubgroupPartitionedNV, "PartitionedNV"},
  };
  if (flags == 0) return "None";
  std::string out;
  uint32_t known = 0;
  for (const auto& n : kNames) {
    known |= n.bit;
    if (!(flags & n.bit)) continue;
    if (!out.empty()) out += ", ";
    out += n.name;
  }
  if (uint32_t rest = flags & ~known) {
    char buf[16];
    std::snprintf(buf, sizeof buf, "0x%x", rest);
    if (!out.empty()) out += ", ";
    out += buf;
  }
  return out;
}

namespace {
using json = nlohmann::ordered_json;

json shapeJson(const WebGpuLayoutShape& l) {
  json j = json::object();
  switch (l.kind) {
    case WebGpuLayoutShape::Kind::None: break;
    case WebGpuLayoutShape::Kind::Buffer: j["buffer"] = {{"type", l.bufferType}}; break;
    case WebGpuLayoutShape::Kind::Texture: {
      json t;
      t["sampleType"] = l.sampleType;
      t["viewDimension"] = l.viewDimension;
      t["multisampled"] = l.multisampled;
      j["texture"] = std::move(t);
      break;
    }
    case WebGpuLayoutShape::Kind::StorageTexture: {
      json t;
      t["access"] = l.access;
      t["format"] = l.format;
      t["viewDimension"] = l.viewDimension;
      j["storageTexture"] = std::move(t);
      break;
    }
    case WebGpuLayoutShape::Kind::Sampler: j["sampler"] = {{"type", l.samplerType}}; break;
  }
  return j;
}

json resourceJson(const ResourceBinding& r) {
  json j;
  j["name"] = r.name;
  j["kind"] = r.kind;
  j["register"] = r.registerClass ? std::string(1, r.registerClass) + std::to_string(r.registerIndex) : std::string();
  j["space"] = r.registerSpace;
  j["set"] = r.set;
  j["binding"] = r.binding;
  j["descriptorType"] = r.descriptorType;
  j["readOnly"] = r.readOnly;
  if (r.pushConstantSize) j["pushConstantSize"] = r.pushConstantSize;
  if (!r.imageFormat.empty()) j["imageFormat"] = r.imageFormat;
  if (!r.combinedWith.empty()) j["combinedWith"] = r.combinedWith;
  if (r.mslIndex >= 0) j["mslIndex"] = r.mslIndex;
  if (r.spirv) {
    json s;
    s["set"] = r.spirv->set;
    s["binding"] = r.spirv->binding;
    s["descriptorType"] = r.spirv->descriptorType;
    s["descriptorCount"] = r.spirv->descriptorCount;
    if (r.spirv->hasCounter) {
      json c;
      c["name"] = r.spirv->counterName;
      c["set"] = r.spirv->counterSet;
      c["binding"] = r.spirv->counterBinding;
      s["counter"] = std::move(c);
    }
    j["spirv"] = std::move(s);
  }
  if (r.wgsl) {
    json w;
    w["group"] = r.wgsl->group;
    w["binding"] = r.wgsl->binding;
    w["layout"] = shapeJson(r.wgsl->layout);
    j["wgsl"] = std::move(w);
  }
  if (r.msl) {
    json m;
    m["kind"] = r.msl->kind;
    m["index"] = r.msl->index;
    m["count"] = r.msl->count;
    if (!r.msl->pixelFormat.empty()) m["pixelFormat"] = r.msl->pixelFormat;
    j["msl"] = std::move(m);
  }
  return j;
}

json stageVariableJson(const StageVariable& v) {
  json j;
  j["name"] = v.name;
  j["semantic"] = v.semantic;
  j["type"] = v.type;
  if (v.builtin) {
    json b;
    b["spirv"] = v.spirv;
    b["wgsl"] = v.wgsl;
    b["msl"] = v.msl;
    j["builtin"] = std::move(b);
  } else {
    j["location"] = v.location;
    if (v.index >= 0) j["index"] = v.index;
    j["interpolation"] = v.interpolation;
    j["sampling"] = v.sampling;
    j["msl"] = v.msl;
  }
  return j;
}

json webgpuJson(const WebGpuPipelineLayout& l) {
  json w;
  w["requiredFeatures"] = l.requiredFeatures;
  json groups = json::array();
  for (const auto& g : l.bindGroupLayouts) {
    json entries = json::array();
    for (const auto& en : g) {
      json x;
      x["binding"] = en.binding;
      x["visibility"] = en.visibility;
      json shape = shapeJson(en.layout);
      for (auto& [k, v] : shape.items()) x[k] = v;
      x["resource"] = en.resource;
      entries.push_back(std::move(x));
    }
    json layout;
    layout["entries"] = std::move(entries);
    groups.push_back(std::move(layout));
  }
  w["bindGroupLayouts"] = std::move(groups);
  return w;
}

json entryJson(const EntryPointInfo& e) {
  json j;
  j["name"] = e.name;
  j["stage"] = stageName(e.stage);
  j["workgroupSize"] = {e.workgroupSize[0], e.workgroupSize[1], e.workgroupSize[2]};
  // Per dimension the SpecId that sets it (workgroupSize holds its default), null when fixed.
  json wsIds = json::array();
  for (const auto& id : e.workgroupSizeSpecId) wsIds.push_back(id ? json(*id) : json(nullptr));
  j["workgroupSizeSpecIds"] = std::move(wsIds);
  j["subgroupOperations"] = e.subgroupOperations;
  j["subgroupOperationNames"] = subgroupFeatureNames(e.subgroupOperations);
  json spv;
  spv["capabilities"] = e.spirvCapabilities;
  spv["extensions"] = e.spirvExtensions;
  j["spirv"] = std::move(spv);
  j["webgpuFeatures"] = e.webgpuFeatures;
  json res = json::array();
  for (const auto& r : e.resources) res.push_back(resourceJson(r));
  j["resources"] = std::move(res);
  json specs = json::array();
  for (const auto& c : e.specConstants) {
    json x;
    x["id"] = c.id;
    x["name"] = c.name;
    x["type"] = c.type;
    if (c.type == "bool")
      x["default"] = c.defaultValue != 0;
    else if (c.type == "int")
      x["default"] = int64_t(c.defaultValue);
    else if (c.type == "uint")
      x["default"] = uint64_t(c.defaultValue);
    else
      x["default"] = c.defaultValue;
    json dims = json::array();
    for (uint32_t d : c.workgroupSizeDims) dims.push_back(std::string(1, "xyz"[d]));
    x["workgroupSize"] = std::move(dims);
    specs.push_back(std::move(x));
  }
  j["specConstants"] = std::move(specs);
  json in = json::array(), out = json::array();
  for (const auto& v : e.inputs) in.push_back(stageVariableJson(v));
  for (const auto& v : e.outputs) out.push_back(stageVariableJson(v));
  j["inputs"] = std::move(in);
  j["outputs"] = std::move(out);
  if (e.webgpu) j["webgpu"] = webgpuJson(*e.webgpu);
  if (e.metal) {
    json args = json::array();
    for (const auto& a : *e.metal) {
      json x;
      x["kind"] = a.kind;
      x["index"] = a.index;
      x["resource"] = a.resource;
      x["count"] = a.count;
      args.push_back(std::move(x));
    }
    json m;
    m["arguments"] = std::move(args);
    j["metal"] = std::move(m);
  }
  return j;
}
}  // namespace

std::string Reflection::toJson() const {
  json root;
  json eps = json::array();
  for (const auto& e : entryPoints) eps.push_back(entryJson(e));
  root["entryPoints"] = std::move(eps);
  return root.dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string WebGpuPipelineLayoutJson(const EntryPointInfo& e) {
  if (!e.webgpu) return "";
  return webgpuJson(*e.webgpu).dump(2, ' ', false, nlohmann::json::error_handler_t::replace) + "\n";
}

std::string SummaryLine(const EntryPointInfo& e) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%x", e.subgroupOperations);
  return e.name + " (" + stageName(e.stage) + "): " + subgroupFeatureNames(e.subgroupOperations) + " = " + hex;
}

std::string ReflectionDetail(const EntryPointInfo& e) {
  std::string out;
  for (const ResourceBinding& r : e.resources) {
    out += "  resource " + r.name + " (" + r.kind;
    if (r.registerClass)
      out += ", register(" + std::string(1, r.registerClass) + std::to_string(r.registerIndex) + ", space" +
             std::to_string(r.registerSpace) + ")";
    out += "):";
    std::string sep = " ";
    if (!r.combinedWith.empty()) {
      out += sep + "combined with " + r.combinedWith;
      sep = "; ";
    }
    if (r.pushConstantSize) {
      out += sep + (r.kind == "ShaderRecord" ? "shader record " : "push constant ") +
             std::to_string(r.pushConstantSize) + " bytes";
      sep = "; ";
    }
    if (r.spirv) {
      out += sep + "spirv set=" + std::to_string(r.spirv->set) + " binding=" + std::to_string(r.spirv->binding) + " " +
             r.spirv->descriptorType;
      if (r.spirv->descriptorCount != 1) out += "[" + std::to_string(r.spirv->descriptorCount) + "]";
      if (r.spirv->hasCounter)
        out += " counter=" + r.spirv->counterName + "(set=" + std::to_string(r.spirv->counterSet) +
               " binding=" + std::to_string(r.spirv->counterBinding) + ")";
      sep = "; ";
    }
    if (r.wgsl) {
      const WebGpuLayoutShape& l = r.wgsl->layout;
      out +=
          sep + "wgsl @group(" + std::to_string(r.wgsl->group) + ") @binding(" + std::to_string(r.wgsl->binding) + ")";
      switch (l.kind) {
        case WebGpuLayoutShape::Kind::Buffer: out += " buffer " + l.bufferType; break;
        case WebGpuLayoutShape::Kind::Texture:
          out += " texture " + l.sampleType + " " + l.viewDimension + (l.multisampled ? " multisampled" : "");
          break;
        case WebGpuLayoutShape::Kind::StorageTexture:
          out += " storageTexture " + l.access + " " + l.format + " " + l.viewDimension;
          break;
        case WebGpuLayoutShape::Kind::Sampler: out += " sampler " + l.samplerType; break;
        case WebGpuLayoutShape::Kind::None: break;
      }
      sep = "; ";
    }
    if (r.msl) {
      out += sep + "msl [[" + r.msl->kind + "(" + std::to_string(r.msl->index) + ")]]";
      if (r.msl->count > 1) out += " x" + std::to_string(r.msl->count);
    }
    out += "\n";
  }
  for (const SpecializationConstant& c : e.specConstants) {
    char buf[64];
    std::snprintf(buf, sizeof buf, "%.9g", c.defaultValue);
    std::string d = c.type == "bool" ? (c.defaultValue != 0 ? "true" : "false") : std::string(buf);
    out += "  spec constant " + c.name + " : " + c.type + " id=" + std::to_string(c.id) + " default=" + d +
           " (spirv SpecId, wgsl @id, msl [[function_constant]])";
    if (!c.workgroupSizeDims.empty()) {
      out += "; workgroup size";
      for (uint32_t dim : c.workgroupSizeDims) out += std::string(" ") + "xyz"[dim];
      out += " (msl: the host's threadsPerThreadgroup)";
    }
    out += "\n";
  }
  auto variable = [&](const char* dir, const StageVariable& v) {
    out += std::string("  ") + dir + " " + (v.name.empty() ? std::string("(return)") : v.name) + " : " + v.type;
    if (!v.semantic.empty()) out += " " + v.semantic;
    if (v.builtin) {
      out += ": builtin spirv=" + (v.spirv.empty() ? std::string("-") : v.spirv) +
             " wgsl=" + (v.wgsl.empty() ? std::string("-") : v.wgsl) +
             " msl=" + (v.msl.empty() ? std::string("-") : v.msl);
    } else {
      out += ": location=" + std::to_string(v.location) + (v.index >= 0 ? " index=" + std::to_string(v.index) : "") +
             " " + v.interpolation + " " + v.sampling + " msl=" + v.msl;
    }
    out += "\n";
  };
  for (const StageVariable& v : e.inputs) variable("input", v);
  for (const StageVariable& v : e.outputs) variable("output", v);
  if (e.webgpu) {
    out += "  webgpu requiredFeatures:";
    if (e.webgpu->requiredFeatures.empty()) out += " (none)";
    for (const auto& f : e.webgpu->requiredFeatures) out += " " + f;
    out += "\n";
  }
  return out;
}

namespace reflect {

const char* descriptorTypeOf(ir::ResourceKind k) {
  using K = ir::ResourceKind;
  switch (k) {
    case K::None: return "";
    case K::ConstantBuffer: return "uniform-buffer";
    case K::StructuredBuffer:
    case K::RWStructuredBuffer:
    case K::ByteAddressBuffer:
    case K::RWByteAddressBuffer:
    case K::AppendStructuredBuffer:
    case K::ConsumeStructuredBuffer:
    case K::CounterBuffer:
    case K::TextureBuffer: return "storage-buffer";
    case K::Texture1D:
    case K::Texture2D:
    case K::Texture3D:
    case K::TextureCube:
    case K::Texture2DArray:
    case K::TextureCubeArray:
    case K::Texture2DMS:
    case K::Texture1DArray:
    case K::Texture2DMSArray: return "sampled-image";
    case K::RWTexture1D:
    case K::RWTexture2D:
    case K::RWTexture3D:
    case K::RWTexture2DArray:
    case K::RWTexture1DArray: return "storage-image";
    case K::Buffer: return "uniform-texel-buffer";
    case K::RWBuffer: return "storage-texel-buffer";
    case K::Sampler:
    case K::SamplerComparison: return "sampler";
    case K::AccelerationStructure: return "acceleration-structure";
    case K::SubpassInput:
    case K::SubpassInputMS: return "input-attachment";
  }
  return "";
}

bool isReadOnlyResource(ir::ResourceKind k) {
  using K = ir::ResourceKind;
  switch (k) {
    case K::RWStructuredBuffer:
    case K::RWByteAddressBuffer:
    case K::RWTexture1D:
    case K::RWTexture2D:
    case K::RWTexture3D:
    case K::RWTexture2DArray:
    case K::RWTexture1DArray:
    case K::RWBuffer:
    case K::None:
    case K::AppendStructuredBuffer:
    case K::ConsumeStructuredBuffer:
    case K::CounterBuffer: return false;
    default: return true;
  }
}

static bool isSubgroupBuiltin(ir::BuiltIn b) {
  return b == ir::BuiltIn::SubgroupSize || b == ir::BuiltIn::SubgroupLocalInvocationId;
}

uint32_t subgroupFeatures(const ir::Module& m, const ir::EntryPoint& ep) {
  uint32_t bits = 0;
  for (uint32_t fi : ir::reachableFunctions(m, ep.function)) {
    const ir::Function& f = m.functions[ir::Handle<ir::Function>(fi)];
    for (const ir::Statement& s : f.statements)
      if (s.kind == ir::StmtKind::Subgroup) bits |= ir::subgroupFeatureOf(static_cast<ir::SubgroupOp>(s.op));
    for (const ir::Expression& e : f.expressions)
      if (e.kind == ir::ExprKind::Builtin && isSubgroupBuiltin(e.builtin)) bits |= SubgroupBasic;
    for (const ir::FunctionArgument& a : f.arguments)
      if (a.binding.isBuiltin() && isSubgroupBuiltin(a.binding.builtin)) bits |= SubgroupBasic;
  }
  return bits;
}

// The resource type of a global with arrays peeled off, and the outermost array size
// (1 when not an array, 0 for a runtime-sized one).
ir::Handle<ir::Type> resourceElementType(const ir::TypeArena& types, ir::Handle<ir::Type> t, uint32_t* count) {
  if (count) *count = 1;
  bool outer = true;
  while (types.contains(t) && types[t].kind == ir::TypeKind::Array) {
    if (outer && count) *count = types[t].arraySize;
    outer = false;
    t = types[t].base;
  }
  return t;
}

std::vector<ResourceBinding> resources(const ir::Module& m, const ir::EntryPoint& ep) {
  std::vector<bool> used(m.globals.size(), false);
  for (uint32_t fi : ir::reachableFunctions(m, ep.function)) {
    for (const ir::Expression& e : m.functions[ir::Handle<ir::Function>(fi)].expressions)
      if (e.kind == ir::ExprKind::GlobalVariable && m.globals.contains(e.global)) used[e.global.index] = true;
  }
  std::vector<ResourceBinding> out;
  for (uint32_t i = 0; i < m.globals.size(); ++i) {
    if (!used[i]) continue;
    const ir::GlobalVariable& g = m.globals[ir::Handle<ir::GlobalVariable>(i)];
    bool record = g.space == ir::AddressSpace::SpirvClass && g.spirvClass == 5343;  // ShaderRecordBufferKHR
    if (g.space == ir::AddressSpace::PushConstant || record) {
      ResourceBinding r;
      r.name = g.name;
      r.kind = record ? "ShaderRecord" : "PushConstant";
      r.descriptorType = record ? "shader-record" : "push-constant";
      r.readOnly = true;
      r.pushConstantSize = m.types.contains(g.type) ? m.types[g.type].structSize : 0;
      out.push_back(std::move(r));
      continue;
    }
    if (g.resource == ir::ResourceKind::None) continue;
    ResourceBinding r;
    r.name = g.name;
    r.kind = ir::resourceKindName(g.resource);
    r.registerClass = g.reg.cls;
    r.registerIndex = g.reg.index;
    r.registerSpace = g.reg.space;
    if (g.binding) {
      r.set = g.binding->group;
      r.binding = g.binding->binding;
    } else {
      r.set = g.reg.space;
      r.binding = g.reg.index;
    }
    r.descriptorType = descriptorTypeOf(g.resource);
    {
      uint32_t count = 1;
      ir::Handle<ir::Type> el = resourceElementType(m.types, g.type, &count);
      if (m.types.contains(el) && m.types[el].kind == ir::TypeKind::Image &&
          (m.types[el].image.cls == ir::ImageClass::Storage || m.types[el].image.dim == ir::ImageDim::Buffer))
        if (const ImageFormatInfo* fi = imageFormatInfo(m.types[el].image.format)) r.imageFormat = fi->spirvName;
    }
    if (g.combinedImageSampler && m.globals.contains(g.combined)) r.combinedWith = m.globals[g.combined].name;
    r.readOnly =
        isReadOnlyResource(g.resource) || (g.space == ir::AddressSpace::Storage && g.access == ir::StorageAccess::Load);
    out.push_back(std::move(r));
  }
  std::sort(out.begin(), out.end(), [](const ResourceBinding& a, const ResourceBinding& b) {
    if (a.set != b.set) return a.set < b.set;
    if (a.binding != b.binding) return a.binding < b.binding;
    return a.name < b.name;
  });
  return out;
}

std::vector<SpecializationConstant> specConstants(const ir::Module& m, const ir::EntryPoint& ep) {
  // Every [[vk::constant_id]] constant the entry point reads, directly, through a
  // specialization-constant expression or as a workgroup dimension.
  std::vector<uint8_t> used = ir::constantsUsed(m, ep);
  std::vector<SpecializationConstant> out;
  for (uint32_t i = 0; i < m.constants.size(); ++i) {
    const ir::Constant& c = m.constants[ir::Handle<ir::Constant>(i)];
    if (!used[i] || !c.spec) continue;
    SpecializationConstant sc;
    sc.id = c.specId;
    sc.name = c.name;
    switch (c.value.scalar.kind) {
      case ir::ScalarKind::Bool:
        sc.type = "bool";
        sc.defaultValue = c.value.b ? 1 : 0;
        break;
      case ir::ScalarKind::Sint:
        sc.type = "int";
        sc.defaultValue = double(c.value.i);
        break;
      case ir::ScalarKind::Uint:
        sc.type = "uint";
        sc.defaultValue = double(c.value.u);
        break;
      case ir::ScalarKind::Float:
        sc.type = "float";
        sc.defaultValue = c.value.f;
        break;
    }
    for (uint32_t d = 0; d < 3; ++d)
      if (ir::workgroupSpecId(m, ep.workgroupSizeSpec[d]) == c.specId) sc.workgroupSizeDims.push_back(d);
    out.push_back(std::move(sc));
  }
  std::sort(out.begin(), out.end(), [](const auto& a, const auto& b) { return a.id < b.id; });
  return out;
}

EntryPointInfo buildEntryPointInfo(const ir::Module& m, const ir::EntryPoint& ep) {
  EntryPointInfo info;
  info.name = ep.name;
  info.stage = driver::publicStage(ep.stage);
  for (int i = 0; i < 3; ++i) {
    info.workgroupSize[i] = ep.workgroupSize[i];
    info.workgroupSizeSpecId[i] = ir::workgroupSpecId(m, ep.workgroupSizeSpec[i]);
  }
  info.subgroupOperations = subgroupFeatures(m, ep);
  info.resources = resources(m, ep);
  info.specConstants = specConstants(m, ep);
  info.inputs = stageInputs(m, ep);
  info.outputs = stageOutputs(m, ep);
  if (info.subgroupOperations) info.webgpuFeatures.push_back("subgroups");
  bool f16 = false;
  for (uint32_t fi : ir::reachableFunctions(m, ep.function)) {
    for (const ir::Expression& e : m.functions[ir::Handle<ir::Function>(fi)].expressions) {
      if (!m.types.contains(e.type)) continue;
      const ir::Type& t = m.types[e.type];
      if ((t.kind == ir::TypeKind::Scalar || t.kind == ir::TypeKind::Vector || t.kind == ir::TypeKind::Matrix) &&
          t.scalar == ir::Scalar::f16()) {
        f16 = true;
        break;
      }
    }
    if (f16) break;
  }
  if (f16) info.webgpuFeatures.push_back("shader-f16");
  // [[vk::index(1)]]: dual-source blending (WGSL @blend_src).
  for (const StageVariable& v : info.outputs)
    if (v.index == 1) {
      info.webgpuFeatures.push_back("dual-source-blending");
      break;
    }
  return info;
}

const char* vkDescriptorTypeOf(ir::ResourceKind k) {
  std::string_view t = descriptorTypeOf(k);
  if (t == "uniform-buffer") return "VK_DESCRIPTOR_TYPE_UNIFORM_BUFFER";
  if (t == "storage-buffer") return "VK_DESCRIPTOR_TYPE_STORAGE_BUFFER";
  if (t == "sampled-image") return "VK_DESCRIPTOR_TYPE_SAMPLED_IMAGE";
  if (t == "storage-image") return "VK_DESCRIPTOR_TYPE_STORAGE_IMAGE";
  if (t == "uniform-texel-buffer") return "VK_DESCRIPTOR_TYPE_UNIFORM_TEXEL_BUFFER";
  if (t == "storage-texel-buffer") return "VK_DESCRIPTOR_TYPE_STORAGE_TEXEL_BUFFER";
  if (t == "sampler") return "VK_DESCRIPTOR_TYPE_SAMPLER";
  if (t == "acceleration-structure") return "VK_DESCRIPTOR_TYPE_ACCELERATION_STRUCTURE_KHR";
  if (t == "input-attachment") return "VK_DESCRIPTOR_TYPE_INPUT_ATTACHMENT";
  return "";
}

namespace {

// A table made for lookups by name costs more than a scan of a few entries: up to this
// many, find() scans (still linear in all: at most this many steps a lookup).
constexpr size_t kScanUpTo = 16;

// The globals of a module by name: the first global of each name, and the descriptor heap
// arrays (one per resource type, all named after the heap) of each name in module order.
class GlobalsByName {
 public:
  explicit GlobalsByName(const ir::Module& m) : m_(m) {
    if (m.globals.size() <= kScanUpTo) return;
    first_.reserve(m.globals.size());
    for (const ir::GlobalVariable& g : m.globals) {
      first_.try_emplace(g.name, &g);
      if (g.heap) heaps_[g.name].push_back(&g);
    }
  }
  const ir::GlobalVariable* find(std::string_view name) const {
    if (m_.globals.size() <= kScanUpTo) {
      for (const ir::GlobalVariable& g : m_.globals)
        if (g.name == name) return &g;
      return nullptr;
    }
    auto it = first_.find(name);
    return it == first_.end() ? nullptr : it->second;
  }
  std::vector<const ir::GlobalVariable*> heaps(std::string_view name) const {
    if (m_.globals.size() <= kScanUpTo) {
      std::vector<const ir::GlobalVariable*> v;
      for (const ir::GlobalVariable& g : m_.globals)
        if (g.heap && g.name == name) v.push_back(&g);
      return v;
    }
    auto it = heaps_.find(name);
    return it == heaps_.end() ? std::vector<const ir::GlobalVariable*>{} : it->second;
  }

 private:
  const ir::Module& m_;
  std::unordered_map<std::string_view, const ir::GlobalVariable*> first_;
  std::unordered_map<std::string_view, std::vector<const ir::GlobalVariable*>> heaps_;
};

// An entry point's resources by name (the first of each name). The entry point's
// resources must not be added to or removed while it is used.
class ResourcesByName {
 public:
  explicit ResourcesByName(EntryPointInfo& info) : info_(info) {
    if (info.resources.size() <= kScanUpTo) return;
    first_.reserve(info.resources.size());
    for (ResourceBinding& r : info.resources) first_.try_emplace(r.name, &r);
  }
  ResourceBinding* find(std::string_view name) const {
    if (info_.resources.size() <= kScanUpTo) {
      for (ResourceBinding& r : info_.resources)
        if (r.name == name) return &r;
      return nullptr;
    }
    auto it = first_.find(name);
    return it == first_.end() ? nullptr : it->second;
  }

 private:
  EntryPointInfo& info_;
  std::unordered_map<std::string_view, ResourceBinding*> first_;
};

StageVariable stageVariable(const ir::Module& m, ShaderStage stage, bool input, const std::string& name,
                            ir::Handle<ir::Type> type, const ir::Binding& b) {
  StageVariable v;
  v.name = name;
  v.semantic = b.semantic;
  v.type = hlslTypeName(m.types, type);
  if (b.isBuiltin()) {
    v.builtin = true;
    // One table for the code and its reflection (ir/builtins.def).
    ir::Stage is = driver::irStage(stage);
    const char* wgsl = ir::wgslBuiltin(b.builtin, is);
    const char* msl = ir::mslBuiltinAttribute(b.builtin, is, input);
    v.spirv = ir::spirvBuiltinName(b.builtin, is, input);
    v.wgsl = wgsl ? wgsl : "";
    v.msl = msl ? msl : "";
    return v;
  }
  v.location = b.location;
  switch (b.interpolation) {
    case ir::Binding::Interpolation::Perspective: v.interpolation = "perspective"; break;
    case ir::Binding::Interpolation::Linear: v.interpolation = "linear"; break;
    case ir::Binding::Interpolation::Flat: v.interpolation = "flat"; break;
  }
  switch (b.sampling) {
    case ir::Binding::Sampling::Center: v.sampling = "center"; break;
    case ir::Binding::Sampling::Centroid: v.sampling = "centroid"; break;
    case ir::Binding::Sampling::Sample: v.sampling = "sample"; break;
  }
  std::string l = std::to_string(b.location);
  // MSL: vertex inputs are vertex attributes, fragment outputs colour attachments, the
  // rest user(locnN) between the stages (the MSL backend's spelling).
  v.index = b.blendIndex;
  if (input && stage == ShaderStage::Vertex)
    v.msl = "attribute(" + l + ")";
  else if (!input && stage == ShaderStage::Pixel)
    v.msl = "color(" + l + ")" + (b.blendIndex >= 0 ? ", index(" + std::to_string(b.blendIndex) + ")" : "");
  else
    v.msl = "user(locn" + l + ")";
  return v;
}

void addInterface(const ir::Module& m, ShaderStage stage, bool input, const std::string& name,
                  ir::Handle<ir::Type> type, const ir::Binding& b, std::vector<StageVariable>& out) {
  if (b.kind != ir::Binding::Kind::None) {
    out.push_back(stageVariable(m, stage, input, name, type, b));
    return;
  }
  if (!m.types.contains(type) || m.types[type].kind != ir::TypeKind::Struct) return;
  for (const ir::StructMember& mem : m.types[type].members)
    if (mem.binding.kind != ir::Binding::Kind::None)
      out.push_back(stageVariable(m, stage, input, mem.name, mem.type, mem.binding));
}

}  // namespace

std::string hlslTypeName(const ir::TypeArena& types, ir::Handle<ir::Type> h) {
  if (!types.contains(h)) return "?";
  const ir::Type& t = types[h];
  auto scalar = [](ir::Scalar s) -> std::string {
    switch (s.kind) {
      case ir::ScalarKind::Bool: return "bool";
      case ir::ScalarKind::Float: return s.width == 16 ? "half" : s.width == 64 ? "double" : "float";
      case ir::ScalarKind::Sint: return s.width == 16 ? "int16_t" : s.width == 64 ? "int64_t" : "int";
      case ir::ScalarKind::Uint: return s.width == 16 ? "uint16_t" : s.width == 64 ? "uint64_t" : "uint";
    }
    return "?";
  };
  switch (t.kind) {
    case ir::TypeKind::Scalar: return scalar(t.scalar);
    case ir::TypeKind::Vector: return scalar(t.scalar) + std::to_string(t.size);
    // IR Matrix{columns C, rows R} is HLSL's C-row, R-column matrix (ir.hpp).
    case ir::TypeKind::Matrix: return scalar(t.scalar) + std::to_string(t.columns) + "x" + std::to_string(t.size);
    case ir::TypeKind::Array: return hlslTypeName(types, t.base) + "[" + std::to_string(t.arraySize) + "]";
    default: return ir::typeName(types, h);
  }
}

std::vector<StageVariable> stageInputs(const ir::Module& m, const ir::EntryPoint& ep) {
  std::vector<StageVariable> out;
  if (!m.functions.contains(ep.function)) return out;
  const ir::Function& f = m.functions[ep.function];
  bool hasSize = false, hasLane = false;
  for (const ir::FunctionArgument& a : f.arguments) {
    addInterface(m, driver::publicStage(ep.stage), true, a.name, a.type, a.binding, out);
    if (a.binding.isBuiltin() && a.binding.builtin == ir::BuiltIn::SubgroupSize) hasSize = true;
    if (a.binding.isBuiltin() && a.binding.builtin == ir::BuiltIn::SubgroupLocalInvocationId) hasLane = true;
  }
  bool readsSize = false, readsLane = false;
  for (uint32_t fi : ir::reachableFunctions(m, ep.function))
    for (const ir::Expression& e : m.functions[ir::Handle<ir::Function>(fi)].expressions) {
      if (e.kind != ir::ExprKind::Builtin) continue;
      readsSize |= e.builtin == ir::BuiltIn::SubgroupSize;
      readsLane |= e.builtin == ir::BuiltIn::SubgroupLocalInvocationId;
    }
  auto waveBuiltin = [&](ir::BuiltIn b, const char* intrinsic) {
    ir::Binding bind = ir::Binding::builtinOf(b);
    out.push_back(stageVariable(m, driver::publicStage(ep.stage), true, intrinsic, ir::Handle<ir::Type>(), bind));
    out.back().type = "uint";
  };
  if (readsSize && !hasSize) waveBuiltin(ir::BuiltIn::SubgroupSize, "WaveGetLaneCount");
  if (readsLane && !hasLane) waveBuiltin(ir::BuiltIn::SubgroupLocalInvocationId, "WaveGetLaneIndex");
  return out;
}

std::vector<StageVariable> stageOutputs(const ir::Module& m, const ir::EntryPoint& ep) {
  std::vector<StageVariable> out;
  if (!m.functions.contains(ep.function)) return out;
  const ir::Function& f = m.functions[ep.function];
  if (f.result) addInterface(m, driver::publicStage(ep.stage), false, "", f.result->type, f.result->binding, out);
  return out;
}

uint32_t webgpuVisibility(ShaderStage s) {
  switch (s) {
    case ShaderStage::Vertex: return 0x1;
    case ShaderStage::Pixel: return 0x2;
    case ShaderStage::Compute: return 0x4;
    default: return 0;
  }
}

WebGpuLayoutShape webgpuLayoutShape(const ir::Module& m, const ir::GlobalVariable& g, const std::string& wgslType) {
  WebGpuLayoutShape l;
  if (wgslType == "uniform" || wgslType == "storage" || wgslType == "storage-read") {
    l.kind = WebGpuLayoutShape::Kind::Buffer;
    l.bufferType = wgslType == "uniform" ? "uniform" : wgslType == "storage" ? "storage" : "read-only-storage";
    return l;
  }
  ir::Handle<ir::Type> th = resourceElementType(m.types, g.type, nullptr);
  if (!m.types.contains(th)) return l;
  const ir::Type& t = m.types[th];
  if (wgslType == "sampler" && t.kind == ir::TypeKind::Sampler) {
    l.kind = WebGpuLayoutShape::Kind::Sampler;
    l.samplerType = t.comparisonSampler ? "comparison" : "filtering";
    return l;
  }
  if (t.kind != ir::TypeKind::Image) return l;
  const ir::ImageInfo& im = t.image;
  switch (im.dim) {
    case ir::ImageDim::D1: l.viewDimension = "1d"; break;
    case ir::ImageDim::D2: l.viewDimension = im.arrayed ? "2d-array" : "2d"; break;
    case ir::ImageDim::D3: l.viewDimension = "3d"; break;
    case ir::ImageDim::Cube: l.viewDimension = im.arrayed ? "cube-array" : "cube"; break;
    case ir::ImageDim::Buffer: l.viewDimension = "1d"; break;       // WGSL has no texel buffers (OSH5001)
    case ir::ImageDim::SubpassData: l.viewDimension = "2d"; break;  // WGSL has no subpass inputs (OSH5190)
  }
  if (wgslType == "storage-texture") {
    l.kind = WebGpuLayoutShape::Kind::StorageTexture;
    l.access = "read-write";  // the WGSL backend declares every storage texture read_write
    const ImageFormatInfo* fi = imageFormatInfo(im.format);
    if (fi && fi->wgsl) l.format = fi->wgsl;
    return l;
  }
  l.kind = WebGpuLayoutShape::Kind::Texture;
  l.multisampled = im.multisampled;
  if (im.cls == ir::ImageClass::Depth) {
    l.sampleType = "depth";
  } else {
    switch (im.sampled.kind) {
      case ir::ScalarKind::Sint: l.sampleType = "sint"; break;
      case ir::ScalarKind::Uint: l.sampleType = "uint"; break;
      // A multisampled float texture cannot be "float" (filterable) in WebGPU.
      default: l.sampleType = im.multisampled ? "unfilterable-float" : "float"; break;
    }
  }
  return l;
}

void addSpirvBindings(const ir::Module& m, EntryPointInfo& info) {
  // Linear in resources + globals (issue 11): each name is looked up in a table made once,
  // not by a scan of the globals per resource.
  GlobalsByName globals(m);
  ResourcesByName resources(info);
  for (ResourceBinding& r : info.resources) {
    const ir::GlobalVariable* g = globals.find(r.name);
    // A descriptor heap has one array per resource type, all named after the heap: the one of
    // this entry's kind.
    if (g && g->heap)
      for (const ir::GlobalVariable* h : globals.heaps(r.name))
        if (r.kind == ir::resourceKindName(h->resource)) g = h;
    if (!g || !g->binding) continue;
    // [[vk::combinedImageSampler]]: one descriptor, the texture's; the sampler has no variable.
    bool combined = g->combinedImageSampler && g->combined.valid();
    if (combined && g->space == ir::AddressSpace::Handle && m.types.contains(g->type) &&
        m.types[g->type].kind == ir::TypeKind::Sampler)
      continue;
    SpirvResourceBinding s;
    s.set = g->binding->group;
    s.binding = g->binding->binding;
    s.descriptorType = combined ? "VK_DESCRIPTOR_TYPE_COMBINED_IMAGE_SAMPLER" : vkDescriptorTypeOf(g->resource);
    uint32_t count = 1;
    resourceElementType(m.types, g->type, &count);
    s.descriptorCount = count;
    // DXC's associated counter: `counter.var.NAME`, present when this entry point uses it.
    if (const ResourceBinding* c = resources.find("counter.var." + r.name)) {
      s.hasCounter = true;
      s.counterName = c->name;
      s.counterSet = c->set;
      s.counterBinding = c->binding;
    }
    r.spirv = std::move(s);
  }
}

void addWgslBindings(const ir::Module& m, const ir::EntryPoint& ep, const std::vector<TargetBinding>& bindings,
                     const std::vector<std::string>& requiredFeatures, EntryPointInfo& info) {
  WebGpuPipelineLayout layout;
  layout.requiredFeatures = requiredFeatures;
  GlobalsByName globals(m);
  ResourcesByName resources(info);
  for (const TargetBinding& b : bindings) {
    const ir::GlobalVariable* g = globals.find(b.name);
    WgslResourceBinding w;
    w.group = b.group;
    w.binding = b.binding;
    if (g) w.layout = webgpuLayoutShape(m, *g, b.kind);
    if (b.depthTexture && w.layout.kind == WebGpuLayoutShape::Kind::Texture) w.layout.sampleType = "depth";
    if (ResourceBinding* r = resources.find(b.name)) r->wgsl = w;
    if (layout.bindGroupLayouts.size() <= b.group) layout.bindGroupLayouts.resize(b.group + 1);
    WebGpuBindGroupLayoutEntry e;
    e.binding = b.binding;
    e.visibility = webgpuVisibility(driver::publicStage(ep.stage));
    e.layout = w.layout;
    e.resource = b.name;
    layout.bindGroupLayouts[b.group].push_back(std::move(e));
  }
  for (auto& group : layout.bindGroupLayouts)
    std::stable_sort(
        group.begin(), group.end(),
        [](const WebGpuBindGroupLayoutEntry& a, const WebGpuBindGroupLayoutEntry& b) { return a.binding < b.binding; });
  info.webgpu = std::move(layout);
}

void addMslBindings(const std::vector<TargetBinding>& bindings, EntryPointInfo& info) {
  std::vector<MetalArgument> table;
  ResourcesByName resources(info);
  for (const TargetBinding& b : bindings) {
    table.push_back({b.kind, b.binding, b.name, b.count});
    if (ResourceBinding* r = resources.find(b.name)) {
      r->msl = MslResourceBinding{b.kind, b.binding, b.count, {}};
      // Read-write textures: the pixel format the host creates them with.
      if (b.kind == "texture" && !r->imageFormat.empty() && r->descriptorType == "storage-image")
        for (uint32_t f = 0; const ImageFormatInfo* fi = imageFormatInfo(f); ++f)
          if (r->imageFormat == fi->spirvName && fi->metal) r->msl->pixelFormat = fi->metal;
      r->mslIndex = int32_t(b.binding);
    }
  }
  auto rank = [](const std::string& k) { return k == "buffer" ? 0 : k == "texture" ? 1 : k == "sampler" ? 2 : 3; };
  std::stable_sort(table.begin(), table.end(), [&](const MetalArgument& a, const MetalArgument& b) {
    return rank(a.kind) != rank(b.kind) ? rank(a.kind) < rank(b.kind) : a.index < b.index;
  });
  info.metal = std::move(table);
}

}  // namespace reflect
}  // namespace oneshader
