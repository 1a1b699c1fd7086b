#include "driver/pipeline.hpp"

#include "backend/spirv/spirv.hpp"
#include "lower/lower.hpp"
#include "syntax/parser.hpp"
#include "syntax/preprocessor.hpp"

namespace oneshader::driver {

ast::TranslationUnit* parseMainFile(SourceManager& sm, DiagEngine& diags, FileId mainFile,
                                    const MacroList& defines, const std::vector<std::string>& undefines,
                                    ast::AstContext& ctx) {
  PPOptions ppo;
  ppo.defines = defines;
  ppo.undefines = undefines;
  Preprocessor pp(sm, diags, ppo);
  pp.enterMainFile(mainFile);
  Parser parser(pp, ctx, diags);
  return parser.parseTranslationUnit();
}

std::unique_ptr<ir::Module> lower(ast::TranslationUnit* tu, const sema::Program& program, const sema::Sema& sema,
                                  const CompileOptions& options, DiagEngine& diags) {
  lower::LowerOptions lo = lower::lowerOptionsFrom(options);
  lo.validateIR = true;  // the IR validator runs between the front and back ends
  return lower::lowerProgram(*tu, program, sema, lo, diags);
}

bool emitSpirv(const ir::Module& m, const ir::EntryPoint& ep, const CompileOptions& options, DiagEngine& diags,
               SpirvOutput& out) {
  spirv::SpirvOptions so;
  so.env = options.spirvEnv;
  so.validate = options.validate;
  so.optLevel = options.optimizationLevel;
  so.layout = options.layout;
  std::optional<spirv::SpirvResult> r = spirv::compileSpirv(m, ep.name, so, diags);
  if (!r) return false;
  out.words = std::move(r->words);
  out.capabilities = std::move(r->capabilities);
  out.extensions = std::move(r->extensions);
  return true;
}

}  // namespace oneshader::driver
