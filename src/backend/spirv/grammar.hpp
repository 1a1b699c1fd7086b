// The capability / extension requirements of the SPIR-V unified grammar
// (spirv.core.grammar.json of SPIRV-Headers, turned into tables at build time by
// cmake/spirv_grammar_table.py): what the operands of a module's instructions imply.
#pragma once

#include <cstdint>
#include <set>
#include <string>
#include <vector>

namespace oneshader::spirv {

// The capabilities and extensions that the *operand* enumerants of `instructions` (a
// stream of whole instructions) need and that `caps` / `exts` do not yet provide:
// decorations and built-ins, execution modes, storage classes, group operations and so on,
// with the enumerants' own parameters. Where the grammar lists several capabilities, one
// already declared (or implied by a declared one) satisfies it, else the first that is not
// Kernel is added; a capability or enumerant that is not core in `version` adds its first
// extension unless one of its extensions is declared. Opcodes are not looked at: an
// instruction's own capability stays the author's to declare (inline-spirv.md section 6).
void addOperandRequirements(const std::vector<uint32_t>& instructions, uint32_t version, std::set<uint32_t>& caps,
                            std::set<std::string>& exts);

}  // namespace oneshader::spirv
