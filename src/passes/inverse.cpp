// The matrix inverse as IR arithmetic (passes::expandInverse): MSL and WGSL have no matrix
// inverse, and one expansion for both keeps their results the same.
//
// inverse(A) = adj(A) / det(A): B(r, c) = C(c, r) / det with the cofactors
// C(i, j) = (-1)^(i+j) * det(A without row i and column j), each minor's determinant
// written out by Laplace expansion along its first remaining row, with A(r, c) the IR
// element m[c][r]; det(A) = sum_j A(0, j) * C(0, j). Every element is read once and
// every minor computed once (a 4x4's 2x2 minors recur); IR column c of the inverse is
// C(c, 0..n-1), each cofactor times 1/det. The matrix is assumed invertible, as
// HLSL/GLSL inverse. The WGSL writer's former polyfill computed the same operations in
// the same order, so its results are unchanged.
#include "passes/inverse.hpp"

#include <map>

#include "diag/diag.hpp"
#include "passes/rewrite.hpp"

namespace oneshader::passes {

using namespace ir;

namespace {

bool isInverse(const Expression& x) { return x.kind == ExprKind::Math && MathFunction(x.op) == MathFunction::Inverse; }

class ExpandInverse : public Rewriter {
 public:
  using Rewriter::Rewriter;

 protected:
  Handle<Expression> expression(Handle<Expression> old) override {
    const Expression& x = source().expr(old);
    if (!isInverse(x)) return Rewriter::expression(old);
    Handle<Expression> m = map(x.a);
    b().setRange(source().exprRange(old));
    return expand(m, x.type);
  }

 private:
  std::vector<Handle<Expression>> elem_;  // A(r, c) at r * n + c
  uint32_t n_ = 0;
  // Minors already written, by (row mask << 4 | column mask): a 4x4's 2x2 minors recur.
  std::map<uint32_t, Handle<Expression>> minors_;

  Handle<Expression> a(uint32_t r, uint32_t c) const { return elem_[r * n_ + c]; }

  // The determinant of A restricted to `rows` x `cols` (Laplace expansion along rows[0]).
  Handle<Expression> det(const std::vector<uint32_t>& rows, const std::vector<uint32_t>& cols) {
    if (rows.size() == 1) return a(rows[0], cols[0]);
    uint32_t key = 0;
    for (uint32_t r : rows) key |= 1u << (r + 4);
    for (uint32_t c : cols) key |= 1u << c;
    auto it = minors_.find(key);
    if (it != minors_.end()) return it->second;
    std::vector<uint32_t> rest(rows.begin() + 1, rows.end());
    Handle<Expression> sum;
    for (size_t k = 0; k < cols.size(); ++k) {
      std::vector<uint32_t> minor = cols;
      minor.erase(minor.begin() + long(k));
      Handle<Expression> term = b().binary(BinaryOp::Multiply, a(rows[0], cols[k]), det(rest, minor));
      sum = k == 0 ? term : b().binary(k % 2 ? BinaryOp::Subtract : BinaryOp::Add, sum, term);
    }
    return minors_[key] = sum;
  }

  Handle<Expression> expand(Handle<Expression> m, Handle<Type> matrix) {
    const Type t = types()[matrix];
    n_ = t.size;
    elem_.assign(size_t(n_) * n_, Handle<Expression>{});
    minors_.clear();
    for (uint32_t c = 0; c < n_; ++c) {
      Handle<Expression> column = b().accessIndex(m, c);
      for (uint32_t r = 0; r < n_; ++r) elem_[r * n_ + c] = b().accessIndex(column, r);
    }
    std::vector<Handle<Expression>> cof(size_t(n_) * n_);
    for (uint32_t i = 0; i < n_; ++i)
      for (uint32_t j = 0; j < n_; ++j) {
        std::vector<uint32_t> rows, cols;
        for (uint32_t r = 0; r < n_; ++r)
          if (r != i) rows.push_back(r);
        for (uint32_t c = 0; c < n_; ++c)
          if (c != j) cols.push_back(c);
        Handle<Expression> d = det(rows, cols);
        cof[i * n_ + j] = (i + j) % 2 ? b().unary(UnaryOp::Negate, d) : d;
      }
    Handle<Expression> determinant;
    for (uint32_t j = 0; j < n_; ++j) {
      Handle<Expression> term = b().binary(BinaryOp::Multiply, a(0, j), cof[j]);
      determinant = j == 0 ? term : b().binary(BinaryOp::Add, determinant, term);
    }
    Handle<Expression> scale = b().binary(BinaryOp::Divide, b().literal(Literal::ofFloat(t.scalar, 1.0)), determinant);
    Handle<Type> vec = types().vector(t.scalar, n_);
    std::vector<Handle<Expression>> columns;
    for (uint32_t c = 0; c < n_; ++c) {
      std::vector<Handle<Expression>> parts;
      for (uint32_t r = 0; r < n_; ++r) parts.push_back(b().binary(BinaryOp::Multiply, cof[c * n_ + r], scale));
      columns.push_back(b().compose(vec, parts));
    }
    return b().compose(matrix, columns);
  }
};

}  // namespace

bool expandInverse(Module& m, PassContext& ctx) {
  for (uint32_t fi = 0; fi < m.functions.size(); ++fi) {
    const Function& f = m.functions[Handle<Function>(fi)];
    bool any = false;
    for (const Expression& x : f.expressions.raw()) any |= isInverse(x);
    if (!any) continue;
    if (!ExpandInverse(m, Handle<Function>(fi)).run()) {
      ctx.diags.report(DiagId::InternalError, m.functions[Handle<Function>(fi)].range,
                       {"expand-inverse: an expression is used before it is evaluated"});
      return false;
    }
  }
  return true;
}

}  // namespace oneshader::passes
