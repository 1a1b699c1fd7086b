// Type rules shared by builder, validator and backends.
#include "ir/util.hpp"

#include <algorithm>
#include <unordered_set>

namespace oneshader::ir {

// The fields of a type that the rules below read, copied out: interning may grow the arena
// (so a reference into it cannot be held across it), and copying the whole Type would copy
// a struct's member list on every access (O(members) each: a cbuffer of N members read
// member by member was O(N^2), issue 11).
struct Shape {
  TypeKind kind;
  Scalar scalar;
  uint8_t size, columns;
  uint32_t arraySize;
  Handle<Type> base;
  AddressSpace space;
  uint32_t spirvClass;
};
template <class Types>
static Shape shapeOf(const Types& types, Handle<Type> h) {
  const Type& t = types[h];
  return Shape{t.kind, t.scalar, t.size, t.columns, t.arraySize, t.base, t.space, t.spirvClass};
}

template <class Types>
static Handle<Type> elementOf(Types& types, Handle<Type> h, uint32_t index, bool dynamic) {
  const Shape t = shapeOf(types, h);
  switch (t.kind) {
    case TypeKind::Vector: return (dynamic || index < t.size) ? types.scalar(t.scalar) : Handle<Type>{};
    case TypeKind::Matrix: return (dynamic || index < t.columns) ? types.vector(t.scalar, t.size) : Handle<Type>{};
    case TypeKind::Array: return (dynamic || t.arraySize == 0 || index < t.arraySize) ? t.base : Handle<Type>{};
    case TypeKind::Struct: {
      const std::vector<StructMember>& members = types[h].members;  // nothing is interned here
      return (!dynamic && index < members.size()) ? members[index].type : Handle<Type>{};
    }
    default: return {};
  }
}

template <class Types>
Handle<Type> accessResultType(Types& types, Handle<Type> base, uint32_t index, bool dynamic) {
  if (!types.contains(base)) return {};
  const Shape bt = shapeOf(types, base);
  if (bt.kind == TypeKind::Pointer) {
    if (!types.contains(bt.base)) return {};
    Handle<Type> e = elementOf(types, bt.base, index, dynamic);
    return e.valid() ? types.pointer(e, bt.space, bt.spirvClass) : Handle<Type>{};
  }
  return elementOf(types, base, index, dynamic);
}

template <class Types>
Handle<Type> withScalar(Types& types, Handle<Type> t, Scalar s) {
  if (!types.contains(t)) return {};
  const Shape tt = shapeOf(types, t);
  switch (tt.kind) {
    case TypeKind::Scalar: return types.scalar(s);
    case TypeKind::Vector: return types.vector(s, tt.size);
    case TypeKind::Matrix: return types.matrix(s, tt.columns, tt.size);
    default: return {};
  }
}

template <class Types>
Handle<Type> binaryResultType(Types& types, BinaryOp op, Handle<Type> a, Handle<Type> b) {
  if (!types.contains(a) || !types.contains(b)) return {};
  const Shape ta = shapeOf(types, a), tb = shapeOf(types, b);
  if (isComparison(op)) return withScalar(types, ta.kind == TypeKind::Scalar ? b : a, Scalar::boolean());
  if (op == BinaryOp::Multiply) {
    if (ta.kind == TypeKind::Matrix && tb.kind == TypeKind::Vector)  // M * v: rows
      return types.vector(ta.scalar, ta.size);
    if (ta.kind == TypeKind::Vector && tb.kind == TypeKind::Matrix)  // v * M: columns
      return types.vector(ta.scalar, tb.columns);
    if (ta.kind == TypeKind::Matrix && tb.kind == TypeKind::Matrix)  // A(c x r) * B: B.columns x A.rows
      return types.matrix(ta.scalar, tb.columns, ta.size);
  }
  if (op == BinaryOp::ShiftLeft || op == BinaryOp::ShiftRight) return a;
  // scalar op vector/matrix: the wider one
  if (ta.kind == TypeKind::Scalar && tb.kind != TypeKind::Scalar) return b;
  return a;
}

template <class Types>
static Handle<Type> twoResultStruct(Types& types, Handle<Type> x, bool frexp) {
  if (!types.contains(x)) return {};
  const Shape tx = shapeOf(types, x);
  if ((tx.kind != TypeKind::Scalar && tx.kind != TypeKind::Vector) || tx.scalar.kind != ScalarKind::Float) return {};
  std::string shape = tx.kind == TypeKind::Vector ? "vec" + std::to_string(tx.size) + "_" : "";
  std::string name =
      std::string(frexp ? "frexp_result_" : "modf_result_") + shape + "f" + std::to_string(tx.scalar.width);
  StructMember first, second;
  first.name = "fract";
  first.type = x;
  second.name = frexp ? "exp" : "whole";
  second.type =
      frexp ? (tx.kind == TypeKind::Vector ? types.vector(Scalar::i32(), tx.size) : types.scalar(Scalar::i32())) : x;
  return types.structure(std::move(name), {first, second});
}

template <class Types>
Handle<Type> modfResultType(Types& types, Handle<Type> x) {
  return twoResultStruct(types, x, false);
}
template <class Types>
Handle<Type> frexpResultType(Types& types, Handle<Type> x) {
  return twoResultStruct(types, x, true);
}

template <class Types>
Handle<Type> mathResultType(Types& types, MathFunction f, Handle<Type> a) {
  if (!types.contains(a)) return {};
  const Shape ta = shapeOf(types, a);
  switch (mathInfo(f).result) {
    case MathResult::Same: return a;
    case MathResult::Scalar: return types.scalar(ta.scalar);
    case MathResult::Transposed: return ta.kind == TypeKind::Matrix ? types.matrix(ta.scalar, ta.size, ta.columns) : a;
    case MathResult::U32: return types.scalar(Scalar::u32());
    case MathResult::F32x2: return types.vector(Scalar::f32(), 2);
    case MathResult::Modf: return modfResultType(types, a);
    case MathResult::Frexp: return frexpResultType(types, a);
  }
  return a;
}

template <class Types>
Handle<Type> builtinValueType(Types& types, BuiltIn b) {
  switch (b) {
    case BuiltIn::GlobalInvocationId:
    case BuiltIn::WorkGroupId:
    case BuiltIn::LocalInvocationId:
    case BuiltIn::NumWorkGroups: return types.vector(Scalar::u32(), 3);
    case BuiltIn::Position: return types.vector(Scalar::f32(), 4);
    case BuiltIn::FragDepth:
    case BuiltIn::FragDepthGreater:
    case BuiltIn::FragDepthLess: return types.scalar(Scalar::f32());
    case BuiltIn::BaryCoord:
    case BuiltIn::BaryCoordNoPersp: return types.vector(Scalar::f32(), 3);
    case BuiltIn::FullyCovered:
    case BuiltIn::FrontFacing:
    case BuiltIn::HelperInvocation: return types.scalar(Scalar::boolean());
    case BuiltIn::PointSize: return types.scalar(Scalar::f32());
    case BuiltIn::None: return {};
    default: return types.scalar(Scalar::u32());
  }
}

// The rules for both type sources: interning (builder, lowering, passes) and looking up
// (the validator of a const Module).
#define OSH_TYPE_RULES(Types)                                                           \
  template Handle<Type> accessResultType(Types&, Handle<Type>, uint32_t, bool);         \
  template Handle<Type> withScalar(Types&, Handle<Type>, Scalar);                       \
  template Handle<Type> binaryResultType(Types&, BinaryOp, Handle<Type>, Handle<Type>); \
  template Handle<Type> modfResultType(Types&, Handle<Type>);                           \
  template Handle<Type> frexpResultType(Types&, Handle<Type>);                          \
  template Handle<Type> mathResultType(Types&, MathFunction, Handle<Type>);             \
  template Handle<Type> builtinValueType(Types&, BuiltIn);
OSH_TYPE_RULES(TypeArena)
OSH_TYPE_RULES(TypeQuery)
#undef OSH_TYPE_RULES

// Post-order from the entry point, callees in increasing IR order: callees before callers,
// each function once. Iterative (a call chain can be deep); linear in what is reached.
std::vector<uint32_t> callOrder(const Module& m, Handle<Function> entry) {
  std::vector<uint32_t> out;
  if (!m.functions.contains(entry)) return out;
  // A hash set, not a table of every function: a file of many entry points walks once per
  // entry point, at the cost of what that entry point reaches (issue 11).
  std::unordered_set<uint32_t> seen;
  std::vector<std::pair<uint32_t, bool>> work{{entry.index, false}};
  std::vector<uint32_t> callees;
  while (!work.empty()) {
    auto [fi, done] = work.back();
    work.pop_back();
    if (done) {
      out.push_back(fi);
      continue;
    }
    if (!seen.insert(fi).second) continue;
    work.push_back({fi, true});
    callees.clear();
    for (const Statement& s : m.functions[Handle<Function>(fi)].statements)
      if (s.kind == StmtKind::Call && m.functions.contains(s.function) && !seen.count(s.function.index))
        callees.push_back(s.function.index);
    std::sort(callees.begin(), callees.end(), std::greater<>());
    callees.erase(std::unique(callees.begin(), callees.end()), callees.end());
    for (uint32_t c : callees) work.push_back({c, false});
  }
  return out;
}

std::vector<uint32_t> reachableFunctions(const Module& m, Handle<Function> entry) {
  std::vector<uint32_t> order = callOrder(m, entry);
  std::sort(order.begin(), order.end());
  return order;
}

std::vector<uint8_t> specDependence(const Module& m) {
  // Components precede the constants made of them (the validator checks it): one pass.
  std::vector<uint8_t> dep(m.constants.size(), 0);
  for (uint32_t i = 0; i < m.constants.size(); ++i) {
    const Constant& c = m.constants[Handle<Constant>(i)];
    if (c.spec) dep[i] = 1;
    if (c.kind == Constant::Kind::Composite || c.kind == Constant::Kind::SpecOp)
      for (uint32_t k = 0; k < c.components.count; ++k) {
        uint32_t part = m.constantComponents[c.components.first + k].index;
        if (part < i && dep[part]) dep[i] = 1;
      }
  }
  return dep;
}

bool specDependent(const Module& m, Handle<Constant> c) {
  std::vector<Handle<Constant>> work{c};
  while (!work.empty()) {
    Handle<Constant> h = work.back();
    work.pop_back();
    if (!m.constants.contains(h)) continue;
    const Constant& k = m.constants[h];
    if (k.spec) return true;
    if (k.kind == Constant::Kind::Composite || k.kind == Constant::Kind::SpecOp)
      for (uint32_t i = 0; i < k.components.count; ++i) work.push_back(m.constantComponents[k.components.first + i]);
  }
  return false;
}

std::vector<uint8_t> constantsUsed(const Module& m, const EntryPoint& ep) {
  std::vector<uint8_t> used(m.constants.size(), 0);
  std::vector<uint8_t> globalSeen(m.globals.size(), 0);
  auto mark = [&](Handle<Constant> h) {
    std::vector<Handle<Constant>> work{h};
    while (!work.empty()) {
      Handle<Constant> c = work.back();
      work.pop_back();
      if (!m.constants.contains(c) || used[c.index]) continue;
      used[c.index] = 1;
      const Constant& k = m.constants[c];
      if (k.kind == Constant::Kind::Composite || k.kind == Constant::Kind::SpecOp)
        for (uint32_t i = 0; i < k.components.count; ++i) work.push_back(m.constantComponents[k.components.first + i]);
    }
  };
  if (m.functions.contains(ep.function))
    for (uint32_t fi : reachableFunctions(m, ep.function)) {
      const Function& f = m.functions[Handle<Function>(fi)];
      for (const LocalVariable& l : f.locals)
        if (l.init.valid()) mark(l.init);
      for (const Expression& x : f.expressions) {
        if (x.constant.valid()) mark(x.constant);
        if (x.offset.valid()) mark(x.offset);
        if (x.kind == ExprKind::GlobalVariable && m.globals.contains(x.global) && !globalSeen[x.global.index]) {
          globalSeen[x.global.index] = 1;
          if (m.globals[x.global].init.valid()) mark(m.globals[x.global].init);
        }
      }
    }
  for (Handle<Constant> c : ep.workgroupSizeSpec)
    if (c.valid()) mark(c);
  return used;
}

std::optional<uint32_t> workgroupSpecId(const Module& m, Handle<Constant> c) {
  while (m.constants.contains(c)) {
    const Constant& k = m.constants[c];
    if (k.spec) return k.specId;
    if (k.kind != Constant::Kind::SpecOp || k.specOp != SpecOpKind::Convert || k.components.count != 1) break;
    c = m.constantComponents[k.components.first];
  }
  return std::nullopt;
}

void reportIgnoredHints(const Module& m, const EntryPoint& ep, DiagId id, DiagEngine& diags) {
  bool seenHint[8] = {};
  bool seenNoInline = false;
  bool seenDebug[2] = {};
  std::unordered_set<uint32_t> seenCoherent;
  for (uint32_t fi : reachableFunctions(m, ep.function)) {
    const Function& f = m.functions[Handle<Function>(fi)];
    if (f.noInline && !seenNoInline) {
      seenNoInline = true;
      diags.report(id, f.range, {"[noinline]"});
    }
    // globallycoherent (the Coherent decoration lowering gives it): Metal 2.4 and WGSL make
    // a dispatch's device-memory writes visible to other workgroups only when it ends.
    for (const Expression& x : f.expressions)
      if (x.kind == ExprKind::GlobalVariable && m.globals.contains(x.global) && !seenCoherent.count(x.global.index)) {
        const GlobalVariable& g = m.globals[x.global];
        for (const SpirvDecoration& d : g.spirvDecorations)
          if (d.kind == SpirvDecoration::Kind::Literal && d.decoration == 23 &&
              seenCoherent.insert(x.global.index).second)
            diags.report(id, g.range, {"'globallycoherent' on '" + g.name + "'"});
      }
    for (uint32_t si = 0; si < f.statements.size(); ++si) {
      const Statement& s = f.statements[Handle<Statement>(si)];
      // printf / DebugBreak (SPIR-V's non-semantic instructions): dropped, as a driver may.
      if (s.kind == StmtKind::Debug && s.op < 2 && !seenDebug[s.op]) {
        seenDebug[s.op] = true;
        diags.report(id, f.stmtRange(Handle<Statement>(si)),
                     {DebugOp(s.op) == DebugOp::Printf ? "printf" : "DebugBreak()"});
      }
      if (s.hint == ControlHint::None || seenHint[uint32_t(s.hint)]) continue;
      seenHint[uint32_t(s.hint)] = true;
      diags.report(id, f.stmtRange(Handle<Statement>(si)), {controlHintName(s.hint)});
    }
  }
  for (uint32_t i = 0; i < FragModeCount; ++i)
    if (ep.fragmentModes & (1u << i)) diags.report(id, ep.range, {fragmentModeAttribute(1u << i)});
}

bool reportSubpassInputs(const Module& m, DiagId id, DiagEngine& diags) {
  bool ok = true;
  for (const GlobalVariable& g : m.globals) {
    Handle<Type> t = g.type;
    while (m.types.contains(t) && m.types[t].kind == TypeKind::Array) t = m.types[t].base;
    if (!m.types.contains(t) || m.types[t].kind != TypeKind::Image || m.types[t].image.dim != ImageDim::SubpassData)
      continue;
    diags.report(id, g.range, {g.name});
    ok = false;
  }
  return ok;
}

}  // namespace oneshader::ir
