// Lowering of DXC's inline SPIR-V (shared/design/inline-spirv.md): calls to
// [[vk::ext_instruction]] declarations become one ir::SpirvInstruction each (section 3),
// with operands encoded per parameter (section 4: plain id, [[vk::ext_reference]] pointer,
// [[vk::ext_literal]] words), and the [[vk::ext_capability]] / [[vk::ext_extension]]
// requirements of every emitted carrier (section 6) go where the SPIR-V backend declares
// them when it emits that carrier.
#include <cstring>

#include "lower/lower_impl.hpp"
#include "sema/attributes.hpp"

namespace oneshader::lower {

using ir::Expression;
using ir::Handle;
using sema::AttrId;

namespace {

const ast::Attribute* attrOf(std::span<ast::Attribute*> attrs, AttrId id) {
  for (const ast::Attribute* a : attrs)
    if (a && !a->invalid && a->semaId == uint16_t(id)) return a;
  return nullptr;
}

const ast::Expr* stripNoOp(const ast::Expr* a) {
  while (a && (a->kind == ast::ExprKind::Paren ||
               (a->kind == ast::ExprKind::ImplicitCast &&
                static_cast<const ast::ImplicitCastExpr*>(a)->castKind == ast::CastKind::NoOp)))
    a = a->kind == ast::ExprKind::Paren ? static_cast<const ast::ParenExpr*>(a)->sub
                                        : static_cast<const ast::ImplicitCastExpr*>(a)->sub;
  return a;
}

uint16_t floatToHalf(float f) {
  uint32_t x;
  std::memcpy(&x, &f, 4);
  uint32_t sign = (x >> 16) & 0x8000, exp = (x >> 23) & 0xff, man = x & 0x7fffff;
  if (exp == 0xff) return uint16_t(sign | 0x7c00 | (man ? 0x200 : 0));
  int e = int(exp) - 127 + 15;
  if (e >= 31) return uint16_t(sign | 0x7c00);
  if (e <= 0) {
    if (e < -10) return uint16_t(sign);
    man |= 0x800000;
    uint32_t shift = uint32_t(14 - e);
    uint32_t hm = man >> shift, rem = man & ((1u << shift) - 1), half = 1u << (shift - 1);
    if (rem > half || (rem == half && (hm & 1))) ++hm;
    return uint16_t(sign | hm);
  }
  uint32_t hm = man >> 13, rem = man & 0x1fff;
  uint32_t h = sign | (uint32_t(e) << 10) | hm;
  if (rem > 0x1000 || (rem == 0x1000 && (hm & 1))) ++h;
  return uint16_t(h);
}

}  // namespace

bool Lowerer::isSpirvInstruction(const ast::FunctionDecl* fd) {
  return fd && attrOf(fd->attributes, AttrId::VkExtInstruction);
}

void Lowerer::addRequirements(ir::SpirvRequirements& out, std::span<ast::Attribute*> attrs) {
  for (const ast::Attribute* a : attrs) {
    if (!a || a->invalid || a->args.empty()) continue;
    if (a->semaId == uint16_t(AttrId::VkExtCapability)) {
      sema::ConstValue v = sema_.constValue(a->args[0]);
      if (!v.valid()) continue;
      uint32_t c = uint32_t(v.asUint());
      bool have = false;
      for (uint32_t x : out.capabilities) have |= x == c;
      if (!have) out.capabilities.push_back(c);
    } else if (a->semaId == uint16_t(AttrId::VkExtExtension)) {
      auto* s = ast::dyn_cast<ast::StringLiteralExpr>(a->args[0]);
      if (!s) continue;
      std::string e(s->value);
      bool have = false;
      for (const std::string& x : out.extensions) have |= x == e;
      if (!have) out.extensions.push_back(e);
    }
  }
}

void Lowerer::addRequirements(ir::SpirvRequirements& out, const ir::SpirvRequirements& in) {
  for (uint32_t c : in.capabilities) {
    bool have = false;
    for (uint32_t x : out.capabilities) have |= x == c;
    if (!have) out.capabilities.push_back(c);
  }
  for (const std::string& e : in.extensions) {
    bool have = false;
    for (const std::string& x : out.extensions) have |= x == e;
    if (!have) out.extensions.push_back(e);
  }
}

// [[vk::ext_capability]] / [[vk::ext_extension]] on a struct field: declared by the function
// that reads or writes the field (a field nothing uses adds nothing, as in DXC).
void Lowerer::fieldUsed(const ast::MemberExpr* m) {
  if (fb_ && m->field && !m->field->attributes.empty())
    addRequirements(fb_->fn().spirvRequirements, m->field->attributes);
}

// The requirements of an ordinary function: its own attributes and its parameters'.
void Lowerer::functionRequirements(const ast::FunctionDecl* fd, ir::SpirvRequirements& out) {
  addRequirements(out, fd->attributes);
  for (const ast::ParamDecl* p : fd->params) addRequirements(out, p->attributes);
}

// A global's requirements are declared when the global is used; a cbuffer member's go on
// its cbuffer (emitted with it).
void Lowerer::globalRequirements() {
  for (const auto& [decl, ref] : globals_) {
    if (!ref.global.valid()) continue;
    addRequirements(m_->globals[ref.global].spirvRequirements, decl->attributes);
    // (A member of a cbuffer is no variable of its own: nothing to mark AliasedPointer.)
    const auto* vd = ast::dyn_cast<ast::VarDecl>(decl);
    std::vector<ir::SpirvDecoration> ds =
        decorationsOf(decl->attributes, decl->range, ref.member < 0 && vd ? vd->type : nullptr);
    if (ds.empty()) continue;
    if (ref.member >= 0) {
      // A member of a cbuffer or of $Globals is a member of the block's struct: OpMemberDecorate
      // on it (spv.intrinsicDecorate.hlsl). The block type is made here, before any function
      // refers to it.
      ir::GlobalVariable& g = m_->globals[ref.global];
      ir::Type block = m_->types[g.type];
      if (block.kind != ir::TypeKind::Struct || size_t(ref.member) >= block.members.size()) {
        reportOnce(DiagId::NotSupportedYet, decl->range,
                   "[[vk::ext_decorate]] on a member of a cbuffer or of $Globals");
        continue;
      }
      auto& md = block.members[size_t(ref.member)].spirvDecorations;
      md.insert(md.end(), ds.begin(), ds.end());
      g.type = m_->types.intern(block);
      continue;
    }
    auto& out = m_->globals[ref.global].spirvDecorations;
    out.insert(out.end(), ds.begin(), ds.end());
  }
}

Handle<ir::Type> Lowerer::withFieldDecorations(Handle<ir::Type> st, const sema::Type* t) {
  ir::Type copy = m_->types[st];
  bool any = false;
  for (size_t i = 0; i < t->fields().size() && i < copy.members.size(); ++i) {
    const ast::FieldDecl* fd = t->fields()[i].decl;
    if (!fd) continue;
    copy.members[i].spirvDecorations = decorationsOf(fd->attributes, fd->range);
    any |= !copy.members[i].spirvDecorations.empty();
  }
  return any ? m_->types.intern(copy) : st;
}

// Section 8.1: [[vk::ext_decorate(dec, literals...)]], [[vk::ext_decorate_id(dec, exprs...)]]
// (constant operands) and [[vk::ext_decorate_string(dec, "s"...)]] as IR decorations.
std::vector<ir::SpirvDecoration> Lowerer::decorationsOf(std::span<ast::Attribute*> attrs, SourceRange r,
                                                        const sema::Type* holder) {
  std::vector<ir::SpirvDecoration> out;
  while (holder && holder->isArray()) holder = holder->elementType();
  for (const ast::Attribute* a : attrs) {
    if (a && !a->invalid && a->semaId == uint16_t(AttrId::VkAliasedPointer)) {
      if (!holder || !holder->isBufferPointer()) continue;  // nothing to alias (DXC: no effect)
      // [[vk::aliased_pointer]] (section 11.2): a variable holding a vk::BufferPointer is
      // AliasedPointer instead of the default RestrictPointer (the SPIR-V backend's).
      ir::SpirvDecoration d;
      d.decoration = 5356;  // AliasedPointer
      out.push_back(std::move(d));
      continue;
    }
    if (!a || a->invalid || a->args.empty()) continue;
    ir::SpirvDecoration d;
    if (a->semaId == uint16_t(AttrId::VkExtDecorate))
      d.kind = ir::SpirvDecoration::Kind::Literal;
    else if (a->semaId == uint16_t(AttrId::VkExtDecorateId))
      d.kind = ir::SpirvDecoration::Kind::Id;
    else if (a->semaId == uint16_t(AttrId::VkExtDecorateString))
      d.kind = ir::SpirvDecoration::Kind::String;
    else
      continue;
    d.decoration = uint32_t(sema_.constValue(a->args[0]).asUint());
    for (size_t i = 1; i < a->args.size(); ++i) {
      const ast::Expr* e = a->args[i];
      switch (d.kind) {
        case ir::SpirvDecoration::Kind::Literal: d.words.push_back(uint32_t(sema_.constValue(e).asUint())); break;
        case ir::SpirvDecoration::Kind::String: {
          auto* s = ast::dyn_cast<ast::StringLiteralExpr>(e);
          std::string text = s ? std::string(s->value) : std::string();
          size_t base = d.words.size();
          d.words.resize(base + text.size() / 4 + 1, 0);
          std::memcpy(d.words.data() + base, text.data(), text.size());
          break;
        }
        case ir::SpirvDecoration::Kind::Id: {
          sema::ConstValue v = sema_.constValue(e);
          if (!v.valid() || !e->type || !e->type->isScalar())
            unsupported(e->range, "a [[vk::ext_decorate_id]] operand that is not a scalar constant");
          ir::Scalar sc = irScalar(e->type, e->range);
          ir::Literal lit = sc.kind == ir::ScalarKind::Float  ? ir::Literal::ofFloat(sc, v.asFloat())
                            : sc.kind == ir::ScalarKind::Bool ? ir::Literal::boolean(v.asBool())
                                                              : ir::Literal::of(sc, v.asUint());
          d.ids.push_back(mb_->constant(lit));
          break;
        }
      }
    }
    out.push_back(std::move(d));
  }
  (void)r;
  return out;
}

// One literal operand (section 4): the argument folded to a constant of the parameter type.
bool Lowerer::literalWords(const ast::Expr* arg, const sema::Type* t, std::vector<uint32_t>& words) {
  sema::ConstValue v = sema_.constValue(arg);
  if (!v.valid() || !t) return false;
  if (t->isEnum()) t = t->underlyingType();
  if (!t || !t->isScalar()) return false;
  sema::ScalarKind k = t->scalarKind();
  if (k == sema::ScalarKind::Bool) {
    words.push_back(v.asBool() ? 1u : 0u);
  } else if (sema::isIntegralKind(k)) {
    uint64_t u = sema::isSignedKind(k) ? uint64_t(v.asInt()) : v.asUint();
    words.push_back(uint32_t(u));  // <= 32 bits: sign- or zero-extended to a word
    if (sema::scalarBits(k) == 64) words.push_back(uint32_t(u >> 32));
  } else if (k == sema::ScalarKind::Double) {
    double d = v.asFloat();
    uint64_t bits;
    std::memcpy(&bits, &d, 8);
    words.push_back(uint32_t(bits));
    words.push_back(uint32_t(bits >> 32));
  } else if (k == sema::ScalarKind::Half) {
    words.push_back(floatToHalf(float(v.asFloat())));
  } else {
    float f = float(v.asFloat());
    uint32_t bits;
    std::memcpy(&bits, &f, 4);
    words.push_back(bits);
  }
  return true;
}

// [[vk::ext_reference]]: the pointer to the argument's storage, or OSH3101 (DXC: the
// lowered argument is an rvalue). A single-component swizzle is a component pointer.
Handle<Expression> Lowerer::referenceOperand(const ast::Expr* arg) {
  const ast::Expr* a = stripNoOp(arg);
  auto refuse = [&]() -> Handle<Expression> {
    diags_.report(DiagId::ExtReferenceNotLValue, a->range);
    throw LowerAbort{};
  };
  if (!a || !a->isLValue) return refuse();
  LValue lv = lvalue(a);
  if (lv.isImage() || lv.matrixSwizzle || lv.swizzleLen > 1 || !lv.ptr.valid()) return refuse();
  fb_->setRange(a->range);
  if (lv.swizzleLen == 1) return fb_->accessIndex(lv.ptr, lv.swizzle[0]);
  return lv.ptr;
}

// A call to an [[vk::ext_instruction(op[, "set"])]] function: one instruction where the call
// is (section 3).
Handle<Expression> Lowerer::spirvCall(const ast::CallExpr* c) {
  const ast::FunctionDecl* fd = c->callee;
  const ast::Attribute* inst = attrOf(fd->attributes, AttrId::VkExtInstruction);
  ir::SpirvInstruction in;
  in.opcode = uint32_t(sema_.constValue(inst->args[0]).asUint());
  if (inst->args.size() > 1)
    if (auto* s = ast::dyn_cast<ast::StringLiteralExpr>(inst->args[1])) in.set = std::string(s->value);
  in.declName = std::string(fd->name.str());
  in.declRange = fd->nameRange.valid() ? fd->nameRange : fd->range;
  addRequirements(in.requirements, fd->attributes);
  for (const ast::ParamDecl* p : fd->params) addRequirements(in.requirements, p->attributes);
  for (size_t i = 0; i < c->args.size() && i < fd->params.size(); ++i) {
    const ast::ParamDecl* p = fd->params[i];
    const ast::Expr* a = c->args[i];
    ir::SpirvOperand op;
    if (attrOf(p->attributes, AttrId::VkExtReference)) {
      op.value = referenceOperand(a);
    } else if (attrOf(p->attributes, AttrId::VkExtLiteral)) {
      op.kind = ir::SpirvOperand::Kind::Literal;
      if (!literalWords(a, p->type, op.words)) {
        diags_.report(DiagId::ExtLiteralNotConstant, c->range);
        throw LowerAbort{};
      }
    } else {
      Handle<Expression> v = expr(a);
      op.value = castLayout(v, irType(p->type, a->range), a->range);
    }
    in.operands.push_back(std::move(op));
  }
  const sema::Type* rt = fd->returnType;
  bool isVoid = !rt || rt->isVoid();
  in.hasResult = !isVoid || !in.set.empty();
  if (!isVoid) in.resultType = irType(rt, c->range);
  fb_->setRange(c->range);
  return fb_->spirvInst(std::move(in));
}

// ---------------------------------------------------------------- vk:: built-in functions

Handle<Expression> Lowerer::vkBuiltin(const ast::CallExpr* c) {
  ir::SpirvInstruction in;
  in.declName = std::string("vk::") + sema::vkBuiltinName(c->intrinsic);
  in.declRange = c->nameRange.valid() ? c->nameRange : c->range;
  auto constantWord = [&](const ast::Expr* a, uint32_t& out) {
    sema::ConstValue v = sema_.constValue(a);
    if (!v.valid() || v.kind == sema::ConstValue::Kind::Float ||
        (a->type && !a->type->isIntegral() && !a->type->isEnum()))
      return false;
    out = uint32_t(v.asUint());
    return true;
  };
  switch (sema::VkBuiltin(c->intrinsic)) {
    case sema::VkBuiltin::ExtExecutionMode:
    case sema::VkBuiltin::ExtExecutionModeId: {
      // Section 7: OpExecutionMode %entry mode literals... / OpExecutionModeId %entry mode ids...
      // for every entry point whose call tree reaches the statement.
      bool ids = sema::VkBuiltin(c->intrinsic) == sema::VkBuiltin::ExtExecutionModeId;
      in.placement = ir::SpirvInstruction::Placement::ExecutionMode;
      in.opcode = ids ? 331u /* OpExecutionModeId */ : 16u /* OpExecutionMode */;
      addRequirements(in.requirements, stmtAttrs_);
      for (size_t i = 0; i < c->args.size(); ++i) {
        ir::SpirvOperand op;
        if (i > 0 && ids) {
          op.value = expr(c->args[i]);
        } else {
          op.kind = ir::SpirvOperand::Kind::Literal;
          uint32_t w = 0;
          if (!constantWord(c->args[i], w)) {
            diags_.report(ids ? DiagId::ExecModeNotConstant : DiagId::ExecModeArgNotConstant, c->range);
            throw LowerAbort{};
          }
          op.words.push_back(w);
        }
        in.operands.push_back(std::move(op));
      }
      fb_->setRange(c->range);
      fb_->spirvInst(std::move(in));
      return {};
    }
    case sema::VkBuiltin::ReadClock: {
      // Section 3: uint64_t OpReadClockKHR %scope, with its capability and extension.
      in.opcode = 5056;  // OpReadClockKHR
      in.hasResult = true;
      in.resultType = irType(c->type, c->range);
      in.requirements.capabilities = {5055 /* ShaderClockKHR */, 11 /* Int64 */};
      in.requirements.extensions = {"SPV_KHR_shader_clock"};
      ir::SpirvOperand scope;
      scope.value = expr(c->args[0]);
      in.operands.push_back(std::move(scope));
      fb_->setRange(c->range);
      return fb_->spirvInst(std::move(in));
    }
    case sema::VkBuiltin::CooperativeMatrixLength: {
      // `%n = OpCooperativeMatrixLengthKHR %uint %Type`: the operand is the matrix type's id.
      in.opcode = 4460;  // OpCooperativeMatrixLengthKHR
      in.hasResult = true;
      in.resultType = irType(c->type, c->range);
      in.requirements.capabilities = {6022 /* CooperativeMatrixKHR */};
      in.requirements.extensions = {"SPV_KHR_cooperative_matrix"};
      ir::SpirvOperand type;
      type.kind = ir::SpirvOperand::Kind::TypeId;
      type.type = irType(c->templateArgs[0].type->resolved, c->range);
      in.operands.push_back(std::move(type));
      fb_->setRange(c->range);
      return fb_->spirvInst(std::move(in));
    }
    case sema::VkBuiltin::RawBufferLoad:
    case sema::VkBuiltin::RawBufferStore: return rawBuffer(c);
    case sema::VkBuiltin::BufferPointerGet:
    case sema::VkBuiltin::StaticPointerCast:
    case sema::VkBuiltin::ReinterpretPointerCast: return bufferPointerBuiltin(c);
  }
  internal(c->range, "unknown vk:: built-in");
}

// Section 11.1: `OpBitcast %_ptr_PhysicalStorageBuffer_T %address`, then OpLoad / OpStore
// with `Aligned` (default 4). T is laid out with the storage-buffer rule; values convert to
// and from that layout (bool is a 32-bit integer in memory).
Handle<Expression> Lowerer::rawBuffer(const ast::CallExpr* c) {
  bool store = sema::VkBuiltin(c->intrinsic) == sema::VkBuiltin::RawBufferStore;
  size_t alignArg = store ? 2 : 1;
  if (c->args.size() > alignArg + 1) {
    diags_.report(store ? DiagId::RawBufferStoreArgs : DiagId::RawBufferLoadArgs, c->range);
    throw LowerAbort{};
  }
  uint32_t align = 4;
  if (c->args.size() > alignArg) {
    const ast::Expr* a = c->args[alignArg];
    // The value as written (DXC checks it before the conversion to uint: -16 is refused).
    // (Sema folds `-16` into one literal: its foldedFrom is the expression as written.)
    const ast::Expr* written = a;
    for (;;) {
      if (written->kind == ast::ExprKind::ImplicitCast)
        written = static_cast<const ast::ImplicitCastExpr*>(written)->sub;
      else if (written->kind == ast::ExprKind::Paren)
        written = static_cast<const ast::ParenExpr*>(written)->sub;
      else if (auto* il = ast::dyn_cast<ast::IntLiteralExpr>(written); il && il->foldedFrom)
        written = il->foldedFrom;
      else if (auto* fl = ast::dyn_cast<ast::FloatLiteralExpr>(written); fl && fl->foldedFrom)
        written = fl->foldedFrom;
      else
        break;
    }
    sema::ConstValue w = sema_.constValue(written);
    sema::ConstValue v = sema_.constValue(a);
    // Sema types the literal in `-16` as uint already: a negated positive constant is negative.
    bool negated = written->kind == ast::ExprKind::Unary &&
                   static_cast<const ast::UnaryExpr*>(written)->op == ast::UnaryOp::Minus && v.valid() &&
                   v.asUint() != 0;
    if (!v.valid() || !w.valid() || w.kind == sema::ConstValue::Kind::Float || w.asInt() < 0 || negated) {
      diags_.report(DiagId::RawBufferAlignment, a->range);
      throw LowerAbort{};
    }
    align = uint32_t(v.asUint());
  }
  const sema::Type* t = store ? c->args[1]->type : c->type;
  const sema::Type* inner = t;
  while (inner->isArray()) inner = inner->elementType();
  HlslMajor major = inner->isMatrix() && inner->rowMajor() ? HlslMajor::RowMajor : HlslMajor::Default;
  if (t->isBool() && align % 4 != 0) diags_.report(DiagId::RawBufferBoolAlign, c->range);
  Handle<ir::Type> mt = memType(t, storageLayout_, major, c->range);
  Handle<ir::Type> pt = m_->types.pointer(mt, ir::AddressSpace::PhysicalStorage);
  Handle<Expression> addr = expr(c->args[0]);
  Handle<Expression> value = store ? expr(c->args[1]) : Handle<Expression>{};
  fb_->setRange(c->range);
  Handle<Expression> p = fb_->bitcast(addr, pt);
  if (store) {
    fb_->store(p, castLayout(value, mt, c->range), align);
    return {};
  }
  return castLayout(fb_->load(p, align), irType(t, c->range), c->range);
}

// Section 11.2: `p.Get()` read as a value (an l-value use goes through lvalue()), and the
// pointer casts: OpBitcast between PhysicalStorageBuffer pointer types (a static cast to a
// base struct too: the base's members are the derived struct's first ones).
Handle<Expression> Lowerer::bufferPointerBuiltin(const ast::CallExpr* c) {
  if (sema::VkBuiltin(c->intrinsic) == sema::VkBuiltin::BufferPointerGet) return load(lvalue(c), c->range);
  Handle<Expression> p = expr(c->args[0]);
  Handle<ir::Type> to = irType(c->type, c->range);
  fb_->setRange(c->range);
  return pointerCast(p, to, true);
}

// Section 7.3: one `OpExecutionMode %entry M` per [[vk::spvexecutionmode(M)]] on the entry
// point (the mode only; modes with operands need vk::ext_execution_mode).
void Lowerer::entryExecutionModes(const ast::FunctionDecl* fd) {
  for (const ast::Attribute* a : fd->attributes) {
    if (!a || a->invalid || a->semaId != uint16_t(AttrId::VkSpvExecutionMode) || a->args.empty()) continue;
    ir::SpirvInstruction in;
    in.placement = ir::SpirvInstruction::Placement::ExecutionMode;
    in.opcode = 16;  // OpExecutionMode
    in.declName = "[[vk::spvexecutionmode]]";
    in.declRange = a->range;
    ir::SpirvOperand mode;
    mode.kind = ir::SpirvOperand::Kind::Literal;
    mode.words.push_back(uint32_t(sema_.constValue(a->args[0]).asUint()));
    in.operands.push_back(std::move(mode));
    fb_->setRange(a->range);
    fb_->spirvInst(std::move(in));
  }
}

// Classes the IR has a space for keep their meaning (Workgroup memory is shared and never
// zero-initialised, Private is per invocation); any other class is kept as its number.
ir::AddressSpace Lowerer::spaceOfStorageClass(uint32_t n, uint32_t& spirvClass) {
  spirvClass = 0;
  switch (n) {
    case 4: return ir::AddressSpace::WorkGroup;  // Workgroup
    case 6: return ir::AddressSpace::Private;    // Private
    default: spirvClass = n; return ir::AddressSpace::SpirvClass;
  }
}

// Sections 8.2 / 8.3: a global in another storage class, or a built-in variable. Neither is
// a $Globals member or has a descriptor binding.
void Lowerer::inlineSpirvGlobal(const sema::GlobalVar& g, SourceRange r) {
  ir::GlobalVariable gv;
  gv.name = g.name;
  gv.range = r;
  gv.type = irType(g.type, r);
  if (g.kind == sema::GlobalKind::SpirvBuiltin) {
    gv.space = g.spirvOutput ? ir::AddressSpace::Output : ir::AddressSpace::Input;
    gv.spirvBuiltin = g.spirvValue;
  } else {
    gv.space = spaceOfStorageClass(g.spirvValue, gv.spirvClass);
    if (g.decl && g.decl->init) {
      if (gv.space != ir::AddressSpace::Private)
        unsupported(g.decl->init->range,
                    "an initializer on a variable in SPIR-V storage class " + std::to_string(g.spirvValue));
    }
  }
  Handle<ir::GlobalVariable> h = mb_->global(gv);
  globals_[g.decl] = GlobalRef::of(h);
  if (gv.space == ir::AddressSpace::Private && g.decl && g.decl->init) staticInits_.push_back({g.decl, h});
}

// A local in a storage class other than Function is a module-level variable of that class
// (SPIR-V allows only Function variables in a function body), like a static local.
bool Lowerer::spirvClassLocal(const ast::VarDecl* v) {
  const ast::Attribute* a = attrOf(v->attributes, AttrId::VkExtStorageClass);
  if (!a) return false;
  uint32_t n = uint32_t(sema_.constValue(a->args[0]).asUint());
  if (n == 7) return false;  // Function
  auto lk = staticLocals_.find(v);
  Handle<ir::GlobalVariable> h;
  if (lk != staticLocals_.end()) {
    h = lk->second.var;
  } else {
    ir::GlobalVariable gv;
    gv.name = std::string(v->name.str());
    gv.range = v->range;
    gv.type = irType(v->type, v->range);
    gv.space = spaceOfStorageClass(n, gv.spirvClass);
    h = mb_->global(gv);
    StaticLocal sl;
    sl.var = h;
    staticLocals_[v] = sl;
  }
  globals_[v] = GlobalRef::of(h);
  // `int foo = 3;` is not static: the value is stored each time the declaration runs (DXC's
  // function-scope variable in that class, spv.intrinsicStorageClass.hlsl).
  if (v->init) {
    Handle<ir::Expression> val = initializer(v->init, v->type);
    fb_->setRange(v->range);
    fb_->store(fb_->global(h), val);
  }
  return true;
}

// Section 5: a vk::ext_result_id<T> local has no storage: it is its initializer's id.
bool Lowerer::resultIdLocal(const ast::VarDecl* v) {
  const ast::TypeSpec* ts = v->typeSpec;
  if (!ts || ts->qualifiers.size() != 1 || ts->qualifiers[0].str() != "vk" || ts->name.str() != "ext_result_id")
    return false;
  if (!v->init) internal(v->range, "vk::ext_result_id without an initializer");
  resultIds_[v] = initializer(v->init, v->type);
  return true;
}

// ---------------------------------------------------------------- inout helpers
// A user function that passes one of its out/inout parameters on to a
// [[vk::ext_reference]] parameter (directly, or through another such helper) must give the
// instruction the caller's own pointer: DXC passes an l-value argument of an out/inout
// parameter by pointer and its legalization inlines the helper. OneShader inlines such a
// helper at its call sites (section 4: "wrappers compose"); every other out/inout argument
// keeps the copy-in/copy-out of lower_call.cpp.

namespace {

// Calls and returns of a function body, with the loop/switch nesting of each return.
struct BodyWalker {
  std::vector<const ast::CallExpr*> calls;
  bool nestedReturn = false;  // a return inside a loop or switch
  bool earlyReturn = false;   // a return that is not the body's last statement
  uint32_t depth = 0;

