// IR basics: type interning, names, small helpers.
#include "ir/ir.hpp"
#include "ir/subgroups.hpp"

namespace oneshader::ir {

namespace {
inline uint64_t mix(uint64_t h, uint64_t v) {
  h ^= v + 0x9e3779b97f4a7c15ull + (h << 6) + (h >> 2);
  return h;
}
}  // namespace

uint64_t hashType(const Type& t) {
  uint64_t h = uint64_t(t.kind);
  h = mix(h, uint64_t(t.scalar.kind) | (uint64_t(t.scalar.width) << 8) | (uint64_t(t.size) << 16) |
                 (uint64_t(t.columns) << 24) | (uint64_t(t.space) << 32) | (uint64_t(t.comparisonSampler) << 40));
  h = mix(h, t.base.index);
  h = mix(h, t.spirvClass);
  h = mix(h, (uint64_t(t.arraySize) << 32) | t.stride);
  h = mix(h, uint64_t(t.image.dim) | (uint64_t(t.image.cls) << 8) | (uint64_t(t.image.arrayed) << 16) |
                 (uint64_t(t.image.multisampled) << 17) | (uint64_t(t.image.sampled.kind) << 24) |
                 (uint64_t(t.image.sampled.width) << 32) | (uint64_t(t.image.format) << 40) |
                 (uint64_t(t.image.formatInferred) << 48));
  for (char c : t.name) h = mix(h, uint8_t(c));
  h = mix(h, t.structSize);
  h = mix(h, (uint64_t(t.spirvOpcode) << 32) | t.spirvSize);
  for (const SpirvTypeOperand& o : t.spirvOperands) {
    h = mix(h, (uint64_t(o.kind) << 32) | o.type.index);
    for (uint32_t w : o.words) h = mix(h, w);
  }
  for (const StructMember& m : t.members) {
    for (char c : m.name) h = mix(h, uint8_t(c));
    h = mix(h, (uint64_t(m.type.index) << 32) | m.offset);
    h = mix(h, uint64_t(m.matrixLayout) | (uint64_t(m.matrixStride) << 8));
    h = mix(h, uint64_t(m.binding.kind) | (uint64_t(m.binding.builtin) << 8) | (uint64_t(m.binding.location) << 16) |
                   (uint64_t(m.binding.interpolation) << 48));
  }
  return h;
}

void TypeArena::rehash() {
  size_t n = buckets_.empty() ? 64 : buckets_.size() * 2;
  buckets_.assign(n, {});
  for (uint32_t i = 0; i < types_.size(); ++i) buckets_[hashType(types_.raw()[i]) & (n - 1)].push_back(i);
}

Handle<Type> TypeArena::find(const Type& t) const {
  if (buckets_.empty()) return {};
  for (uint32_t i : buckets_[hashType(t) & (buckets_.size() - 1)])
    if (types_.raw()[i] == t) return Handle<Type>(i);
  return {};
}

Handle<Type> TypeArena::intern(const Type& t) {
  if (buckets_.empty() || types_.size() * 2 >= buckets_.size()) rehash();
  auto& bucket = buckets_[hashType(t) & (buckets_.size() - 1)];
  for (uint32_t i : bucket)
    if (types_.raw()[i] == t) return Handle<Type>(i);
  Handle<Type> h = types_.append(t);
  bucket.push_back(h.index);
  return h;
}

Handle<Type> TypeArena::forwardPointer(AddressSpace space) {
  Type t;
  t.kind = TypeKind::Pointer;
  t.space = space;
  t.name = "forward " + std::to_string(types_.size());  // unique until completed
  return intern(t);
}

void TypeArena::completeForward(Handle<Type> pointer, Handle<Type> base) {
  Type& t = types_[pointer];
  auto& from = buckets_[hashType(t) & (buckets_.size() - 1)];
  std::erase(from, pointer.index);
  t.base = base;
  t.name.clear();
  buckets_[hashType(t) & (buckets_.size() - 1)].push_back(pointer.index);
}

std::optional<Scalar> scalarOf(const TypeArena& types, Handle<Type> h) {
  if (!types.contains(h)) return std::nullopt;
  const Type& t = types[h];
  switch (t.kind) {
    case TypeKind::Scalar:
    case TypeKind::Vector:
    case TypeKind::Matrix:
    case TypeKind::Atomic: return t.scalar;
    default: return std::nullopt;
  }
}

uint32_t componentCount(const TypeArena& types, Handle<Type> h) {
  if (!types.contains(h)) return 0;
  const Type& t = types[h];
  if (t.kind == TypeKind::Scalar) return 1;
  if (t.kind == TypeKind::Vector) return t.size;
  return 0;
}

const EntryPoint* Module::findEntryPoint(std::string_view name) const {
  for (const EntryPoint& e : entryPoints)
    if (e.name == name) return &e;
  return nullptr;
}

BarrierInfo hlslBarrier(HlslBarrier b) {
  const uint8_t dev = BarrierUniform | BarrierImage;
  switch (b) {
    case HlslBarrier::GroupMemoryBarrier:
      return {false, MemoryScope::Workgroup, MemoryScope::Workgroup, BarrierWorkgroup};
    case HlslBarrier::GroupMemoryBarrierWithGroupSync:
      return {true, MemoryScope::Workgroup, MemoryScope::Workgroup, BarrierWorkgroup};
    case HlslBarrier::DeviceMemoryBarrier: return {false, MemoryScope::Workgroup, MemoryScope::Device, dev};
    case HlslBarrier::DeviceMemoryBarrierWithGroupSync: return {true, MemoryScope::Workgroup, MemoryScope::Device, dev};
    case HlslBarrier::AllMemoryBarrier:
      return {false, MemoryScope::Workgroup, MemoryScope::Device, uint8_t(dev | BarrierWorkgroup)};
    case HlslBarrier::AllMemoryBarrierWithGroupSync:
      return {true, MemoryScope::Workgroup, MemoryScope::Device, uint8_t(dev | BarrierWorkgroup)};
  }
  return {true, MemoryScope::Workgroup, MemoryScope::Workgroup, BarrierWorkgroup};
}

std::vector<uint32_t> countExpressionUses(const Function& f) {
  std::vector<uint32_t> uses(f.expressions.size(), 0);
  auto use = [&](Handle<Expression> h) {
    if (h.valid() && h.index < uses.size()) ++uses[h.index];
  };
  for (const Expression& x : f.expressions) {
    use(x.a), use(x.b), use(x.c), use(x.d);
    if (x.kind == ExprKind::ImageSample)
      use(x.bias), use(x.gradX), use(x.gradY), use(x.depthRef), use(x.minLod), use(x.dynOffset);
    if (x.kind == ExprKind::Compose)
      for (uint32_t k = 0; k < x.operands.count; ++k) use(f.operands[x.operands.first + k]);
  }
  for (const Statement& s : f.statements) {
    if (s.kind == StmtKind::Emit) continue;
    use(s.a), use(s.b), use(s.c);
    if (s.kind == StmtKind::Call || s.kind == StmtKind::Debug)
      for (uint32_t k = 0; k < s.range.count; ++k) use(f.operands[s.range.first + k]);
  }
  return uses;
}

// builtinName and vkBuiltinSpelling: ir/builtins.cpp (the table ir/builtins.def).

const char* resourceKindName(ResourceKind k) {
  switch (k) {
    case ResourceKind::None: return "none";
    case ResourceKind::ConstantBuffer: return "ConstantBuffer";
    case ResourceKind::TextureBuffer: return "TextureBuffer";
    case ResourceKind::StructuredBuffer: return "StructuredBuffer";
    case ResourceKind::RWStructuredBuffer: return "RWStructuredBuffer";
    case ResourceKind::ByteAddressBuffer: return "ByteAddressBuffer";
    case ResourceKind::RWByteAddressBuffer: return "RWByteAddressBuffer";
    case ResourceKind::Texture1D: return "Texture1D";
    case ResourceKind::Texture2D: return "Texture2D";
    case ResourceKind::Texture3D: return "Texture3D";
    case ResourceKind::TextureCube: return "TextureCube";
    case ResourceKind::Texture2DArray: return "Texture2DArray";
    case ResourceKind::TextureCubeArray: return "TextureCubeArray";
    case ResourceKind::Texture2DMS: return "Texture2DMS";
    case ResourceKind::RWTexture1D: return "RWTexture1D";
    case ResourceKind::RWTexture2D: return "RWTexture2D";
    case ResourceKind::RWTexture3D: return "RWTexture3D";
    case ResourceKind::RWTexture2DArray: return "RWTexture2DArray";
    case ResourceKind::Buffer: return "Buffer";
    case ResourceKind::RWBuffer: return "RWBuffer";
    case ResourceKind::AppendStructuredBuffer: return "AppendStructuredBuffer";
    case ResourceKind::ConsumeStructuredBuffer: return "ConsumeStructuredBuffer";
    case ResourceKind::CounterBuffer: return "CounterBuffer";
    case ResourceKind::Sampler: return "SamplerState";
    case ResourceKind::SamplerComparison: return "SamplerComparisonState";
    case ResourceKind::Texture1DArray: return "Texture1DArray";
    case ResourceKind::Texture2DMSArray: return "Texture2DMSArray";
    case ResourceKind::RWTexture1DArray: return "RWTexture1DArray";
    case ResourceKind::AccelerationStructure: return "RaytracingAccelerationStructure";
    case ResourceKind::SubpassInput: return "SubpassInput";
    case ResourceKind::SubpassInputMS: return "SubpassInputMS";
  }
  return "?";
}

const char* controlHintName(ControlHint h) {
  switch (h) {
    case ControlHint::None: return "";
    case ControlHint::Unroll: return "[unroll]";
    case ControlHint::DontUnroll: return "[loop] (or [fastopt])";
    case ControlHint::Flatten: return "[flatten]";
    case ControlHint::DontFlatten: return "[branch]";
  }
  return "?";
}

const char* fragmentModeAttribute(uint32_t bit) {
  switch (bit) {
    case FragPostDepthCoverage: return "[[vk::post_depth_coverage]]";
    case FragEarlyAndLateTests: return "[[vk::early_and_late_tests]]";
    case FragDepthUnchanged: return "[[vk::depth_unchanged]]";
    case FragStencilUnchangedFront: return "[[vk::stencil_ref_unchanged_front]]";
    case FragStencilGreaterFront: return "[[vk::stencil_ref_greater_equal_front]]";
    case FragStencilLessFront: return "[[vk::stencil_ref_less_equal_front]]";
    case FragStencilUnchangedBack: return "[[vk::stencil_ref_unchanged_back]]";
    case FragStencilGreaterBack: return "[[vk::stencil_ref_greater_equal_back]]";
    case FragStencilLessBack: return "[[vk::stencil_ref_less_equal_back]]";
  }
  return "?";
}

const char* sampleKindName(SampleKind k) {
  switch (k) {
    case SampleKind::Implicit: return "implicit";
    case SampleKind::Level: return "level";
    case SampleKind::Bias: return "bias";
    case SampleKind::Grad: return "grad";
    case SampleKind::Compare: return "compare";
    case SampleKind::CompareLevelZero: return "compare_level_zero";
    case SampleKind::CompareBias: return "compare_bias";
    case SampleKind::CompareGrad: return "compare_grad";
    case SampleKind::CompareLevel: return "compare_level";
    case SampleKind::Gather: return "gather";
    case SampleKind::GatherCompare: return "gather_compare";
  }
  return "?";
}

const OperatorInfo& unaryInfo(UnaryOp op) {
  static const OperatorInfo table[] = {
#define UNARY(e, name, token) {name, token},
#include "ir/ops.def"
#undef UNARY
  };
  return table[size_t(op)];
}

const OperatorInfo& binaryInfo(BinaryOp op) {
  static const OperatorInfo table[] = {
#define BINARY(e, name, token) {name, token},
#include "ir/ops.def"
#undef BINARY
  };
  return table[size_t(op)];
}

const MathInfo& mathInfo(MathFunction f) {
  static const MathInfo table[] = {
#define MATH(e, name, result, msl, wgsl, ...) {name, MathResult::result, msl, wgsl},
#include "ir/math.def"
#undef MATH
  };
  return table[size_t(f)];
}

// subgroupOpName, subgroupHlslName and subgroupFeatureOf read the table ir/subgroups.def.
const char* subgroupOpName(SubgroupOp op) { return subgroupInfo(op).name; }

const char* subgroupHlslName(SubgroupOp op, CollectiveOp c) {
  const SubgroupInfo& s = subgroupInfo(op);
  bool prefix = c == CollectiveOp::ExclusiveScan || c == CollectiveOp::InclusiveScan;
  return prefix && *s.hlslScan ? s.hlslScan : s.hlsl;
}

uint32_t subgroupFeatureOf(SubgroupOp op) { return subgroupInfo(op).feature; }

}  // namespace oneshader::ir
