// The layout pass family (layout.hpp).
#include "passes/layout.hpp"

#include "diag/diag.hpp"
#include "ir/util.hpp"
#include "passes/rewrite.hpp"

#include <algorithm>
#include <type_traits>
#include <unordered_map>

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

using Flags = std::vector<std::vector<uint8_t>>;  // per new struct type: per member (retype)

// Re-interns the module's types in order, member i of struct type t rebuilt where
// `want(t, i, laidOut(t))` gives it a non-zero flag (`change(out, member, flag)`, the member's type
// already in the new arena), and points every type handle of the module at the new
// records. `flags[s][i]`: member i (the old index) of new struct s got that flag. False
// (the module untouched) when no member wants a change.
// A `change` that returns a std::vector<StructMember> replaces the member with those
// members (none, one or several, in order: struct members are renumbered); then
// `firsts[s][i]` is the new index of old member i's first replacement in new struct s
// (for every struct with a flagged member).
using Firsts = std::vector<std::vector<uint32_t>>;
template <class Want, class Change>
bool retype(Module& m, Flags& flags, Want want, Change change, Firsts* firsts = nullptr) {
  bool any = false;
  for (const Type& t : m.types.all()) {
    bool lo = laidOut(m.types, t);  // once per struct: it walks the members
    for (uint32_t i = 0; i < t.members.size() && !any; ++i) any = want(t, i, lo) != 0;
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
    std::vector<uint32_t> first(t.members.size(), 0);
    std::vector<StructMember> members;
    bool changed = false;
    bool lo = laidOut(m.types, old);
    for (uint32_t k = 0; k < t.members.size(); ++k) {
      StructMember sm = t.members[k];
      sm.type = ty(sm.type);
      first[k] = uint32_t(members.size());
      uint8_t w = want(old, k, lo);
      if (w == 0) {
        members.push_back(std::move(sm));
        continue;
      }
      f[k] = w;
      changed = true;
      if constexpr (std::is_void_v<decltype(change(out, sm, w))>) {
        change(out, sm, w);
        members.push_back(std::move(sm));
      } else {
        for (StructMember& r : change(out, sm, w)) members.push_back(std::move(r));
      }
    }
    t.members = std::move(members);
    map[i] = out.intern(t);
    if (changed) {
      if (flags.size() <= map[i].index) flags.resize(map[i].index + 1);
      flags[map[i].index] = std::move(f);
      if (firsts) {
        if (firsts->size() <= map[i].index) firsts->resize(map[i].index + 1);
        (*firsts)[map[i].index] = std::move(first);
      }
    }
  }
  remapTypes(m, map);
  m.types = std::move(out);
  return true;
}

// Whether `f` reaches a flagged member (through a pointer or a struct value, or composes
// such a struct): the functions a layout pass rebuilds.
bool reaches(const Module& m, const Function& f, const Flags& flags) {
  for (const Expression& x : f.expressions) {
    if (x.kind != ExprKind::AccessIndex && x.kind != ExprKind::Compose) continue;
    Handle<Type> t = x.kind == ExprKind::Compose ? x.type : f.expressions[x.a].type;
    if (m.types[t].kind == TypeKind::Pointer) t = m.types[t].base;
    if (t.index < flags.size() && !flags[t.index].empty()) return true;
  }
  return false;
}

// The frame the layout rewriters share: per new struct type its flagged members (Flags,
// from retype), a state per old pointer expression (0: an ordinary pointer; otherwise the
// new pointer points at a stored form the pass knows), and the three places where values
// cross between the IR form and the stored one, each handled here once:
//  - a Store through a pointer with a state: store() of the subclass;
//  - a Compose of a struct with flagged members: each flagged operand through
//    memberToStored();
//  - an AccessIndex of a flagged member (flaggedMember()): of a struct value, the
//    subclass converts it to the IR form (a struct value holds the stored form); of a
//    pointer, the subclass gives it a state.
class LayoutRewriter : public Rewriter {
 public:
  LayoutRewriter(Module& m, Handle<Function> f, const Flags& flags) : Rewriter(m, f), flags_(flags) {
    state_.assign(source().expressions.size(), 0);
  }

 protected:
  // Access / AccessIndex `x` (old handle `old`): the subclass's walk of its stored forms.
  virtual Handle<Expression> access(Handle<Expression> old, const Expression& x) = 0;
  // Load `x` through an old pointer with a state (`p`: its new handle): the IR value.
  virtual Handle<Expression> load(const Expression& x, Handle<Expression> p) = 0;
  // The stored form of IR value `v` (a new handle) for member `k` of struct type `s`.
  virtual Handle<Expression> memberToStored(Handle<Expression> v, Handle<Type> s, uint32_t k) = 0;
  // Store `s` of IR value `v` through old pointer `old` (with a state; `p` its new handle).
  virtual void store(const Statement& s, Handle<Expression> old, Handle<Expression> p, Handle<Expression> v) = 0;

  Handle<Expression> expression(Handle<Expression> old) override {
    const Expression& x = source().expr(old);
    if (x.kind == ExprKind::Access || x.kind == ExprKind::AccessIndex) return access(old, x);
    if (x.kind == ExprKind::Load && state_[x.a.index] != 0) {
      Handle<Expression> p = map(x.a);
      b().setRange(source().exprRange(old));
      return load(x, p);
    }
    if (x.kind != ExprKind::Compose || !anyMember(x.type)) return Rewriter::expression(old);
    std::vector<Handle<Expression>> parts;
    for (uint32_t k = 0; k < x.operands.count; ++k) parts.push_back(map(source().operands[x.operands.first + k]));
    b().setRange(source().exprRange(old));
    for (uint32_t k = 0; k < parts.size(); ++k)
      if (member(x.type, k)) parts[k] = memberToStored(parts[k], x.type, k);
    return b().compose(x.type, parts);
  }

