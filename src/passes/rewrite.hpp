// The IR rewrite facility: a pass rebuilds a function through the FunctionBuilder, with a
// map from the old function's expression handles to the new one's.
//
//   class MyPass : public passes::Rewriter {
//     using Rewriter::Rewriter;
//     ir::Handle<ir::Expression> expression(ir::Handle<ir::Expression> old) override {
//       const ir::Expression& x = source().expr(old);
//       if (x.kind != ...) return Rewriter::expression(old);  // copy, operands mapped
//       return b().binary(..., map(x.a), map(x.b));         // any replacement
//     }
//   };
//   MyPass(module, f).run();
//
// run() moves the function's body out, then walks the old statement tree in order:
//  - an Emit's expressions are rebuilt in order at that point through expression(old)
//    (the builder emits whatever they become before the next statement, so evaluation
//    order is kept); a pass may return any handle of the new function, or one built from
//    several new expressions;
//  - expressions that are not emitted (literals, globals, arguments, ...) are copied the
//    first time map() asks for them;
//  - statement(old) rebuilds one statement; the default copies its record (all fields,
//    hints included), with expression operands, Call arguments and results, nested blocks
//    and switch cases rebuilt; a pass overrides it to replace or drop statements.
// Source ranges follow: what is built for an old node carries that node's range.
// Types, globals, constants and functions are module-level and keep their handles; a pass
// that changes a global's type rewrites the expressions that use it.
#pragma once
#include <vector>

#include "ir/builder.hpp"

namespace oneshader::ir {
// Visits each expression operand handle field of `e` (not Compose's operand range).
template <class F>
void forEachOperand(Expression& e, F&& f) {
  for (Handle<Expression>* p :
       {&e.a, &e.b, &e.c, &e.d, &e.bias, &e.gradX, &e.gradY, &e.depthRef, &e.minLod, &e.dynOffset})
    if (p->valid()) f(*p);
}
}  // namespace oneshader::ir

namespace oneshader::passes {

class Rewriter {
 public:
  Rewriter(ir::Module& m, ir::Handle<ir::Function> f);
  virtual ~Rewriter() = default;
  // Rebuilds the function; returns false (and leaves it rebuilt as far as it got) when the
  // old function used an expression before its Emit (the validator reports such IR).
  bool run();

 protected:
  // Hooks. The defaults copy.
  virtual ir::Handle<ir::Expression> expression(ir::Handle<ir::Expression> old);
  virtual void statement(ir::Handle<ir::Statement> old);

  // The new handle for an old expression (copying a non-emitted one on first use).
  ir::Handle<ir::Expression> map(ir::Handle<ir::Expression> old);
  // From now on, uses of `old` get `now`.
  void replace(ir::Handle<ir::Expression> old, ir::Handle<ir::Expression> now) { map_[old.index] = now; }
  // Copies the record of `old` with its operands mapped (expression() calls it by default).
  ir::Handle<ir::Expression> copy(ir::Handle<ir::Expression> old);
  // Copies statement `old` with everything below it (statement() calls it by default).
  void copyStatement(ir::Handle<ir::Statement> old);
  // Rebuilds the statements of old block `from` into new block `to`.
  void block(ir::Handle<ir::Block> from, ir::Handle<ir::Block> to);

  ir::Module& module() { return m_; }
  ir::TypeArena& types() { return m_.types; }
  ir::FunctionBuilder& b() { return b_; }
  const ir::Function& source() const { return old_; }  // the function as it was
  ir::Handle<ir::Function> handle() const { return f_; }

 private:
  ir::Module& m_;
  ir::Handle<ir::Function> f_;
  ir::Function old_;
  ir::FunctionBuilder b_;
  std::vector<ir::Handle<ir::Expression>> map_;
  bool ok_ = true;

  static ir::Function takeBody(ir::Module& m, ir::Handle<ir::Function> f);
};

}  // namespace oneshader::passes
