// Passes for readable text output (passes/readable.hpp).
#include "passes/readable.hpp"

#include <climits>

#include "ir/util.hpp"
#include "passes/rewrite.hpp"

namespace oneshader::passes {

using namespace ir;

namespace {

// ---------------------------------------------------------------- forwardParameters

// Per expression: the local a pointer expression is rooted at (LocalVariable, then member
// and index accesses), -1 for anything else. Operands come before their users in the arena
// (the builder appends an expression after its operands); a function where they do not is
// left alone (`ok` false).
std::vector<int32_t> localRoots(const Function& f, bool& ok) {
  std::vector<int32_t> root(f.expressions.size(), -1);
  ok = true;
  for (uint32_t i = 0; i < f.expressions.size(); ++i) {
    const Expression& x = f.expressions.raw()[i];
    if (x.kind == ExprKind::LocalVariable)
      root[i] = int32_t(x.local);
    else if ((x.kind == ExprKind::Access || x.kind == ExprKind::AccessIndex) && x.a.valid()) {
      if (x.a.index >= i)
        ok = false;
      else
        root[i] = root[x.a.index];
    }
  }
  return root;
}

class ForwardParameters : public Rewriter {
 public:
  ForwardParameters(Module& m, Handle<Function> f, std::vector<int32_t> root, std::vector<Handle<Expression>> argOf,
                    std::vector<uint8_t> drop)
      : Rewriter(m, f), root_(std::move(root)), argOf_(std::move(argOf)), drop_(std::move(drop)) {}

 protected:
  bool forwarded(Handle<Expression> h) const {
    int32_t r = root_[h.index];
    return r >= 0 && argOf_[uint32_t(r)].valid();
  }
  Handle<Expression> expression(Handle<Expression> old) override {
    const Expression& x = source().expr(old);
    if (x.kind != ExprKind::Load) {
      if (forwarded(old)) return {};  // a pointer into the local: only its loads are rebuilt
      return Rewriter::expression(old);
    }
    if (!forwarded(x.a)) return Rewriter::expression(old);
    // The same accesses on the argument's value.
    std::vector<Handle<Expression>> steps;
    Handle<Expression> p = x.a;
    for (; source().expr(p).kind != ExprKind::LocalVariable; p = source().expr(p).a) steps.push_back(p);
    Handle<Expression> v = map(argOf_[source().expr(p).local]);
    b().setRange(source().exprRange(old));
    for (size_t k = steps.size(); k-- > 0;) {
      const Expression& s = source().expr(steps[k]);
      v = s.kind == ExprKind::AccessIndex ? b().accessIndex(v, s.index) : b().access(v, map(s.b));
    }
    return v;
  }
  void statement(Handle<Statement> old) override {
    if (!drop_[old.index]) Rewriter::statement(old);
  }

