// Passes that make the text targets' output read like the HLSL it came from (issue 8,
// "Readable output"). Each one keeps the values and the order of every side effect; each
// is linear in the module.
#pragma once
#include "passes/pass.hpp"

namespace oneshader::passes {

// A local whose only store is the copy of a value parameter at the top of the function
// (lowering's DXC-style `param_var` copy) and that nothing else writes or takes the
// address of is the parameter: its loads become the argument (through the same member and
// constant-index accesses, as values), the copy and the local are removed.
bool forwardParameters(ir::Module& m, PassContext& ctx);

// Integer and bool operations on literals are folded to one literal: unary, binary (no
// division or remainder by zero, no shift by the width or more: those stay as written),
// select, and conversions between 32-bit integers and bool, with the wrap-around of the
// operand's width (HLSL's, SPIR-V's). Vectors and floats are left alone.
bool foldConstants(ir::Module& m, PassContext& ctx);

// The entry wrapper lowering makes (stage inputs in, a call of the HLSL function `src.X`,
// its result out) is replaced by that function's body when it adds nothing: the wrapper's
// body is the call with the wrapper's own arguments in order (same types) and the return
// of its result, the function is called nowhere else and returns only at its end. The
// entry point keeps its stage bindings and takes the source's parameter names; the HLSL
// function, now called nowhere, is removed (the module is cut to what the entry point
// reaches again, passes::extractEntryPoint).
bool inlineEntryWrapper(ir::Module& m, PassContext& ctx);

}  // namespace oneshader::passes
