// libFuzzer target: preprocessor + parser (every declaration, statement and expression
// form, error recovery). With FUZZ_SEMA defined: Sema over the parsed unit as well.
#include "driver/pipeline.hpp"
#include "fuzz_common.hpp"
#include "sema/sema.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace oneshader;
  SourceManager sm;
  DiagEngine diags(&sm);
  FileId main = sm.addBuffer("fuzz.hlsl", fuzz::inputText(data, size));
  ast::AstContext ctx;
  ast::TranslationUnit* tu = driver::parseMainFile(sm, diags, main, {{"__spirv__", std::nullopt}}, {}, 2021, ctx);
#ifdef FUZZ_SEMA
  if (tu && !diags.hasErrors()) {
    sema::TypeContext types;
    sema::SemaOptions so;
    sema::Sema sema(ctx, types, diags, so);
    sema.check(tu);
  }
#else
  (void)tu;
#endif
  return 0;
}