 private:
  std::vector<int32_t> root_;
  std::vector<Handle<Expression>> argOf_;  // per local: the old FunctionArgument it forwards, or invalid
  std::vector<uint8_t> drop_;              // per old statement: the parameter copy
};

// The locals of `f` that forwardParameters replaces (per local: the old FunctionArgument
// expression, or invalid) and the copies it removes. Linear in the function.
bool findForwards(const Module& m, const Function& f, std::vector<int32_t>& root,
                  std::vector<Handle<Expression>>& argOf, std::vector<uint8_t>& drop) {
  if (f.locals.empty() || !f.body.valid()) return false;
  bool ok = true;
  root = localRoots(f, ok);
  if (!ok) return false;
  const uint32_t n = uint32_t(f.locals.size());
  std::vector<uint8_t> bad(n, 0);
  std::vector<uint32_t> copies(n, 0);
  std::vector<Handle<Statement>> copyStmt(n);
  argOf.assign(n, {});
  for (uint32_t l = 0; l < n; ++l) bad[l] = f.locals[l].init.valid() || !f.locals[l].spirvDecorations.empty();
  auto badIf = [&](Handle<Expression> h) {
    if (h.valid() && h.index < root.size() && root[h.index] >= 0) bad[uint32_t(root[h.index])] = 1;
  };
  // Expression uses: loads and accesses read the local; a dynamic index into anything but
  // a vector would be a dynamic index of an array value (WGSL allows constant ones only).
  for (uint32_t i = 0; i < f.expressions.size(); ++i) {
    Expression x = f.expressions.raw()[i];
    if (x.kind == ExprKind::Load) continue;
    if (x.kind == ExprKind::AccessIndex) continue;
    if (x.kind == ExprKind::Access && x.a.valid() && root[x.a.index] >= 0) {
      const Type& pt = m.types[f.expressions[x.a].type];
      if (pt.kind != TypeKind::Pointer || m.types[pt.base].kind != TypeKind::Vector) badIf(x.a);
      badIf(x.b);
      continue;
    }
    forEachOperand(x, badIf);
    if (x.kind == ExprKind::Compose)
      for (uint32_t k = 0; k < x.operands.count; ++k) badIf(f.operands[x.operands.first + k]);
  }
  // Statement uses: the one parameter copy, nothing else.
  for (uint32_t si = 0; si < f.statements.size(); ++si) {
    const Statement& s = f.statements.raw()[si];
    if (s.kind == StmtKind::Emit) continue;
    if (s.kind == StmtKind::Store && s.a.valid() && root[s.a.index] >= 0) {
      uint32_t l = uint32_t(root[s.a.index]);
      const Expression& v = f.expressions[s.b];
      if (f.expressions[s.a].kind == ExprKind::LocalVariable && v.kind == ExprKind::FunctionArgument &&
          v.type == f.locals[l].type && m.types[v.type].kind != TypeKind::Pointer) {
        ++copies[l];
        copyStmt[l] = Handle<Statement>(si);
        argOf[l] = s.b;
      } else {
        bad[l] = 1;
      }
      badIf(s.b);
      continue;
    }
    badIf(s.a), badIf(s.b), badIf(s.c);
    if (s.kind == StmtKind::Call || s.kind == StmtKind::Debug)
      for (uint32_t k = 0; k < s.range.count; ++k) badIf(f.operands[s.range.first + k]);
    if (s.kind == StmtKind::SpirvInst && s.index < f.spirvInsts.size())
      for (const SpirvOperand& o : f.spirvInsts[s.index].operands) badIf(o.value);
  }
  // The copy must come first: in the function's top-level block, after nothing but
  // evaluations that do not read the local.
  std::vector<uint8_t> placed(n, 0);
  for (Handle<Statement> h : f.block(f.body).stmts) {
    const Statement& s = f.stmt(h);
    if (s.kind == StmtKind::Emit) {
      for (uint32_t i = s.range.first; i < s.range.first + s.range.count && i < f.expressions.size(); ++i) {
        const Expression& x = f.expressions.raw()[i];
        if (x.kind == ExprKind::Load && root[x.a.index] >= 0 && !placed[uint32_t(root[x.a.index])])
          bad[uint32_t(root[x.a.index])] = 1;
      }
      continue;
    }
    if (s.kind == StmtKind::Store && s.a.valid() && root[s.a.index] >= 0 && copyStmt[uint32_t(root[s.a.index])] == h) {
      placed[uint32_t(root[s.a.index])] = 1;
      continue;
    }
    break;
  }
  drop.assign(f.statements.size(), 0);
  bool any = false;
  for (uint32_t l = 0; l < n; ++l) {
    if (bad[l] || copies[l] != 1 || !placed[l]) {
      argOf[l] = {};
      continue;
    }
    drop[copyStmt[l].index] = 1;
    any = true;
  }
  return any;
}

// ---------------------------------------------------------------- foldConstants

bool foldableScalar(const Module& m, Handle<Type> t) {
  const Type& ty = m.types[t];
  return ty.kind == TypeKind::Scalar &&
         (ty.scalar.kind == ScalarKind::Bool || (ty.scalar.isInteger() && ty.scalar.width == 32));
}

// The literal `x` folds to, given its operands' literals; nullopt when it does not fold.
std::optional<Literal> fold(const Module& m, const Expression& x, const Literal* a, const Literal* b) {
  if (!foldableScalar(m, x.type)) return std::nullopt;
  const Scalar rs = m.types[x.type].scalar;
  auto make = [&](uint64_t bits) {
    if (rs.kind == ScalarKind::Bool) return Literal::boolean(bits != 0);
    if (rs.kind == ScalarKind::Sint) return Literal::i32(int32_t(uint32_t(bits)));
    return Literal::u32(uint32_t(bits));
  };
  auto bits = [](const Literal& l) -> uint32_t {
    if (l.scalar.kind == ScalarKind::Bool) return l.b ? 1u : 0u;
    return l.scalar.kind == ScalarKind::Sint ? uint32_t(int32_t(l.i)) : uint32_t(l.u);
  };
  auto okOperand = [](const Literal& l) {
    return l.scalar.kind == ScalarKind::Bool || (l.scalar.isInteger() && l.scalar.width == 32);
  };
  if (!a || !okOperand(*a) || (b && !okOperand(*b))) return std::nullopt;
  const uint32_t ua = bits(*a), ub = b ? bits(*b) : 0;
  const bool sg = a->scalar.kind == ScalarKind::Sint;
  const int32_t sa = int32_t(ua), sb = int32_t(ub);
  switch (x.kind) {
    case ExprKind::Unary:
      switch (UnaryOp(x.op)) {
        case UnaryOp::Negate: return make(uint32_t(0u - ua));
        case UnaryOp::LogicalNot: return make(ua ? 0 : 1);
        case UnaryOp::BitwiseNot: return make(a->scalar.kind == ScalarKind::Bool ? (ua ? 0 : 1) : ~ua);
      }
      return std::nullopt;
    case ExprKind::Convert:
      // 32-bit integers to each other keep the bits; to bool: != 0; bool: 0 or 1.
      if (rs.kind == ScalarKind::Bool) return make(ua != 0);
      return make(ua);
    case ExprKind::Binary: {
      const bool shift = BinaryOp(x.op) == BinaryOp::ShiftLeft || BinaryOp(x.op) == BinaryOp::ShiftRight;
      if (!b || (a->scalar.kind != b->scalar.kind && !shift)) return std::nullopt;
      switch (BinaryOp(x.op)) {
        case BinaryOp::Add: return make(ua + ub);
        case BinaryOp::Subtract: return make(ua - ub);
        case BinaryOp::Multiply: return make(ua * ub);
        case BinaryOp::Divide:
          if (ub == 0 || (sg && sa == INT32_MIN && sb == -1)) return std::nullopt;
          return make(sg ? uint32_t(sa / sb) : ua / ub);
        case BinaryOp::Modulo:
          if (ub == 0 || (sg && sa == INT32_MIN && sb == -1)) return std::nullopt;
          return make(sg ? uint32_t(sa % sb) : ua % ub);  // truncating, the dividend's sign (HLSL)
        case BinaryOp::Equal: return make(ua == ub);
        case BinaryOp::NotEqual: return make(ua != ub);
        case BinaryOp::Less: return make(sg ? sa < sb : ua < ub);
        case BinaryOp::LessEqual: return make(sg ? sa <= sb : ua <= ub);
        case BinaryOp::Greater: return make(sg ? sa > sb : ua > ub);
        case BinaryOp::GreaterEqual: return make(sg ? sa >= sb : ua >= ub);
        case BinaryOp::And: return make(ua & ub);
        case BinaryOp::ExclusiveOr: return make(ua ^ ub);
        case BinaryOp::InclusiveOr: return make(ua | ub);
        case BinaryOp::LogicalAnd: return make(ua && ub);
        case BinaryOp::LogicalOr: return make(ua || ub);
        case BinaryOp::ShiftLeft:
        case BinaryOp::ShiftRight: {
          if (a->scalar.kind == ScalarKind::Bool) return std::nullopt;
          // A shift by the width or more (or a negative amount) is left to the target.
          if ((b->scalar.kind == ScalarKind::Sint && sb < 0) || ub >= 32) return std::nullopt;
          if (BinaryOp(x.op) == BinaryOp::ShiftLeft) return make(ua << ub);
          return make(sg ? uint32_t(sa >> ub) : ua >> ub);  // arithmetic for Sint
        }
      }
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

class FoldConstants : public Rewriter {
 public:
  using Rewriter::Rewriter;

 protected:
  const Literal* lit(Handle<Expression> now) {
    if (!now.valid()) return nullptr;
    const Expression& e = b().fn().expressions[now];
    return e.kind == ExprKind::Literal ? &e.literal : nullptr;
  }
  Handle<Expression> expression(Handle<Expression> old) override {
    const Expression& x = source().expr(old);
    switch (x.kind) {
      case ExprKind::Unary:
      case ExprKind::Convert:
      case ExprKind::Binary: {
        Handle<Expression> na = map(x.a), nb = x.kind == ExprKind::Binary ? map(x.b) : Handle<Expression>{};
        const Literal* la = lit(na);
        const Literal* lb = lit(nb);
        if (la && (x.kind != ExprKind::Binary || lb)) {
          Literal ca = *la, cb = lb ? *lb : Literal{};
          if (auto r = fold(module(), x, &ca, lb ? &cb : nullptr)) {
            b().setRange(source().exprRange(old));
            return b().literal(*r);
          }
        }
        return Rewriter::expression(old);
      }
      case ExprKind::Select: {
        Handle<Expression> c = map(x.a);
        const Literal* lc = lit(c);
        if (lc && lc->scalar.kind == ScalarKind::Bool && module().types[x.type].kind != TypeKind::Pointer)
          return lc->b ? map(x.b) : map(x.c);
        return Rewriter::expression(old);
      }
      default: return Rewriter::expression(old);
    }
  }
};

// Whether some operation of `f` has only literal operands (what FoldConstants starts from).
bool hasFoldable(const Module& m, const Function& f) {
  auto isLit = [&](Handle<Expression> h) { return h.valid() && f.expressions[h].kind == ExprKind::Literal; };
  for (const Expression& x : f.expressions) {
    switch (x.kind) {
      case ExprKind::Unary:
      case ExprKind::Convert:
        if (isLit(x.a) && foldableScalar(m, x.type)) return true;
        break;
      case ExprKind::Binary:
        if (isLit(x.a) && isLit(x.b) && foldableScalar(m, x.type)) return true;
        break;
      case ExprKind::Select:
        if (isLit(x.a)) return true;
        break;
      default: break;
    }
  }
  return false;
}

// ---------------------------------------------------------------- inlineEntryWrapper

// The function the wrapper `e` only forwards to, or an invalid handle.
Handle<Function> forwardedCallee(const Module& m, const Function& e) {
  if (!e.body.valid()) return {};
  const Statement* call = nullptr;
  const Statement* ret = nullptr;
  for (Handle<Statement> h : e.block(e.body).stmts) {
    const Statement& s = e.stmt(h);
    if (s.kind == StmtKind::Emit && !ret) continue;
    if (s.kind == StmtKind::Call && !call && !ret)
      call = &s;
    else if (s.kind == StmtKind::Return && call && !ret)
      ret = &s;
    else
      return {};
  }
  if (!call || !m.functions.contains(call->function)) return {};
  const Function& src = m.functions[call->function];
  if (&src == &e || call->range.count != e.arguments.size() || src.arguments.size() != e.arguments.size()) return {};
  for (uint32_t k = 0; k < call->range.count; ++k) {
    const Expression& a = e.expressions[e.operands[call->range.first + k]];
    if (a.kind != ExprKind::FunctionArgument || a.index != k || e.arguments[k].type != src.arguments[k].type) return {};
  }
  if (src.result.has_value() != e.result.has_value()) return {};
  if (src.result) {
    if (src.result->type != e.result->type || !ret || !call->result.valid() || ret->a != call->result) return {};
  } else if (ret && ret->a.valid()) {
    return {};
  }
  // One return, at the end of the body (or none for a void function).
  if (!src.body.valid()) return {};
  const auto& top = src.block(src.body).stmts;
  uint32_t returns = 0;
  for (const Statement& s : src.statements) returns += s.kind == StmtKind::Return;
  bool lastIsReturn = !top.empty() && src.stmt(top.back()).kind == StmtKind::Return;
  if (returns > 1 || (returns == 1 && !lastIsReturn) || (src.result && returns != 1)) return {};
  if (!src.spirvInsts.empty()) return {};
  return call->function;
}

}  // namespace

bool inlineEntryWrapper(Module& m, PassContext&) {
  if (m.entryPoints.size() != 1) return true;
  Handle<Function> eh = m.entryPoints[0].function;
  if (!m.functions.contains(eh)) return true;
  Handle<Function> sh = forwardedCallee(m, m.functions[eh]);
  if (!sh.valid()) return true;
  uint32_t calls = 0;
  for (const Function& f : m.functions)
    for (const Statement& s : f.statements) calls += s.kind == StmtKind::Call && s.function == sh;
  if (calls != 1) return true;
  const Function& src = m.functions[sh];
  Function& e = m.functions[eh];
  for (size_t k = 0; k < e.arguments.size(); ++k) e.arguments[k].name = src.arguments[k].name;
  e.locals = src.locals;
  e.expressions = src.expressions;
  e.exprRanges = src.exprRanges;
  e.statements = src.statements;
  e.stmtRanges = src.stmtRanges;
  e.blocks = src.blocks;
  e.operands = src.operands;
  e.cases = src.cases;
  e.body = src.body;
  e.scopes = src.scopes;
  e.strings = src.strings;
  // The HLSL function is called nowhere now: the module keeps what the entry point reaches
  // (the printers print every function of it).
  cutToEntryPoint(m);
  return true;
}

bool forwardParameters(Module& m, PassContext&) {
  for (uint32_t fi = 0; fi < m.functions.size(); ++fi) {
    Handle<Function> fh(fi);
    std::vector<int32_t> root;
    std::vector<Handle<Expression>> argOf;
    std::vector<uint8_t> drop;
    if (!findForwards(m, m.functions[fh], root, argOf, drop)) continue;
    std::vector<uint32_t> newIndex(argOf.size(), ~0u);
    uint32_t kept = 0;
    for (uint32_t l = 0; l < argOf.size(); ++l)
      if (!argOf[l].valid()) newIndex[l] = kept++;
    ForwardParameters(m, fh, std::move(root), argOf, std::move(drop)).run();
    Function& f = m.functions[fh];
    std::vector<LocalVariable> locals;
    for (uint32_t l = 0; l < f.locals.size(); ++l)
      if (newIndex[l] != ~0u) locals.push_back(std::move(f.locals[l]));
    f.locals = std::move(locals);
    for (Expression& x : f.expressions)
      if (x.kind == ExprKind::LocalVariable) x.local = newIndex[x.local];
  }
  return true;
}

bool foldConstants(Module& m, PassContext&) {
  for (uint32_t fi = 0; fi < m.functions.size(); ++fi)
    if (hasFoldable(m, m.functions[Handle<Function>(fi)])) FoldConstants(m, Handle<Function>(fi)).run();
  return true;
}

}  // namespace oneshader::passes
