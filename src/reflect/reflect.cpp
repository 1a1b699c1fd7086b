#include "reflect/reflect.hpp"

#include <algorithm>
#include <cstdio>
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
  }
  return "Unknown";
}

std::string subgroupFeatureNames(uint32_t flags) {
  static constexpr struct { uint32_t bit; const char* name; } kNames[] = {
      {SubgroupBasic, "Basic"},         {SubgroupVote, "Vote"},
      {SubgroupArithmetic, "Arithmetic"}, {SubgroupBallot, "Ballot"},
      {SubgroupShuffle, "Shuffle"},     {SubgroupShuffleRelative, "ShuffleRelative"},
      {SubgroupClustered, "Clustered"}, {SubgroupQuad, "Quad"},
      {SubgroupPartitionedNV, "PartitionedNV"},
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
  if (r.mslIndex >= 0) j["mslIndex"] = r.mslIndex;
  return j;
}

json entryJson(const EntryPointInfo& e) {
  json j;
  j["name"] = e.name;
  j["stage"] = stageName(e.stage);
  j["workgroupSize"] = {e.workgroupSize[0], e.workgroupSize[1], e.workgroupSize[2]};
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
  return j;
}
}  // namespace

std::string Reflection::toJson() const {
  json root;
  json eps = json::array();
  for (const auto& e : entryPoints) eps.push_back(entryJson(e));
  root["entryPoints"] = std::move(eps);
  return root.dump(2) + "\n";
}

std::string SummaryLine(const EntryPointInfo& e) {
  char hex[16];
  std::snprintf(hex, sizeof hex, "0x%x", e.subgroupOperations);
  return e.name + " (" + stageName(e.stage) + "): " + subgroupFeatureNames(e.subgroupOperations) + " = " + hex;
}

namespace reflect {

const char* descriptorTypeOf(ir::ResourceKind k) {
  using K = ir::ResourceKind;
  switch (k) {
    case K::None: return "";
    case K::ConstantBuffer: return "uniform-buffer";
    case K::StructuredBuffer: case K::RWStructuredBuffer:
    case K::ByteAddressBuffer: case K::RWByteAddressBuffer:
    case K::AppendStructuredBuffer: case K::ConsumeStructuredBuffer: case K::CounterBuffer: return "storage-buffer";
    case K::Texture1D: case K::Texture2D: case K::Texture3D: case K::TextureCube:
    case K::Texture2DArray: case K::TextureCubeArray: case K::Texture2DMS:
    case K::Texture1DArray: case K::Texture2DMSArray: return "sampled-image";
    case K::RWTexture1D: case K::RWTexture2D: case K::RWTexture3D: case K::RWTexture2DArray:
    case K::RWTexture1DArray: return "storage-image";
    case K::Buffer: return "uniform-texel-buffer";
    case K::RWBuffer: return "storage-texel-buffer";
    case K::Sampler: case K::SamplerComparison: return "sampler";
  }
  return "";
}

bool isReadOnlyResource(ir::ResourceKind k) {
  using K = ir::ResourceKind;
  switch (k) {
    case K::RWStructuredBuffer: case K::RWByteAddressBuffer: case K::RWTexture1D: case K::RWTexture2D:
    case K::RWTexture3D: case K::RWTexture2DArray: case K::RWTexture1DArray: case K::RWBuffer: case K::None:
    case K::AppendStructuredBuffer: case K::ConsumeStructuredBuffer: case K::CounterBuffer:
      return false;
    default:
      return true;
  }
}

std::vector<ir::Handle<ir::Function>> reachableFunctions(const ir::Module& m, const ir::EntryPoint& ep) {
  std::vector<ir::Handle<ir::Function>> out;
  std::vector<bool> seen(m.functions.size(), false);
  if (!m.functions.contains(ep.function)) return out;
  out.push_back(ep.function);
  seen[ep.function.index] = true;
  for (size_t i = 0; i < out.size(); ++i) {
    const ir::Function& f = m.functions[out[i]];
    for (const ir::Statement& s : f.statements) {
      if (s.kind != ir::StmtKind::Call || !m.functions.contains(s.function)) continue;
      if (seen[s.function.index]) continue;
      seen[s.function.index] = true;
      out.push_back(s.function);
    }
  }
  std::sort(out.begin() + 1, out.end());
  return out;
}

static bool isSubgroupBuiltin(ir::BuiltIn b) {
  return b == ir::BuiltIn::SubgroupSize || b == ir::BuiltIn::SubgroupLocalInvocationId;
}

uint32_t subgroupFeatures(const ir::Module& m, const ir::EntryPoint& ep) {
  uint32_t bits = 0;
  for (auto fh : reachableFunctions(m, ep)) {
    const ir::Function& f = m.functions[fh];
    for (const ir::Statement& s : f.statements)
      if (s.kind == ir::StmtKind::Subgroup) bits |= ir::subgroupFeatureOf(static_cast<ir::SubgroupOp>(s.op));
    for (const ir::Expression& e : f.expressions)
      if (e.kind == ir::ExprKind::Builtin && isSubgroupBuiltin(e.builtin)) bits |= SubgroupBasic;
    for (const ir::FunctionArgument& a : f.arguments)
      if (a.binding.isBuiltin() && isSubgroupBuiltin(a.binding.builtin)) bits |= SubgroupBasic;
  }
  return bits;
}

std::vector<ResourceBinding> resources(const ir::Module& m, const ir::EntryPoint& ep) {
  std::vector<bool> used(m.globals.size(), false);
  for (auto fh : reachableFunctions(m, ep)) {
    for (const ir::Expression& e : m.functions[fh].expressions)
      if (e.kind == ir::ExprKind::GlobalVariable && m.globals.contains(e.global)) used[e.global.index] = true;
  }
  std::vector<ResourceBinding> out;
  for (uint32_t i = 0; i < m.globals.size(); ++i) {
    if (!used[i]) continue;
    const ir::GlobalVariable& g = m.globals[ir::Handle<ir::GlobalVariable>(i)];
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
    r.readOnly = isReadOnlyResource(g.resource) ||
                 (g.space == ir::AddressSpace::Storage && g.access == ir::StorageAccess::Load);
    out.push_back(std::move(r));
  }
  std::sort(out.begin(), out.end(), [](const ResourceBinding& a, const ResourceBinding& b) {
    if (a.set != b.set) return a.set < b.set;
    if (a.binding != b.binding) return a.binding < b.binding;
    return a.name < b.name;
  });
  return out;
}

EntryPointInfo buildEntryPointInfo(const ir::Module& m, const ir::EntryPoint& ep) {
  EntryPointInfo info;
  info.name = ep.name;
  info.stage = ep.stage;
  for (int i = 0; i < 3; ++i) info.workgroupSize[i] = ep.workgroupSize[i];
  info.subgroupOperations = subgroupFeatures(m, ep);
  info.resources = resources(m, ep);
  if (info.subgroupOperations) info.webgpuFeatures.push_back("subgroups");
  bool f16 = false;
  for (auto fh : reachableFunctions(m, ep)) {
    for (const ir::Expression& e : m.functions[fh].expressions) {
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
  return info;
}

}  // namespace reflect
}  // namespace oneshader
