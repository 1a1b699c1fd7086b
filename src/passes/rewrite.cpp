#include "passes/rewrite.hpp"

#include "ir/util.hpp"

namespace oneshader::passes {

using namespace ir;

// Moves the body out of `f` and leaves the signature, locals and range in place.
Function Rewriter::takeBody(Module& m, Handle<Function> f) {
  Function& fn = m.functions[f];
  Function old = std::move(fn);
  fn = Function{};
  fn.name = old.name;
  fn.arguments = old.arguments;
  fn.result = old.result;
  fn.locals = old.locals;
  fn.range = old.range;
  return old;
}

// old_ is initialized before b_ (declaration order), so the builder sees the empty body.
Rewriter::Rewriter(Module& m, Handle<Function> f) : m_(m), f_(f), old_(takeBody(m, f)), b_(m, f) {
  map_.assign(old_.expressions.size(), Handle<Expression>{});
}

bool Rewriter::run() {
  if (old_.body.valid()) block(old_.body, b_.currentBlock());
  b_.finish();
  return ok_;
}

Handle<Expression> Rewriter::map(Handle<Expression> old) {
  if (!old.valid()) return {};
  if (!old_.expressions.contains(old)) {
    ok_ = false;
    return {};
  }
  Handle<Expression>& n = map_[old.index];
  if (n.valid()) return n;
  const Expression& x = old_.expr(old);
  if (needsEmit(x.kind) || x.kind == ExprKind::CallResult || x.kind == ExprKind::AtomicResult ||
      x.kind == ExprKind::SubgroupResult || x.kind == ExprKind::SpirvInstResult) {
    ok_ = false;  // used before its Emit / statement
    return {};
  }
  Handle<Expression> h = expression(old);
  map_[old.index] = h;
  return h;
}

Handle<Expression> Rewriter::expression(Handle<Expression> old) { return copy(old); }

Handle<Expression> Rewriter::copy(Handle<Expression> old) {
  Expression e = old_.expr(old);
  forEachOperand(e, [&](Handle<Expression>& h) { h = map(h); });
  if (e.kind == ExprKind::Compose) {
    std::vector<Handle<Expression>> parts;
    for (uint32_t i = 0; i < e.operands.count; ++i) parts.push_back(map(old_.operands[e.operands.first + i]));
    e.operands = Range{uint32_t(b_.fn().operands.size()), uint32_t(parts.size())};
    for (Handle<Expression> p : parts) b_.fn().operands.push_back(p);
  }
  b_.setRange(old_.exprRange(old));
  return b_.add(std::move(e));
}

void Rewriter::block(Handle<Block> from, Handle<Block> to) {
  Handle<Block> saved = b_.currentBlock();
  b_.setBlock(to);
  // Copy the list: statement() may not touch old_, but keep the walk independent of it.
  const std::vector<Handle<Statement>> stmts = old_.block(from).stmts;
  for (Handle<Statement> s : stmts) statement(s);
  b_.setBlock(saved);
}

void Rewriter::statement(Handle<Statement> old) { copyStatement(old); }

void Rewriter::copyStatement(Handle<Statement> old) {
  Statement s = old_.stmt(old);
  if (s.kind == StmtKind::Emit) {
    for (uint32_t i = s.range.first; i < s.range.first + s.range.count; ++i) {
      const Expression& x = old_.expressions.raw()[i];
      if (!needsEmit(x.kind) || map_[i].valid()) continue;
      map_[i] = expression(Handle<Expression>(i));
    }
    return;
  }
  b_.setRange(old_.stmtRange(old));
  if (s.kind != StmtKind::Loop) s.a = map(s.a);  // a Loop's break_if is evaluated in its continuing block
  s.b = map(s.b);
  s.c = map(s.c);
  if (s.kind == StmtKind::Debug && DebugOp(s.op) == DebugOp::Printf && s.index < old_.strings.size()) {
    s.index = uint32_t(b_.fn().strings.size());
    b_.fn().strings.push_back(old_.strings[old_.stmt(old).index]);
  }
  if (s.kind == StmtKind::Call || s.kind == StmtKind::Debug) {
    std::vector<Handle<Expression>> args;
    for (uint32_t i = 0; i < s.range.count; ++i) args.push_back(map(old_.operands[s.range.first + i]));
    s.range = Range{uint32_t(b_.fn().operands.size()), uint32_t(args.size())};
    for (Handle<Expression> a : args) b_.fn().operands.push_back(a);
  }
  if (s.kind == StmtKind::SpirvInst && s.index < old_.spirvInsts.size()) {
    SpirvInstruction in = old_.spirvInsts[s.index];
    for (SpirvOperand& o : in.operands) o.value = map(o.value);
    s.index = uint32_t(b_.fn().spirvInsts.size());
    b_.fn().spirvInsts.push_back(std::move(in));
  }
  if (s.result.valid()) {
    Handle<Expression> oldResult = s.result;
    s.result = copy(oldResult);  // CallResult / AtomicResult / SubgroupResult / SpirvInstResult: no operands
    map_[oldResult.index] = s.result;
    b_.setRange(old_.stmtRange(old));
  }
  Handle<Block> oldB0 = s.block0, oldB1 = s.block1;
  if (oldB0.valid()) s.block0 = b_.newBlock();
  if (oldB1.valid()) s.block1 = b_.newBlock();
  std::vector<SwitchCase> oldCases;
  if (s.kind == StmtKind::Switch) {
    // The cases of one switch are contiguous in Function::cases: take their slots now,
    // before a nested switch takes its own.
    for (uint32_t i = 0; i < s.range.count; ++i) oldCases.push_back(old_.cases[s.range.first + i]);
    s.range = Range{uint32_t(b_.fn().cases.size()), uint32_t(oldCases.size())};
    for (SwitchCase c : oldCases) {
      c.body = b_.newBlock();
      b_.fn().cases.push_back(c);
    }
  }
  Handle<Statement> h = b_.append(s);
  if (oldB0.valid()) block(oldB0, s.block0);
  if (oldB1.valid()) {
    if (s.kind == StmtKind::Loop) {
      // The continuing block, then break_if evaluated at its end.
      Handle<Block> saved = b_.currentBlock();
      b_.setBlock(s.block1);
      for (Handle<Statement> c : old_.block(oldB1).stmts) statement(c);
      Handle<Expression> breakIf = map(old_.stmt(old).a);
      b_.setBlock(saved);
      b_.fn().statements[h].a = breakIf;
    } else {
      block(oldB1, s.block1);
    }
  } else if (s.kind == StmtKind::Loop && old_.stmt(old).a.valid()) {
    b_.fn().statements[h].a = map(old_.stmt(old).a);
  }
  for (uint32_t i = 0; i < oldCases.size(); ++i) block(oldCases[i].body, b_.fn().cases[s.range.first + i].body);
}

}  // namespace oneshader::passes
