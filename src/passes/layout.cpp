// The layout pass family (layout.hpp).
#include "passes/layout.hpp"

#include "diag/diag.hpp"
#include "passes/rewrite.hpp"

namespace oneshader::passes {

using namespace ir;

namespace {

// A struct with an explicit layout (a buffer block or a struct inside one).
bool laidOut(const TypeArena& types, const Type& t) {
  if (t.kind != TypeKind::Struct) return false;
  if (t.structSize != 0) return true;
  for (const StructMember& m : t.members)
    if (m.offset != 0 || (types[m.type].kind == TypeKind::Array && types[m.type].stride != 0)) return true;
  return false;
}

// A member of a struct (`laidOutStruct`: laidOut() of it, computed once per struct: it
// walks the members) whose matrices have IR rows contiguous: MatrixLayout::None is HLSL's
// default column_major, the RowMajor decoration, as the SPIR-V emitter decorates it.
bool rowMajor(const TypeArena& types, bool laidOutStruct, const StructMember& m) {
  if (m.matrixLayout == MatrixLayout::ColMajor || !laidOutStruct) return false;
  Handle<Type> e = m.type;
  while (types[e].kind == TypeKind::Array) e = types[e].base;
  return types[e].kind == TypeKind::Matrix;
}

// Matrix{C, R} -> Matrix{R, C}, through arrays (same sizes and strides).
Handle<Type> transposed(TypeArena& types, Handle<Type> h) {
  const Type t = types[h];
  if (t.kind == TypeKind::Matrix) return types.matrix(t.scalar, t.size, t.columns);
  return types.array(transposed(types, t.base), t.arraySize, t.stride);
}

// Re-interns the module's types in order with every row-major member transposed and points
// every type handle of the module at the new records. `flags[s][i]`: member i of new struct
// s was transposed. False (the module untouched) when there is no such member.
bool retype(Module& m, std::vector<std::vector<uint8_t>>& flags) {
  bool any = false;
  for (const Type& t : m.types.all()) {
    bool lo = laidOut(m.types, t);
    for (const StructMember& sm : t.members) any |= rowMajor(m.types, lo, sm);
  }
  if (!any) return false;
  TypeArena out;
  std::vector<Handle<Type>> map(m.types.size());
  auto ty = [&](Handle<Type> h) { return h.valid() && h.index < map.size() ? map[h.index] : h; };
  for (uint32_t i = 0; i < m.types.size(); ++i) {
    const Type& old = m.types[Handle<Type>(i)];
    Type t = old;
    t.base = ty(t.base);
    for (SpirvTypeOperand& o : t.spirvOperands) o.type = ty(o.type);
    std::vector<uint8_t> f(t.members.size(), 0);
    bool changed = false;
    bool lo = laidOut(m.types, old);
    for (size_t k = 0; k < t.members.size(); ++k) {
      StructMember& sm = t.members[k];
      sm.type = ty(sm.type);
      if (!rowMajor(m.types, lo, old.members[k])) continue;
      sm.type = transposed(out, sm.type);
      sm.matrixLayout = MatrixLayout::ColMajor;
      f[k] = changed = true;
    }
    map[i] = out.intern(t);
    if (changed) {
      if (flags.size() <= map[i].index) flags.resize(map[i].index + 1);
      flags[map[i].index] = std::move(f);
    }
  }
  remapTypes(m, map);
  m.types = std::move(out);
  return true;
}

class TransposeRowMajor : public Rewriter {
 public:
  TransposeRowMajor(Module& m, Handle<Function> f, const std::vector<std::vector<uint8_t>>& flags)
      : Rewriter(m, f), flags_(flags) {
    size_t n = source().expressions.size();
    state_.assign(n, None);
    colBase_.assign(n, {});
    colDyn_.assign(n, {});
    colIdx_.assign(n, 0);
  }

  // Whether `f` reaches a transposed member (through a pointer or a struct value).
  static bool needed(const Module& m, const Function& f, const std::vector<std::vector<uint8_t>>& flags) {
    for (const Expression& x : f.expressions) {
      if (x.kind != ExprKind::AccessIndex && x.kind != ExprKind::Compose) continue;
      Handle<Type> t = x.kind == ExprKind::Compose ? x.type : f.expressions[x.a].type;
      if (m.types[t].kind == TypeKind::Pointer) t = m.types[t].base;
      if (t.index < flags.size() && !flags[t.index].empty()) return true;
    }
    return false;
  }

 protected:
  Handle<Expression> expression(Handle<Expression> old) override {
    const Expression& x = source().expr(old);
    switch (x.kind) {
      case ExprKind::Access:
      case ExprKind::AccessIndex: return access(old, x);
      case ExprKind::Load: {
        State st = state_[x.a.index];
        if (st == None) break;
        Handle<Expression> p = map(x.a);
        b().setRange(source().exprRange(old));
        if (st == Mat) return b().math(MathFunction::Transpose, b().load(p, x.align));
        if (st == Arr) return toIR(b().load(p, x.align), x.type);
        // IR column k: element j of each stored column j.
        std::vector<Handle<Expression>> parts;
        for (uint32_t j = 0; j < types()[x.type].size; ++j) parts.push_back(b().load(inColumn(x.a, j)));
        return b().compose(x.type, parts);
      }
      case ExprKind::Compose: {
        if (!anyMember(x.type)) break;
        std::vector<Handle<Expression>> parts;
        for (uint32_t k = 0; k < x.operands.count; ++k) parts.push_back(map(source().operands[x.operands.first + k]));
        b().setRange(source().exprRange(old));
        for (uint32_t k = 0; k < parts.size(); ++k)
          if (member(x.type, k)) parts[k] = toStored(parts[k], types()[x.type].members[k].type);
        return b().compose(x.type, parts);
      }
      default: break;
    }
    return Rewriter::expression(old);
  }

