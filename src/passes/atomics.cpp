// passes::atomicTypes (atomics.hpp): one walk over the statements finds the globals atomic
// operations reach; their types are interned anew with Atomic leaves (each type once,
// memoized); the expressions that name them or index into them (GlobalVariable, then
// Access / AccessIndex, each after its operand) take the new types; then one more walk
// over the expressions and statements checks what the target cannot express. Linear in the
// module.
#include "passes/atomics.hpp"

#include <vector>

namespace oneshader::passes {

using namespace ir;

namespace {

bool isAtomicLeaf(const Type& t) { return t.kind == TypeKind::Scalar && t.scalar.isInteger() && t.scalar.width == 32; }

}  // namespace

bool atomicTypes(Module& m, PassContext& ctx, const AtomicTypeRules& rules) {
  bool ok = true;
  auto report = [&](SourceRange r, const char* what) {
    ctx.diags.report(rules.unsupported, r, {what});
    ok = false;
  };
  // 1. The globals atomic operations reach.
  std::vector<uint8_t> atomic(m.globals.size(), 0);
  bool any = false;
  for (const Function& f : m.functions)
    for (uint32_t i = 0; i < f.statements.size(); ++i) {
      const Statement& s = f.statements.raw()[i];
      if (s.kind != StmtKind::Atomic) continue;
      Handle<GlobalVariable> g = rootGlobal(f, s.a);
      if (!g.valid() || !m.globals.contains(g)) {
        report(f.stmtRange(Handle<Statement>(i)), "an atomic operation through a function parameter");
        continue;
      }
      atomic[g.index] = 1;
      any = true;
    }
  if (!any) return ok;

  // 2. Their types: every 32-bit integer scalar leaf atomic (each old type once).
  const uint32_t oldTypes = m.types.size();
  std::vector<Handle<Type>> atomized(oldTypes);
  auto atomize = [&](auto& self, Handle<Type> h) -> Handle<Type> {
    if (!h.valid() || h.index >= oldTypes) return h;
    if (atomized[h.index].valid()) return atomized[h.index];
    Type t = m.types[h];
    Handle<Type> r = h;
    if (isAtomicLeaf(t)) {
      r = m.types.atomic(t.scalar);
    } else if (t.kind == TypeKind::Array) {
      Handle<Type> base = self(self, t.base);
      if (base != t.base) {
        t.base = base;
        r = m.types.intern(t);
      }
    } else if (t.kind == TypeKind::Struct) {
      bool changed = false;
      for (StructMember& sm : t.members) {
        Handle<Type> n = self(self, sm.type);
        changed |= n != sm.type;
        sm.type = n;
      }
      if (changed) {
        t.name = (t.name.empty() ? std::string("S") : t.name) + "_atomic";
        r = m.types.intern(t);
      }
    }
    atomized[h.index] = r;
    return r;
  };
  for (uint32_t i = 0; i < m.globals.size(); ++i)
    if (atomic[i]) {
      GlobalVariable& g = m.globals[Handle<GlobalVariable>(i)];
      g.type = atomize(atomize, g.type);
    }

  // Whether a type holds an Atomic (memoized: 0 unknown, 1 no, 2 yes).
  std::vector<uint8_t> holds;
  auto holdsAtomic = [&](auto& self, Handle<Type> h) -> bool {
    if (!m.types.contains(h)) return false;
    if (holds.size() <= h.index) holds.resize(m.types.size(), 0);
    if (holds[h.index]) return holds[h.index] == 2;
    const Type& t = m.types[h];
    bool yes = t.kind == TypeKind::Atomic;
    if (t.kind == TypeKind::Array) yes = self(self, t.base);
    if (t.kind == TypeKind::Struct)
      for (const StructMember& sm : t.members) yes = yes || self(self, sm.type);
    holds[h.index] = yes ? 2 : 1;
    return yes;
  };
  auto pointee = [&](Handle<Type> p) -> Handle<Type> {
    return m.types.contains(p) && m.types[p].kind == TypeKind::Pointer ? m.types[p].base : Handle<Type>{};
  };

  for (Function& f : m.functions) {
    // 3. The expressions that name the retyped globals or index into them.
    std::vector<uint8_t> inside = retypeGlobalUses(m, f, atomic);
    auto rooted = [&](Handle<Expression> h) { return f.expressions.contains(h) && inside[h.index]; };

    // 4. What the target cannot express.
    for (uint32_t i = 0; i < f.expressions.size(); ++i) {
      const Expression& x = f.expressions.raw()[i];
      if (x.kind != ExprKind::Load || !rooted(x.a)) continue;
      Handle<Type> p = pointee(f.expressions[x.a].type);
      if (m.types.contains(p) && m.types[p].kind != TypeKind::Atomic && holdsAtomic(holdsAtomic, p))
        report(f.exprRange(Handle<Expression>(i)), "a load of an aggregate from a buffer that atomics also access");
    }
    for (uint32_t i = 0; i < f.statements.size(); ++i) {
      const Statement& s = f.statements.raw()[i];
      SourceRange r = f.stmtRange(Handle<Statement>(i));
      if (s.kind == StmtKind::Store && rooted(s.a)) {
        Handle<Type> p = pointee(f.expressions[s.a].type);
        if (m.types.contains(p) && m.types[p].kind != TypeKind::Atomic && holdsAtomic(holdsAtomic, p))
          report(r, "a store of an aggregate to a buffer that atomics also access");
      } else if (s.kind == StmtKind::Atomic && rooted(s.a)) {
        Handle<Type> p = pointee(f.expressions[s.a].type);
        if (m.types.contains(p) && isAtomicLeaf(m.types[p]))
          report(r, "an atomic operation on a component of a vector or matrix");
      } else if (s.kind == StmtKind::Call) {
        for (uint32_t k = 0; k < s.range.count; ++k)
          if (Handle<Expression> a = f.operands[s.range.first + k];
              rooted(a) && holdsAtomic(holdsAtomic, pointee(f.expressions[a].type))) {
            report(r, "a pointer into a buffer that atomics also access passed to a function");
            break;
          }
      }
    }
  }
  return ok;
}

}  // namespace oneshader::passes
