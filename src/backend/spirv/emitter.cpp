// SPIR-V emitter: module-level parts (types, constants, globals, interface, assembly).
#include "backend/spirv/emitter.hpp"
#include "backend/spirv/grammar.hpp"
#include "ir/builtins.hpp"
#include "intrinsics/intrinsics.hpp"

#include <algorithm>
#include <cstring>

namespace oneshader::spirv {

using namespace oneshader::ir;

Emitter::Emitter(const Module& m, const EntryPoint& ep, const SpirvOptions& o, DiagEngine& d)
    : m_(m), ep_(ep), opt_(o), diags_(d), types_(m.types) {
  constantIds_.assign(m.constants.size(), 0);
  specDependent_ = specDependence(m);
  globalIds_.assign(m.globals.size(), 0);
  functionIds_.assign(m.functions.size(), 0);
  // An -Oconfig pass that strips debug information would remove all of -fspv-debug=vulkan's
  // (and with it what it overrules): the module is made without it, which is what the pass
  // leaves. SPIRV-Tools 2023.1's strip passes crash on NonSemantic.Shader.DebugInfo.100, and
  // --strip-debug on OpenCL.DebugInfo.100 (rich), which the non-semantic strip passes keep.
  if (opt_.debugInfo && stripsDebugInfo(opt_.optimizerPasses, opt_.debugInfoOpenCL))
    opt_.debugInfo = opt_.debugInfoSource = opt_.debugFile = opt_.debugSource = opt_.debugLine = opt_.debugTool = false;
}

void Emitter::put(Section& s, spv::Op op, std::initializer_list<uint32_t> operands) {
  put(s, op, operands.begin(), operands.size());
}

void Emitter::put(Section& s, spv::Op op, const std::vector<uint32_t>& operands) {
  put(s, op, operands.data(), operands.size());
}

// What an instruction too long for SPIR-V's 16-bit word count stands for, in HLSL terms.
static std::string tooLongWhat(spv::Op op, size_t operands) {
  switch (op) {
    case spv::Op::OpConstantComposite:
    case spv::Op::OpSpecConstantComposite: return "a constant of " + std::to_string(operands - 2) + " elements";
    case spv::Op::OpCompositeConstruct: return "a value of " + std::to_string(operands - 2) + " elements";
    case spv::Op::OpTypeStruct: return "a struct of " + std::to_string(operands - 1) + " members";
    case spv::Op::OpTypeFunction: return "a function of " + std::to_string(operands - 2) + " parameters";
    case spv::Op::OpFunctionCall: return "a call with " + std::to_string(operands - 3) + " arguments";
    case spv::Op::OpSwitch: return "a switch of " + std::to_string((operands - 2) / 2) + " cases";
    case spv::Op::OpPhi: return "a value merged from " + std::to_string((operands - 2) / 2) + " paths";
    case spv::Op::OpEntryPoint: return "an entry point with " + std::to_string(operands) + " interface words";
    default: return "an instruction (opcode " + std::to_string(uint32_t(op)) + ")";
  }
}

// SPIR-V's universal limits (specification 2.17) that HLSL can reach and spirv-val checks:
// over them, the module is invalid on every implementation. Null when `op` is within them.
static const char* universalLimit(spv::Op op, size_t operands, size_t* count) {
  switch (op) {
    case spv::Op::OpTypeStruct: *count = operands - 1; return *count > 16383 ? "16,383 members in a struct" : nullptr;
    case spv::Op::OpSwitch: *count = (operands - 2) / 2; return *count > 16383 ? "16,383 cases in a switch" : nullptr;
    case spv::Op::OpTypeFunction: *count = operands - 2; return *count > 255 ? "255 parameters in a function" : nullptr;
    case spv::Op::OpAccessChain:
    case spv::Op::OpInBoundsAccessChain:
      *count = operands - 3;
      return *count > 255 ? "255 indexes in one access" : nullptr;
    default: return nullptr;
  }
}

// What a construct over a universal limit stands for, in HLSL terms.
static std::string overLimitWhat(spv::Op op, size_t count) {
  switch (op) {
    case spv::Op::OpTypeStruct: return "a struct of " + std::to_string(count) + " members";
    case spv::Op::OpSwitch: return "a switch of " + std::to_string(count) + " cases";
    case spv::Op::OpTypeFunction: return "a function of " + std::to_string(count) + " parameters";
    default: return "an access through " + std::to_string(count) + " indexes";
  }
}

void Emitter::put(Section& s, spv::Op op, const uint32_t* operands, size_t n) {
  SourceRange at = curRange_.valid() ? curRange_ : ep_.range;
  if (n + 1 > 0xFFFF) {
    // The word count would wrap and the module would not parse: refuse at the construct.
    error(DiagId::SpirvInstructionTooLong, at, {tooLongWhat(op, n), std::to_string(n + 1)});
    return;
  }
  size_t count = 0;
  if (const char* limit = universalLimit(op, n, &count)) {
    error(DiagId::SpirvUniversalLimit, at, {overLimitWhat(op, count), limit});
    return;
  }
  if (op == spv::Op::OpFunction) functionVariables_ = 0;
  if (op == spv::Op::OpVariable) {
    bool local = n > 2 && operands[2] == uint32_t(spv::StorageClass::Function);
    uint32_t& n = local ? functionVariables_ : globalVariables_;
    if (++n == (local ? 524288u : 65536u)) {
      error(DiagId::SpirvUniversalLimit, at,
            {local ? "the local variables of a function" : "the global variables of a module",
             local ? "524,287 local variables in a function" : "65,535 global variables in a module"});
      return;
    }
  }
  s.words.push_back(uint32_t((n + 1) << 16) | uint32_t(op));
  s.words.insert(s.words.end(), operands, operands + n);
  s.count++;
}

void Emitter::putString(std::vector<uint32_t>& out, const std::string& s) {
  size_t n = s.size() / 4 + 1;
  size_t base = out.size();
  out.resize(base + n, 0);
  std::memcpy(out.data() + base, s.data(), s.size());
}

// OpName strings are unique within a module. SPIRV-Tools' friendly-name mapper (built by
// every spirv-val, spirv-dis and spirv-opt run, in-process or not) gives the k-th repeat
// of a name the first free suffix by trying _0, _1, ... in turn, which is quadratic in
// the repeats: 2,000 parameters named "x" made validation 7x slower than the rest of the
// compile (docs/design.md, "Validation cost"). So a repeated name is written here with
// the suffix the mapper would have chosen (the second "x" is "x_0", the third "x_1", with
// uniqueness judged on the sanitized form the mapper uses): the disassembly shows the
// same ids as before and the mapper never searches.
void Emitter::name(uint32_t target, const std::string& n) {
  if (n.empty()) return;
  std::string key = n;
  for (char& c : key)
    if (!((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') || c == '_')) c = '_';
  std::string text = n;
  if (!usedNames_.insert(key).second) {
    uint32_t& next = nameSuffix_[key];
    std::string candidate;
    do candidate = key + "_" + std::to_string(next++);
    while (!usedNames_.insert(candidate).second);
    text = n + "_" + std::to_string(next - 1);
  }
  std::vector<uint32_t> ops{target};
  putString(ops, text);
  put(debug_, spv::Op::OpName, ops);
}

void Emitter::decorate(uint32_t target, spv::Decoration d, std::initializer_list<uint32_t> extra) {
  std::vector<uint32_t> ops{target, uint32_t(d)};
  ops.insert(ops.end(), extra.begin(), extra.end());
  put(annotations_, spv::Op::OpDecorate, ops);
}

void Emitter::reflectString(uint32_t target, spv::Decoration d, const std::string& text) {
  if (!opt_.reflect || text.empty() || !reflected_.insert({target, uint32_t(d)}).second) return;
  exts_.insert("SPV_GOOGLE_hlsl_functionality1");  // OpDecorateString before SPIR-V 1.4
  if (d == spv::Decoration::UserTypeGOOGLE) exts_.insert("SPV_GOOGLE_user_type");
  std::vector<uint32_t> ops{target, uint32_t(d)};
  putString(ops, text);
  put(annotations_, spv::Op::OpDecorateString, ops);
}

void Emitter::memberDecorate(uint32_t target, uint32_t member, spv::Decoration d,
                             std::initializer_list<uint32_t> extra) {
  std::vector<uint32_t> ops{target, member, uint32_t(d)};
  ops.insert(ops.end(), extra.begin(), extra.end());
  put(annotations_, spv::Op::OpMemberDecorate, ops);
}

void Emitter::error(DiagId did, SourceRange r, std::vector<std::string> args) {
  failed_ = true;
  diags_.report(did, r, std::move(args));
}

spv::StorageClass Emitter::storageClass(AddressSpace s) {
  switch (s) {
    case AddressSpace::Function: return spv::StorageClass::Function;
    case AddressSpace::Private: return spv::StorageClass::Private;
    case AddressSpace::WorkGroup: return spv::StorageClass::Workgroup;
    case AddressSpace::Uniform: return spv::StorageClass::Uniform;
    case AddressSpace::Storage:
      if (spirvVersionFor(opt_.env) < 0x00010300) exts_.insert("SPV_KHR_storage_buffer_storage_class");
      return spv::StorageClass::StorageBuffer;
    case AddressSpace::PushConstant: return spv::StorageClass::PushConstant;
    case AddressSpace::Handle: return spv::StorageClass::UniformConstant;
    case AddressSpace::Input: return spv::StorageClass::Input;
    case AddressSpace::Output: return spv::StorageClass::Output;
    case AddressSpace::PhysicalStorage: physical_ = true; return spv::StorageClass::PhysicalStorageBuffer;
    case AddressSpace::SpirvClass: break;  // storageClassOf() has the number
  }
  return spv::StorageClass::Private;
}

// ---------------------------------------------------------------- layout marking

void Emitter::markLayout(Handle<Type> t) {
  if (!types_.contains(t) || !layoutTypes_.insert(t.index).second) return;
  const Type tt = types_[t];
  if (tt.kind == TypeKind::Array) markLayout(tt.base);
  if (tt.kind == TypeKind::Struct)
    for (const StructMember& mem : tt.members) markLayout(mem.type);
}

void Emitter::collectLayoutTypes() {
  for (const GlobalVariable& g : m_.globals) {
    bool record =
        g.space == AddressSpace::SpirvClass && g.spirvClass == uint32_t(spv::StorageClass::ShaderRecordBufferKHR);
    if (g.space == AddressSpace::Uniform || g.space == AddressSpace::Storage || g.space == AddressSpace::PushConstant ||
        record) {
      markLayout(g.type);
      if (types_.contains(g.type) && types_[g.type].kind == TypeKind::Struct) blockTypes_.insert(g.type.index);
      // An array of buffers: its element is the block (the array itself has no stride).
      if (types_.contains(g.type) && types_[g.type].kind == TypeKind::Array && types_.contains(types_[g.type].base) &&
          types_[types_[g.type].base].kind == TypeKind::Struct)
        blockTypes_.insert(types_[g.type].base.index);
    }
  }
}

// ---------------------------------------------------------------- types

static uint32_t scalarBytes(Scalar s) { return s.kind == ScalarKind::Bool ? 4 : s.width / 8; }

uint32_t Emitter::typeId(Handle<Type> h) {
  if (!types_.contains(h)) {
    error(DiagId::InternalError, curRange_, {"spir-v: invalid type handle"});
    return 0;
  }
  if (h.index < typeIds_.size() && typeIds_[h.index]) return typeIds_[h.index];
  const Type t = types_[h];  // copy: helpers below may intern
  uint32_t result = 0;
  auto scalarCaps = [&](Scalar s) {
    if (s.kind == ScalarKind::Float && s.width == 16) cap(spv::Capability::Float16);
    if (s.kind == ScalarKind::Float && s.width == 64) cap(spv::Capability::Float64);
    if (s.isInteger() && s.width == 16) cap(spv::Capability::Int16);
    if (s.isInteger() && s.width == 64) cap(spv::Capability::Int64);
  };
  switch (t.kind) {
    case TypeKind::Scalar:
    case TypeKind::Atomic: {
      result = id();
      scalarCaps(t.scalar);
      if (t.kind == TypeKind::Atomic) {
        // SPIR-V has no atomic type: the same integer type.
        uint32_t s = scalarTypeId(t.scalar);
        if (typeIds_.size() <= h.index) typeIds_.resize(h.index + 1, 0);
        typeIds_[h.index] = s;
        --nextId_;
        return s;
      }
      switch (t.scalar.kind) {
        case ScalarKind::Bool: put(globals_, spv::Op::OpTypeBool, {result}); break;
        case ScalarKind::Sint: put(globals_, spv::Op::OpTypeInt, {result, t.scalar.width, 1}); break;
        case ScalarKind::Uint: put(globals_, spv::Op::OpTypeInt, {result, t.scalar.width, 0}); break;
        case ScalarKind::Float: put(globals_, spv::Op::OpTypeFloat, {result, t.scalar.width}); break;
      }
      break;
    }
    case TypeKind::Vector: {
      uint32_t c = scalarTypeId(t.scalar);
      result = id();
      put(globals_, spv::Op::OpTypeVector, {result, c, t.size});
      break;
    }
    case TypeKind::Matrix: {
      uint32_t col = typeId(types_.vector(t.scalar, t.size));
      result = id();
      put(globals_, spv::Op::OpTypeMatrix, {result, col, t.columns});
      break;
    }
    case TypeKind::Array: {
      uint32_t e = typeId(t.base);
      if (t.arraySize == 0) {
        result = id();
        put(globals_, spv::Op::OpTypeRuntimeArray, {result, e});
      } else {
        uint32_t len = constantU32(t.arraySize);
        result = id();
        put(globals_, spv::Op::OpTypeArray, {result, e, len});
      }
      if (t.stride) decorate(result, spv::Decoration::ArrayStride, {t.stride});
      break;
    }
    case TypeKind::Struct: {
      std::vector<uint32_t> ops;
      typesInProgress_.insert(h.index);
      uint32_t depth = 1;  // 1 + the deepest struct member (not through arrays or pointers)
      for (const StructMember& mem : t.members) {
        ops.push_back(typeId(mem.type));
        if (types_[mem.type].kind == TypeKind::Struct && mem.type.index < structDepth_.size())
          depth = std::max<uint32_t>(depth, structDepth_[mem.type.index] + 1u);
      }
      typesInProgress_.erase(h.index);
      if (structDepth_.size() <= h.index) structDepth_.resize(h.index + 1, 0);
      structDepth_[h.index] = uint16_t(std::min<uint32_t>(depth, 0xFFFF));
      if (depth == 256)  // reported at the first struct over the limit only
        error(DiagId::SpirvUniversalLimit, curRange_.valid() ? curRange_ : ep_.range,
              {"structs nested " + std::to_string(depth) + " deep", "255 levels of struct nesting"});
      result = id();
      ops.insert(ops.begin(), result);
      put(globals_, spv::Op::OpTypeStruct, ops);
      name(result, t.name);
      // Pointers to this struct declared forward inside it: now their OpTypePointer.
      for (auto it = forwardPointers_.begin(); it != forwardPointers_.end();) {
        if (it->first != h.index) {
          ++it;
          continue;
        }
        uint32_t sc = uint32_t(spv::StorageClass::PhysicalStorageBuffer);
        put(globals_, spv::Op::OpTypePointer, {it->second, sc, result});
        constCache_[{uint32_t(spv::Op::OpTypePointer), sc, result}] = it->second;
        it = forwardPointers_.erase(it);
      }
      bool layout = layoutTypes_.count(h.index) > 0;
      for (uint32_t i = 0; i < t.members.size(); ++i) {
        const StructMember& mem = t.members[i];
        if (!mem.name.empty()) {
          std::vector<uint32_t> mops{result, i};
          putString(mops, mem.name);
          put(debug_, spv::Op::OpMemberName, mops);
        }
        // (An entry point's interface struct is split into stage variables; they carry them.)
        if (mem.binding.kind == Binding::Kind::None) spirvMemberDecorate(result, i, mem.spirvDecorations);
        if (!layout) continue;
        memberDecorate(result, i, spv::Decoration::Offset, {mem.offset});
        // Matrix (or array of matrix) members need MatrixStride and majorness.
        Handle<Type> mt = mem.type;
        while (types_.contains(mt) && types_[mt].kind == TypeKind::Array) mt = types_[mt].base;
        if (types_.contains(mt) && types_[mt].kind == TypeKind::Matrix) {
          const Type mtt = types_[mt];
          uint32_t stride = mem.matrixStride;
          // MatrixLayout::None means HLSL's default packing, column_major, which (HLSL rows
          // being IR columns) is the RowMajor decoration, as DXC emits it; only an explicit
          // ColMajor (HLSL row_major) gives ColMajor.
          bool rowMajor = mem.matrixLayout != MatrixLayout::ColMajor;
          if (!stride) {
            uint32_t n = rowMajor ? mtt.columns : mtt.size;
            uint32_t b = scalarBytes(mtt.scalar);
            stride = (n == 2 ? 2 : 4) * b;
          }
          memberDecorate(result, i, rowMajor ? spv::Decoration::RowMajor : spv::Decoration::ColMajor);
          memberDecorate(result, i, spv::Decoration::MatrixStride, {stride});
        }
      }
      if (blockTypes_.count(h.index)) decorate(result, spv::Decoration::Block);
      break;
    }
    case TypeKind::Pointer: {
      if (!types_.contains(t.base)) break;
      // Memory reached through a physical address is laid out (Offset, ArrayStride).
      if (t.space == AddressSpace::PhysicalStorage) markLayout(t.base);
      if (t.space == AddressSpace::PhysicalStorage && typesInProgress_.count(t.base.index)) {
        // A member of the struct it points to (vk::BufferPointer in a linked list's node).
        result = id();
        put(globals_, spv::Op::OpTypeForwardPointer, {result, uint32_t(storageClassOf(t))});
        forwardPointers_.push_back({t.base.index, result});
        break;
      }
      return pointerTypeId(t.base, storageClassOf(t));
    }
    case TypeKind::Image: {
      uint32_t sampled = scalarTypeId(t.image.sampled);
      spv::Dim dim = spv::Dim::Dim2D;
      bool storage = t.image.cls == ImageClass::Storage;
      switch (t.image.dim) {
        case ImageDim::D1:
          dim = spv::Dim::Dim1D;
          cap(storage ? spv::Capability::Image1D : spv::Capability::Sampled1D);
          break;
        case ImageDim::D2: dim = spv::Dim::Dim2D; break;
        case ImageDim::D3: dim = spv::Dim::Dim3D; break;
        case ImageDim::Cube:
          dim = spv::Dim::Cube;
          if (t.image.arrayed) cap(storage ? spv::Capability::ImageCubeArray : spv::Capability::SampledCubeArray);
          break;
        case ImageDim::Buffer:
          dim = spv::Dim::Buffer;
          cap(storage ? spv::Capability::ImageBuffer : spv::Capability::SampledBuffer);
          break;
        case ImageDim::SubpassData:
          dim = spv::Dim::SubpassData;
          cap(spv::Capability::InputAttachment);
          break;
      }
      if (t.image.multisampled && t.image.arrayed && storage) cap(spv::Capability::ImageMSArray);
      // -fspv-use-unknown-image-format: a format inferred from the element type is Unknown
      // (a [[vk::image_format]] stays).
      const uint32_t format = opt_.unknownImageFormat && t.image.formatInferred ? 0u : uint32_t(t.image.format);
      switch (spv::ImageFormat(format)) {
        case spv::ImageFormat::Rg32f:
        case spv::ImageFormat::Rg16f:
        case spv::ImageFormat::R11fG11fB10f:
        case spv::ImageFormat::R16f:
        case spv::ImageFormat::Rgba16:
        case spv::ImageFormat::Rgb10A2:
        case spv::ImageFormat::Rg16:
        case spv::ImageFormat::Rg8:
        case spv::ImageFormat::R16:
        case spv::ImageFormat::R8:
        case spv::ImageFormat::Rgba16Snorm:
        case spv::ImageFormat::Rg16Snorm:
        case spv::ImageFormat::Rg8Snorm:
        case spv::ImageFormat::R16Snorm:
        case spv::ImageFormat::R8Snorm:
        case spv::ImageFormat::Rg32i:
        case spv::ImageFormat::Rg16i:
        case spv::ImageFormat::Rg8i:
        case spv::ImageFormat::R16i:
        case spv::ImageFormat::R8i:
        case spv::ImageFormat::Rgb10a2ui:
        case spv::ImageFormat::Rg32ui:
        case spv::ImageFormat::Rg16ui:
        case spv::ImageFormat::Rg8ui:
        case spv::ImageFormat::R16ui:
        case spv::ImageFormat::R8ui:
          if (storage) cap(spv::Capability::StorageImageExtendedFormats);
          break;
        default: break;
      }
      result = id();
      // DXC declares a subpass input's image with Depth 2 (not known to be a depth image).
      uint32_t depth = t.image.dim == ImageDim::SubpassData ? 2 : t.image.cls == ImageClass::Depth ? 1 : 0;
      uint32_t samp = t.image.cls == ImageClass::Storage || t.image.dim == ImageDim::SubpassData ? 2 : 1;
      if (t.image.cls == ImageClass::Storage && format == 0)
        cap(spv::Capability::StorageImageWriteWithoutFormat), cap(spv::Capability::StorageImageReadWithoutFormat);
      put(globals_, spv::Op::OpTypeImage,
          {result, sampled, uint32_t(dim), depth, t.image.arrayed ? 1u : 0u, t.image.multisampled ? 1u : 0u, samp,
           format});
      break;
    }
    case TypeKind::AccelerationStructure:
      // RayTracingKHR in a ray tracing pipeline stage, else RayQueryKHR (DXC): the capability
      // of whatever uses it (TraceRay / OpRayQueryInitializeKHR) declares it too.
      rayTracingRequirement(false);
      result = id();
      put(globals_, spv::Op::OpTypeAccelerationStructureKHR, {result});
      // The names DXC's disassembly shows (newer SPIRV-Tools' friendly names; 2023.1 has none).
      name(result, "accelerationStructureNV");
      break;
    case TypeKind::RayQuery:
      rayTracingRequirement(true);
      result = id();
      put(globals_, spv::Op::OpTypeRayQueryKHR, {result});
      name(result, "rayQueryKHR");
      break;
    case TypeKind::Sampler: {
      // SamplerState and SamplerComparisonState are one OpTypeSampler (SPIR-V forbids
      // duplicate non-aggregate types; DXC declares one `type.sampler`).
      std::vector<uint32_t> key{uint32_t(spv::Op::OpTypeSampler)};
      if (auto it = constCache_.find(key); it != constCache_.end()) {
        result = it->second;
        break;
      }
      result = id();
      put(globals_, spv::Op::OpTypeSampler, {result});
      constCache_[key] = result;
      break;
    }
    case TypeKind::SpirvType: result = inlineTypeId(t); break;
  }
  if (typeIds_.size() <= h.index) typeIds_.resize(h.index + 1, 0);
  typeIds_[h.index] = result;
  return result;
}

uint32_t Emitter::pointerTypeId(Handle<Type> base, spv::StorageClass sc) {
  // IR pointer types are interned by (base, space); backend-only classes go through a key.
  // Keyed by the SPIR-V pointee id: two IR types may share one SPIR-V type (samplers).
  uint32_t b = typeId(base);
  std::vector<uint32_t> key{uint32_t(spv::Op::OpTypePointer), uint32_t(sc), b};
  auto it = constCache_.find(key);
  if (it != constCache_.end()) return it->second;
  storage16(base, sc);
  uint32_t r = id();
  put(globals_, spv::Op::OpTypePointer, {r, uint32_t(sc), b});
  constCache_[key] = r;
  return r;
}

// 16-bit scalars in buffer / push-constant / stage-I/O memory need the 16-bit storage
// capability of that storage class (SPV_KHR_16bit_storage, core in SPIR-V 1.3).
bool Emitter::has16BitScalar(Handle<Type> t) {
  if (!types_.contains(t)) return false;
  const Type& tt = types_[t];
  switch (tt.kind) {
    case TypeKind::Scalar:
    case TypeKind::Vector:
    case TypeKind::Matrix: return tt.scalar.width == 16;
    case TypeKind::Array: return has16BitScalar(tt.base);
    case TypeKind::Struct:
      for (const StructMember& m : tt.members)
        if (has16BitScalar(m.type)) return true;
      return false;
    default: return false;
  }
}

void Emitter::storage16(Handle<Type> base, spv::StorageClass sc) {
  spv::Capability c;
  switch (sc) {
    case spv::StorageClass::StorageBuffer: c = spv::Capability::StorageBuffer16BitAccess; break;
    case spv::StorageClass::Uniform: c = spv::Capability::UniformAndStorageBuffer16BitAccess; break;
    case spv::StorageClass::PushConstant: c = spv::Capability::StoragePushConstant16; break;
    case spv::StorageClass::Input:
    case spv::StorageClass::Output: c = spv::Capability::StorageInputOutput16; break;
    default: return;
  }
  if (!has16BitScalar(base)) return;
  cap(c);
  if (spirvVersionFor(opt_.env) < 0x00010300) exts_.insert("SPV_KHR_16bit_storage");
}

uint32_t Emitter::sampledImageTypeId(Handle<Type> image) {
  std::vector<uint32_t> key{uint32_t(spv::Op::OpTypeSampledImage), image.index};
  auto it = constCache_.find(key);
  if (it != constCache_.end()) return it->second;
  uint32_t b = typeId(image);
  uint32_t r = id();
  put(globals_, spv::Op::OpTypeSampledImage, {r, b});
  constCache_[key] = r;
  return r;
}

uint32_t Emitter::functionTypeId(uint32_t result, const std::vector<uint32_t>& params) {
  std::vector<uint32_t> key{result};
  key.insert(key.end(), params.begin(), params.end());
  auto it = fnTypeCache_.find(key);
  if (it != fnTypeCache_.end()) return it->second;
  uint32_t r = id();
  std::vector<uint32_t> ops{r};
  ops.insert(ops.end(), key.begin(), key.end());
  put(globals_, spv::Op::OpTypeFunction, ops);
  fnTypeCache_[key] = r;
  return r;
}

uint32_t Emitter::constantU32(uint32_t v) { return literalId(Literal::u32(v)); }
uint32_t Emitter::constantI32(int32_t v) { return literalId(Literal::i32(v)); }

uint32_t Emitter::literalId(const Literal& l) {
  uint32_t t = scalarTypeId(l.scalar);
  std::vector<uint32_t> key{uint32_t(spv::Op::OpConstant), t};
  std::vector<uint32_t> value;
  switch (l.scalar.kind) {
    case ScalarKind::Bool: key[0] = uint32_t(l.b ? spv::Op::OpConstantTrue : spv::Op::OpConstantFalse); break;
    case ScalarKind::Sint:
    case ScalarKind::Uint:
      if (l.scalar.width == 64)
        value = {uint32_t(l.u), uint32_t(l.u >> 32)};
      else if (l.scalar.width == 16)
        value = {l.scalar.kind == ScalarKind::Sint ? uint32_t(int32_t(int16_t(l.i)))
                                                   : uint32_t(l.u & 0xffff)};  // signed: sign-extended
      else
        value = {uint32_t(l.u)};
      break;
    case ScalarKind::Float:
      if (l.scalar.width == 64) {
        uint64_t bits;
        std::memcpy(&bits, &l.f, 8);
        value = {uint32_t(bits), uint32_t(bits >> 32)};
      } else if (l.scalar.width == 32) {
        float f = float(l.f);
        uint32_t bits;
        std::memcpy(&bits, &f, 4);
        value = {bits};
      } else {
        // f16: round-to-nearest-even from float.
        float f = float(l.f);
        uint32_t x;
        std::memcpy(&x, &f, 4);
        uint32_t sign = (x >> 16) & 0x8000, exp = (x >> 23) & 0xff, man = x & 0x7fffff;
        uint32_t h;
        if (exp == 0xff)
          h = sign | 0x7c00 | (man ? 0x200 : 0);
        else {
          int e = int(exp) - 127 + 15;
          if (e >= 31)
            h = sign | 0x7c00;
          else if (e <= 0) {
            if (e < -10)
              h = sign;
            else {
              man |= 0x800000;
              uint32_t shift = uint32_t(14 - e);
              uint32_t hm = man >> shift, rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
              if (rem > half || (rem == half && (hm & 1))) ++hm;
              h = sign | hm;
            }
          } else {
            uint32_t hm = man >> 13, rem = man & 0x1fff;
            h = sign | (uint32_t(e) << 10) | hm;
            if (rem > 0x1000 || (rem == 0x1000 && (hm & 1))) ++h;
          }
        }
        value = {h};
      }
      break;
  }
  key.insert(key.end(), value.begin(), value.end());
  auto it = constCache_.find(key);
  if (it != constCache_.end()) return it->second;
  uint32_t r = id();
  std::vector<uint32_t> ops{t, r};
  ops.insert(ops.end(), value.begin(), value.end());
  put(globals_, spv::Op(key[0]), ops);
  constCache_[key] = r;
  return r;
}

spv::Op binaryOpcode(BinaryOp op, Scalar s) {
  bool f = s.kind == ScalarKind::Float, sgn = s.kind == ScalarKind::Sint, bl = s.kind == ScalarKind::Bool;
  spv::Op o = spv::Op::OpNop;
  switch (op) {
    case BinaryOp::Add: o = f ? spv::Op::OpFAdd : spv::Op::OpIAdd; break;
    case BinaryOp::Subtract: o = f ? spv::Op::OpFSub : spv::Op::OpISub; break;
    case BinaryOp::Multiply: o = f ? spv::Op::OpFMul : spv::Op::OpIMul; break;
    case BinaryOp::Divide: o = f ? spv::Op::OpFDiv : sgn ? spv::Op::OpSDiv : spv::Op::OpUDiv; break;
    case BinaryOp::Modulo: o = f ? spv::Op::OpFRem : sgn ? spv::Op::OpSRem : spv::Op::OpUMod; break;
    case BinaryOp::Equal: o = f ? spv::Op::OpFOrdEqual : bl ? spv::Op::OpLogicalEqual : spv::Op::OpIEqual; break;
    case BinaryOp::NotEqual:
      o = f ? spv::Op::OpFUnordNotEqual : bl ? spv::Op::OpLogicalNotEqual : spv::Op::OpINotEqual;
      break;
    case BinaryOp::Less: o = f ? spv::Op::OpFOrdLessThan : sgn ? spv::Op::OpSLessThan : spv::Op::OpULessThan; break;
    case BinaryOp::LessEqual:
      o = f ? spv::Op::OpFOrdLessThanEqual : sgn ? spv::Op::OpSLessThanEqual : spv::Op::OpULessThanEqual;
      break;
    case BinaryOp::Greater:
      o = f ? spv::Op::OpFOrdGreaterThan : sgn ? spv::Op::OpSGreaterThan : spv::Op::OpUGreaterThan;
      break;
    case BinaryOp::GreaterEqual:
      o = f ? spv::Op::OpFOrdGreaterThanEqual : sgn ? spv::Op::OpSGreaterThanEqual : spv::Op::OpUGreaterThanEqual;
      break;
    case BinaryOp::And: o = bl ? spv::Op::OpLogicalAnd : spv::Op::OpBitwiseAnd; break;
    case BinaryOp::InclusiveOr: o = bl ? spv::Op::OpLogicalOr : spv::Op::OpBitwiseOr; break;
    case BinaryOp::ExclusiveOr: o = bl ? spv::Op::OpLogicalNotEqual : spv::Op::OpBitwiseXor; break;
    case BinaryOp::LogicalAnd: o = spv::Op::OpLogicalAnd; break;
    case BinaryOp::LogicalOr: o = spv::Op::OpLogicalOr; break;
    case BinaryOp::ShiftLeft: o = spv::Op::OpShiftLeftLogical; break;
    case BinaryOp::ShiftRight: o = sgn ? spv::Op::OpShiftRightArithmetic : spv::Op::OpShiftRightLogical; break;
  }
  return o;
}

// A SpecOp constant (ir.hpp): OpSpecConstantOp with the opcode the operation has in a function,
// on operands of the first operand's type. Sign changes are IAdd with a zero of the result
// type and conversions to bool INotEqual with zero (glslang's forms: the Shader capability
// allows no OpBitcast in OpSpecConstantOp); bool to integer is Select 1 0.
uint32_t Emitter::specOpId(const Constant& c) {
  std::vector<uint32_t> ops;
  for (uint32_t k = 0; k < c.components.count; ++k)
    ops.push_back(constantId(m_.constantComponents[c.components.first + k]));
  auto operandScalar = [&](uint32_t k) {
    return m_.types[m_.constants[m_.constantComponents[c.components.first + k]].type].scalar;
  };
  Scalar rs = m_.types[c.type].scalar, as = operandScalar(0);
  spv::Op o = spv::Op::OpNop;
  switch (c.specOp) {
    case SpecOpKind::Unary:
      switch (UnaryOp(c.op)) {
        case UnaryOp::Negate: o = spv::Op::OpSNegate; break;
        case UnaryOp::LogicalNot: o = spv::Op::OpLogicalNot; break;
        case UnaryOp::BitwiseNot: o = as.kind == ScalarKind::Bool ? spv::Op::OpLogicalNot : spv::Op::OpNot; break;
      }
      break;
    case SpecOpKind::Binary: o = binaryOpcode(BinaryOp(c.op), as); break;
    case SpecOpKind::Select: o = spv::Op::OpSelect; break;
    case SpecOpKind::Convert:
      if (rs.kind == ScalarKind::Bool) {
        o = spv::Op::OpINotEqual;
        ops.push_back(literalId(Literal::of(as, 0)));
      } else if (as.kind == ScalarKind::Bool) {
        o = spv::Op::OpSelect;
        ops.push_back(literalId(Literal::of(rs, 1)));
        ops.push_back(literalId(Literal::of(rs, 0)));
      } else {
        o = spv::Op::OpIAdd;
        ops.push_back(literalId(Literal::of(rs, 0)));
      }
      break;
  }
  uint32_t t = typeId(c.type);
  uint32_t r = id();
  std::vector<uint32_t> words{t, r, uint32_t(o)};
  words.insert(words.end(), ops.begin(), ops.end());
  put(globals_, spv::Op::OpSpecConstantOp, words);
  if (!c.name.empty()) name(r, c.name);
  return r;
}

// [[vk::constant_id(N)]]: OpSpecConstantTrue/False or OpSpecConstant with the default, its own
// id (never shared with an equal constant), SpecId N and the variable's name (DXC's shape).
uint32_t Emitter::specConstantId(const Constant& c) {
  uint32_t t = scalarTypeId(c.value.scalar);
  uint32_t r = id();
  const Literal& l = c.value;
  if (l.scalar.kind == ScalarKind::Bool) {
    put(globals_, l.b ? spv::Op::OpSpecConstantTrue : spv::Op::OpSpecConstantFalse, {t, r});
  } else {
    uint32_t bits = uint32_t(l.u);
    if (l.scalar.kind == ScalarKind::Float) {
      float f = float(l.f);
      std::memcpy(&bits, &f, 4);
    }
    put(globals_, spv::Op::OpSpecConstant, {t, r, bits});
  }
  decorate(r, spv::Decoration::SpecId, {c.specId});
  name(r, c.name);
  return r;
}

uint32_t Emitter::scalarConstant(Scalar s, double f, int64_t i) {
  if (s.kind == ScalarKind::Float) return literalId(Literal::ofFloat(s, f));
  if (s.kind == ScalarKind::Bool) return literalId(Literal::boolean(i != 0));
  return literalId(Literal::of(s, uint64_t(i)));
}

uint32_t Emitter::nullId(Handle<Type> t) {
  uint32_t ty = typeId(t);
  std::vector<uint32_t> key{uint32_t(spv::Op::OpConstantNull), ty};
  auto it = constCache_.find(key);
  if (it != constCache_.end()) return it->second;
  uint32_t r = id();
  put(globals_, spv::Op::OpConstantNull, {ty, r});
  constCache_[key] = r;
  return r;
}

uint32_t Emitter::undefId(Handle<Type> t) {
  uint32_t ty = typeId(t);
  std::vector<uint32_t> key{uint32_t(spv::Op::OpUndef), ty};
  auto it = constCache_.find(key);
  if (it != constCache_.end()) return it->second;
  uint32_t r = id();
  put(globals_, spv::Op::OpUndef, {ty, r});
  constCache_[key] = r;
  return r;
}

uint32_t Emitter::constantId(Handle<Constant> h) {
  if (!m_.constants.contains(h)) {
    error(DiagId::InternalError, curRange_, {"spir-v: invalid constant handle"});
    return 0;
  }
  if (constantIds_[h.index]) return constantIds_[h.index];
  const Constant& c = m_.constants[h];
  uint32_t r = 0;
  switch (c.kind) {
    case Constant::Kind::Literal: r = c.spec ? specConstantId(c) : literalId(c.value); break;
    case Constant::Kind::Zero: r = nullId(c.type); break;
    case Constant::Kind::SpecOp: r = specOpId(c); break;
    case Constant::Kind::Composite: {
      std::vector<uint32_t> parts;
      for (uint32_t k = 0; k < c.components.count; ++k)
        parts.push_back(constantId(m_.constantComponents[c.components.first + k]));
      uint32_t ty = typeId(c.type);
      // Over a specialization constant: OpSpecConstantComposite (DXC's shape for a splat).
      spv::Op op = specDependent_[h.index] ? spv::Op::OpSpecConstantComposite : spv::Op::OpConstantComposite;
      std::vector<uint32_t> key{uint32_t(op), ty};
      key.insert(key.end(), parts.begin(), parts.end());
      auto it = constCache_.find(key);
      if (it != constCache_.end()) {
        r = it->second;
        break;
      }
      r = id();
      std::vector<uint32_t> ops{ty, r};
      ops.insert(ops.end(), parts.begin(), parts.end());
      put(globals_, op, ops);
      constCache_[key] = r;
      break;
    }
  }
  constantIds_[h.index] = r;
  return r;
}

uint32_t Emitter::glslExt() {
  if (!glslExt_) glslExt_ = extImport("GLSL.std.450");
  return glslExt_;
}

// ---------------------------------------------------------------- globals & interface

void Emitter::addInterface(uint32_t varId, spv::StorageClass sc) {
  if (!interfaceSet_.insert(varId).second) return;
  interface_.push_back(varId);
  if (sc == spv::StorageClass::Input || sc == spv::StorageClass::Output) ioInterface_.push_back(varId);
}

uint32_t Emitter::globalId(Handle<GlobalVariable> h) {
  if (!m_.globals.contains(h)) {
    error(DiagId::InternalError, curRange_, {"spir-v: invalid global handle"});
    return 0;
  }
  if (globalIds_[h.index]) return globalIds_[h.index];
  const GlobalVariable& g = m_.globals[h];
  if (g.spirvBuiltin) return globalIds_[h.index] = spirvBuiltinVariable(g);
  if (g.space == AddressSpace::Input && ep_.stage == Stage::Pixel)
    for (const SpirvDecoration& d : g.spirvDecorations)
      if (d.decoration == uint32_t(spv::Decoration::Location) && d.words.size() == 1)
        return globalIds_[h.index] = stageInputVariable(g, d.words[0]);
  spv::StorageClass sc = g.space == AddressSpace::SpirvClass ? spv::StorageClass(g.spirvClass) : storageClass(g.space);
  if (sc == spv::StorageClass::ShaderRecordBufferKHR && !isRayTracingStage(ep_.stage))
    error(DiagId::SpirvUnsupported, g.range,
          {"the shader record buffer '" + g.name + "' outside a ray tracing stage (ShaderRecordBufferKHR)"});
  // Vulkan: at most one HitAttributeKHR variable per entry point (one per struct type here:
  // ReportHit with attributes of two types).
  if (sc == spv::StorageClass::HitAttributeKHR) {
    if (!hitAttribute_.empty())
      error(DiagId::SpirvUnsupported, ep_.range,
            {"hit attributes of two types ('" + hitAttribute_ + "', '" + g.name +
             "') in one entry point (Vulkan allows one HitAttributeKHR variable)"});
    hitAttribute_ = g.name;
  }
  uint32_t pt = 0;
  if (g.combinedImageSampler) {
    // [[vk::combinedImageSampler]] (ir.hpp): the image's variable is the combined image
    // sampler, an OpTypeSampledImage; the sampler has none (FunctionEmitter never asks).
    if (types_[g.type].kind != TypeKind::Image) {
      error(DiagId::InternalError, g.range, {"spir-v: a variable for the sampler of a combined image sampler"});
      return 0;
    }
    uint32_t si = sampledImageTypeId(g.type);
    std::vector<uint32_t> key{uint32_t(spv::Op::OpTypePointer), uint32_t(sc), si};
    if (auto it = constCache_.find(key); it != constCache_.end()) {
      pt = it->second;
    } else {
      pt = id();
      put(globals_, spv::Op::OpTypePointer, {pt, uint32_t(sc), si});
      constCache_[key] = pt;
    }
  } else {
    pt = pointerTypeId(g.type, sc);
  }
  SourceRange outer = curRange_;
  curRange_ = g.range;  // an initializer too long for one instruction is the declaration's
  uint32_t init = g.init.valid() ? constantId(g.init) : 0;
  curRange_ = outer;
  uint32_t r = id();
  if (init)
    put(globals_, spv::Op::OpVariable, {pt, r, uint32_t(sc), init});
  else
    put(globals_, spv::Op::OpVariable, {pt, r, uint32_t(sc)});
  name(r, g.name);
  if (g.space == AddressSpace::Private || g.space == AddressSpace::WorkGroup)
    pointerDecorations(r, g.type, g.spirvDecorations, false);
  // DXC decorates a subpass input's attachment index before its set and binding.
  if (g.inputAttachmentIndex) decorate(r, spv::Decoration::InputAttachmentIndex, {*g.inputAttachmentIndex});
  if (g.binding &&
      (g.space == AddressSpace::Uniform || g.space == AddressSpace::Storage || g.space == AddressSpace::Handle)) {
    decorate(r, spv::Decoration::DescriptorSet, {g.binding->group});
    decorate(r, spv::Decoration::Binding, {g.binding->binding});
    // A runtime-sized array of resources (`Texture2D ts[]`, a descriptor heap): SPIR-V 1.5
    // core, SPV_EXT_descriptor_indexing before.
    if (types_[g.type].kind == TypeKind::Array && types_[g.type].arraySize == 0) {
      cap(spv::Capability::RuntimeDescriptorArray);
      if (spirvVersionFor(opt_.env) < 0x00010500) exts_.insert("SPV_EXT_descriptor_indexing");
    }
  }
  if (g.space == AddressSpace::Storage && g.access == StorageAccess::Load) decorate(r, spv::Decoration::NonWritable);
  globalIds_[h.index] = r;
  reflectString(r, spv::Decoration::UserTypeGOOGLE, g.userType);
  if (opt_.reflect && g.counter.valid()) {
    exts_.insert("SPV_GOOGLE_hlsl_functionality1");  // OpDecorateId before SPIR-V 1.2
    put(annotations_, spv::Op::OpDecorateId,
        {r, uint32_t(spv::Decoration::HlslCounterBufferGOOGLE), globalId(g.counter)});
  }
  require(g.spirvRequirements);
  spirvDecorate(r, g.spirvDecorations);
  addInterface(r, sc);
  return r;
}

bool Emitter::requireSubgroups(const std::string& what, SourceRange r) {
  if (spirvVersionFor(opt_.env) < 0x00010300) {
    error(DiagId::WaveNeedsVulkan11, r, {what});
    return false;
  }
  return true;
}

// The table ir/builtins.def: the same SPIR-V built-in reflection names.
static spv::BuiltIn spvBuiltin(BuiltIn b, bool input, Stage stage) {
  return spv::BuiltIn(ir::spirvBuiltin(b, stage, input));
}

// [[vk::builtin("HelperInvocation")]] before Vulkan 1.3 (DXC): not the built-in variable
// but OpIsHelperInvocationEXT of SPV_EXT_demote_to_helper_invocation, since a built-in
// input cannot be Volatile there.
bool Emitter::helperByInstruction(const Binding& b) const {
  return b.isBuiltin() && b.builtin == BuiltIn::HelperInvocation && spirvVersionFor(opt_.env) < 0x00010600;
}

void Emitter::requireIsHelperInvocation() {
  cap(spv::Capability::DemoteToHelperInvocation);
  exts_.insert("SPV_EXT_demote_to_helper_invocation");
}

// The type of a built-in's variable: its IR value type, but SampleMask is an array of one
// uint (SPIR-V), which loads and stores reach through element 0.
Handle<Type> Emitter::builtinVariableType(BuiltIn b) {
  Handle<Type> vt = builtinValueType(types_, b);
  if (b == BuiltIn::SampleMask) return types_.array(vt, 1);
  return vt;
}

// Capabilities and extensions of the built-ins DXC's SPIR-V.rst table adds (the older ones
// are in builtinInput).
void Emitter::builtinRequirements(BuiltIn b, bool input) {
  bool spirv15 = spirvVersionFor(opt_.env) >= 0x00010500;
  switch (b) {
    case BuiltIn::Layer:
    case BuiltIn::ViewportIndex:
      if (input || ep_.stage == Stage::Geometry) {
        cap(b == BuiltIn::Layer ? spv::Capability::Geometry : spv::Capability::MultiViewport);
      } else if (spirv15) {
        // Core in SPIR-V 1.5 (Vulkan 1.2): ShaderLayer / ShaderViewportIndex (DXC's *-core tests).
        cap(b == BuiltIn::Layer ? spv::Capability::ShaderLayer : spv::Capability::ShaderViewportIndex);
      } else {
        cap(spv::Capability::ShaderViewportIndexLayerEXT);
        exts_.insert("SPV_EXT_shader_viewport_index_layer");
      }
      break;
    case BuiltIn::StencilRef:
      cap(spv::Capability::StencilExportEXT);
      exts_.insert("SPV_EXT_shader_stencil_export");
      break;
    case BuiltIn::FullyCovered:
      cap(spv::Capability::FragmentFullyCoveredEXT);
      exts_.insert("SPV_EXT_fragment_fully_covered");
      break;
    case BuiltIn::ShadingRate:
      cap(spv::Capability::FragmentShadingRateKHR);
      exts_.insert("SPV_KHR_fragment_shading_rate");
      break;
    case BuiltIn::BaryCoord:
    case BuiltIn::BaryCoordNoPersp:
      cap(spv::Capability::FragmentBarycentricKHR);
      exts_.insert("SPV_KHR_fragment_shader_barycentric");
      break;
    default: break;
  }
}

uint32_t Emitter::builtinInput(BuiltIn b, SourceRange r) {
  auto it = builtinInputs_.find(b);
  if (it != builtinInputs_.end()) return it->second;
  // The same built-in declared with [[vk::ext_builtin_input]] is the same variable.
  auto shared = builtinVars_.find({uint32_t(spvBuiltin(b, true, ep_.stage)), true});
  if (shared != builtinVars_.end()) return builtinInputs_[b] = shared->second;
  if (b == BuiltIn::SubgroupSize || b == BuiltIn::SubgroupLocalInvocationId) {
    if (!requireSubgroups(b == BuiltIn::SubgroupSize ? "WaveGetLaneCount" : "WaveGetLaneIndex", r)) return 0;
    cap(spv::Capability::GroupNonUniform);
    subgroupFeatures_ |= vk::SubgroupBasic;
  }
  if (b == BuiltIn::SampleIndex) cap(spv::Capability::SampleRateShading);
  if (b == BuiltIn::PrimitiveId) cap(spv::Capability::Geometry);
  if (b == BuiltIn::ViewIndex) {
    // Core in SPIR-V 1.3; DXC names the extension at every version (meshshading.ext.ps).
    cap(spv::Capability::MultiView);
    exts_.insert("SPV_KHR_multiview");
  }
  // Core in SPIR-V 1.3 (Vulkan 1.1), extensions before (DXC: spirv.builtin.*).
  bool spirv13 = spirvVersionFor(opt_.env) >= 0x00010300;
  if (b == BuiltIn::BaseVertex || b == BuiltIn::BaseInstance || b == BuiltIn::DrawIndex) {
    cap(spv::Capability::DrawParameters);
    if (!spirv13) exts_.insert("SPV_KHR_shader_draw_parameters");
  }
  if (b == BuiltIn::DeviceIndex) {
    cap(spv::Capability::DeviceGroup);
    if (!spirv13) exts_.insert("SPV_KHR_device_group");
  }
  builtinRequirements(b, true);
  Handle<Type> vt = builtinVariableType(b);
  uint32_t pt = pointerTypeId(vt, spv::StorageClass::Input);
  uint32_t v = id();
  put(globals_, spv::Op::OpVariable, {pt, v, uint32_t(spv::StorageClass::Input)});
  decorate(v, spv::Decoration::BuiltIn, {uint32_t(spvBuiltin(b, true, ep_.stage))});
  if (ep_.stage == Stage::Pixel && b != BuiltIn::SampleMask && scalarOf(types_, vt) &&
      scalarOf(types_, vt)->isInteger())
    decorate(v, spv::Decoration::Flat);
  // HelperInvocation needs Volatile only where OpDemoteToHelperInvocation can change it
  // (DXC's SpreadVolatileSemantics pass); `discard` is OpKill here, so it is constant.
  name(v, std::string("gl_") + builtinName(b));
  addInterface(v, spv::StorageClass::Input);
  builtinInputs_[b] = v;
  builtinVars_[{uint32_t(spvBuiltin(b, true, ep_.stage)), true}] = v;
  return v;
}

uint32_t Emitter::interfaceVariable(Handle<Type> type, const Binding& b, bool input, const std::string& nm,
                                    const std::vector<SpirvDecoration>* user) {
  spv::StorageClass sc = input ? spv::StorageClass::Input : spv::StorageClass::Output;
  if (b.isBuiltin() && (b.builtin == BuiltIn::ClipDistance || b.builtin == BuiltIn::CullDistance)) {
    // One float array holding every SV_ClipDistanceN (SV_CullDistanceN) of the direction.
    bool clip = b.builtin == BuiltIn::ClipDistance;
    cap(clip ? spv::Capability::ClipDistance : spv::Capability::CullDistance);
    uint32_t v = id();
    put(globals_, spv::Op::OpVariable, {pointerTypeId(type, sc), v, uint32_t(sc)});
    decorate(v, spv::Decoration::BuiltIn, {uint32_t(clip ? spv::BuiltIn::ClipDistance : spv::BuiltIn::CullDistance)});
    name(v, clip ? "gl_ClipDistance" : "gl_CullDistance");
    if (user) spirvDecorate(v, *user);
    addInterface(v, sc);
    return v;
  }
  if (b.isBuiltin()) {
    if (input) {
      uint32_t v = builtinInput(b.builtin, curRange_);
      if (v && (b.builtin == BuiltIn::BaryCoord || b.builtin == BuiltIn::BaryCoordNoPersp) &&
          b.sampling != Binding::Sampling::Center && decoratedSampling_.insert(v).second) {
        if (b.sampling == Binding::Sampling::Sample) cap(spv::Capability::SampleRateShading);
        decorate(v, b.sampling == Binding::Sampling::Sample ? spv::Decoration::Sample : spv::Decoration::Centroid);
      }
      if (user) spirvDecorate(v, *user);
      reflectString(v, spv::Decoration::UserSemantic, b.semantic);
      return v;
    }
    builtinRequirements(b.builtin, false);
    Handle<Type> vt = builtinVariableType(b.builtin);
    uint32_t pt = pointerTypeId(vt, sc);
    uint32_t v = id();
    put(globals_, spv::Op::OpVariable, {pt, v, uint32_t(sc)});
    decorate(v, spv::Decoration::BuiltIn, {uint32_t(spvBuiltin(b.builtin, false, ep_.stage))});
    if (b.builtin == BuiltIn::FragDepth || b.builtin == BuiltIn::FragDepthGreater ||
        b.builtin == BuiltIn::FragDepthLess)
      writesFragDepth_ = true;
    if (b.builtin == BuiltIn::FragDepthGreater) depthMode_ = uint32_t(spv::ExecutionMode::DepthGreater);
    if (b.builtin == BuiltIn::FragDepthLess) depthMode_ = uint32_t(spv::ExecutionMode::DepthLess);
    name(v, nm);
    if (user) spirvDecorate(v, *user);
    reflectString(v, spv::Decoration::UserSemantic, b.semantic);
    addInterface(v, sc);
    return v;
  }
  // One variable per input location (an Input global may name it first: stageInputVariable).
  if (input)
    if (auto it = inputLocationVars_.find(b.location); it != inputLocationVars_.end()) return it->second;
  uint32_t pt = pointerTypeId(type, sc);
  uint32_t v = id();
  put(globals_, spv::Op::OpVariable, {pt, v, uint32_t(sc)});
  if (input) inputLocationVars_[b.location] = v;
  // A user Location or BuiltIn ([[vk::ext_decorate]]) replaces the automatic location.
  if (!placesVariable(user)) decorate(v, spv::Decoration::Location, {b.location});
  // [[vk::index(N)]]: the dual-source blending index of a pixel output.
  if (b.blendIndex >= 0) decorate(v, spv::Decoration::Index, {uint32_t(b.blendIndex)});
  if (user) spirvDecorate(v, *user);
  bool fragIn = input && ep_.stage == Stage::Pixel;
  // Interpolation decorations go on pixel inputs and (as DXC and glslang do) vertex outputs;
  // integer and 64-bit pixel inputs are always Flat.
  bool interp = fragIn || (!input && ep_.stage == Stage::Vertex);
  auto s = scalarOf(types_, type);
  if ((interp && b.interpolation == Binding::Interpolation::Flat) ||
      (fragIn && s && (s->isInteger() || s->width == 64)))
    decorate(v, spv::Decoration::Flat);
  else if (interp && b.interpolation == Binding::Interpolation::Linear)
    decorate(v, spv::Decoration::NoPerspective);
  if (interp && b.sampling == Binding::Sampling::Centroid) decorate(v, spv::Decoration::Centroid);
  if (interp && b.sampling == Binding::Sampling::Sample) {
    decorate(v, spv::Decoration::Sample);
    cap(spv::Capability::SampleRateShading);
  }
  name(v, nm);
  reflectString(v, spv::Decoration::UserSemantic, b.semantic);
  addInterface(v, sc);
  return v;
}

// ---------------------------------------------------------------- assembly

// The pixel execution modes of vk:: attributes, in DXC's order, with what each needs
// (SPIR-V grammar: PostDepthCoverage needs SampleMaskPostDepthCoverage and
// SPV_KHR_post_depth_coverage; the AMD stencil modes StencilExportEXT and two extensions).
std::vector<spv::ExecutionMode> Emitter::fragmentModes() {
  std::vector<spv::ExecutionMode> out;
  if (ep_.stage != Stage::Pixel) return out;
  uint32_t m = ep_.fragmentModes;
  if (m & FragPostDepthCoverage) {
    out.push_back(spv::ExecutionMode::PostDepthCoverage);
    cap(spv::Capability::SampleMaskPostDepthCoverage);
    exts_.insert("SPV_KHR_post_depth_coverage");
  }
  if (m & FragEarlyAndLateTests) {
    out.push_back(spv::ExecutionMode::EarlyAndLateFragmentTestsAMD);
    exts_.insert("SPV_AMD_shader_early_and_late_fragment_tests");
  }
  if (m & FragDepthUnchanged) out.push_back(spv::ExecutionMode::DepthUnchanged);
  static constexpr std::pair<uint32_t, spv::ExecutionMode> kStencil[] = {
      {FragStencilUnchangedFront, spv::ExecutionMode::StencilRefUnchangedFrontAMD},
      {FragStencilGreaterFront, spv::ExecutionMode::StencilRefGreaterFrontAMD},
      {FragStencilLessFront, spv::ExecutionMode::StencilRefLessFrontAMD},
      {FragStencilUnchangedBack, spv::ExecutionMode::StencilRefUnchangedBackAMD},
      {FragStencilGreaterBack, spv::ExecutionMode::StencilRefGreaterBackAMD},
      {FragStencilLessBack, spv::ExecutionMode::StencilRefLessBackAMD},
  };
  for (auto [bit, mode] : kStencil) {
    if (!(m & bit)) continue;
    out.push_back(mode);
    cap(spv::Capability::StencilExportEXT);
    exts_.insert("SPV_AMD_shader_early_and_late_fragment_tests");
    exts_.insert("SPV_EXT_shader_stencil_export");
  }
  return out;
}

// HLSL SM 6.6 derivatives outside pixel shaders. A compute shader's threads form quads by its
// [numthreads] (derivativeGroup, intrinsics.hpp; sema refused other shapes, OSH0140), declared
// by the DerivativeGroupLinearNV or DerivativeGroupQuadsNV execution mode with its capability
// (DXC's choice of mode). DXC names the extension SPV_KHR_compute_shader_derivatives where
// -fspv-extension allows it; the capabilities and execution modes have the same numbers under
// both names, but SPIRV-Tools v2023.1, which validates our output, knows the NV name only.
// Mesh and amplification shaders: that validator allows derivative instructions in Fragment
// and GLCompute entry points only, so the module could not pass it.
bool Emitter::requireDerivatives(const std::string& what, SourceRange r) {
  if (ep_.stage == Stage::Pixel) return true;
  if (ep_.stage == Stage::Compute) {
    if (derivativeMode_) return true;
    DerivativeGroup g = derivativeGroup(ep_.workgroupSize);
    if (g == DerivativeGroup::None) {  // a specialization constant's default size (sema checked fixed sizes)
      error(DiagId::SpirvUnsupported, r,
            {what + " in a compute shader whose [numthreads] forms no derivative quads (X a multiple of 4 and "
                    "Y = Z = 1, or X and Y multiples of 2)"});
      return false;
    }
    bool linear = g == DerivativeGroup::Linear;
    cap(linear ? spv::Capability::ComputeDerivativeGroupLinearNV : spv::Capability::ComputeDerivativeGroupQuadsNV);
    exts_.insert("SPV_NV_compute_shader_derivatives");
    derivativeMode_ =
        uint32_t(linear ? spv::ExecutionMode::DerivativeGroupLinearNV : spv::ExecutionMode::DerivativeGroupQuadsNV);
    return true;
  }
  const char* stage = ep_.stage == Stage::Mesh            ? "a mesh"
                      : ep_.stage == Stage::Amplification ? "an amplification"
                                                          : "this";
  error(DiagId::SpirvUnsupported, r,
        {what + " in " + stage +
         " shader (SPIRV-Tools v2023.1 validates derivative instructions in Fragment and "
         "GLCompute entry points only)"});
  return false;
}

// The workgroup size. A dimension set by a specialization constant ([numthreads(N, ...)] with
// a [[vk::constant_id]] N) takes glslang's forms for local_size_x_id: from SPIR-V 1.6
// (vulkan1.3) OpExecutionModeId LocalSizeId with the constants (fixed dimensions as
// OpConstant); before it LocalSize with the defaults plus a v3uint OpSpecConstantComposite
// decorated BuiltIn WorkgroupSize, which takes precedence over LocalSize (Vulkan spec). DXC
// refuses a specialization constant in [numthreads] ("'numthreads' attribute requires an
// integer constant").
void Emitter::workgroupSize(uint32_t entryId, Section& head) {
  bool spec = false;
  for (Handle<Constant> c : ep_.workgroupSizeSpec) spec |= c.valid();
  if (!spec) {
    put(head, spv::Op::OpExecutionMode,
        {entryId, uint32_t(spv::ExecutionMode::LocalSize), ep_.workgroupSize[0], ep_.workgroupSize[1],
         ep_.workgroupSize[2]});
    return;
  }
  uint32_t dims[3];
  for (int d = 0; d < 3; ++d)
    dims[d] =
        ep_.workgroupSizeSpec[d].valid() ? constantId(ep_.workgroupSizeSpec[d]) : constantU32(ep_.workgroupSize[d]);
  if (spirvVersionFor(opt_.env) >= 0x00010600) {
    put(head, spv::Op::OpExecutionModeId,
        {entryId, uint32_t(spv::ExecutionMode::LocalSizeId), dims[0], dims[1], dims[2]});
    return;
  }
  put(head, spv::Op::OpExecutionMode,
      {entryId, uint32_t(spv::ExecutionMode::LocalSize), ep_.workgroupSize[0], ep_.workgroupSize[1],
       ep_.workgroupSize[2]});
  uint32_t v3 = typeId(types_.vector(Scalar::u32(), 3));
  uint32_t r = id();
  put(globals_, spv::Op::OpSpecConstantComposite, {v3, r, dims[0], dims[1], dims[2]});
  decorate(r, spv::Decoration::BuiltIn, {uint32_t(spv::BuiltIn::WorkgroupSize)});
  name(r, "gl_WorkGroupSize");
}

uint32_t Emitter::stringId(const std::string& text) {
  auto it = strings_ids_.find(text);
  if (it != strings_ids_.end()) return it->second;
  uint32_t r = id();
  std::vector<uint32_t> ops{r};
  putString(ops, text);
  put(strings_, spv::Op::OpString, ops);
  return strings_ids_[text] = r;
}

// -Gis and -denorm: SPV_KHR_float_controls execution modes for 32-bit floats (core from
// SPIR-V 1.4), as DXC emits them. The capabilities are taken in requireFloatControls(),
// before the capability list is written.
void Emitter::requireFloatControls() {
  bool any = false;
  if (opt_.signedZeroInfNanPreserve) {
    cap(spv::Capability::SignedZeroInfNanPreserve);
    any = true;
  }
  if (opt_.denorm == Denorm::Preserve) cap(spv::Capability::DenormPreserve);
  if (opt_.denorm == Denorm::FlushToZero) cap(spv::Capability::DenormFlushToZero);
  any |= opt_.denorm != Denorm::Any;
  if (any && spirvVersionFor(opt_.env) < 0x00010400) exts_.insert("SPV_KHR_float_controls");
}

void Emitter::floatControls(uint32_t entryId, Section& head) {
  if (opt_.signedZeroInfNanPreserve)
    put(head, spv::Op::OpExecutionMode, {entryId, uint32_t(spv::ExecutionMode::SignedZeroInfNanPreserve), 32});
  if (opt_.denorm == Denorm::Preserve)
    put(head, spv::Op::OpExecutionMode, {entryId, uint32_t(spv::ExecutionMode::DenormPreserve), 32});
  if (opt_.denorm == Denorm::FlushToZero)
    put(head, spv::Op::OpExecutionMode, {entryId, uint32_t(spv::ExecutionMode::DenormFlushToZero), 32});
}

std::vector<uint32_t> Emitter::assemble() {
  // -fspv-debug=vulkan overrules the other debug categories (DXC). Its import (and
  // extension) is declared before the header is written, its instructions after the last
  // code constant is made (they add constants of their own, after those).
  if (opt_.debugInfo) extImport(debugInfoSet());
  std::vector<spv::ExecutionMode> fragModes = fragmentModes();
  requireFloatControls();
  if (physical_) {
    // Core from SPIR-V 1.5 (DXC's optimised output drops the extension there too).
    cap(spv::Capability::PhysicalStorageBufferAddresses);
    if (spirvVersionFor(opt_.env) < 0x00010500) exts_.insert("SPV_KHR_physical_storage_buffer");
  }
  // DXC's choice: SPV_EXT_mesh_shader from SPIR-V 1.4 on unless -fspv-extension leaves it
  // out, SPV_NV_mesh_shader otherwise (lowering made the same choice).
  bool nvMesh =
      spirvVersionFor(opt_.env) < 0x00010400 ||
      (!opt_.allowedExtensions.empty() && std::find(opt_.allowedExtensions.begin(), opt_.allowedExtensions.end(),
                                                    "SPV_EXT_mesh_shader") == opt_.allowedExtensions.end());
  if (ep_.stage == Stage::Mesh || ep_.stage == Stage::Amplification) {
    cap(nvMesh ? spv::Capability::MeshShadingNV : spv::Capability::MeshShadingEXT);
    exts_.insert(nvMesh ? "SPV_NV_mesh_shader" : "SPV_EXT_mesh_shader");
  }
  if (isRayTracingStage(ep_.stage)) rayTracingPipeline();
  if (inlineOperands_ || !executionModes_.empty()) impliedRequirements();
  Section head;  // capabilities .. execution modes
  for (spv::Capability c : caps_) put(head, spv::Op::OpCapability, {uint32_t(c)});
  for (const std::string& e : exts_) {
    std::vector<uint32_t> ops;
    putString(ops, e);
    put(head, spv::Op::OpExtension, ops);
  }
  for (const auto& [set, importId] : extImports_) {
    std::vector<uint32_t> ops{importId};
    putString(ops, set);
    put(head, spv::Op::OpExtInstImport, ops);
  }
  put(head, spv::Op::OpMemoryModel,
      {uint32_t(physical_ ? spv::AddressingModel::PhysicalStorageBuffer64 : spv::AddressingModel::Logical),
       uint32_t(spv::MemoryModel::GLSL450)});
  spv::ExecutionModel model = spv::ExecutionModel::GLCompute;
  switch (ep_.stage) {
    case Stage::Vertex: model = spv::ExecutionModel::Vertex; break;
    case Stage::Pixel: model = spv::ExecutionModel::Fragment; break;
    case Stage::Geometry: model = spv::ExecutionModel::Geometry; break;
    case Stage::Hull: model = spv::ExecutionModel::TessellationControl; break;
    case Stage::Domain: model = spv::ExecutionModel::TessellationEvaluation; break;
    case Stage::Mesh: model = nvMesh ? spv::ExecutionModel::MeshNV : spv::ExecutionModel::MeshEXT; break;
    case Stage::Amplification: model = nvMesh ? spv::ExecutionModel::TaskNV : spv::ExecutionModel::TaskEXT; break;
    // (SPV_NV_ray_tracing's execution models have the same numbers.)
    case Stage::RayGeneration: model = spv::ExecutionModel::RayGenerationKHR; break;
    case Stage::Intersection: model = spv::ExecutionModel::IntersectionKHR; break;
    case Stage::AnyHit: model = spv::ExecutionModel::AnyHitKHR; break;
    case Stage::ClosestHit: model = spv::ExecutionModel::ClosestHitKHR; break;
    case Stage::Miss: model = spv::ExecutionModel::MissKHR; break;
    case Stage::Callable: model = spv::ExecutionModel::CallableKHR; break;
    default: model = spv::ExecutionModel::GLCompute; break;
  }
  uint32_t entryId = functionIds_[ep_.function.index];
  std::vector<uint32_t> ops{uint32_t(model), entryId};
  putString(ops, opt_.entryPointName.empty() ? ep_.name : opt_.entryPointName);
  const std::vector<uint32_t>& iface = spirvVersionFor(opt_.env) >= 0x00010400 ? interface_ : ioInterface_;
  ops.insert(ops.end(), iface.begin(), iface.end());
  put(head, spv::Op::OpEntryPoint, ops);
  if (ep_.stage == Stage::Compute || ep_.stage == Stage::Mesh || ep_.stage == Stage::Amplification)
    workgroupSize(entryId, head);
  if (derivativeMode_) put(head, spv::Op::OpExecutionMode, {entryId, derivativeMode_});
  if (ep_.stage == Stage::Pixel) {
    put(head, spv::Op::OpExecutionMode, {entryId, uint32_t(spv::ExecutionMode::OriginUpperLeft)});
    if (ep_.earlyFragmentTests)
      put(head, spv::Op::OpExecutionMode, {entryId, uint32_t(spv::ExecutionMode::EarlyFragmentTests)});
    if (writesFragDepth_) put(head, spv::Op::OpExecutionMode, {entryId, uint32_t(spv::ExecutionMode::DepthReplacing)});
    if (depthMode_) put(head, spv::Op::OpExecutionMode, {entryId, depthMode_});
    for (spv::ExecutionMode m : fragModes) put(head, spv::Op::OpExecutionMode, {entryId, uint32_t(m)});
    if (interlockMode_) put(head, spv::Op::OpExecutionMode, {entryId, interlockMode_});
  }
  floatControls(entryId, head);
  for (const std::vector<uint32_t>& mode : executionModes_) {
    std::vector<uint32_t> mops{entryId};
    mops.insert(mops.end(), mode.begin() + 1, mode.end());
    put(head, spv::Op(mode[0]), mops);
  }
  Section debugInfoGlobals, sources, processed;  // -fspv-debug
  if (opt_.debugInfo) {
    debugInfo(debugInfoGlobals);
  } else {
    if (opt_.debugFile || opt_.debugTool) debugSections(sources, processed);
    insertLines();
  }
  headerCountBefore_ = head.count + sources.count + strings_.count + debug_.count + processed.count +
                       annotations_.count + globals_.count + debugInfoGlobals.count;

  std::vector<uint32_t> out{spv::MagicNumber, spirvVersionFor(opt_.env), 0, nextId_, 0};
  for (const Section* s :
       {&head, &sources, &strings_, &debug_, &processed, &annotations_, &globals_, &debugInfoGlobals, &functions_})
    out.insert(out.end(), s->words.begin(), s->words.end());
  return out;
}

// Inline SPIR-V spells enumerants (a BuiltIn, a decoration, an execution mode, a storage
// class) whose capabilities only the grammar knows: DXC's CapabilityVisitor adds those of
// the built-ins and execution modes it knows; OneShader reads the requirements of every
// operand enumerant from the SPIR-V grammar (grammar.hpp). Opcodes are not looked at.
void Emitter::impliedRequirements() {
  Section modes;
  for (const std::vector<uint32_t>& mode : executionModes_) {
    std::vector<uint32_t> mops{0};
    mops.insert(mops.end(), mode.begin() + 1, mode.end());
    put(modes, spv::Op(mode[0]), mops);
  }
  std::set<uint32_t> caps;
  for (spv::Capability c : caps_) caps.insert(uint32_t(c));
  uint32_t version = spirvVersionFor(opt_.env);
  for (const Section* s : {&modes, &annotations_, &globals_, &functions_})
    addOperandRequirements(s->words, version, caps, exts_);
  for (uint32_t c : caps) caps_.insert(spv::Capability(c));
}

SourceRange Emitter::rangeOfInstruction(uint32_t index) const {
  // SPIRV-Tools 2023.1 reports the failing instruction 1-based.
  if (index == 0 || index - 1 < headerCountBefore_) return ep_.range;
  uint32_t i = index - 1 - headerCountBefore_;
  SourceRange r = i < fnRanges_.size() ? fnRanges_[i] : SourceRange{};
  return r.valid() ? r : ep_.range;
}

// Every capability's name (SPIRV-Headers, generated at configure time): inline SPIR-V may
// ask for any of them.
static const char* capabilityName(spv::Capability c) {
  static constexpr std::pair<uint32_t, const char*> kNames[] = {
#include "spirv_capability_names.inc"
  };
  for (const auto& [v, n] : kNames)
    if (v == uint32_t(c)) return n;
  return "Unknown";
}

std::optional<SpirvResult> Emitter::run() {
  if (!emit()) return std::nullopt;
  std::string msg;
  uint32_t index = ~0u;
  bool valid = !validatePending_ || validateSpirv(res_.words, opt_.env, &msg, &index, opt_.scalarBlockLayout);
  return complete(valid, msg, index);
}

// Everything up to validation; false where run() returns nullopt (reported).
bool Emitter::emit() {
  cap(spv::Capability::Shader);
  collectLayoutTypes();
  emitFunctions();
  if (failed_) return false;
  SpirvResult& res = res_;
  res.words = assemble();
  // SPV_KHR_cooperative_matrix (vk::khr::CooperativeMatrix, or an inline
  // OpTypeCooperativeMatrixKHR): SPIRV-Tools older than the extension (v2023.1) can neither
  // validate nor optimize the module. Validating, that is a coded refusal (OSH3140) below,
  // never a validator message about an unknown capability; with -Vd the module is written
  // as emitted, without the optimizer (which cannot read it either).
  std::string toolsVersion;
  bool coop = caps_.count(spv::Capability(6022)) != 0;
  for (size_t i = 5; i < res.words.size() && !coop;) {
    uint32_t count = res.words[i] >> 16;
    if ((res.words[i] & 0xffffu) == 4456u /* OpTypeCooperativeMatrixKHR */) coop = true;
    if (count == 0) break;
    i += count;
  }
  unreadable_ = coop && !validatorKnowsCooperativeMatrix(&toolsVersion);
  const bool unreadable = unreadable_;
  // `[[vk::ext_capability(/* VulkanMemoryModel */ 5345)]]` (DXC's cooperative_matrix.h
  // declares it): DXC then upgrades the module to the Vulkan memory model as for
  // -fspv-use-vulkan-memory-model, and so does OneShader. A module SPIRV-Tools cannot read
  // only gets `OpMemoryModel Logical Vulkan` (its memory operands are the header's own).
  inlineVulkanModel_ = !opt_.vulkanMemoryModel && caps_.count(spv::Capability::VulkanMemoryModel) != 0;
  const bool inlineVulkanModel = inlineVulkanModel_;
  if (inlineVulkanModel && unreadable) {
    for (size_t i = 5; i < res.words.size();) {
      uint32_t count = res.words[i] >> 16;
      if ((res.words[i] & 0xffffu) == uint32_t(spv::Op::OpMemoryModel) && count == 3) {
        res.words[i + 2] = uint32_t(spv::MemoryModel::Vulkan);
        break;
      }
      if (count == 0) break;
      i += count;
    }
  }
  if (opt_.vulkanMemoryModel || (inlineVulkanModel && !unreadable)) {
    // -fspv-use-vulkan-memory-model, as DXC does it: SPIRV-Tools' upgrade-memory-model pass
    // over the finished module (OpMemoryModel Logical Vulkan; Coherent becomes
    // MakePointerAvailable/Visible|NonPrivatePointer at the device scope on each access,
    // Volatile moves onto the accesses, built-ins that change per invocation are read
    // Volatile). The pass declares SPV_KHR_vulkan_memory_model in every SPIR-V version
    // (1.5 has the model in core, where the declaration is allowed and changes nothing).
    std::string msg;
    if (!optimizeSpirv(res.words, opt_.env, &msg, {"--upgrade-memory-model"})) {
      diags_.report(DiagId::SpirvOptFailed, ep_.range, {msg});
      return false;
    }
    caps_.insert(spv::Capability::VulkanMemoryModel);
    exts_.insert("SPV_KHR_vulkan_memory_model");
  }
  for (spv::Capability c : caps_) res.capabilities.push_back(capabilityName(c));
  res.extensions.assign(exts_.begin(), exts_.end());
  res.subgroupFeatures = subgroupFeatures_;
  if (failed_) return false;  // a module with an instruction left out is not validated
  if (unreadable && opt_.validate) {
    diags_.report(DiagId::SpirvUnvalidatable, ep_.range,
                  {"'" + ep_.name + "', which uses the cooperative matrix type OpTypeCooperativeMatrixKHR,",
                   toolsVersion, "SPV_KHR_cooperative_matrix (capability CooperativeMatrixKHR, 6022)"});
    return false;
  }
  validatePending_ = opt_.validate;
  return true;
}

// After validation (`valid`, or spirv-val's first message and instruction index): what
// run() does with a validated module.
std::optional<SpirvResult> Emitter::complete(bool valid, const std::string& msg, uint32_t index) {
  if (validatePending_ && !valid) {
    reportInvalid(msg, index);
    return std::nullopt;
  }
  SpirvResult& res = res_;
  const bool unreadable = unreadable_, inlineVulkanModel = inlineVulkanModel_;
  for (const std::string& e : exts_)
    // -fspv-use-vulkan-memory-model names its extension itself (DXC does not ask for it in
    // -fspv-extension either).
    if (!extensionAllowed(opt_.allowedExtensions, e) &&
        !((opt_.vulkanMemoryModel || inlineVulkanModel) && e == "SPV_KHR_vulkan_memory_model")) {
      diags_.report(DiagId::SpirvExtensionNotAllowed, ep_.range, {e});
      failed_ = true;
    }
  if (nextId_ - 1 > 4194303u) {
    // SPIR-V's universal limit on the id bound (specification 2.17): spirv-val refuses more.
    diags_.report(DiagId::SpirvUniversalLimit, ep_.range,
                  {"the module's ids (" + std::to_string(nextId_ - 1) + ")", "4,194,303 ids in a module"});
    failed_ = true;
  } else if (opt_.maxId && nextId_ - 1 > opt_.maxId) {
    diags_.report(DiagId::SpirvIdBoundExceeded, ep_.range, {std::to_string(nextId_ - 1), std::to_string(opt_.maxId)});
    failed_ = true;
  }
  if (failed_) return std::nullopt;
  if ((opt_.optLevel > 0 || !opt_.optimizerPasses.empty()) && !unreadable) {
    std::string msg;
    if (!optimizeSpirv(res.words, opt_.env, &msg, opt_.optimizerPasses)) {
      diags_.report(DiagId::SpirvOptFailed, ep_.range, {msg});
      return std::nullopt;
    }
  }
  return std::move(res);
}

std::optional<SpirvResult> compileSpirv(const Module& m, const std::string& entryPoint, const SpirvOptions& options,
                                        DiagEngine& diags) {
  const EntryPoint* ep = m.findEntryPoint(entryPoint);
  if (!ep) {
    diags.report(DiagId::EntryPointNotFound, SourceRange{}, {entryPoint});
    return std::nullopt;
  }
  if (!m.functions.contains(ep->function)) {
    diags.report(DiagId::InternalError, ep->range, {"spir-v: entry point function out of range"});
    return std::nullopt;
  }
  Emitter e(m, *ep, options, diags);
  return e.run();
}

SpirvJob::SpirvJob(const Module& m, const std::string& entryPoint, const SpirvOptions& options, DiagEngine& diags)
    : m_(m), entryPoint_(entryPoint), options_(options), diags_(diags) {}
SpirvJob::~SpirvJob() = default;

bool SpirvJob::emit() {
  const EntryPoint* ep = m_.findEntryPoint(entryPoint_);
  if (!ep) {
    diags_.report(DiagId::EntryPointNotFound, SourceRange{}, {entryPoint_});
    return false;
  }
  if (!m_.functions.contains(ep->function)) {
    diags_.report(DiagId::InternalError, ep->range, {"spir-v: entry point function out of range"});
    return false;
  }
  e_ = std::make_unique<Emitter>(m_, *ep, options_, diags_);
  return e_->emit();
}

bool SpirvJob::needsValidation() const { return e_ && e_->needsValidation(); }

const std::vector<uint32_t>& SpirvJob::words() const { return e_->words(); }

std::optional<SpirvResult> SpirvJob::complete(bool valid, const std::string& message, uint32_t index) {
  if (!e_) return std::nullopt;
  return e_->complete(valid, message, index);
}

std::optional<std::vector<uint32_t>> emitSpirv(const Module& m, const std::string& entryPoint,
                                               const SpirvOptions& options, DiagEngine& diags) {
  auto r = compileSpirv(m, entryPoint, options, diags);
  if (!r) return std::nullopt;
  return std::move(r->words);
}

}  // namespace oneshader::spirv