  void statement(Handle<Statement> old) override {
    const Statement& s = source().stmt(old);
    if (s.kind != StmtKind::Store || state_[s.a.index] == None) return Rewriter::statement(old);
    Handle<Expression> p = map(s.a), v = map(s.b);
    b().setRange(source().stmtRange(old));
    auto put = [&](Handle<Expression> ptr, Handle<Expression> val) {
      Statement n = s;
      n.a = ptr;
      n.b = val;
      b().append(n);
    };
    switch (state_[s.a.index]) {
      case Mat: put(p, b().math(MathFunction::Transpose, v)); break;
      case Arr: put(p, toStored(v, types()[exprType(p)].base)); break;
      default: {
        // IR column k: its element j goes to element k of stored column j.
        uint32_t n = types()[types()[source().expr(s.a).type].base].size;
        for (uint32_t j = 0; j < n; ++j) put(inColumn(s.a, j), b().accessIndex(v, j));
        break;
      }
    }
  }

 private:
  // Per old pointer expression: what it points at in the stored form.
  enum State : uint8_t {
    None,
    Mat,  // a transposed matrix (the new pointer points at the stored matrix)
    Arr,  // an array (at any depth) of transposed matrices
    Col,  // IR column colIdx_ / colDyn_ of the transposed matrix colBase_ points at
  };
  const std::vector<std::vector<uint8_t>>& flags_;
  std::vector<State> state_;
  std::vector<Handle<Expression>> colBase_, colDyn_;  // new handles
  std::vector<uint32_t> colIdx_;

  Handle<Type> exprType(Handle<Expression> now) { return b().fn().expressions[now].type; }
  bool member(Handle<Type> s, uint32_t i) const {
    return s.index < flags_.size() && i < flags_[s.index].size() && flags_[s.index][i];
  }
  bool anyMember(Handle<Type> s) const { return s.index < flags_.size() && !flags_[s.index].empty(); }

  // A pointer to IR element j (dynamic: `dynJ`) of the IR column that old pointer `col`
  // (state Col) names: element k of stored column j.
  Handle<Expression> inColumn(Handle<Expression> col, uint32_t j, Handle<Expression> dynJ = {}) {
    Handle<Expression> base = colBase_[col.index];
    Handle<Expression> stored = dynJ.valid() ? b().access(base, dynJ) : b().accessIndex(base, j);
    return colDyn_[col.index].valid() ? b().access(stored, colDyn_[col.index]) : b().accessIndex(stored, colIdx_[col.index]);
  }

  Handle<Expression> access(Handle<Expression> old, const Expression& x) {
    const bool dyn = x.kind == ExprKind::Access;
    const State st = state_[x.a.index];
    if (st == None) {
      Handle<Type> bt = source().expr(x.a).type;
      bool ptr = types()[bt].kind == TypeKind::Pointer;
      Handle<Type> s = ptr ? types()[bt].base : bt;
      if (dyn || !member(s, x.index)) return Rewriter::expression(old);
      Handle<Expression> base = map(x.a);
      b().setRange(source().exprRange(old));
      Handle<Expression> h = b().accessIndex(base, x.index);
      if (!ptr) return toIR(h, x.type);  // a struct value holds the stored form
      state_[old.index] = types()[types()[exprType(h)].base].kind == TypeKind::Matrix ? Mat : Arr;
      return h;
    }
    Handle<Expression> base = map(x.a);
    Handle<Expression> index = dyn ? map(x.b) : Handle<Expression>{};
    b().setRange(source().exprRange(old));
    if (st == Col) return inColumn(x.a, x.index, index);
    if (st == Mat) {
      // IR column k: not addressable in the stored form; its uses read element by element.
      state_[old.index] = Col;
      colBase_[old.index] = base;
      colDyn_[old.index] = index;
      colIdx_[old.index] = x.index;
      return base;
    }
    Handle<Expression> h = dyn ? b().access(base, index) : b().accessIndex(base, x.index);
    state_[old.index] = types()[types()[exprType(h)].base].kind == TypeKind::Matrix ? Mat : Arr;
    return h;
  }

  // A value in the stored form (new handle) as IR type `ir`, and back.
  Handle<Expression> toIR(Handle<Expression> v, Handle<Type> ir) {
    const Type t = types()[ir];
    if (t.kind == TypeKind::Matrix) return b().math(MathFunction::Transpose, v);
    std::vector<Handle<Expression>> parts;
    for (uint32_t i = 0; i < t.arraySize; ++i) parts.push_back(toIR(b().accessIndex(v, i), t.base));
    return b().compose(ir, parts);
  }
  Handle<Expression> toStored(Handle<Expression> v, Handle<Type> stored) {
    const Type t = types()[stored];
    if (t.kind == TypeKind::Matrix) return b().math(MathFunction::Transpose, v);
    std::vector<Handle<Expression>> parts;
    for (uint32_t i = 0; i < t.arraySize; ++i) parts.push_back(toStored(b().accessIndex(v, i), t.base));
    return b().compose(stored, parts);
  }
};

}  // namespace

bool transposeRowMajor(Module& m, PassContext& ctx) {
  std::vector<std::vector<uint8_t>> flags;
  if (!retype(m, flags)) return true;
  for (uint32_t fi = 0; fi < m.functions.size(); ++fi) {
    Handle<Function> fh(fi);
    if (!TransposeRowMajor::needed(m, m.functions[fh], flags)) continue;
    if (!TransposeRowMajor(m, fh, flags).run()) {
      ctx.diags.report(DiagId::InternalError, m.functions[fh].range,
                       {"transpose-row-major: an expression is used before it is evaluated"});
      return false;
    }
  }
  return true;
}

}  // namespace oneshader::passes
