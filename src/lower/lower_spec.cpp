// Specialization-constant expressions: an HLSL expression over [[vk::constant_id]] constants
// that Sema's isSpecExpr accepts becomes a tree of SpecOp constants (ir.hpp, Constant), so
// that it is a constant on every target: SPIR-V OpSpecConstantOp, a WGSL override
// expression, an MSL program-scope constant over the function constants.
//
// DXC (SpirvEmitter::processBinaryOp) folds a binary operation into OpSpecConstantOp when
// both operands are constants (OpConstant* or OpSpecConstant*), at least one of them a
// specialization constant, and the opcode is in its isAcceptedSpecConstantBinaryOp list;
// the result of such a fold is not a constant to DXC any more, so the next operation out
// (`N * 2 + 1`: the `+ 1`) is an ordinary instruction in the function, as are unary
// operators, casts, ?: and every float operation. OneShader folds the whole expression
// with the operations the Shader capability allows in OpSpecConstantOp (the same binary list,
// plus SNegate / Not / LogicalNot, Select and sign changes): the values are the same, and a
// `static const` so initialised is a constant that can name a workgroup size.
#include "lower/lower_impl.hpp"

namespace oneshader::lower {

using ir::Handle;

Handle<ir::Constant> Lowerer::specLiteral(const ast::Expr* e) {
  sema::ConstValue cv = sema_.constValue(e);
  if (!cv.valid()) internal(e->range, "a specialization-constant operand that is not a constant");
  ir::Scalar s = irScalar(e->type, e->range);
  if (s.kind == ir::ScalarKind::Bool) return mb_->constant(ir::Literal::boolean(cv.asBool()));
  if (s.kind == ir::ScalarKind::Sint) return mb_->constant(ir::Literal::of(s, uint64_t(int64_t(int32_t(cv.asInt())))));
  return mb_->constant(ir::Literal::of(s, uint64_t(uint32_t(cv.asUint()))));
}

// `c` converted to scalar `to` (a 32-bit integer or bool): c itself when it has that type.
Handle<ir::Constant> Lowerer::specConvert(Handle<ir::Constant> c, ir::Scalar to) {
  Handle<ir::Type> t = m_->types.scalar(to);
  if (m_->constants[c].type == t) return c;
  const ir::Constant& k = m_->constants[c];
  if (k.kind == ir::Constant::Kind::Literal && !k.spec) {
    // A literal operand converts here (what the text targets would print anyway).
    ir::Literal l = k.value;
    uint64_t bits = l.scalar.kind == ir::ScalarKind::Bool ? uint64_t(l.b) : l.u;
    if (to.kind == ir::ScalarKind::Bool) return mb_->constant(ir::Literal::boolean(uint32_t(bits) != 0));
    if (to.kind == ir::ScalarKind::Sint) return mb_->constant(ir::Literal::of(to, uint64_t(int64_t(int32_t(bits)))));
    return mb_->constant(ir::Literal::of(to, uint64_t(uint32_t(bits))));
  }
  return mb_->specOp(ir::SpecOpKind::Convert, 0, t, {c});
}

Handle<ir::Constant> Lowerer::specConstExpr(const ast::Expr* e, const std::string& name) {
  if (!sema_.isSpecConstantExpr(e)) return specLiteral(e);
  if (auto it = specExprs_.find(e); it != specExprs_.end()) return it->second;
  ir::Scalar rs = irScalar(e->type, e->range);
  Handle<ir::Type> rt = m_->types.scalar(rs);
  auto make = [&](ir::SpecOpKind k, uint8_t op, std::vector<Handle<ir::Constant>> operands) {
    return mb_->specOp(k, op, rt, std::move(operands), name);
  };
  auto asBool = [&](const ast::Expr* x) { return specConvert(specConstExpr(x), ir::Scalar::boolean()); };
  Handle<ir::Constant> r;
  switch (e->kind) {
    case ast::ExprKind::DeclRef: {
      const ast::Decl* d = static_cast<const ast::DeclRefExpr*>(e)->decl;
      if (auto it = specConsts_.find(d); it != specConsts_.end()) {
        r = it->second;
      } else {
        // A static const over specialization constants, before lowerGlobals reached it.
        auto* v = static_cast<const ast::VarDecl*>(d);
        r = specConstExpr(v->init, std::string(v->name.str()));
        specConsts_[d] = r;
      }
      break;
    }
    case ast::ExprKind::Paren: r = specConstExpr(static_cast<const ast::ParenExpr*>(e)->sub, name); break;
    case ast::ExprKind::ImplicitCast:
    case ast::ExprKind::Cast: {
      const ast::Expr* sub = e->kind == ast::ExprKind::Cast ? static_cast<const ast::CastExpr*>(e)->sub
                                                            : static_cast<const ast::ImplicitCastExpr*>(e)->sub;
      Handle<ir::Constant> c = specConstExpr(sub);
      r = m_->constants[c].type == rt ? c : mb_->specOp(ir::SpecOpKind::Convert, 0, rt, {c}, name);
      break;
    }
    case ast::ExprKind::Unary: {
      auto* u = static_cast<const ast::UnaryExpr*>(e);
      switch (u->op) {
        case ast::UnaryOp::Minus:
          r = make(ir::SpecOpKind::Unary, uint8_t(ir::UnaryOp::Negate), {specConvert(specConstExpr(u->sub), rs)});
          break;
        case ast::UnaryOp::BitNot:
          r = make(ir::SpecOpKind::Unary, uint8_t(ir::UnaryOp::BitwiseNot), {specConvert(specConstExpr(u->sub), rs)});
          break;
        case ast::UnaryOp::Not:
          r = make(ir::SpecOpKind::Unary, uint8_t(ir::UnaryOp::LogicalNot), {asBool(u->sub)});
          break;
        default: r = specConvert(specConstExpr(u->sub), rs); break;  // unary +
      }
      break;
    }
    case ast::ExprKind::Binary: {
      auto* b = static_cast<const ast::BinaryExpr*>(e);
      ir::BinaryOp op = ir::BinaryOp::Add;
      switch (b->op) {
        case ast::BinaryOp::Mul: op = ir::BinaryOp::Multiply; break;
        case ast::BinaryOp::Div: op = ir::BinaryOp::Divide; break;
        case ast::BinaryOp::Rem: op = ir::BinaryOp::Modulo; break;
        case ast::BinaryOp::Add: op = ir::BinaryOp::Add; break;
        case ast::BinaryOp::Sub: op = ir::BinaryOp::Subtract; break;
        case ast::BinaryOp::Shl: op = ir::BinaryOp::ShiftLeft; break;
        case ast::BinaryOp::Shr: op = ir::BinaryOp::ShiftRight; break;
        case ast::BinaryOp::Lt: op = ir::BinaryOp::Less; break;
        case ast::BinaryOp::Gt: op = ir::BinaryOp::Greater; break;
        case ast::BinaryOp::Le: op = ir::BinaryOp::LessEqual; break;
        case ast::BinaryOp::Ge: op = ir::BinaryOp::GreaterEqual; break;
        case ast::BinaryOp::Eq: op = ir::BinaryOp::Equal; break;
        case ast::BinaryOp::Ne: op = ir::BinaryOp::NotEqual; break;
        case ast::BinaryOp::BitAnd: op = ir::BinaryOp::And; break;
        case ast::BinaryOp::BitXor: op = ir::BinaryOp::ExclusiveOr; break;
        case ast::BinaryOp::BitOr: op = ir::BinaryOp::InclusiveOr; break;
        case ast::BinaryOp::LogAnd: op = ir::BinaryOp::LogicalAnd; break;
        case ast::BinaryOp::LogOr: op = ir::BinaryOp::LogicalOr; break;
        default: internal(e->range, "a specialization-constant binary operator");
      }
      if (op == ir::BinaryOp::LogicalAnd || op == ir::BinaryOp::LogicalOr) {
        // No side effects to short-circuit: both operands are constants.
        r = make(ir::SpecOpKind::Binary, uint8_t(op), {asBool(b->lhs), asBool(b->rhs)});
        break;
      }
      Handle<ir::Constant> l = specConstExpr(b->lhs), rr = specConstExpr(b->rhs);
      if (op == ir::BinaryOp::ShiftLeft || op == ir::BinaryOp::ShiftRight) {
        // HLSL masks the shift amount by the bit width (DXC; lowering's arith does the same).
        l = specConvert(l, rs);
        rr = specConvert(rr, rs);
        const ir::Constant& k = m_->constants[rr];
        Handle<ir::Constant> mask = mb_->constant(ir::Literal::of(rs, 31));
        rr = k.kind == ir::Constant::Kind::Literal && !k.spec
                 ? mb_->constant(ir::Literal::of(rs, k.value.u & 31))
                 : mb_->specOp(ir::SpecOpKind::Binary, uint8_t(ir::BinaryOp::And), m_->constants[rr].type, {rr, mask});
      } else if (!ir::isComparison(op)) {
        l = specConvert(l, rs);
        rr = specConvert(rr, rs);
      } else if (m_->constants[l].type != m_->constants[rr].type) {
        // Sema converts comparison operands to one type; a literal may still be narrower.
        ir::Scalar ls = m_->types[m_->constants[l].type].scalar;
        rr = specConvert(rr, ls);
      }
      r = make(ir::SpecOpKind::Binary, uint8_t(op), {l, rr});
      break;
    }
    case ast::ExprKind::Conditional: {
      auto* c = static_cast<const ast::ConditionalExpr*>(e);
      r = make(
          ir::SpecOpKind::Select, 0,
          {asBool(c->cond), specConvert(specConstExpr(c->thenExpr), rs), specConvert(specConstExpr(c->elseExpr), rs)});
      break;
    }
    default: internal(e->range, "a specialization-constant expression of this kind");
  }
  specExprs_[e] = r;
  return r;
}

}  // namespace oneshader::lower
