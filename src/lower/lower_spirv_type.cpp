// Lowering of DXC's inline SPIR-V types (shared/design/inline-spirv.md section 9):
// vk::SpirvType<op, size, align, operands...> and vk::SpirvOpaqueType<op, operands...> become
// one ir TypeKind::SpirvType record each (interned, so one per distinct type), whose operands
// are type ids, constant ids (vk::integral_constant) or literal words (vk::Literal). The
// record carries the [[vk::ext_capability]] / [[vk::ext_extension]] of the aliases that name
// the type; the SPIR-V backend declares them with the type. SpirvOpaqueType<OpTypePointer,
// Literal<SC>, T> is OneShader's own pointer type instead (section 9, "pointer special case").
#include "lower/lower_impl.hpp"

namespace oneshader::lower {

using ir::Handle;

namespace {

// The words of an integral constant (section 4's literal encoding): bool and integers of 32
// bits or fewer one word (sign-extended when negative), 64-bit integers two, low first.
std::vector<uint32_t> constantWords(const sema::Type* t, int64_t v) {
  if (t->isEnum()) t = t->underlyingType();
  bool wide = t && t->isScalar() && sema::scalarBits(t->scalarKind()) == 64;
  std::vector<uint32_t> w{uint32_t(uint64_t(v))};
  if (wide) w.push_back(uint32_t(uint64_t(v) >> 32));
  return w;
}

// SPIR-V storage class -> the IR address space OneShader uses for it (SpirvClass otherwise).
ir::AddressSpace spaceOfClass(uint32_t sc) {
  switch (sc) {
    case 0: return ir::AddressSpace::Handle;  // UniformConstant
    case 1: return ir::AddressSpace::Input;
    case 2: return ir::AddressSpace::Uniform;
    case 3: return ir::AddressSpace::Output;
    case 4: return ir::AddressSpace::WorkGroup;
    case 6: return ir::AddressSpace::Private;
    case 7: return ir::AddressSpace::Function;
    case 9: return ir::AddressSpace::PushConstant;
    case 12: return ir::AddressSpace::Storage;  // StorageBuffer
    case 5349: return ir::AddressSpace::PhysicalStorage;
    default: return ir::AddressSpace::SpirvClass;
  }
}

}  // namespace

// A type operand: the lowered type; a resource (Texture2D, SamplerState) is its image or
// sampler type.
Handle<ir::Type> Lowerer::spirvOperandType(const sema::Type* t, SourceRange r) {
  if (t->isResource()) {
    ir::GlobalVariable gv;
    if (!imageGlobal(t, gv, r)) unsupported(r, "'" + t->toString() + "' as an operand of an inline SPIR-V type");
    return gv.type;
  }
  return irType(t, r);
}

Handle<ir::Type> Lowerer::spirvType(const sema::Type* t, SourceRange r) {
  auto ops = t->spirvOperands();
  // SpirvOpaqueType<OpTypePointer, Literal<integral_constant<_, SC>>, T>: a first-class pointer,
  // the same type as OneShader's own pointer to T in SC (T laid out as SC requires).
  if (t->isSpirvOpaque() && t->spirvOpcode() == 32 && ops.size() == 2 && ops[0]->isSpirvLiteral() &&
      !ops[1]->isSpirvOperandOnly()) {
    uint32_t sc = uint32_t(ops[0]->literalOf()->constantValue());
    ir::AddressSpace space = spaceOfClass(sc);
    const sema::Type* pointee = ops[1];
    Handle<ir::Type> base;
    switch (space) {
      case ir::AddressSpace::Uniform:
      case ir::AddressSpace::PushConstant: base = memType(pointee, uniformLayout_, HlslMajor::Default, r); break;
      case ir::AddressSpace::Storage:
      case ir::AddressSpace::PhysicalStorage: base = memType(pointee, storageLayout_, HlslMajor::Default, r); break;
      default: base = spirvOperandType(pointee, r); break;
    }
    return m_->types.pointer(base, space, space == ir::AddressSpace::SpirvClass ? sc : 0);
  }
  ir::Type it;
  it.kind = ir::TypeKind::SpirvType;
  it.spirvOpcode = t->spirvOpcode();
  it.spirvOpaque = t->isSpirvOpaque();
  it.spirvSize = t->spirvSize();
  it.spirvAlign = t->spirvAlignment();
  for (const sema::Type* o : ops) {
    ir::SpirvTypeOperand op;
    if (o->isIntegralConstant()) {
      op.kind = ir::SpirvTypeOperand::Kind::Constant;
      op.type = m_->types.scalar(irScalar(o->constantType(), r));
      op.words = constantWords(o->constantType(), o->constantValue());
    } else if (o->isSpirvLiteral()) {
      op.kind = ir::SpirvTypeOperand::Kind::Literal;
      op.words = constantWords(o->literalOf()->constantType(), o->literalOf()->constantValue());
    } else {
      op.type = spirvOperandType(o, r);
    }
    it.spirvOperands.push_back(std::move(op));
  }
  auto al = program_.spirvTypeAliases.find(t);
  if (al != program_.spirvTypeAliases.end())
    for (const ast::TypedefDecl* td : al->second) addRequirements(it.spirvRequirements, td->attributes);
  return m_->types.intern(it);
}

// In laid-out memory: a SpirvType has its own size and alignment (layout.cpp); an opaque
// type has none (OSH0076).
Handle<ir::Type> Lowerer::spirvMemType(const sema::Type* t, SourceRange r) {
  if (t->isSpirvOpaque()) {
    if (reported_.insert({uint32_t(DiagId::SpirvOpaqueLayout), r.begin.raw, r.end.raw, t->toString()}).second)
      diags_.report(DiagId::SpirvOpaqueLayout, r,
                    {t->toString(), "placed in laid-out memory (a buffer, a cbuffer, a push constant or a pointee)"});
    throw LowerAbort{};
  }
  return spirvType(t, r);
}

}  // namespace oneshader::lower