  void stmt(const ast::Stmt* s, bool last) {
    if (!s) return;
    switch (s->kind) {
      case ast::StmtKind::Compound: {
        auto body = static_cast<const ast::CompoundStmt*>(s)->body;
        for (size_t i = 0; i < body.size(); ++i) stmt(body[i], last && i + 1 == body.size());
        break;
      }
      case ast::StmtKind::Decl:
        for (const ast::Decl* d : static_cast<const ast::DeclStmt*>(s)->decls)
          if (const auto* v = ast::dyn_cast<ast::VarDecl>(d)) expr(v->init);
        break;
      case ast::StmtKind::Expr: expr(static_cast<const ast::ExprStmt*>(s)->expr); break;
      case ast::StmtKind::If: {
        auto* i = static_cast<const ast::IfStmt*>(s);
        expr(i->cond);
        stmt(i->thenStmt, false);
        stmt(i->elseStmt, false);
        break;
      }
      case ast::StmtKind::For: {
        auto* f = static_cast<const ast::ForStmt*>(s);
        stmt(f->init, false);
        expr(f->cond);
        expr(f->inc);
        ++depth;
        stmt(f->body, false);
        --depth;
        break;
      }
      case ast::StmtKind::While:
      case ast::StmtKind::DoWhile: {
        const ast::Stmt* body = s->kind == ast::StmtKind::While ? static_cast<const ast::WhileStmt*>(s)->body
                                                                : static_cast<const ast::DoWhileStmt*>(s)->body;
        expr(s->kind == ast::StmtKind::While ? static_cast<const ast::WhileStmt*>(s)->cond
                                             : static_cast<const ast::DoWhileStmt*>(s)->cond);
        ++depth;
        stmt(body, false);
        --depth;
        break;
      }
      case ast::StmtKind::Switch: {
        auto* sw = static_cast<const ast::SwitchStmt*>(s);
        expr(sw->cond);
        ++depth;
        for (const ast::CaseStmt* c : sw->cases)
          for (const ast::Stmt* b : c->body) stmt(b, false);
        --depth;
        break;
      }
      case ast::StmtKind::Return:
        expr(static_cast<const ast::ReturnStmt*>(s)->value);
        if (depth) nestedReturn = true;
        if (!last) earlyReturn = true;
        break;
      default: break;
    }
  }

