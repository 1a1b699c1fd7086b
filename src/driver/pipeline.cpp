#include "driver/pipeline.hpp"

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

// TRANSITIONAL: src/lower and src/backend/spirv are being written now. Until their
// interfaces land, code generation is an honest coded error rather than silence.
std::unique_ptr<ir::Module> lower(ast::TranslationUnit*, const sema::Program&, const sema::Sema&,
                                  const CompileOptions&, DiagEngine& diags) {
  diags.report(DiagId::NotSupportedYet, SourceRange{}, {"code generation"});
  return nullptr;
}

bool emitSpirv(const ir::Module&, const ir::EntryPoint&, const CompileOptions&, DiagEngine& diags, SpirvOutput&) {
  diags.report(DiagId::NotSupportedYet, SourceRange{}, {"SPIR-V generation"});
  return false;
}

}  // namespace oneshader::driver
