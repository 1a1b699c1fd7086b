// SPIR-V emitter: DXC's inline SPIR-V (shared/design/inline-spirv.md sections 3-7, 12):
// instructions spelled by opcode, extended-instruction-set imports, the capabilities and
// extensions of emitted carriers, execution modes, and OSH3001 mapped back to the HLSL.
#include "backend/spirv/emitter.hpp"

#include <algorithm>

namespace oneshader::spirv {

using namespace oneshader::ir;

uint32_t Emitter::extImport(const std::string& set) {
  auto it = extImports_.find(set);
  if (it != extImports_.end()) return it->second;
  uint32_t r = id();
  extImports_[set] = r;
  // NonSemantic.* sets need SPV_KHR_non_semantic_info below SPIR-V 1.6 (DXC adds it too).
  if (set.rfind("NonSemantic.", 0) == 0 && spirvVersionFor(opt_.env) < 0x00010600)
    exts_.insert("SPV_KHR_non_semantic_info");
  return r;
}

void Emitter::require(const SpirvRequirements& r) {
  for (uint32_t c : r.capabilities) caps_.insert(spv::Capability(c));
  for (const std::string& e : r.extensions) exts_.insert(e);
}

// Section 3: `Op<opcode> [%type %id] operands...`, or `OpExtInst %type %id %set opcode
// operands...` with a set (a void result is %void there). OpConstant / OpSpecConstant go
// to the types-and-constants section, execution modes to the entry point's header.
uint32_t Emitter::inlineInstruction(const SpirvInstruction& in, const std::vector<uint32_t>& operandWords,
                                    uint32_t resultType, Section& body) {
  require(in.requirements);
  inlineOperands_ = true;
  std::vector<uint32_t> ops;
  uint32_t result = 0;
  if (in.placement == SpirvInstruction::Placement::ExecutionMode) {
    std::vector<uint32_t> mode{in.opcode};  // assemble() puts the entry point id after the opcode
    mode.insert(mode.end(), operandWords.begin(), operandWords.end());
    executionModes_.push_back(std::move(mode));
    return 0;
  }
  if (in.hasResult) {
    result = id();
    ops.push_back(resultType ? resultType : voidTypeId());
    ops.push_back(result);
  }
  spv::Op op = spv::Op(in.opcode);
  if (!in.set.empty()) {
    ops.push_back(extImport(in.set));
    ops.push_back(in.opcode);
    op = spv::Op::OpExtInst;
  }
  ops.insert(ops.end(), operandWords.begin(), operandWords.end());
  bool global = in.placement == SpirvInstruction::Placement::Global ||
                (in.set.empty() && (op == spv::Op::OpConstant || op == spv::Op::OpSpecConstant));
  put(global ? globals_ : body, op, ops);
  return result;
}

// Section 9: an inline SPIR-V type, `Op<opcode> %id operands...`, declared once per distinct
// instruction: two IR records that spell the same SPIR-V (one type reached through two
// aliases) share it, and an OpTypeInt / OpTypeFloat / OpTypeBool that OneShader declares
// itself is that declaration (SPIR-V forbids duplicate non-aggregate types). Its aliases'
// capabilities and extensions are declared with it.
uint32_t Emitter::inlineTypeId(const Type& t) {
  require(t.spirvRequirements);
  inlineOperands_ = true;
  std::vector<uint32_t> ops;
  for (const SpirvTypeOperand& o : t.spirvOperands) {
    switch (o.kind) {
      case SpirvTypeOperand::Kind::Type: ops.push_back(typeId(o.type)); break;
      case SpirvTypeOperand::Kind::Literal: ops.insert(ops.end(), o.words.begin(), o.words.end()); break;
      case SpirvTypeOperand::Kind::Constant: {
        std::optional<Scalar> s = scalarOf(types_, o.type);
        if (!s) break;
        uint64_t v = o.words.empty() ? 0 : o.words[0];
        if (o.words.size() > 1) v |= uint64_t(o.words[1]) << 32;
        int64_t iv = s->kind == ScalarKind::Sint && s->width < 64 ? int64_t(int32_t(uint32_t(v))) : int64_t(v);
        ops.push_back(scalarConstant(*s, double(iv), iv));
        break;
      }
    }
  }
  auto literal = [&](size_t i) {
    return i < t.spirvOperands.size() && t.spirvOperands[i].kind == SpirvTypeOperand::Kind::Literal;
  };
  const auto op = spv::Op(t.spirvOpcode);
  // OneShader's own scalar types: the same declaration.
  if (op == spv::Op::OpTypeBool && ops.empty()) return scalarTypeId(Scalar::boolean());
  if (op == spv::Op::OpTypeInt && ops.size() == 2 && literal(0) && literal(1) && ops[1] <= 1 &&
      (ops[0] == 16 || ops[0] == 32 || ops[0] == 64))
    return scalarTypeId(Scalar{ops[1] ? ScalarKind::Sint : ScalarKind::Uint, uint8_t(ops[0])});
  if (op == spv::Op::OpTypeFloat && ops.size() == 1 && literal(0) && (ops[0] == 16 || ops[0] == 32 || ops[0] == 64))
    return scalarTypeId(Scalar{ScalarKind::Float, uint8_t(ops[0])});
  std::vector<uint32_t> key{uint32_t(op) | 0x80000000u};
  key.insert(key.end(), ops.begin(), ops.end());
  if (auto it = constCache_.find(key); it != constCache_.end()) return it->second;
  uint32_t r = id();
  ops.insert(ops.begin(), r);
  put(globals_, op, ops);
  constCache_[key] = r;
  return r;
}

// OSH3001 (fatal): the validator's message. When the failing instruction was spelled by
// inline SPIR-V, the location is the HLSL call and a note names the declaration; the
// module is the user's to fix then, so there is no bug-report note.
void Emitter::reportInvalid(const std::string& msg, uint32_t index) {
  SourceRange r = index == ~0u ? ep_.range : rangeOfInstruction(index);
  Diagnostic& d = diags_.report(DiagId::SpirvInvalid, r, {msg});
  if (index == ~0u || index == 0 || index - 1 < headerCountBefore_) return;
  auto it = inlineOrigins_.find(index - 1 - headerCountBefore_);
  if (it == inlineOrigins_.end() || !it->second) return;
  const SpirvInstruction& in = *it->second;
  std::string spelled = "[[vk::ext_instruction(" + std::to_string(in.opcode) +
                        (in.set.empty() ? std::string() : ", \"" + in.set + "\"") + ")]]";
  d.notes.push_back({in.declRange, "'" + in.declName + "' is declared here with " + spelled});
}

// ---------------------------------------------------------------- decorations

// Section 8.1: OpDecorate / OpDecorateId / OpDecorateString (1.4; before that the GOOGLE
// spelling, same opcode, with its extensions).
void Emitter::spirvDecorate(uint32_t target, const std::vector<SpirvDecoration>& ds) {
  if (!ds.empty()) inlineOperands_ = true;
  for (const SpirvDecoration& d : ds) {
    std::vector<uint32_t> ops{target, d.decoration};
    spv::Op op = spv::Op::OpDecorate;
    if (d.kind == SpirvDecoration::Kind::Id) {
      op = spv::Op::OpDecorateId;
      for (Handle<Constant> c : d.ids) ops.push_back(constantId(c));
    } else {
      if (d.kind == SpirvDecoration::Kind::String) {
        op = spv::Op::OpDecorateString;
        if (spirvVersionFor(opt_.env) < 0x00010400) {
          exts_.insert("SPV_GOOGLE_decorate_string");
          exts_.insert("SPV_GOOGLE_hlsl_functionality1");
        }
      }
      ops.insert(ops.end(), d.words.begin(), d.words.end());
    }
    put(annotations_, op, ops);
  }
}

void Emitter::spirvMemberDecorate(uint32_t structId, uint32_t member, const std::vector<SpirvDecoration>& ds) {
  if (!ds.empty()) inlineOperands_ = true;
  for (const SpirvDecoration& d : ds) {
    if (d.kind == SpirvDecoration::Kind::Id) {
      error(DiagId::SpirvUnsupported, curRange_,
            {"[[vk::ext_decorate_id]] on a struct field (SPIR-V has no OpMemberDecorateId)"});
      continue;
    }
    std::vector<uint32_t> ops{structId, member, d.decoration};
    ops.insert(ops.end(), d.words.begin(), d.words.end());
    bool str = d.kind == SpirvDecoration::Kind::String;
    if (str && spirvVersionFor(opt_.env) < 0x00010400) {
      exts_.insert("SPV_GOOGLE_decorate_string");
      exts_.insert("SPV_GOOGLE_hlsl_functionality1");
    }
    put(annotations_, str ? spv::Op::OpMemberDecorateString : spv::Op::OpMemberDecorate, ops);
  }
}

bool Emitter::placesVariable(const std::vector<SpirvDecoration>* ds) {
  if (!ds) return false;
  for (const SpirvDecoration& d : *ds)
    if (d.decoration == uint32_t(spv::Decoration::Location) || d.decoration == uint32_t(spv::Decoration::BuiltIn))
      return true;
  return false;
}

// Section 8.3: one Input / Output variable per built-in, shared with the entry point's own,
// decorated BuiltIn (and Flat for integer or bool pixel inputs), with no OpName (DXC).
uint32_t Emitter::spirvBuiltinVariable(const GlobalVariable& g) {
  bool input = g.space == AddressSpace::Input;
  auto key = std::make_pair(*g.spirvBuiltin, input);
  inlineOperands_ = true;
  if (auto it = builtinVars_.find(key); it != builtinVars_.end()) return it->second;
  spv::StorageClass sc = input ? spv::StorageClass::Input : spv::StorageClass::Output;
  uint32_t pt = pointerTypeId(g.type, sc);
  uint32_t v = id();
  put(globals_, spv::Op::OpVariable, {pt, v, uint32_t(sc)});
  decorate(v, spv::Decoration::BuiltIn, {*g.spirvBuiltin});
  auto s = scalarOf(types_, g.type);
  if (input && ep_.stage == Stage::Pixel && s && (s->isInteger() || s->kind == ScalarKind::Bool))
    decorate(v, spv::Decoration::Flat);
  require(g.spirvRequirements);
  spirvDecorate(v, g.spirvDecorations);
  addInterface(v, sc);
  builtinVars_[key] = v;
  return v;
}

// The Input global lowering makes for an interpolated pixel input (lower_interpolant.cpp)
// is the entry point's own variable for its Location: the argument (or interface struct
// member) bound there names, types and decorates it, whichever asks first.
uint32_t Emitter::stageInputVariable(const GlobalVariable& g, uint32_t location) {
  for (const FunctionArgument& a : m_.functions[ep_.function].arguments) {
    const Type& at = types_[a.type];
    if (a.binding.kind == Binding::Kind::None && at.kind == TypeKind::Struct) {
      for (const StructMember& mem : at.members)
        if (mem.binding.kind == Binding::Kind::Location && mem.binding.location == location && mem.type == g.type)
          return interfaceVariable(mem.type, mem.binding, true, a.name + "." + mem.name, &mem.spirvDecorations);
    } else if (a.binding.kind == Binding::Kind::Location && a.binding.location == location && a.type == g.type) {
      return interfaceVariable(a.type, a.binding, true, a.name, &a.spirvDecorations);
    }
  }
  error(DiagId::InternalError, g.range, {"spir-v: no pixel shader input at location " + std::to_string(location)});
  return 0;
}

// ---------------------------------------------------------------- physical storage

void Emitter::pointerDecorations(uint32_t target, Handle<Type> stored, const std::vector<SpirvDecoration>& ds,
                                 bool parameter) {
  Handle<Type> t = stored;
  while (types_.contains(t) && types_[t].kind == TypeKind::Array) t = types_[t].base;
  if (!types_.contains(t) || types_[t].kind != TypeKind::Pointer || types_[t].space != AddressSpace::PhysicalStorage)
    return;
  bool aliased = false, given = false;
  for (const SpirvDecoration& d : ds) {
    if (d.decoration == 5356 || d.decoration == 20) aliased = given = true;  // AliasedPointer, Aliased
    if (d.decoration == 5355 || d.decoration == 19) given = true;            // RestrictPointer, Restrict
  }
  if (parameter) {
    // (The callee cannot know what its caller's pointers alias.)
    if (!given) decorate(target, spv::Decoration::Aliased);
    return;
  }
  if (!given) decorate(target, aliased ? spv::Decoration::AliasedPointer : spv::Decoration::RestrictPointer);
}

spv::StorageClass Emitter::storageClassOf(const Type& pointer) {
  if (pointer.space == AddressSpace::SpirvClass) return spv::StorageClass(pointer.spirvClass);
  return storageClass(pointer.space);
}

// Every access through a PhysicalStorageBuffer pointer carries `Aligned` (VUID 04708):
// the alignment lowering chose, else the natural one of the accessed type.
uint32_t Emitter::physicalAlign(Handle<Type> pointerType, uint32_t requested) {
  if (!types_.contains(pointerType)) return 0;
  const Type& p = types_[pointerType];
  if (p.kind != TypeKind::Pointer || p.space != AddressSpace::PhysicalStorage) return 0;
  return requested ? requested : naturalAlign(p.base);
}

uint32_t Emitter::naturalAlign(Handle<Type> h) {
  if (!types_.contains(h)) return 4;
  const Type t = types_[h];
  auto bytes = [](Scalar s) { return s.kind == ScalarKind::Bool ? 4u : uint32_t(s.width / 8); };
  switch (t.kind) {
    case TypeKind::Scalar:
    case TypeKind::Atomic: return bytes(t.scalar);
    case TypeKind::Vector: return bytes(t.scalar) * (t.size == 3 ? 4 : t.size);
    case TypeKind::Matrix: return bytes(t.scalar) * (t.size == 3 ? 4 : t.size);
    case TypeKind::Array: return naturalAlign(t.base);
    case TypeKind::Struct: {
      uint32_t a = 1;
      for (const StructMember& m : t.members) a = std::max(a, naturalAlign(m.type));
      return a;
    }
    case TypeKind::Pointer: return 8;
    default: return 4;
  }
}

}  // namespace oneshader::spirv
