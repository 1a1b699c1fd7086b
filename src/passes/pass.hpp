// The pass stage: IR -> IR, between lowering and each printer.
//
// A pass is a plain function over one module. The text backends run an ordered list of
// them per target (backend/<t>/raise.cpp) on the module of one entry point
// (passes::extractEntryPoint), so that the printer after them only prints.
#pragma once
#include <cstdint>
#include <span>
#include <vector>

#include "ir/ir.hpp"

namespace oneshader {
class DiagEngine;
}

namespace oneshader::passes {

struct PassContext {
  DiagEngine& diags;
  // Run ir::validate after every pass (tests and debug builds always do; see runPasses).
  bool validateEach = false;
};

// A pass returns false after reporting a coded diagnostic (what the target cannot express).
using PassFn = bool (*)(ir::Module&, PassContext&);
struct Pass {
  const char* name;  // for the internal error an invalid result reports
  PassFn run;
};

// Runs `passes` in order; stops at the first that fails. After each pass the module is
// validated when ctx.validateEach is set or in a debug build (NDEBUG undefined): an
// invalid module is OSH9999 naming the pass.
bool runPasses(ir::Module& m, std::span<const Pass> passes, PassContext& ctx);

// The module `m` restricted to one entry point: its function and the functions it reaches
// (callees before callers, each once), the globals and constants they use, and only the
// types those need (interned afresh, so in dependency order). Names, bindings, ranges and
// every other field are kept; the entry point is the only one. Linear in what is reached.
// `keepPartners`: a used global's partner (the other half of a combined image sampler, a
// structured buffer's counter) is kept even when unused, as the SPIR-V back end and
// reflection need it (the driver's per-entry cut); the text back ends drop it.
ir::Module extractEntryPoint(const ir::Module& m, const ir::EntryPoint& ep, bool keepPartners = false);
// extractEntryPoint(m, m.entryPoints[0]) in place, for a module of one entry point. Where
// that entry point still reaches every type, constant and global of `m` (as after
// inline-entry-wrapper, which only stops calling one function), they stay as they are and
// only the functions are cut and renumbered: no copy of the module.
void cutToEntryPoint(ir::Module& m);

// Points every type handle of `m` outside its type arena (constants, globals, arguments,
// results, locals, expressions, inline SPIR-V results, and the struct debug sources, which
// are by type index) at map[old index], for a module whose types were re-interned into a
// new arena (extractEntryPoint, the layout passes). An old type without a new one (an
// invalid map entry) drops its debug source. Linear in the module.
void remapTypes(ir::Module& m, std::span<const ir::Handle<ir::Type>> map);

// The global that expression `h` of `f` names or reaches through Access / AccessIndex
// chains (a pointer into a buffer, an element of an array of textures); invalid for
// anything else (a local, an argument, a value).
ir::Handle<ir::GlobalVariable> rootGlobal(const ir::Function& f, ir::Handle<ir::Expression> h);

// For a pass that changed the types of the globals flagged in `retyped` (by global index):
// every expression of `f` that names one (GlobalVariable) or indexes into one (Access /
// AccessIndex chains, each after its operand) takes its type again by the builder's rules
// (a pointer in the global's space, a Handle-space global's own type; the accessed
// member or element). Returns, per expression of `f`, 1 where it is so rooted. Linear in
// the function.
std::vector<uint8_t> retypeGlobalUses(ir::Module& m, ir::Function& f, std::span<const uint8_t> retyped);

}  // namespace oneshader::passes
