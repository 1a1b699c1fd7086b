// Type rules shared by the builder (inference), the validator (checking) and backends.
#pragma once
#include "diag/diag.hpp"
#include "ir/ir.hpp"

namespace oneshader::ir {

// Whether an expression kind is evaluated by an Emit statement.
constexpr bool needsEmit(ExprKind k) {
  switch (k) {
    case ExprKind::Literal:
    case ExprKind::Constant:
    case ExprKind::ZeroValue:
    case ExprKind::GlobalVariable:
    case ExprKind::LocalVariable:
    case ExprKind::FunctionArgument:
    case ExprKind::Builtin:
    case ExprKind::CallResult:
    case ExprKind::AtomicResult:
    case ExprKind::SubgroupResult:
    case ExprKind::SpirvInstResult: return false;
    default: return true;
  }
}

// Calls fn(h) for each expression Emit statement `s` evaluates, in order (the expressions
// of its range that need an Emit): what every back end does at an Emit.
template <class F>
void forEachEmitted(const Function& f, const Statement& s, F&& fn) {
  for (uint32_t k = 0; k < s.range.count; ++k) {
    Handle<Expression> h(s.range.first + k);
    if (f.expressions.contains(h) && needsEmit(f.expressions[h].kind)) fn(h);
  }
}

// The type rules below take a TypeArena (they intern the result) or a TypeQuery (they look
// it up: invalid when the module has no such type); util.cpp instantiates both.

// Result type of Access / AccessIndex on `base` (a pointer or a value). Invalid handle
// when the access is not allowed (e.g. struct member out of range, dynamic struct index).
template <class Types>
Handle<Type> accessResultType(Types& types, Handle<Type> base, uint32_t index, bool dynamic);
// Same shape as `t` (scalar or vector or matrix) with scalar `s`.
template <class Types>
Handle<Type> withScalar(Types& types, Handle<Type> t, Scalar s);
template <class Types>
Handle<Type> binaryResultType(Types& types, BinaryOp op, Handle<Type> a, Handle<Type> b);
template <class Types>
Handle<Type> mathResultType(Types& types, MathFunction f, Handle<Type> a);
// The two-member result struct of Modf / Frexp on a float scalar or vector `x` (ir.hpp,
// "Modf and Frexp"): {fract: T, whole: T} / {fract: T, exp: i32 of T's component count}.
// Invalid when x is not a float scalar or vector.
template <class Types>
Handle<Type> modfResultType(Types& types, Handle<Type> x);
template <class Types>
Handle<Type> frexpResultType(Types& types, Handle<Type> x);
// The functions reachable from `entry` through Call statements (entry included), as
// indices in IR order: what a backend writes for one entry point.
std::vector<uint32_t> reachableFunctions(const Module& m, Handle<Function> entry);
// The same functions, callees before callers (post-order from `entry`, the callees of
// one function in IR order), each once: the one call-graph walk both of these use.
std::vector<uint32_t> callOrder(const Module& m, Handle<Function> entry);
// Value type of an input built-in (u32 / uvec3 / vec4 / bool).
template <class Types>
Handle<Type> builtinValueType(Types& types, BuiltIn b);

// The text targets (MSL, WGSL) have no loop/selection controls, no DontInline, no
// globallycoherent and none of the pixel execution modes of vk:: attributes: reports `id`
// (a warning of the form "{0} has no X equivalent and is ignored") once per kind, at its
// first use in the functions `ep` reaches, so that nothing the source asked for disappears
// without a word.
void reportIgnoredHints(const Module& m, const EntryPoint& ep, DiagId id, DiagEngine& diags);

// The text targets have no subpass inputs (ImageDim::SubpassData): reports `id` naming each
// one the module declares (an entry point's extracted module: the ones it uses) at its
// declaration; false when there was one.
bool reportSubpassInputs(const Module& m, DiagId id, DiagEngine& diags);

// Specialization constants (ir.hpp, Constant): whether each constant of the module depends on
// one (a `spec` Literal, or a SpecOp / Composite over such a constant), by constant index.
std::vector<uint8_t> specDependence(const Module& m);
bool specDependent(const Module& m, Handle<Constant> c);  // the same for one constant
// The constants the entry point uses, by constant index (1: used): those its reachable
// functions' expressions, locals and globals name, its specialised workgroup size, and the
// components of each. Iterating in index order visits operands before their users.
std::vector<uint8_t> constantsUsed(const Module& m, const EntryPoint& ep);
// The SpecId that sets a specialised workgroup dimension (EntryPoint::workgroupSizeSpec: a
// spec constant, or a Convert of one).
std::optional<uint32_t> workgroupSpecId(const Module& m, Handle<Constant> c);

inline bool isComparison(BinaryOp op) { return op >= BinaryOp::Equal && op <= BinaryOp::GreaterEqual; }

}  // namespace oneshader::ir