  void expr(const ast::Expr* e) {
    if (!e) return;
    switch (e->kind) {
      case ast::ExprKind::Paren: expr(static_cast<const ast::ParenExpr*>(e)->sub); break;
      case ast::ExprKind::Unary: expr(static_cast<const ast::UnaryExpr*>(e)->sub); break;
      case ast::ExprKind::Binary:
        expr(static_cast<const ast::BinaryExpr*>(e)->lhs);
        expr(static_cast<const ast::BinaryExpr*>(e)->rhs);
        break;
      case ast::ExprKind::Conditional: {
        auto* c = static_cast<const ast::ConditionalExpr*>(e);
        expr(c->cond);
        expr(c->thenExpr);
        expr(c->elseExpr);
        break;
      }
      case ast::ExprKind::Cast: expr(static_cast<const ast::CastExpr*>(e)->sub); break;
      case ast::ExprKind::ImplicitCast: expr(static_cast<const ast::ImplicitCastExpr*>(e)->sub); break;
      case ast::ExprKind::Construct:
        for (const ast::Expr* a : static_cast<const ast::ConstructExpr*>(e)->args) expr(a);
        break;
      case ast::ExprKind::Call: {
        auto* c = static_cast<const ast::CallExpr*>(e);
        calls.push_back(c);
        expr(c->object);
        for (const ast::Expr* a : c->args) expr(a);
        break;
      }
      case ast::ExprKind::Member: expr(static_cast<const ast::MemberExpr*>(e)->base); break;
      case ast::ExprKind::Index:
        expr(static_cast<const ast::IndexExpr*>(e)->base);
        expr(static_cast<const ast::IndexExpr*>(e)->index);
        break;
      case ast::ExprKind::InitList:
        for (const ast::Expr* a : static_cast<const ast::InitListExpr*>(e)->inits) expr(a);
        break;
      default: break;
    }
  }
};

// The declaration an l-value expression is rooted at (`p`, `p.f`, `p[i]`, `p.x`).
const ast::Decl* lvalueRoot(const ast::Expr* e) {
  while (e) {
    switch (e->kind) {
      case ast::ExprKind::Paren: e = static_cast<const ast::ParenExpr*>(e)->sub; break;
      case ast::ExprKind::ImplicitCast: e = static_cast<const ast::ImplicitCastExpr*>(e)->sub; break;
      case ast::ExprKind::Member: e = static_cast<const ast::MemberExpr*>(e)->base; break;
      case ast::ExprKind::Index: e = static_cast<const ast::IndexExpr*>(e)->base; break;
      case ast::ExprKind::DeclRef: return static_cast<const ast::DeclRefExpr*>(e)->decl;
      default: return nullptr;
    }
  }
  return nullptr;
}

bool isOutParam(const ast::ParamDecl* p) { return p->dir == ast::ParamDir::Out || p->dir == ast::ParamDir::InOut; }

}  // namespace

// Per parameter of `fd`: whether it is an out/inout parameter that reaches an
// [[vk::ext_reference]] operand.
const std::vector<bool>& Lowerer::forwardedParams(const ast::FunctionDecl* fd) {
  auto it = forwarding_.find(fd);
  if (it != forwarding_.end()) return it->second;
  std::vector<bool>& out = forwarding_[fd];
  out.assign(fd->params.size(), false);
  if (!fd->body) return out;
  BodyWalker w;
  w.stmt(fd->body, true);
  for (const ast::CallExpr* c : w.calls) {
    const ast::FunctionDecl* g = c->callee;
    if (!g) continue;
    bool instruction = isSpirvInstruction(g);
    const std::vector<bool>* fwd = instruction ? nullptr : &forwardedParams(g);
    for (size_t i = 0; i < c->args.size() && i < g->params.size(); ++i) {
      bool ref = instruction ? attrOf(g->params[i]->attributes, AttrId::VkExtReference) != nullptr : (*fwd)[i];
      if (!ref) continue;
      const ast::Decl* root = lvalueRoot(c->args[i]);
      for (size_t k = 0; k < fd->params.size(); ++k)
        if (root == fd->params[k] && isOutParam(fd->params[k])) out[k] = true;
    }
  }
  return out;  // (element references of an unordered_map survive its rehashing)
}

bool Lowerer::forwardsReference(const ast::FunctionDecl* fd) {
  if (!fd || isSpirvInstruction(fd)) return false;
  for (bool b : forwardedParams(fd))
    if (b) return true;
  // A logical pointer parameter (vk::WorkgroupSpirvPointer<T>): DXC's legalization inlines the
  // callee, so the module needs no VariablePointers; [noinline] keeps the call (and then
  // needs the capability, workgroupspirvpointer.varpointer.hlsl).
  if (!fd->body || hasThisParam(fd)) return false;
  for (const ast::Attribute* a : fd->attributes)
    if (a && a->name.str() == "noinline") return false;
  for (const ast::ParamDecl* p : fd->params)
    if (p->type && !isOutParam(p) && isLogicalPointer(p->type)) return true;
  return false;
}

// SpirvOpaqueType<OpTypePointer, Literal<SC>, T> in a storage class other than
// PhysicalStorageBuffer: a pointer Logical addressing cannot store in a variable.
bool Lowerer::isLogicalPointer(const sema::Type* t) {
  if (!t || !t->isSpirvOpaque() || t->spirvOpcode() != 32) return false;
  auto ops = t->spirvOperands();
  return ops.size() == 2 && ops[0]->isSpirvLiteral() && !ops[1]->isSpirvOperandOnly() &&
         ops[0]->literalOf()->constantValue() != 5349;
}

// `vk::WorkgroupSpirvPointer<T> p = GetGroupSharedAddress(x);`: the pointer is the
// initializer's id, as a vk::ext_result_id (the alias is const; DXC's legalization removes
// the variable the same way).
bool Lowerer::pointerValueLocal(const ast::VarDecl* v) {
  if (!v->init || (v->storage & ast::SF_Static) || !isLogicalPointer(v->type)) return false;
  resultIds_[v] = initializer(v->init, v->type);
  return true;
}

// The helper's body lowered into the caller: forwarded parameters stand for the caller's
// l-values, the others are copied in (and out) as by lower_call.cpp. A return that is not
// the body's last statement needs the body inside a one-trip loop that it breaks out of.
Handle<Expression> Lowerer::inlineCall(const ast::CallExpr* c) {
  const ast::FunctionDecl* fd = c->callee;
  if (hasThisParam(fd)) unsupported(c->range, "a method that passes an inout parameter to [[vk::ext_reference]]");
  BodyWalker w;
  w.stmt(fd->body, true);
  if (w.nestedReturn)
    unsupported(c->range, "a return inside a loop or switch of '" + std::string(fd->name.str()) +
                              "', which passes an inout parameter to [[vk::ext_reference]]");
  std::vector<bool> fwd = forwardedParams(fd);
  struct CopyOut {
    LValue dst;
    uint32_t tmp;
    const sema::Type* from = nullptr;  // with a conversion: parameter -> argument type
    const sema::Type* to = nullptr;
  };
  std::vector<CopyOut> copyOuts;
  std::vector<const ast::Decl*> bound;
  for (size_t i = 0; i < fd->params.size(); ++i) {
    const ast::ParamDecl* p = fd->params[i];
    if (p->type && p->type->isResource()) unsupported(c->range, "a resource parameter of an inlined helper");
    const ast::Expr* a = i < c->args.size() ? c->args[i] : p->init;
    if (!a) internal(c->range, "missing argument");
    bound.push_back(p);
    if (!fwd[i] && !isOutParam(p) && isLogicalPointer(p->type)) {
      resultIds_[p] = expr(a);  // (no variable can hold it: see forwardsReference)
      continue;
    }
    if (fwd[i]) {
      LValue lv = lvalue(a);
      if (lv.isImage() || lv.swizzleLen || lv.matrixSwizzle) {
        diags_.report(DiagId::ExtReferenceNotLValue, a->range);
        throw LowerAbort{};
      }
      refParams_[p] = lv;
      continue;
    }
    Handle<ir::Type> t = irType(p->type, a->range);
    uint32_t tmp = fb_->addLocal(std::string(p->name.str()), t);
    if (isOutParam(p)) {
      LValue lv = lvalue(a);
      bool conv = a->type != p->type && a->type->isNumeric() && p->type->isNumeric();
      if (p->dir == ast::ParamDir::InOut) {
        Handle<Expression> v = load(lv, a->range);
        if (conv) v = convert(v, a->type, p->type, a->range);
        fb_->store(fb_->local(tmp), castLayout(v, t, a->range));
      }
      copyOuts.push_back({lv, tmp, conv ? p->type : nullptr, conv ? a->type : nullptr});
    } else {
      fb_->store(fb_->local(tmp), castLayout(expr(a), t, a->range));
    }
    locals_[p] = tmp;
  }
  InlineReturn ret;
  ret.type = fd->returnType && !fd->returnType->isVoid() ? fd->returnType : nullptr;
  if (ret.type) {
    ret.irType = irType(ret.type, c->range);
    ret.local = fb_->addLocal("", ret.irType);
  }
  ret.wrapped = w.earlyReturn;
  InlineReturn* savedRet = inlineReturn_;
  const sema::Type* savedType = returnType_;
  Handle<ir::Type> savedIr = returnIrType_;
  inlineReturn_ = &ret;
  returnType_ = ret.type;
  returnIrType_ = ret.irType;
  fb_->setRange(c->range);
  if (ret.wrapped) fb_->loopBegin();
  stmt(fd->body);
  if (ret.wrapped) {
    fb_->brk();
    fb_->loopContinuing();
    fb_->loopEnd();
  }
  inlineReturn_ = savedRet;
  returnType_ = savedType;
  returnIrType_ = savedIr;
  for (const ast::Decl* d : bound) {
    refParams_.erase(d);
    resultIds_.erase(d);
  }
  fb_->setRange(c->range);
  for (const CopyOut& co : copyOuts) {
    Handle<Expression> v = fb_->load(fb_->local(co.tmp));
    if (co.from) v = convert(v, co.from, co.to, c->range);
    store(co.dst, v, c->range);
  }
  return ret.type ? fb_->load(fb_->local(ret.local)) : Handle<Expression>{};
}

// `return v;` inside an inlined helper.
void Lowerer::inlinedReturn(const ast::ReturnStmt* r) {
  InlineReturn& ret = *inlineReturn_;
  if (r->value && ret.type) {
    Handle<Expression> v = castLayout(expr(r->value), ret.irType, r->range);
    fb_->setRange(r->range);
    fb_->store(fb_->local(ret.local), v);
  } else if (r->value) {
    expr(r->value);
  }
  if (ret.wrapped) fb_->brk();
}

}  // namespace oneshader::lower