  void statement(Handle<Statement> old) override {
    const Statement& s = source().stmt(old);
    if (s.kind != StmtKind::Store || state_[s.a.index] == 0) return Rewriter::statement(old);
    Handle<Expression> p = map(s.a);
    Handle<Expression> v = map(s.b);
    b().setRange(source().stmtRange(old));
    store(s, s.a, p, v);
  }

  // Appends a copy of store `s` (its other fields, alignment..., kept) of `val` through `ptr`.
  void put(const Statement& s, Handle<Expression> ptr, Handle<Expression> val) {
    Statement n = s;
    n.a = ptr;
    n.b = val;
    b().append(n);
  }

  // For AccessIndex `x` (old `old`) of a flagged member of a struct pointer or value whose
  // old base has no state: the new AccessIndex (`ptr`: of a pointer; `flag`: the member's
  // flag); invalid otherwise (the caller copies `old`).
  Handle<Expression> flaggedMember(Handle<Expression> old, const Expression& x, bool& ptr, uint8_t& flag) {
    if (x.kind != ExprKind::AccessIndex) return {};
    Handle<Type> bt = source().expr(x.a).type;
    ptr = types()[bt].kind == TypeKind::Pointer;
    flag = member(ptr ? types()[bt].base : bt, x.index);
    if (flag == 0) return {};
    Handle<Expression> base = map(x.a);
    b().setRange(source().exprRange(old));
    return b().accessIndex(base, x.index);
  }

  Handle<Type> exprType(Handle<Expression> now) { return b().fn().expressions[now].type; }
  uint8_t member(Handle<Type> s, uint32_t i) const {
    return s.index < flags_.size() && i < flags_[s.index].size() ? flags_[s.index][i] : 0;
  }
  bool anyMember(Handle<Type> s) const { return s.index < flags_.size() && !flags_[s.index].empty(); }

  const Flags& flags_;
  std::vector<uint8_t> state_;
};

class TransposeRowMajor : public LayoutRewriter {
 public:
  TransposeRowMajor(Module& m, Handle<Function> f, const Flags& flags) : LayoutRewriter(m, f, flags) {
    size_t n = source().expressions.size();
    colBase_.assign(n, {});
    colDyn_.assign(n, {});
    colIdx_.assign(n, 0);
  }

 protected:
  Handle<Expression> load(const Expression& x, Handle<Expression> p) override {
    const State st = State(state_[x.a.index]);
    if (st == Mat) return b().math(MathFunction::Transpose, b().load(p, x.align));
    if (st == Arr) return toIR(b().load(p, x.align), x.type);
    // IR column k: element j of each stored column j.
    std::vector<Handle<Expression>> parts;
    for (uint32_t j = 0; j < types()[x.type].size; ++j) parts.push_back(b().load(inColumn(x.a, j)));
    return b().compose(x.type, parts);
  }

  Handle<Expression> memberToStored(Handle<Expression> v, Handle<Type> s, uint32_t k) override {
    return toStored(v, types()[s].members[k].type);
  }

