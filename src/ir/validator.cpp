// Structural IR validator: reports OSH9999 (internal error) naming the offending node.
#include <string>
#include <unordered_set>
#include <vector>

#include "diag/diag.hpp"
#include "ir/ir.hpp"
#include "ir/util.hpp"

namespace oneshader::ir {

namespace {

class Validator {
 public:
  Validator(const Module& m, DiagEngine& d) : m_(m), d_(d), types_(m.types) {}
  bool run();

 private:
  const Module& m_;
  DiagEngine& d_;
  TypeQuery types_;  // the module's types, looked up (never added to)
  bool ok_ = true;
  const Function* f_ = nullptr;
  std::vector<uint8_t> emitted_;   // per expression of f_
  std::vector<uint32_t> emitLog_;  // expressions made visible, in order (for scoping)
  int loopDepth_ = 0, breakableDepth_ = 0;
  bool inContinuing_ = false;

  void error(SourceRange r, const std::string& msg) {
    ok_ = false;
    d_.report(DiagId::InternalError, r, {"ir validation: " + msg});
  }
  std::string where() const { return f_ ? "function '" + f_->name + "'" : std::string("module"); }
  bool typeOk(Handle<Type> t) const { return m_.types.contains(t); }
  const Type* pointee(Handle<Type> t) const {
    if (!typeOk(t) || m_.types[t].kind != TypeKind::Pointer || !typeOk(m_.types[t].base)) return nullptr;
    return &m_.types[m_.types[t].base];
  }
  void checkTypes();
  void checkSpecOp(uint32_t i, const Constant& c);
  void checkFunction(const Function& f);
  void checkExpression(uint32_t i);
  bool exprRef(Handle<Expression> user, Handle<Expression> ref, const char* what);
  void use(Handle<Expression> e, Handle<Statement> s, const char* what);
  void checkBlock(Handle<Block> b);
  void checkStatement(Handle<Statement> s);
  Handle<Type> ty(Handle<Expression> e) const { return f_->expressions[e].type; }
};

void Validator::checkTypes() {
  for (uint32_t i = 0; i < m_.types.size(); ++i) {
    const Type& t = m_.types[Handle<Type>(i)];
    std::string name = "type t" + std::to_string(i);
    switch (t.kind) {
      case TypeKind::Scalar:
      case TypeKind::Vector:
      case TypeKind::Matrix:
        if (t.scalar.kind != ScalarKind::Bool && t.scalar.width != 16 && t.scalar.width != 32 && t.scalar.width != 64)
          error({}, name + ": bad scalar width " + std::to_string(t.scalar.width));
        if (t.kind == TypeKind::Vector && (t.size < 2 || t.size > 4)) error({}, name + ": vector size out of range");
        if (t.kind == TypeKind::Matrix &&
            (t.size < 2 || t.size > 4 || t.columns < 2 || t.columns > 4 || t.scalar.kind != ScalarKind::Float))
          error({}, name + ": bad matrix shape");
        break;
      case TypeKind::Array:
      case TypeKind::Pointer:
        // (A PhysicalStorage pointer may point to a struct made after it: a linked list.)
        if (!t.base.valid() ||
            (t.base.index >= i && !(t.kind == TypeKind::Pointer && t.space == AddressSpace::PhysicalStorage &&
                                    t.base.index < m_.types.size())))
          error({}, name + ": base type handle out of range");
        break;
      case TypeKind::Struct:
        for (const StructMember& mem : t.members)
          if (!mem.type.valid() || mem.type.index >= i)
            error({}, name + ": member '" + mem.name + "' type out of range");
        break;
      case TypeKind::SpirvType:
        for (const SpirvTypeOperand& o : t.spirvOperands)
          if (o.kind != SpirvTypeOperand::Kind::Literal && (!o.type.valid() || o.type.index >= i))
            error({}, name + ": inline SPIR-V type operand out of range");
        break;
      default: break;
    }
  }
}

bool Validator::exprRef(Handle<Expression> user, Handle<Expression> ref, const char* what) {
  if (!ref.valid() || ref.index >= user.index) {
    error(f_->exprRange(user), where() + ", expression %" + std::to_string(user.index) + ": " + what + " operand %" +
                                   (ref.valid() ? std::to_string(ref.index) : std::string("<none>")) +
                                   " does not precede it");
    return false;
  }
  return true;
}

void Validator::checkExpression(uint32_t i) {
  Handle<Expression> h(i);
  const Expression& e = f_->expressions[h];
  // Built only for a message: a compile that passes builds no string here.
  auto at = [&] { return where() + ", expression %" + std::to_string(i); };
  SourceRange r = f_->exprRange(h);
  if (!typeOk(e.type)) {
    error(r, at() + ": result type missing or out of range");
    return;
  }
  auto need = [&](Handle<Expression> x, const char* what) { return exprRef(h, x, what); };
  auto isPtr = [&](Handle<Expression> x) { return pointee(ty(x)) != nullptr; };
  switch (e.kind) {
    case ExprKind::Literal:
      if (types_.scalar(e.literal.scalar) != e.type) error(r, at() + ": literal type mismatch");
      break;
    case ExprKind::Constant:
      if (!m_.constants.contains(e.constant))
        error(r, at() + ": constant handle out of range");
      else if (m_.constants[e.constant].type != e.type)
        error(r, at() + ": constant type mismatch");
      break;
    case ExprKind::ZeroValue: break;
    case ExprKind::Compose:
      if (e.operands.first + e.operands.count > f_->operands.size()) {
        error(r, at() + ": compose operands out of range");
        break;
      }
      for (uint32_t k = 0; k < e.operands.count; ++k) need(f_->operands[e.operands.first + k], "compose");
      break;
    case ExprKind::Splat:
      if (need(e.a, "splat") &&
          (m_.types[e.type].kind != TypeKind::Vector || scalarOf(m_.types, ty(e.a)) != m_.types[e.type].scalar ||
           m_.types[ty(e.a)].kind != TypeKind::Scalar))
        error(r, at() + ": splat of a non-scalar or to a non-vector");
      break;
    case ExprKind::Swizzle:
      if (need(e.a, "swizzle")) {
        uint32_t n = componentCount(m_.types, ty(e.a));
        uint32_t rn = componentCount(m_.types, e.type);
        if (m_.types[ty(e.a)].kind != TypeKind::Vector) error(r, at() + ": swizzle of a non-vector");
        for (uint32_t k = 0; k < rn; ++k)
          if (swizzleComponent(e.index, k) >= n) error(r, at() + ": swizzle component out of range");
      }
      break;
    case ExprKind::Access:
    case ExprKind::AccessIndex: {
      if (!need(e.a, "access base")) break;
      if (e.kind == ExprKind::Access && need(e.b, "access index")) {
        auto s = scalarOf(m_.types, ty(e.b));
        if (!s || !s->isInteger() || m_.types[ty(e.b)].kind != TypeKind::Scalar)
          error(r, at() + ": access index is not an integer scalar");
      }
      if (e.nonUniform) {
        // Only an index into an array of resources can be marked non-uniform.
        const Expression& base = f_->expressions[e.a];
        const Type* bt = base.kind == ExprKind::GlobalVariable ? &m_.types[ty(e.a)] : nullptr;
        if (bt && bt->kind == TypeKind::Pointer) bt = pointee(ty(e.a));
        if (!bt || bt->kind != TypeKind::Array)
          error(r, at() + ": non-uniform access that is not into an array of resources");
      }
      Handle<Type> expect = accessResultType(types_, ty(e.a), e.index, e.kind == ExprKind::Access);
      if (!expect.valid())
        error(r, at() + ": invalid access into " + typeName(m_.types, ty(e.a)));
      else if (expect != e.type)
        error(r, at() + ": access result type mismatch");
      break;
    }
    case ExprKind::Load:
      if (need(e.a, "load")) {
        const Type* p = pointee(ty(e.a));
        if (!p)
          error(r, at() + ": load from a non-pointer");
        else if (p->kind == TypeKind::Atomic && e.type != types_.scalar(p->scalar))
          error(r, at() + ": an atomic load's result is not the atomic's scalar");  // passes/atomics.hpp
      }
      break;
    case ExprKind::LocalVariable:
      if (e.local >= f_->locals.size())
        error(r, at() + ": local variable out of range");
      else if (types_.pointer(f_->locals[e.local].type, AddressSpace::Function) != e.type)
        error(r, at() + ": local variable type mismatch");
      break;
    case ExprKind::GlobalVariable:
      if (!m_.globals.contains(e.global)) error(r, at() + ": global variable out of range");
      break;
    case ExprKind::FunctionArgument:
      if (e.index >= f_->arguments.size())
        error(r, at() + ": argument index out of range");
      else if (f_->arguments[e.index].type != e.type)
        error(r, at() + ": argument type mismatch");
      break;
    case ExprKind::Builtin:
      if (e.builtin == BuiltIn::None) error(r, at() + ": builtin value without a builtin");
      break;
    case ExprKind::Unary:
      if (need(e.a, "unary") && ty(e.a) != e.type) error(r, at() + ": unary operand type mismatch");
      break;
    case ExprKind::Binary: {
      if (!need(e.a, "binary") || !need(e.b, "binary")) break;
      if (isPtr(e.a) || isPtr(e.b)) {
        error(r, at() + ": binary operand is a pointer (missing load?)");
        break;
      }
      auto sa = scalarOf(m_.types, ty(e.a)), sb = scalarOf(m_.types, ty(e.b));
      BinaryOp op = BinaryOp(e.op);
      bool shift = op == BinaryOp::ShiftLeft || op == BinaryOp::ShiftRight;
      if (!sa || !sb || (!shift && sa->kind != sb->kind) || (!shift && sa->width != sb->width))
        error(r, at() + ": binary operands " + typeName(m_.types, ty(e.a)) + " and " + typeName(m_.types, ty(e.b)) +
                     " do not agree");
      else if (binaryResultType(types_, op, ty(e.a), ty(e.b)) != e.type)
        error(r, at() + ": binary result type mismatch");
      break;
    }
    case ExprKind::Select:
      if (need(e.a, "select condition") && need(e.b, "select accept") && need(e.c, "select reject")) {
        if (scalarOf(m_.types, ty(e.a)) != Scalar::boolean()) error(r, at() + ": select condition is not bool");
        if (ty(e.b) != ty(e.c) || ty(e.b) != e.type) error(r, at() + ": select branches disagree");
      }
      break;
    case ExprKind::Convert:
    case ExprKind::Bitcast:
      if (need(e.a, "conversion")) {
        // Pointers convert only in physical storage: from / to 64-bit integers, and
        // between pointer types (Bitcast).
        auto physical = [&](Handle<Type> t) {
          return m_.types.contains(t) && m_.types[t].kind == TypeKind::Pointer &&
                 m_.types[t].space == AddressSpace::PhysicalStorage;
        };
        auto int64 = [&](Handle<Type> t) {
          auto sc = scalarOf(m_.types, t);
          return m_.types.contains(t) && m_.types[t].kind == TypeKind::Scalar && sc && sc->isInteger() &&
                 sc->width == 64;
        };
        bool fromPtr = isPtr(e.a), toPtr = m_.types.contains(e.type) && m_.types[e.type].kind == TypeKind::Pointer;
        if (fromPtr || toPtr) {
          bool ok = (fromPtr ? physical(ty(e.a)) : int64(ty(e.a))) && (toPtr ? physical(e.type) : int64(e.type)) &&
                    (e.kind == ExprKind::Bitcast || fromPtr != toPtr);
          if (!ok) error(r, at() + ": conversion of a pointer");
        }
      }
      break;
    case ExprKind::Math:
      if (need(e.a, "math")) {
        for (auto o : {e.b, e.c, e.d})
          if (o.valid()) need(o, "math");
        MathFunction mf = MathFunction(e.op);
        // Component-wise operations take scalars and vectors; lowering splits matrices.
        bool matrixOp = mf == MathFunction::Transpose || mf == MathFunction::Determinant || mf == MathFunction::Inverse;
        for (auto o : {e.a, e.b, e.c, e.d})
          if (!matrixOp && o.valid() && f_->expressions.contains(o) && m_.types[ty(o)].kind == TypeKind::Matrix)
            error(r, at() + ": " + mathFunctionName(mf) + " of a matrix (split it per column)");
        if (mf == MathFunction::Inverse && f_->expressions.contains(e.a)) {
          const Type& mt = m_.types[ty(e.a)];
          if (mt.kind != TypeKind::Matrix || mt.columns != mt.size || mt.scalar.kind != ScalarKind::Float)
            error(r, at() + ": inverse of a value that is not a square float matrix");
        }
        if (mf == MathFunction::Modf || mf == MathFunction::Frexp) {
          // One operand, a float scalar or vector; the result is its two-member struct.
          Handle<Type> want =
              mf == MathFunction::Modf ? modfResultType(types_, ty(e.a)) : frexpResultType(types_, ty(e.a));
          if (e.b.valid() || e.c.valid() || e.d.valid())
            error(r, at() + ": " + mathFunctionName(mf) + " takes one operand");
          else if (!want.valid())
            error(r, at() + ": " + mathFunctionName(mf) + " of a non-float value");
          else if (e.type != want)
            error(r, at() + ": " + mathFunctionName(mf) + " must give its result struct");
        }
      }
      break;
    case ExprKind::Relational: need(e.a, "relational"); break;
    case ExprKind::ArrayLength:
      if (need(e.a, "array_length")) {
        const Type* p = pointee(ty(e.a));
        if (!p || p->kind != TypeKind::Array || p->arraySize != 0)
          error(r, at() + ": array_length of a non runtime-array pointer");
      }
      break;
    case ExprKind::ImageSample: {
      if (need(e.a, "image") && m_.types[ty(e.a)].kind != TypeKind::Image) error(r, at() + ": sample of a non-image");
      bool compare = sampleIsCompare(e.sample);
      if (need(e.b, "sampler")) {
        const Type& st = m_.types[ty(e.b)];
        // The sampler of a combined image sampler may serve either kind (a vk::SampledTexture
        // sampled both ways: SPIR-V samples its sampled image, MSL has one sampler type;
        // WGSL refuses it, OSH5001).
        const Expression& sx = f_->expressions.contains(e.b) ? f_->expressions[e.b] : e;
        bool combined = sx.kind == ExprKind::GlobalVariable && m_.globals.contains(sx.global) &&
                        m_.globals[sx.global].combinedImageSampler;
        if (st.kind != TypeKind::Sampler)
          error(r, at() + ": sample without a sampler");
        else if (st.comparisonSampler != compare && !combined)
          error(r, at() + ": a " + sampleKindName(e.sample) + " sample with a " +
                       (st.comparisonSampler ? "comparison" : "non-comparison") + " sampler");
      }
      need(e.c, "coordinate");
      bool level = e.sample == SampleKind::Level || e.sample == SampleKind::CompareLevel;
      if (e.d.valid() != level) error(r, at() + ": a level belongs to exactly the level sample kinds");
      if (e.d.valid()) need(e.d, "level");
      bool bias = e.sample == SampleKind::Bias || e.sample == SampleKind::CompareBias;
      if (e.bias.valid() != bias) error(r, at() + ": a bias belongs to exactly the bias sample kinds");
      if (e.bias.valid()) need(e.bias, "bias");
      if (e.minLod.valid()) {
        need(e.minLod, "minimum level of detail");
        if (level || e.sample == SampleKind::CompareLevelZero || sampleIsGather(e.sample))
          error(r, at() + ": a minimum level of detail on an explicit-level sample or a gather");
      }
      if (!sampleIsGather(e.sample) && e.index != 0) error(r, at() + ": a component on a sample that is not a gather");
      if (e.sample == SampleKind::Gather && e.index > 3) error(r, at() + ": gather component out of range");
      if (e.dynOffset.valid()) {
        need(e.dynOffset, "offset");
        if (!sampleIsGather(e.sample) || e.offset.valid())
          error(r, at() + ": a non-constant offset on a sample that is not a gather, or two offsets");
      }
      bool grad = e.sample == SampleKind::Grad || e.sample == SampleKind::CompareGrad;
      if (e.gradX.valid() != grad || e.gradY.valid() != grad)
        error(r, at() + ": gradients belong to exactly the grad sample kind");
      if (e.gradX.valid()) need(e.gradX, "gradient");
      if (e.gradY.valid()) need(e.gradY, "gradient");
      if (e.depthRef.valid() != compare)
        error(r, at() + ": a depth reference belongs to exactly the compare sample kinds");
      if (e.depthRef.valid()) need(e.depthRef, "depth reference");
      if (e.offset.valid()) {
        Handle<Type> ot = m_.constants.contains(e.offset) ? m_.constants[e.offset].type : Handle<Type>{};
        // Gathers: four offsets are an array of four int2 (ConstOffsets).
        if (ot.valid() && sampleIsGather(e.sample) && m_.types[ot].kind == TypeKind::Array) {
          if (m_.types[ot].arraySize != 4) error(r, at() + ": a gather takes exactly four offsets");
          ot = m_.types[ot].base;
        }
        if (!m_.constants.contains(e.offset))
          error(r, at() + ": sample offset is not a constant");
        else if (auto s = scalarOf(m_.types, ot); !s || !s->isInteger())
          error(r, at() + ": sample offset is not an integer constant");
        else if (m_.types.contains(ty(e.a)) && m_.types[ty(e.a)].image.dim == ImageDim::Cube)
          error(r, at() + ": sample offset on a cube image");
      }
      break;
    }
    case ExprKind::ImageLoad:
      if (need(e.a, "image") && m_.types[ty(e.a)].kind != TypeKind::Image) error(r, at() + ": load from a non-image");
      if (need(e.b, "coordinate")) {
        auto s = scalarOf(m_.types, ty(e.b));
        if (!s || !s->isInteger()) error(r, at() + ": image load coordinate is not integer");
      }
      if (e.c.valid()) need(e.c, "level or sample");
      if (e.offset.valid() && !m_.constants.contains(e.offset)) error(r, at() + ": load offset is not a constant");
      break;
    case ExprKind::ImageQueryLod:
      if (need(e.a, "image") && m_.types[ty(e.a)].kind != TypeKind::Image)
        error(r, at() + ": lod query of a non-image");
      if (need(e.b, "sampler") && m_.types[ty(e.b)].kind != TypeKind::Sampler)
        error(r, at() + ": lod query without a sampler");
      need(e.c, "coordinate");
      break;
    case ExprKind::ImageSparseResident:
      if (need(e.a, "residency code") &&
          (m_.types[ty(e.a)].kind != TypeKind::Scalar || m_.types[ty(e.a)].scalar != Scalar::u32()))
        error(r, at() + ": a residency code that is not a u32");
      break;
    case ExprKind::ImageQuerySize:
    case ExprKind::ImageQueryLevels:
    case ExprKind::ImageQuerySamples:
      if (need(e.a, "image") && m_.types[ty(e.a)].kind != TypeKind::Image) error(r, at() + ": query of a non-image");
      if (e.kind == ExprKind::ImageQuerySize && e.b.valid()) need(e.b, "level");
      break;
    case ExprKind::CallResult:
      if (!m_.functions.contains(e.function)) error(r, at() + ": call result of an unknown function");
      break;
    case ExprKind::AtomicResult:
    case ExprKind::SubgroupResult:
    case ExprKind::SpirvInstResult: break;
  }
}

void Validator::use(Handle<Expression> e, Handle<Statement> s, const char* what) {
  auto at = [&] { return where() + ", statement #" + std::to_string(s.index); };
  if (!f_->expressions.contains(e)) {
    error(f_->stmtRange(s), at() + ": " + what + " expression out of range");
    return;
  }
  if (needsEmit(f_->expressions[e].kind) && !emitted_[e.index])
    error(f_->stmtRange(s),
          at() + ": " + what + " uses expression %" + std::to_string(e.index) + " before it is emitted");
  else if (!needsEmit(f_->expressions[e].kind)) {
    ExprKind k = f_->expressions[e].kind;
    if ((k == ExprKind::CallResult || k == ExprKind::AtomicResult || k == ExprKind::SubgroupResult ||
         k == ExprKind::SpirvInstResult) &&
        !emitted_[e.index])
      error(f_->stmtRange(s),
            at() + ": " + what + " uses result %" + std::to_string(e.index) + " before its statement");
  }
}

void Validator::checkBlock(Handle<Block> b) {
  if (!f_->blocks.contains(b)) {
    error(f_->range, where() + ": block handle out of range");
    return;
  }
  size_t mark = emitLog_.size();
  for (Handle<Statement> s : f_->blocks[b].stmts) checkStatement(s);
  // Expressions emitted in this block are not visible after it.
  while (emitLog_.size() > mark) {
    emitted_[emitLog_.back()] = 0;
    emitLog_.pop_back();
  }
}

void Validator::checkStatement(Handle<Statement> hs) {
  if (!f_->statements.contains(hs)) {
    error(f_->range, where() + ": statement handle out of range");
    return;
  }
  const Statement& s = f_->statements[hs];
  auto at = [&] { return where() + ", statement #" + std::to_string(hs.index); };
  SourceRange r = f_->stmtRange(hs);
  auto makeVisible = [&](Handle<Expression> e) {
    if (f_->expressions.contains(e) && !emitted_[e.index]) {
      emitted_[e.index] = 1;
      emitLog_.push_back(e.index);
    }
  };
  auto checkOperands = [&](Handle<Expression> e) {
    // The operands of an emitted expression must be visible at its evaluation point.
    const Expression& x = f_->expressions[e];
    auto chk = [&](Handle<Expression> o) {
      if (o.valid() && f_->expressions.contains(o)) use(o, hs, "emit");
    };
    chk(x.a);
    chk(x.b);
    chk(x.c);
    chk(x.d);
    if (x.kind == ExprKind::Compose && x.operands.first + x.operands.count <= f_->operands.size())
      for (uint32_t k = 0; k < x.operands.count; ++k) chk(f_->operands[x.operands.first + k]);
  };
  switch (s.kind) {
    case StmtKind::Emit:
      if (s.range.first + s.range.count > f_->expressions.size()) {
        error(r, at() + ": emit range out of bounds");
        break;
      }
      for (uint32_t k = 0; k < s.range.count; ++k) {
        Handle<Expression> e(s.range.first + k);
        if (!needsEmit(f_->expressions[e].kind)) continue;
        if (emitted_[e.index]) {
          error(r, at() + ": expression %" + std::to_string(e.index) + " emitted twice");
          continue;
        }
        checkOperands(e);
        makeVisible(e);
      }
      break;
    case StmtKind::Block: checkBlock(s.block0); break;
    case StmtKind::If:
      use(s.a, hs, "if condition");
      if (f_->expressions.contains(s.a) &&
          !(scalarOf(m_.types, ty(s.a)) == Scalar::boolean() && m_.types[ty(s.a)].kind == TypeKind::Scalar))
        error(r, at() + ": if condition is not a bool scalar");
      checkBlock(s.block0);
      if (s.block1.valid()) checkBlock(s.block1);
      break;
    case StmtKind::Switch: {
      use(s.a, hs, "switch selector");
      if (f_->expressions.contains(s.a)) {
        auto sc = scalarOf(m_.types, ty(s.a));
        if (!sc || !sc->isInteger() || m_.types[ty(s.a)].kind != TypeKind::Scalar)
          error(r, at() + ": switch selector is not an integer scalar");
      }
      if (s.range.first + s.range.count > f_->cases.size()) {
        error(r, at() + ": switch cases out of range");
        break;
      }
      int defaults = 0;
      std::unordered_set<int64_t> seen;
      ++breakableDepth_;
      for (uint32_t k = 0; k < s.range.count; ++k) {
        const SwitchCase& c = f_->cases[s.range.first + k];
        if (c.isDefault)
          ++defaults;
        else if (!seen.insert(c.value).second)
          error(r, at() + ": duplicate case value " + std::to_string(c.value));
        if (c.fallThrough && k + 1 == s.range.count) error(r, at() + ": last case falls through");
        checkBlock(c.body);
      }
      --breakableDepth_;
      if (defaults > 1) error(r, at() + ": more than one default case");
      break;
    }
    case StmtKind::Loop: {
      ++loopDepth_;
      ++breakableDepth_;
      // The continuing block and break_if see what the body emitted (like naga).
      size_t mark = emitLog_.size();
      if (f_->blocks.contains(s.block0))
        for (Handle<Statement> c : f_->blocks[s.block0].stmts) checkStatement(c);
      else
        error(r, at() + ": loop body out of range");
      bool wasCont = inContinuing_;
      inContinuing_ = true;
      int savedBreakable = breakableDepth_;
      breakableDepth_ = 0;  // no break out of a continuing block
      if (s.block1.valid() && f_->blocks.contains(s.block1))
        for (Handle<Statement> c : f_->blocks[s.block1].stmts) checkStatement(c);
      breakableDepth_ = savedBreakable;
      inContinuing_ = wasCont;
      if (s.a.valid()) {
        use(s.a, hs, "break_if");
        if (f_->expressions.contains(s.a) && scalarOf(m_.types, ty(s.a)) != Scalar::boolean())
          error(r, at() + ": break_if is not bool");
      }
      while (emitLog_.size() > mark) {
        emitted_[emitLog_.back()] = 0;
        emitLog_.pop_back();
      }
      --breakableDepth_;
      --loopDepth_;
      break;
    }
    case StmtKind::Break:
      if (breakableDepth_ == 0) error(r, at() + ": break outside a loop or switch");
      break;
    case StmtKind::Continue:
      if (loopDepth_ == 0 || inContinuing_) error(r, at() + ": continue outside a loop body");
      break;
    case StmtKind::Return:
      if (inContinuing_) error(r, at() + ": return inside a continuing block");
      if (s.a.valid()) {
        use(s.a, hs, "return value");
        if (!f_->result)
          error(r, at() + ": return with a value from a void function");
        else if (f_->expressions.contains(s.a) && ty(s.a) != f_->result->type)
          error(r, at() + ": return value type does not match the function result");
      } else if (f_->result) {
        error(r, at() + ": return without a value from a non-void function");
      }
      break;
    case StmtKind::Kill: break;
    case StmtKind::SpirvInst: {
      if (s.index >= f_->spirvInsts.size()) {
        error(r, at() + ": inline SPIR-V instruction index out of range");
        break;
      }
      const SpirvInstruction& in = f_->spirvInsts[s.index];
      for (const SpirvOperand& o : in.operands)
        if (o.kind == SpirvOperand::Kind::Id)
          use(o.value, hs, "inline SPIR-V operand");
        else if (o.kind == SpirvOperand::Kind::TypeId && !typeOk(o.type))
          error(r, at() + ": inline SPIR-V type operand out of range");
      if (in.resultType.valid() && !typeOk(in.resultType)) error(r, at() + ": inline SPIR-V result type out of range");
      if (s.result.valid()) {
        if (!f_->expressions.contains(s.result) || f_->expressions[s.result].kind != ExprKind::SpirvInstResult)
          error(r, at() + ": inline SPIR-V result is not a SpirvInstResult");
        else
          makeVisible(s.result);
      }
      break;
    }
    case StmtKind::ImageStore: {
      use(s.a, hs, "image");
      use(s.b, hs, "image coordinate");
      use(s.c, hs, "texel");
      if (!f_->expressions.contains(s.a) || !f_->expressions.contains(s.b) || !f_->expressions.contains(s.c)) break;
      const Type& it = m_.types[ty(s.a)];
      if (it.kind != TypeKind::Image || it.image.cls != ImageClass::Storage) {
        error(r, at() + ": image store to a non-storage image");
        break;
      }
      auto cs = scalarOf(m_.types, ty(s.b));
      if (!cs || !cs->isInteger()) error(r, at() + ": image store coordinate is not integer");
      auto vs = scalarOf(m_.types, ty(s.c));
      if (!vs || *vs != it.image.sampled || componentCount(m_.types, ty(s.c)) != 4)
        error(r, at() + ": image store texel is not a vector of 4 of the image's sampled type");
      break;
    }
    case StmtKind::Store: {
      use(s.a, hs, "store pointer");
      use(s.b, hs, "store value");
      if (!f_->expressions.contains(s.a) || !f_->expressions.contains(s.b)) break;
      const Type* p = pointee(ty(s.a));
      if (!p)
        error(r, at() + ": store to a non-pointer");
      else if (p->kind == TypeKind::Atomic ? ty(s.b) != types_.scalar(p->scalar) : m_.types[ty(s.a)].base != ty(s.b))
        error(r, at() + ": stored value type does not match the pointee");  // an atomic store stores its scalar
      break;
    }
    case StmtKind::Debug: {
      if (DebugOp(s.op) != DebugOp::Printf) break;
      if (s.index >= f_->strings.size() || s.range.first + s.range.count > f_->operands.size()) {
        error(r, at() + ": debug_printf without its format or arguments");
        break;
      }
      for (uint32_t k = 0; k < s.range.count; ++k) {
        Handle<Expression> a = f_->operands[s.range.first + k];
        use(a, hs, "printf argument");
        if (f_->expressions.contains(a)) {
          TypeKind tk = m_.types[ty(a)].kind;
          if (tk != TypeKind::Scalar && tk != TypeKind::Vector)
            error(r, at() + ": printf argument is not a scalar or vector");
        }
      }
      break;
    }
    case StmtKind::Call: {
      if (!m_.functions.contains(s.function)) {
        error(r, at() + ": call of an unknown function");
        break;
      }
      const Function& callee = m_.functions[s.function];
      if (s.range.count != callee.arguments.size() || s.range.first + s.range.count > f_->operands.size()) {
        error(r, at() + ": call of '" + callee.name + "' with the wrong number of arguments");
        break;
      }
      for (uint32_t k = 0; k < s.range.count; ++k) {
        Handle<Expression> a = f_->operands[s.range.first + k];
        use(a, hs, "call argument");
        if (f_->expressions.contains(a) && ty(a) != callee.arguments[k].type)
          error(r, at() + ": argument " + std::to_string(k) + " of '" + callee.name + "' has the wrong type");
      }
      if (s.result.valid()) makeVisible(s.result);
      break;
    }
    case StmtKind::Atomic: {
      use(s.a, hs, "atomic pointer");
      use(s.b, hs, "atomic value");
      if (AtomicOp(s.op) == AtomicOp::CompareExchange) use(s.c, hs, "atomic comparand");
      if (f_->expressions.contains(s.a)) {
        const Type* p = pointee(ty(s.a));
        if (!p)
          error(r, at() + ": atomic on a non-pointer");
        else {
          Handle<Type> pt = m_.types[ty(s.a)].base;
          auto sc = scalarOf(m_.types, pt);
          if (!sc || !sc->isInteger() || (p->kind != TypeKind::Scalar && p->kind != TypeKind::Atomic))
            error(r, at() + ": atomic on a non-integer location");
          AddressSpace sp = m_.types[ty(s.a)].space;
          if (sp != AddressSpace::Storage && sp != AddressSpace::WorkGroup && sp != AddressSpace::PhysicalStorage)
            error(r, at() + ": atomic on memory that is neither a buffer nor groupshared");
        }
      }
      if (s.result.valid()) makeVisible(s.result);
      break;
    }
    case StmtKind::Barrier: break;
    case StmtKind::Subgroup: {
      SubgroupOp op = SubgroupOp(s.op);
      bool needsArg = op != SubgroupOp::Elect && op != SubgroupOp::Ballot;
      if (needsArg || s.a.valid()) use(s.a, hs, "subgroup argument");
      if (s.a.valid() && f_->expressions.contains(s.a)) {
        // Subgroup instructions take scalars and vectors; lowering splits matrices and arrays.
        TypeKind k = m_.types[ty(s.a)].kind;
        if (k != TypeKind::Scalar && k != TypeKind::Vector)
          error(r, at() + ": subgroup " + subgroupOpName(op) + " of a value that is not a scalar or vector");
        if (op == SubgroupOp::AllEqual && k != TypeKind::Scalar)
          error(r, at() + ": subgroup all_equal of a vector (split it per component)");
      }
      bool needsLane = op == SubgroupOp::Broadcast || op == SubgroupOp::Shuffle || op == SubgroupOp::ShuffleXor ||
                       op == SubgroupOp::ShuffleUp || op == SubgroupOp::ShuffleDown || op == SubgroupOp::QuadBroadcast;
      if (needsLane) use(s.b, hs, "subgroup lane");
      bool partitioned = op >= SubgroupOp::PartitionedAdd && op <= SubgroupOp::PartitionedXor;
      if (partitioned) {
        use(s.b, hs, "subgroup partition mask");
        if (s.collective != CollectiveOp::ExclusiveScan)
          error(r, at() + ": subgroup " + subgroupOpName(op) + " is an exclusive scan");
      }
      bool arith = op >= SubgroupOp::Add && op <= SubgroupOp::Xor;
      if ((arith || op == SubgroupOp::BallotBitCount) && s.collective == CollectiveOp::None)
        error(r, at() + ": subgroup " + subgroupOpName(op) + " needs a collective operation");
      if (!s.result.valid() || !f_->expressions.contains(s.result) ||
          f_->expressions[s.result].kind != ExprKind::SubgroupResult)
        error(r, at() + ": subgroup statement without a result expression");
      else
        makeVisible(s.result);
      break;
    }
  }
}

void Validator::checkFunction(const Function& f) {
  f_ = &f;
  for (const FunctionArgument& a : f.arguments)
    if (!typeOk(a.type)) error(f.range, where() + ": argument '" + a.name + "' has no valid type");
  if (f.result && !typeOk(f.result->type)) error(f.range, where() + ": result type out of range");
  for (const LocalVariable& l : f.locals)
    if (!typeOk(l.type)) error(f.range, where() + ": local '" + l.name + "' has no valid type");
  for (uint32_t i = 0; i < f.expressions.size(); ++i) checkExpression(i);
  emitted_.assign(f.expressions.size(), 0);
  emitLog_.clear();
  loopDepth_ = breakableDepth_ = 0;
  inContinuing_ = false;
  checkBlock(f.body);
  f_ = nullptr;
}

// A SpecOp constant (ir.hpp): 32-bit integer or bool scalars, operands by kind.
void Validator::checkSpecOp(uint32_t i, const Constant& c) {
  auto at = [&] { return "constant c" + std::to_string(i) + ": "; };
  auto scalar32 = [&](Handle<Type> t) {
    return typeOk(t) && m_.types[t].kind == TypeKind::Scalar && m_.types[t].scalar.width == 32 &&
           m_.types[t].scalar.kind != ScalarKind::Float;
  };
  auto operand = [&](uint32_t k) { return m_.constants[m_.constantComponents[c.components.first + k]].type; };
  if (!scalar32(c.type)) return error({}, at() + "a spec operation must have a 32-bit integer or bool scalar type");
  for (uint32_t k = 0; k < c.components.count; ++k)
    if (!scalar32(operand(k)))
      return error({}, at() + "spec operation operands must be 32-bit integer or bool scalars");
  static constexpr uint32_t kArity[] = {1, 2, 3, 1};
  if (c.components.count != kArity[uint32_t(c.specOp)])
    return error({}, at() + "wrong operand count for its spec operation");
  Handle<Type> boolT = TypeQuery(m_.types).scalar(Scalar::boolean());
  switch (c.specOp) {
    case SpecOpKind::Unary:
      if (operand(0) != c.type) error({}, at() + "unary spec operation changes the type");
      break;
    case SpecOpKind::Binary: {
      auto op = BinaryOp(c.op);
      bool shift = op == BinaryOp::ShiftLeft || op == BinaryOp::ShiftRight;
      if (shift ? operand(0) != c.type || m_.types[operand(1)].scalar.kind == ScalarKind::Bool
                : operand(0) != operand(1))
        error({}, at() + "binary spec operation operands do not match");
      else if (!shift && (isComparison(op) ? c.type != boolT : c.type != operand(0)))
        error({}, at() + "binary spec operation result type does not follow its operands");
      break;
    }
    case SpecOpKind::Select:
      if (operand(0) != boolT || operand(1) != c.type || operand(2) != c.type)
        error({}, at() + "select spec operation needs a bool condition and operands of its type");
      break;
    case SpecOpKind::Convert: break;
  }
}

bool Validator::run() {
  checkTypes();
  for (uint32_t i = 0; i < m_.constants.size(); ++i) {
    const Constant& c = m_.constants[Handle<Constant>(i)];
    if (!typeOk(c.type)) error({}, "constant c" + std::to_string(i) + ": type out of range");
    if (c.kind == Constant::Kind::Composite || c.kind == Constant::Kind::SpecOp) {
      if (c.components.first + c.components.count > m_.constantComponents.size()) {
        error({}, "constant c" + std::to_string(i) + ": components out of range");
        continue;
      }
      bool ordered = true;
      for (uint32_t k = 0; k < c.components.count; ++k)
        if (m_.constantComponents[c.components.first + k].index >= i) {
          error({}, "constant c" + std::to_string(i) + ": component does not precede it");
          ordered = false;
        }
      if (c.kind == Constant::Kind::SpecOp && ordered && typeOk(c.type)) checkSpecOp(i, c);
    }
  }
  for (uint32_t i = 0; i < m_.globals.size(); ++i) {
    const GlobalVariable& g = m_.globals[Handle<GlobalVariable>(i)];
    if (!typeOk(g.type)) {
      error(g.range, "global '" + g.name + "': type out of range");
      continue;
    }
    bool block =
        g.space == AddressSpace::Uniform || g.space == AddressSpace::Storage || g.space == AddressSpace::PushConstant;
    // An array of resources (ir.hpp, ARRAYS OF RESOURCES): a sized array of what one would have.
    Handle<Type> one = g.type;
    if (m_.types[g.type].kind == TypeKind::Array && (block || g.space == AddressSpace::Handle)) {
      if (m_.types[g.type].stride != 0 || g.space == AddressSpace::PushConstant)
        error(g.range,
              "global '" + g.name + "': an array of resources must be without a stride, and not a push constant");
      one = m_.types[g.type].base;
    }
    if (block && m_.types[one].kind != TypeKind::Struct)
      error(g.range, "global '" + g.name + "': buffer globals must have a struct (block) type");
    if (g.space == AddressSpace::Handle && m_.types[one].kind != TypeKind::Image &&
        m_.types[one].kind != TypeKind::Sampler && m_.types[one].kind != TypeKind::AccelerationStructure)
      error(g.range, "global '" + g.name +
                         "': handle globals must be images, samplers or acceleration structures (or an array of them)");
    if (m_.types[one].kind == TypeKind::AccelerationStructure && g.space != AddressSpace::Handle)
      error(g.range, "global '" + g.name + "': an acceleration structure must be a handle global");
    if ((g.space == AddressSpace::Uniform || g.space == AddressSpace::Storage || g.space == AddressSpace::Handle) &&
        !g.binding)
      error(g.range, "global '" + g.name + "': resource without a binding");
    if (g.combinedImageSampler) {
      // [[vk::combinedImageSampler]] (ir.hpp): a single sampled image or sampler; the partner,
      // when in the module, is the other kind, on the same binding, pointing back.
      const Type& t = m_.types[g.type];
      if (g.space != AddressSpace::Handle ||
          (t.kind != TypeKind::Sampler &&
           (t.kind != TypeKind::Image || t.image.cls == ImageClass::Storage || t.image.dim == ImageDim::Buffer)))
        error(g.range, "global '" + g.name + "': a combined image sampler half must be a sampled image or a sampler");
      if (g.combined.valid()) {
        if (!m_.globals.contains(g.combined)) {
          error(g.range, "global '" + g.name + "': combined partner out of range");
        } else {
          const GlobalVariable& p = m_.globals[g.combined];
          if (!p.combinedImageSampler || p.combined != Handle<GlobalVariable>(i) || p.binding != g.binding ||
              !m_.types.contains(p.type) ||
              (m_.types[p.type].kind == TypeKind::Sampler) == (t.kind == TypeKind::Sampler))
            error(g.range, "global '" + g.name + "': its combined partner '" + p.name +
                               "' is not the other half on the same binding");
        }
      }
    } else if (g.combined.valid()) {
      error(g.range, "global '" + g.name + "': a combined partner without the combinedImageSampler flag");
    }
  }
  for (uint32_t i = 0; i < m_.functions.size(); ++i) checkFunction(m_.functions[Handle<Function>(i)]);
  for (const EntryPoint& ep : m_.entryPoints) {
    if (!m_.functions.contains(ep.function)) {
      error(ep.range, "entry point '" + ep.name + "': function out of range");
      continue;
    }
    if (ep.stage == Stage::Compute &&
        (ep.workgroupSize[0] == 0 || ep.workgroupSize[1] == 0 || ep.workgroupSize[2] == 0))
      error(ep.range, "entry point '" + ep.name + "': workgroup size must be non-zero");
    for (Handle<Constant> w : ep.workgroupSizeSpec) {
      if (!w.valid()) continue;
      if (!m_.constants.contains(w) || m_.constants[w].type != TypeQuery(m_.types).scalar(Scalar::u32()) ||
          !workgroupSpecId(m_, w))
        error(
            ep.range,
            "entry point '" + ep.name +
                "': a specialised workgroup dimension must be a u32 specialization constant (or a conversion of one)");
    }
    const Function& f = m_.functions[ep.function];
    for (const FunctionArgument& a : f.arguments)
      if (a.binding.kind == Binding::Kind::None && typeOk(a.type) && m_.types[a.type].kind != TypeKind::Struct)
        error(ep.range, "entry point '" + ep.name + "': argument '" + a.name + "' has no binding");
  }
  return ok_;
}

}  // namespace

bool validate(const Module& m, DiagEngine& diags) { return Validator(m, diags).run(); }

}  // namespace oneshader::ir
