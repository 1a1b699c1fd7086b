// atomicTypes: a target whose atomics are types (WGSL's atomic<u32>, atomic<i32>) declares
// the memory an atomic operation touches with them, and reads and writes it only through
// atomicLoad / atomicStore. The pass makes that explicit in the IR, so that the printer
// prints from types alone.
//
// Every global that is the root of an Atomic statement's pointer (through Access /
// AccessIndex chains) is retyped: each 32-bit integer scalar leaf of its type (inside
// structs and arrays, at any depth) becomes ir::TypeKind::Atomic of that scalar. Arrays
// keep their sizes and strides; a struct that changes keeps its members, offsets and
// layout and is named `NAME_atomic` (`S_atomic` when unnamed), so that a struct used both
// by such a global and elsewhere is two distinct types with distinct names. The
// expressions that name the global or index into it take the new pointer types. After the
// pass:
//  - a Load through a pointer to Atomic<T> is an atomic load (its result is T, as the
//    builder gives it), a Store of a T through it an atomic store;
//  - an Atomic statement's pointer points to Atomic<T> where T is a 32-bit integer.
// What such a target cannot express is reported with `rules.unsupported` (the pass then
// fails), at the source range of the construct:
//  - an atomic operation through a function parameter (its root is not a global);
//  - an atomic operation on a component of a vector or matrix (atomics are scalars);
//  - a load or store of an aggregate (struct, array) that contains atomic leaves, and a
//    pointer into such a global passed to a function.
// 64-bit and float atomic operations keep their types: the printer reports them. Globals
// no atomic operation reaches are untouched. Linear in the module.
#pragma once
#include "diag/diag.hpp"
#include "passes/pass.hpp"

namespace oneshader::passes {

struct AtomicTypeRules {
  DiagId unsupported = DiagId::WgslUnsupported;  // "{0} cannot be expressed in <target>"
};

bool atomicTypes(ir::Module& m, PassContext& ctx, const AtomicTypeRules& rules);

}  // namespace oneshader::passes
