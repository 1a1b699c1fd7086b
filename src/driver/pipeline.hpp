// The driver's adapters over each pipeline stage's interface, so that driver.cpp reads
// as the pipeline and an interface change touches one function here.
#pragma once
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "backend/spirv/spirv.hpp"
#include "diag/diag.hpp"
#include "ir/ir.hpp"
#include "oneshader/oneshader.hpp"
#include "sema/sema.hpp"
#include "syntax/ast.hpp"
#include "syntax/source.hpp"

namespace oneshader::driver {

// The public stage of an IR entry point, and back.
ShaderStage publicStage(ir::Stage s);
ir::Stage irStage(ShaderStage s);

// Macro definitions in order: NAME (nullopt: defined as 1) or NAME=VALUE.
using MacroList = std::vector<std::pair<std::string, std::optional<std::string>>>;

// What a parse saw, for the driver's bound of the stack the later phases need.
struct ParseStats {
  size_t tokens = 0;       // tokens after preprocessing
  bool templates = false;  // a template was declared
};

// Preprocesses and parses `mainFile`. Returns nullptr only when nothing could be parsed.
ast::TranslationUnit* parseMainFile(SourceManager& sm, DiagEngine& diags, FileId mainFile, const MacroList& defines,
                                    const std::vector<std::string>& undefines, uint32_t hlslVersion,
                                    ast::AstContext& ctx, uint64_t maxTokens = 0, ParseStats* stats = nullptr);

// AST + Sema's program -> IR module (every entry point of `program`).
std::unique_ptr<ir::Module> lower(ast::TranslationUnit* tu, const sema::Program& program, const sema::Sema& sema,
                                  const CompileOptions& options, DiagEngine& diags);

struct SpirvOutput {
  std::vector<uint32_t> words;
  std::vector<std::string> capabilities;  // "Shader", "GroupNonUniform", ...
  std::vector<std::string> extensions;    // "SPV_NV_shader_subgroup_partitioned", ...
};

// One SPIR-V module for one entry point: emit, validate (unless -Vd), optimize (-O1..3).
bool emitSpirv(const ir::Module& m, const ir::EntryPoint& ep, const CompileOptions& options, DiagEngine& diags,
               SpirvOutput& out);
// The same in steps (spirv::SpirvJob): the backend's options, and its result taken into `out`.
spirv::SpirvOptions spirvOptions(const CompileOptions& options);
bool takeSpirv(std::optional<spirv::SpirvResult> r, SpirvOutput& out);

}  // namespace oneshader::driver