  void store(const Statement& s, Handle<Expression> old, Handle<Expression> p, Handle<Expression> v) override {
    switch (State(state_[old.index])) {
      case Mat: put(s, p, b().math(MathFunction::Transpose, v)); break;
      case Arr: put(s, p, toStored(v, types()[exprType(p)].base)); break;
      default: {
        // IR column k: its element j goes to element k of stored column j. The pointer is
        // built before the value (one builder call per statement: C++ leaves the order of
        // a call's arguments open, and the IR numbering must not depend on the compiler).
        uint32_t n = types()[types()[source().expr(old).type].base].size;
        for (uint32_t j = 0; j < n; ++j) {
          Handle<Expression> ptr = inColumn(old, j);
          Handle<Expression> val = b().accessIndex(v, j);
          put(s, ptr, val);
        }
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
  std::vector<Handle<Expression>> colBase_, colDyn_;  // new handles
  std::vector<uint32_t> colIdx_;

  // A pointer to IR element j (dynamic: `dynJ`) of the IR column that old pointer `col`
  // (state Col) names: element k of stored column j.
  Handle<Expression> inColumn(Handle<Expression> col, uint32_t j, Handle<Expression> dynJ = {}) {
    Handle<Expression> base = colBase_[col.index];
    Handle<Expression> stored = dynJ.valid() ? b().access(base, dynJ) : b().accessIndex(base, j);
    return colDyn_[col.index].valid() ? b().access(stored, colDyn_[col.index])
                                      : b().accessIndex(stored, colIdx_[col.index]);
  }

  Handle<Expression> access(Handle<Expression> old, const Expression& x) override {
    const bool dyn = x.kind == ExprKind::Access;
    const State st = State(state_[x.a.index]);
    if (st == None) {
      bool ptr = false;
      uint8_t flag = 0;
      Handle<Expression> h = flaggedMember(old, x, ptr, flag);
      if (!h.valid()) return Rewriter::expression(old);
      if (!ptr) return toIR(h, x.type);
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

// ---------------------------------------------------------------- padMatrixColumns

// The column stride of the targets' own matrix with `rows`-component columns of `s`: the
// column vector's alignment (2 or 4 components), the same in MSL and WGSL.
uint32_t columnStride(Scalar s, uint32_t rows) { return (rows == 2 ? 2u : 4u) * (s.width / 8); }

// A column-major matrix (or array of them) member of a laid-out struct (`laidOutStruct`)
// whose matrix stride
// is a larger whole multiple of the target's column stride (std140 / cbuffer float2x2:
// 16 against 8): that multiple (the spread), when the model takes it; 0 otherwise.
uint32_t spreadOf(const TypeArena& types, bool laidOutStruct, const StructMember& m, const MatrixColumnModel& model) {
  if (m.matrixLayout != MatrixLayout::ColMajor || m.matrixStride == 0 || !laidOutStruct) return 0;
  Handle<Type> e = m.type;
  while (types[e].kind == TypeKind::Array) e = types[e].base;
  const Type& t = types[e];
  if (t.kind != TypeKind::Matrix || t.scalar.width < 16) return 0;
  uint32_t n = columnStride(t.scalar, t.size);
  if (m.matrixStride <= n || m.matrixStride % n != 0) return 0;
  uint32_t f = m.matrixStride / n;
  return f > 255 || (model.maxSpread && f > model.maxSpread) ? 0 : f;
}

// The stored form of matrix type `h` (through arrays, same sizes and strides) of a member
// with matrix stride `stride`: columns `step` elements apart in an array of column
// vectors (MatrixColumnModel); `member`: the member itself, not an array element (an interleaved
// member ends with its last column, where HLSL may pack the next member).
Handle<Type> paddedType(TypeArena& types, Handle<Type> h, uint32_t stride, uint32_t step, bool member) {
  const Type t = types[h];
  if (t.kind == TypeKind::Array)
    return types.array(paddedType(types, t.base, stride, step, false), t.arraySize, t.stride);
  Handle<Type> col = types.vector(t.scalar, t.size);
  if (step == 1) return types.array(col, t.columns, stride);
  return types.array(col, member ? (t.columns - 1) * step + 1 : t.columns * step, stride / step);
}

class PadMatrixColumns : public LayoutRewriter {
 public:
  PadMatrixColumns(Module& m, Handle<Function> f, const Flags& flags) : LayoutRewriter(m, f, flags) {
    step_.assign(source().expressions.size(), 0);
  }

 protected:
  Handle<Expression> load(const Expression& x, Handle<Expression> p) override {
    return loadIR(p, x.type, step_[x.a.index]);
  }

  Handle<Expression> memberToStored(Handle<Expression> v, Handle<Type> s, uint32_t k) override {
    return toStored(v, exprType(v), types()[s].members[k].type, member(s, k));
  }

  void store(const Statement& s, Handle<Expression> old, Handle<Expression> p, Handle<Expression> v) override {
    storeIR(s, p, v, exprType(v), step_[old.index]);
  }

 private:
  // Per old pointer expression: what it points at in the stored form.
  enum State : uint8_t {
    None,
    Mat,  // a padded matrix (the new pointer points at its array of columns)
    Arr,  // an array (at any depth) of padded matrices
  };
  std::vector<uint8_t> step_;  // per old pointer with a state: the element distance of columns

  bool matrix(Handle<Type> ptr) { return types()[types()[ptr].base].kind == TypeKind::Matrix; }

  Handle<Expression> access(Handle<Expression> old, const Expression& x) override {
    const bool dyn = x.kind == ExprKind::Access;
    const State st = State(state_[x.a.index]);
    const uint8_t step = step_[x.a.index];
    if (st == None) {
      bool ptr = false;
      uint8_t memberStep = 0;
      Handle<Expression> h = flaggedMember(old, x, ptr, memberStep);
      if (!h.valid()) return Rewriter::expression(old);
      if (!ptr) return toIR(h, x.type, memberStep);
      state_[old.index] = matrix(x.type) ? Mat : Arr;
      step_[old.index] = memberStep;
      return h;
    }
    Handle<Expression> base = map(x.a);
    Handle<Expression> index = dyn ? map(x.b) : Handle<Expression>{};
    b().setRange(source().exprRange(old));
    if (st == Mat) {
      // IR column k: element k * step of the stored columns (an ordinary pointer).
      if (!dyn) return b().accessIndex(base, x.index * step);
      if (step == 1) return b().access(base, index);
      Scalar is = scalarOf(types(), exprType(index)).value_or(Scalar::u32());
      return b().access(base, b().binary(BinaryOp::Multiply, index, b().literal(Literal::of(is, step))));
    }
    Handle<Expression> h = dyn ? b().access(base, index) : b().accessIndex(base, x.index);
    state_[old.index] = matrix(x.type) ? Mat : Arr;
    step_[old.index] = step;
    return h;
  }

  // The IR value of IR type `ir` from the stored form: through pointer `p` (each column
  // loaded), or from a value `v` (each column extracted); and the stored form of IR
  // value `v`, and its store through `p`.
  Handle<Expression> loadIR(Handle<Expression> p, Handle<Type> ir, uint32_t step) {
    const Type t = types()[ir];
    std::vector<Handle<Expression>> parts;
    if (t.kind == TypeKind::Matrix)
      for (uint32_t k = 0; k < t.columns; ++k) parts.push_back(b().load(b().accessIndex(p, k * step)));
    else
      for (uint32_t i = 0; i < t.arraySize; ++i) parts.push_back(loadIR(b().accessIndex(p, i), t.base, step));
    return b().compose(ir, parts);
  }
  Handle<Expression> toIR(Handle<Expression> v, Handle<Type> ir, uint32_t step) {
    const Type t = types()[ir];
    std::vector<Handle<Expression>> parts;
    if (t.kind == TypeKind::Matrix)
      for (uint32_t k = 0; k < t.columns; ++k) parts.push_back(b().accessIndex(v, k * step));
    else
      for (uint32_t i = 0; i < t.arraySize; ++i) parts.push_back(toIR(b().accessIndex(v, i), t.base, step));
    return b().compose(ir, parts);
  }
  Handle<Expression> toStored(Handle<Expression> v, Handle<Type> ir, Handle<Type> stored, uint32_t step) {
    const Type t = types()[ir], st = types()[stored];
    std::vector<Handle<Expression>> parts;
    if (t.kind == TypeKind::Matrix) {
      // Interleaved: the elements between columns are padding (zero).
      for (uint32_t e = 0; e < st.arraySize; ++e)
        parts.push_back(e % step == 0 ? b().accessIndex(v, e / step) : b().zero(st.base));
    } else {
      for (uint32_t i = 0; i < t.arraySize; ++i)
        parts.push_back(toStored(b().accessIndex(v, i), t.base, st.base, step));
    }
    return b().compose(stored, parts);
  }
  void storeIR(const Statement& s, Handle<Expression> p, Handle<Expression> v, Handle<Type> ir, uint32_t step) {
    const Type t = types()[ir];
    if (t.kind == TypeKind::Matrix) {
      for (uint32_t k = 0; k < t.columns; ++k) {
        Handle<Expression> pk = b().accessIndex(p, k * step);
        Handle<Expression> vk = b().accessIndex(v, k);
        put(s, pk, vk);
      }
      return;
    }
    for (uint32_t i = 0; i < t.arraySize; ++i) {
      Handle<Expression> pi = b().accessIndex(p, i);
      Handle<Expression> vi = b().accessIndex(v, i);
      storeIR(s, pi, vi, t.base, step);
    }
  }
};

}  // namespace

bool transposeRowMajor(Module& m, PassContext& ctx) {
  Flags flags;
  auto want = [&](const Type& s, uint32_t i, bool lo) -> uint8_t {
    return rowMajor(m.types, lo, s.members[i]) ? 1 : 0;
  };
  auto change = [](TypeArena& out, StructMember& sm, uint8_t) {
    sm.type = transposed(out, sm.type);
    sm.matrixLayout = MatrixLayout::ColMajor;
  };
  if (!retype(m, flags, want, change)) return true;
  for (uint32_t fi = 0; fi < m.functions.size(); ++fi) {
    Handle<Function> fh(fi);
    if (!reaches(m, m.functions[fh], flags)) continue;
    if (!TransposeRowMajor(m, fh, flags).run()) {
      ctx.diags.report(DiagId::InternalError, m.functions[fh].range,
                       {"transpose-row-major: an expression is used before it is evaluated"});
      return false;
    }
  }
  return true;
}

bool padMatrixColumns(Module& m, PassContext& ctx, const MatrixColumnModel& model) {
  Flags flags;
  // The flag of a padded member: the element distance of its columns (1: strided).
  auto want = [&](const Type& s, uint32_t i, bool lo) -> uint8_t {
    uint32_t f = spreadOf(m.types, lo, s.members[i], model);
    return f == 0 ? 0 : model.interleave ? uint8_t(f) : 1;
  };
  auto change = [](TypeArena& out, StructMember& sm, uint8_t step) {
    sm.type = paddedType(out, sm.type, sm.matrixStride, step, true);
    sm.matrixLayout = MatrixLayout::None;  // an array of vectors now
    sm.matrixStride = 0;
  };
  if (!retype(m, flags, want, change)) return true;
  for (uint32_t fi = 0; fi < m.functions.size(); ++fi) {
    Handle<Function> fh(fi);
    if (!reaches(m, m.functions[fh], flags)) continue;
    if (!PadMatrixColumns(m, fh, flags).run()) {
      ctx.diags.report(DiagId::InternalError, m.functions[fh].range,
                       {"pad-matrix-columns: an expression is used before it is evaluated"});
      return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------- wrapStridedArrays

namespace {

uint32_t roundUp(uint32_t v, uint32_t a) { return a ? (v + a - 1) / a * a : v; }

// An array whose stride the target's own array of its element cannot take, and that a
// wrapper struct of the stride's size can: larger than the element's rounded size, a
// multiple of its alignment.
bool overStrided(const TypeArena& types, Handle<Type> h, TypeLayoutFn layoutOf) {
  const Type& t = types[h];
  if (t.kind != TypeKind::Array || t.stride == 0) return false;
  TypeLayout e = layoutOf(types, t.base);
  return t.stride > roundUp(e.size, e.align) && t.stride % std::max(e.align, 1u) == 0;
}

// Whether member type `h` holds an over-strided array (through arrays; a struct element
// is retyped on its own).
bool holdsOverStrided(const TypeArena& types, Handle<Type> h, TypeLayoutFn layoutOf) {
  for (; types[h].kind == TypeKind::Array; h = types[h].base)
    if (overStrided(types, h, layoutOf)) return true;
  return false;
}

// A readable, target-neutral spelling of a type for a wrapper's name: f32, vec2_f32,
// mat2x3_f32, array_f32_4, a struct's own name (WGSL's former `Stride16_vec2_f32`).
std::string typeWord(const TypeArena& types, Handle<Type> h) {
  const Type& t = types[h];
  auto sc = [](Scalar s) {
    const char* k = s.kind == ScalarKind::Float  ? "f"
                    : s.kind == ScalarKind::Sint ? "i"
                    : s.kind == ScalarKind::Uint ? "u"
                                                 : "";
    return s.kind == ScalarKind::Bool ? std::string("bool") : k + std::to_string(s.width);
  };
  switch (t.kind) {
    case TypeKind::Scalar: return sc(t.scalar);
    case TypeKind::Vector: return "vec" + std::to_string(t.size) + "_" + sc(t.scalar);
    case TypeKind::Matrix: return "mat" + std::to_string(t.columns) + "x" + std::to_string(t.size) + "_" + sc(t.scalar);
    case TypeKind::Array:
      return "array_" + typeWord(types, t.base) + (t.arraySize ? "_" + std::to_string(t.arraySize) : "");
    case TypeKind::Struct: return t.name.empty() ? "S" : t.name;
    default: return "T";
  }
}

// Member type `h` (already in `out`) with its over-strided arrays' elements wrapped;
// `wrappers` collects the wrapper structs (by handle in `out`).
Handle<Type> wrapped(TypeArena& out, Handle<Type> h, TypeLayoutFn layoutOf, std::vector<uint8_t>& wrappers) {
  const Type t = out[h];
  if (t.kind != TypeKind::Array) return h;
  Handle<Type> e = wrapped(out, t.base, layoutOf, wrappers);
  Handle<Type> a = out.array(e, t.arraySize, t.stride);
  if (!overStrided(out, a, layoutOf)) return a;
  StructMember v;
  v.name = "v";
  v.type = e;
  Handle<Type> w = out.structure("Stride" + std::to_string(t.stride) + "_" + typeWord(out, e), {v}, t.stride);
  if (wrappers.size() <= w.index) wrappers.resize(w.index + 1, 0);
  wrappers[w.index] = 1;
  return out.array(w, t.arraySize, t.stride);
}

class WrapStridedArrays : public LayoutRewriter {
 public:
  WrapStridedArrays(Module& m, Handle<Function> f, const Flags& flags, const std::vector<uint8_t>& wrappers)
      : LayoutRewriter(m, f, flags), wrappers_(wrappers) {}

 protected:
  Handle<Expression> load(const Expression& x, Handle<Expression> p) override { return toIR(p, x.type, true); }

  Handle<Expression> memberToStored(Handle<Expression> v, Handle<Type> s, uint32_t k) override {
    return toStored(v, types()[s].members[k].type);
  }
  void store(const Statement& s, Handle<Expression>, Handle<Expression> p, Handle<Expression> v) override {
    storeIR(s, p, v);
  }

 private:
  // state_: 1 where the old pointer's new pointee is a stored form (differs from its IR type).
  const std::vector<uint8_t>& wrappers_;

  Handle<Type> pointee(Handle<Expression> now) { return types()[exprType(now)].base; }
  bool wrapper(Handle<Type> t) const { return t.index < wrappers_.size() && wrappers_[t.index]; }

  // An element (a pointer or a value, new handle) of a stored array: through its wrapper.
  Handle<Expression> unwrap(Handle<Expression> e, bool ptr) {
    return wrapper(ptr ? pointee(e) : exprType(e)) ? b().accessIndex(e, 0) : e;
  }

  Handle<Expression> access(Handle<Expression> old, const Expression& x) override {
    const bool dyn = x.kind == ExprKind::Access;
    if (!state_[x.a.index]) {
      bool ptr = false;
      uint8_t flag = 0;
      Handle<Expression> h = flaggedMember(old, x, ptr, flag);
      if (!h.valid()) return Rewriter::expression(old);
      if (!ptr) return toIR(h, x.type);
      state_[old.index] = 1;
      return h;
    }
    Handle<Expression> base = map(x.a);
    Handle<Expression> index = dyn ? map(x.b) : Handle<Expression>{};
    b().setRange(source().exprRange(old));
    Handle<Expression> e = dyn ? b().access(base, index) : b().accessIndex(base, x.index);
    Handle<Expression> h = unwrap(e, true);
    // An element that is itself an array with wrapped levels stays in the stored form.
    state_[old.index] = pointee(h) != types()[x.type].base ? 1 : 0;
    return h;
  }

  // The IR value of IR type `ir` from a stored value `x`, or (`ptr`) through a pointer `x`
  // to the stored form (each element loaded); the stored form `stored` of IR value `v`,
  // and its store through `p`.
  Handle<Expression> toIR(Handle<Expression> x, Handle<Type> ir, bool ptr = false) {
    if ((ptr ? pointee(x) : exprType(x)) == ir) return ptr ? b().load(x) : x;
    const Type t = types()[ir];
    std::vector<Handle<Expression>> parts;
    for (uint32_t i = 0; i < t.arraySize; ++i) {
      Handle<Expression> e = unwrap(b().accessIndex(x, i), ptr);
      parts.push_back(toIR(e, t.base, ptr));
    }
    return b().compose(ir, parts);
  }
  Handle<Expression> toStored(Handle<Expression> v, Handle<Type> stored) {
    if (exprType(v) == stored) return v;
    const Type t = types()[stored];
    const bool wrap = wrapper(t.base);
    const Handle<Type> inner = wrap ? types()[t.base].members[0].type : t.base;
    std::vector<Handle<Expression>> parts;
    for (uint32_t i = 0; i < t.arraySize; ++i) {
      Handle<Expression> e = toStored(b().accessIndex(v, i), inner);
      parts.push_back(wrap ? b().compose(t.base, {e}) : e);
    }
    return b().compose(stored, parts);
  }
  void storeIR(const Statement& s, Handle<Expression> p, Handle<Expression> v) {
    if (pointee(p) == exprType(v)) return put(s, p, v);
    for (uint32_t i = 0; i < types()[exprType(v)].arraySize; ++i) {
      Handle<Expression> pi = unwrap(b().accessIndex(p, i), true);
      Handle<Expression> vi = b().accessIndex(v, i);
      storeIR(s, pi, vi);
    }
  }
};

}  // namespace

bool wrapStridedArrays(Module& m, PassContext& ctx, TypeLayoutFn layoutOf) {
  Flags flags;
  auto want = [&](const Type& s, uint32_t i, bool lo) -> uint8_t {
    return lo && holdsOverStrided(m.types, s.members[i].type, layoutOf) ? 1 : 0;
  };
  std::vector<uint8_t> wrappers;
  auto change = [&](TypeArena& out, StructMember& sm, uint8_t) { sm.type = wrapped(out, sm.type, layoutOf, wrappers); };
  if (!retype(m, flags, want, change)) return true;
  for (uint32_t fi = 0; fi < m.functions.size(); ++fi) {
    Handle<Function> fh(fi);
    if (!reaches(m, m.functions[fh], flags)) continue;
    if (!WrapStridedArrays(m, fh, flags, wrappers).run()) {
      ctx.diags.report(DiagId::InternalError, m.functions[fh].range,
                       {"wrap-strided-arrays: an expression is used before it is evaluated"});
      return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------- packVectors

bool isPackedVector(const Type& t) { return t.kind == TypeKind::Vector && t.stride != 0; }

Handle<Type> packedVector(TypeArena& types, Scalar s, uint32_t size) {
  Type t;
  t.kind = TypeKind::Vector;
  t.scalar = s;
  t.size = uint8_t(size);
  t.stride = s.kind == ScalarKind::Bool ? 1 : s.width / 8;
  return types.intern(t);
}

namespace {

// The flags of packVectors: a packed vector member, an array member of packed vectors.
enum PackFlag : uint8_t { PackNone, PackVec, PackArr };

// Per member of laid-out struct `t`: its PackFlag (empty when none is packed). The room of
// a member runs to the next member by offset (declaration order among equal offsets), or
// to the struct's size for the last one.
std::vector<uint8_t> packFlags(const TypeArena& types, const Type& t, TypeLayoutFn layoutOf) {
  std::vector<uint8_t> flags(t.members.size(), PackNone);
  std::vector<uint32_t> order(t.members.size());
  for (uint32_t i = 0; i < order.size(); ++i) order[i] = i;
  std::stable_sort(order.begin(), order.end(),
                   [&](uint32_t a, uint32_t b) { return t.members[a].offset < t.members[b].offset; });
  bool any = false;
  for (size_t oi = 0; oi < order.size(); ++oi) {
    const StructMember& sm = t.members[order[oi]];
    const Type& mt = types[sm.type];
    if (mt.kind == TypeKind::Vector) {
      uint32_t next = oi + 1 < order.size() ? t.members[order[oi + 1]].offset : (t.structSize ? t.structSize : ~0u);
      uint32_t room = next == ~0u ? ~0u : next - sm.offset;
      TypeLayout v = layoutOf(types, sm.type);
      if (sm.offset % std::max(v.align, 1u) != 0 || room < v.size) flags[order[oi]] = PackVec;
    } else if (mt.kind == TypeKind::Array && mt.stride != 0 && types[mt.base].kind == TypeKind::Vector) {
      if (mt.stride < layoutOf(types, mt.base).size) flags[order[oi]] = PackArr;
    }
    any |= flags[order[oi]] != PackNone;
  }
  if (!any) flags.clear();
  return flags;
}

class PackVectors : public LayoutRewriter {
 public:
  using LayoutRewriter::LayoutRewriter;

 protected:
  Handle<Expression> load(const Expression& x, Handle<Expression> p) override {
    Handle<Expression> v = b().load(p, x.align);
    return toIR(v, x.type);
  }
  Handle<Expression> memberToStored(Handle<Expression> v, Handle<Type> s, uint32_t k) override {
    return toStored(v, types()[s].members[k].type);
  }
  void store(const Statement& s, Handle<Expression>, Handle<Expression> p, Handle<Expression> v) override {
    put(s, p, toStored(v, types()[exprType(p)].base));
  }

 private:
  // state_: PackVec where the old pointer's new pointee is a packed vector, PackArr an
  // array of them.
  Handle<Expression> access(Handle<Expression> old, const Expression& x) override {
    const uint8_t st = state_[x.a.index];
    if (st == PackNone) {
      bool ptr = false;
      uint8_t flag = 0;
      Handle<Expression> h = flaggedMember(old, x, ptr, flag);
      if (!h.valid()) return Rewriter::expression(old);
      if (!ptr) return toIR(h, x.type);
      state_[old.index] = flag;
      return h;
    }
    // A component of a packed vector is an ordinary scalar pointer (copied: its type is
    // the IR one); an element of an array of them points at a packed vector.
    if (st == PackVec) return Rewriter::expression(old);
    Handle<Expression> base = map(x.a);
    Handle<Expression> index = x.kind == ExprKind::Access ? map(x.b) : Handle<Expression>{};
    b().setRange(source().exprRange(old));
    state_[old.index] = PackVec;
    return x.kind == ExprKind::Access ? b().access(base, index) : b().accessIndex(base, x.index);
  }

  // The IR value of IR type `ir` from a packed vector (or an array of them) value `v`, and
  // the stored form `stored` of IR value `v`.
  Handle<Expression> toIR(Handle<Expression> v, Handle<Type> ir) {
    const Type t = types()[ir];
    if (t.kind == TypeKind::Vector) return b().compose(ir, {v});
    std::vector<Handle<Expression>> parts;
    for (uint32_t i = 0; i < t.arraySize; ++i) {
      Handle<Expression> e = b().accessIndex(v, i);
      parts.push_back(b().compose(t.base, {e}));
    }
    return b().compose(ir, parts);
  }
  Handle<Expression> toStored(Handle<Expression> v, Handle<Type> stored) {
    const Type t = types()[stored];
    if (t.kind == TypeKind::Vector) {
      // A vector just converted from a packed one (a copy from packed to packed) is that one.
      const Expression& e = b().fn().expressions[v];
      if (e.kind == ExprKind::Compose && e.operands.count == 1 &&
          exprType(b().fn().operands[e.operands.first]) == stored)
        return b().fn().operands[e.operands.first];
      return b().compose(stored, {v});
    }
    std::vector<Handle<Expression>> parts;
    for (uint32_t i = 0; i < t.arraySize; ++i) {
      Handle<Expression> e = b().accessIndex(v, i);
      parts.push_back(toStored(e, t.base));
    }
    return b().compose(stored, parts);
  }
};

}  // namespace

bool packVectors(Module& m, PassContext& ctx, TypeLayoutFn layoutOf) {
  // Each laid-out struct's flags, computed once (retype asks per member, twice).
  std::unordered_map<const Type*, std::vector<uint8_t>> memo;
  auto want = [&](const Type& s, uint32_t i, bool lo) -> uint8_t {
    if (!lo) return PackNone;
    auto it = memo.find(&s);
    if (it == memo.end()) it = memo.emplace(&s, packFlags(m.types, s, layoutOf)).first;
    return i < it->second.size() ? it->second[i] : uint8_t(PackNone);
  };
  auto change = [](TypeArena& out, StructMember& sm, uint8_t flag) {
    const Type t = out[sm.type];
    if (flag == PackVec) {
      sm.type = packedVector(out, t.scalar, t.size);
    } else {
      const Type e = out[t.base];
      Handle<Type> pe = packedVector(out, e.scalar, e.size);
      sm.type = out.array(pe, t.arraySize, t.stride);
    }
  };
  Flags flags;
  if (!retype(m, flags, want, change)) return true;
  for (uint32_t fi = 0; fi < m.functions.size(); ++fi) {
    Handle<Function> fh(fi);
    if (!reaches(m, m.functions[fh], flags)) continue;
    if (!PackVectors(m, fh, flags).run()) {
      ctx.diags.report(DiagId::InternalError, m.functions[fh].range,
                       {"pack-vectors: an expression is used before it is evaluated"});
      return false;
    }
  }
  return true;
}

// ---------------------------------------------------------------- splitVectors

namespace {

class SplitVectors : public LayoutRewriter {
 public:
  SplitVectors(Module& m, Handle<Function> f, const Flags& flags, const Firsts& firsts)
      : LayoutRewriter(m, f, flags), firsts_(firsts) {
    size_t n = source().expressions.size();
    base_.assign(n, {});
    idx_.assign(n, {});
    first_.assign(n, 0);
    size_.assign(n, 0);
    findCopies();
  }

 protected:
  Handle<Expression> expression(Handle<Expression> old) override {
    const Expression& x = source().expr(old);
    if (x.kind == ExprKind::Load && copy_[old.index] && state_[x.a.index] == Vec) {
      // A split vector copied to another: read by the store, component by component.
      copy_[old.index] = 2;
      return map(x.a);  // stands in for the value only in that store
    }
    if (x.kind != ExprKind::Compose || !anyMember(x.type)) return LayoutRewriter::expression(old);
    // A struct value: each split operand's components in its place.
    std::vector<Handle<Expression>> ops;
    for (uint32_t k = 0; k < x.operands.count; ++k) ops.push_back(map(source().operands[x.operands.first + k]));
    b().setRange(source().exprRange(old));
    std::vector<Handle<Expression>> parts;
    for (uint32_t k = 0; k < ops.size(); ++k) {
      if (!member(x.type, k)) {
        parts.push_back(ops[k]);
        continue;
      }
      for (uint32_t c = 0; c < types()[exprType(ops[k])].size; ++c) parts.push_back(b().accessIndex(ops[k], c));
    }
    return b().compose(x.type, parts);
  }

  Handle<Expression> load(const Expression& x, Handle<Expression> p) override {
    const uint32_t a = x.a.index;
    if (state_[a] == Vec) return components(a, x.type);
    // A dynamically indexed component: the vector, indexed.
    Handle<Expression> v = components(a, types().vector(types()[x.type].scalar, size_[a]));
    return b().access(v, idx_[a]);
  }
  Handle<Expression> memberToStored(Handle<Expression> v, Handle<Type>, uint32_t) override { return v; }

  void store(const Statement& s, Handle<Expression> old, Handle<Expression>, Handle<Expression> v) override {
    const uint32_t a = old.index;
    if (state_[a] == Vec && copy_[s.b.index] == 2) {
      // From a split vector to a split vector, component by component; no vector is
      // built. The loads come before any store, as the vector's load did, unless nothing
      // writes the source (a uniform or read-only buffer): then each store reads its own.
      const uint32_t from = source().expr(s.b).a.index;
      const bool interleave = readOnly(source().expr(s.b).a);
      std::vector<Handle<Expression>> parts;
      for (uint32_t c = 0; c < size_[from]; ++c) {
        Handle<Expression> pc = b().accessIndex(base_[from], first_[from] + c);
        Handle<Expression> vc = b().load(pc);
        if (!interleave) {
          parts.push_back(vc);
          continue;
        }
        Handle<Expression> to = b().accessIndex(base_[a], first_[a] + c);
        put(s, to, vc);
      }
      for (uint32_t c = 0; c < parts.size(); ++c) {
        Handle<Expression> pc = b().accessIndex(base_[a], first_[a] + c);
        put(s, pc, parts[c]);
      }
      return;
    }
    if (state_[a] == Vec) {
      for (uint32_t c = 0; c < size_[a]; ++c) {
        Handle<Expression> pc = b().accessIndex(base_[a], first_[a] + c);
        Handle<Expression> vc = b().accessIndex(v, c);
        put(s, pc, vc);
      }
      return;
    }
    // One guarded store per component.
    Handle<Expression> i = idx_[a];
    if (Scalar is = scalarOf(types(), exprType(i)).value_or(Scalar::u32()); is != Scalar::u32())
      i = b().convert(i, Scalar::u32());
    for (uint32_t c = 0; c < size_[a]; ++c) {
      Handle<Expression> k = b().u32(c);
      Handle<Expression> eq = b().binary(BinaryOp::Equal, i, k);
      b().ifBegin(eq);
      Handle<Expression> pc = b().accessIndex(base_[a], first_[a] + c);
      put(s, pc, v);
      b().ifEnd();
    }
  }

 private:
  // Per old pointer: Vec, a split vector member (base_: the new struct pointer, first_:
  // its first component's member, size_: its components); Comp, a dynamically indexed
  // component of one (idx_: the new index). The old pointer maps to the struct pointer:
  // only its loads, stores and component accesses use it, each rebuilt here.
  enum State : uint8_t { None, Vec, Comp };
  const Firsts& firsts_;
  std::vector<Handle<Expression>> base_, idx_;
  std::vector<uint32_t> first_;
  std::vector<uint8_t> size_;
  // Per old Load: 1 where it may be a copy from a split vector to a split vector (its one
  // use is the value of the Store right after its Emit, through a split vector member's
  // pointer), 2 once its load was left to that store.
  std::vector<uint8_t> copy_;

  // Whether old pointer `p` will be a split vector member's (state Vec): the AccessIndex of
  // a split member of a struct pointer (access() below).
  bool splitPointer(Handle<Expression> p) {
    const Expression& x = source().expr(p);
    if (x.kind != ExprKind::AccessIndex) return false;
    const Type& bt = types()[source().expr(x.a).type];
    return bt.kind == TypeKind::Pointer && member(bt.base, x.index) != 0;
  }
  // Whether old pointer `p` is into memory nothing writes (a uniform or push-constant
  // buffer, a read-only storage buffer).
  bool readOnly(Handle<Expression> p) {
    while (source().expressions.contains(p) &&
           (source().expr(p).kind == ExprKind::Access || source().expr(p).kind == ExprKind::AccessIndex))
      p = source().expr(p).a;
    if (!source().expressions.contains(p) || source().expr(p).kind != ExprKind::GlobalVariable) return false;
    const GlobalVariable& g = module().globals[source().expr(p).global];
    return g.space == AddressSpace::Uniform || g.space == AddressSpace::PushConstant ||
           (g.space == AddressSpace::Storage && g.access == StorageAccess::Load);
  }
  void findCopies() {
    copy_.assign(source().expressions.size(), 0);
    const std::vector<uint32_t> uses = countExpressionUses(source());
    for (const Block& bl : source().blocks)
      for (size_t i = 1; i < bl.stmts.size(); ++i) {
        const Statement& e = source().stmt(bl.stmts[i - 1]);
        const Statement& st = source().stmt(bl.stmts[i]);
        if (st.kind != StmtKind::Store || e.kind != StmtKind::Emit || !st.b.valid()) continue;
        const uint32_t v = st.b.index;
        if (v < e.range.first || v >= e.range.first + e.range.count || uses[v] != 1) continue;
        if (source().expr(st.b).kind == ExprKind::Load && splitPointer(st.a)) copy_[v] = 1;
      }
  }

  uint32_t firstOf(Handle<Type> s, uint32_t k) const {
    return s.index < firsts_.size() && k < firsts_[s.index].size() ? firsts_[s.index][k] : k;
  }

  // The vector of type `vt` from the component loads of split pointer (old index) `a`.
  Handle<Expression> components(uint32_t a, Handle<Type> vt) {
    std::vector<Handle<Expression>> parts;
    for (uint32_t c = 0; c < size_[a]; ++c) {
      Handle<Expression> pc = b().accessIndex(base_[a], first_[a] + c);
      parts.push_back(b().load(pc));
    }
    return b().compose(vt, parts);
  }

  Handle<Expression> access(Handle<Expression> old, const Expression& x) override {
    const uint32_t a = x.a.index;
    if (state_[a] == Vec) {
      if (x.kind == ExprKind::AccessIndex) {
        b().setRange(source().exprRange(old));
        return b().accessIndex(base_[a], first_[a] + x.index);
      }
      state_[old.index] = Comp;
      base_[old.index] = base_[a];
      first_[old.index] = first_[a];
      size_[old.index] = size_[a];
      idx_[old.index] = map(x.b);
      return base_[a];
    }
    if (x.kind != ExprKind::AccessIndex) return Rewriter::expression(old);
    Handle<Type> bt = source().expr(x.a).type;
    const bool ptr = types()[bt].kind == TypeKind::Pointer;
    const Handle<Type> st = ptr ? types()[bt].base : bt;
    if (!anyMember(st)) return Rewriter::expression(old);
    Handle<Expression> base = map(x.a);
    b().setRange(source().exprRange(old));
    const uint32_t first = firstOf(st, x.index);
    if (!member(st, x.index)) return b().accessIndex(base, first);
    const uint32_t n = types()[ptr ? types()[x.type].base : x.type].size;
    if (ptr) {
      state_[old.index] = Vec;
      base_[old.index] = base;
      first_[old.index] = first;
      size_[old.index] = uint8_t(n);
      return base;
    }
    std::vector<Handle<Expression>> parts;
    for (uint32_t c = 0; c < n; ++c) parts.push_back(b().accessIndex(base, first + c));
    return b().compose(x.type, parts);
  }
};

}  // namespace

bool splitVectors(Module& m, PassContext& ctx, TypeLayoutFn layoutOf) {
  auto want = [&](const Type& s, uint32_t i, bool lo) -> uint8_t {
    const StructMember& sm = s.members[i];
    if (!lo || m.types[sm.type].kind != TypeKind::Vector) return 0;
    return sm.offset % std::max(layoutOf(m.types, sm.type).align, 1u) != 0 ? 1 : 0;
  };
  auto change = [&](TypeArena& out, const StructMember& sm, uint8_t) {
    const Type v = out[sm.type];
    Handle<Type> sc = out.scalar(v.scalar);
    const uint32_t bytes = layoutOf(out, sc).size;
    std::vector<StructMember> parts;
    for (uint32_t c = 0; c < v.size; ++c) {
      StructMember p = sm;
      p.name = sm.name + "_" + "xyzw"[c];
      p.type = sc;
      p.offset = sm.offset + c * bytes;
      parts.push_back(std::move(p));
    }
    return parts;
  };
  Flags flags;
  Firsts firsts;
  if (!retype(m, flags, want, change, &firsts)) return true;
  for (uint32_t fi = 0; fi < m.functions.size(); ++fi) {
    Handle<Function> fh(fi);
    if (!reaches(m, m.functions[fh], flags)) continue;
    if (!SplitVectors(m, fh, flags, firsts).run()) {
      ctx.diags.report(DiagId::InternalError, m.functions[fh].range,
                       {"split-vectors: an expression is used before it is evaluated"});
      return false;
    }
  }
  return true;
}

}  // namespace oneshader::passes
