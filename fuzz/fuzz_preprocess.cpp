// libFuzzer target: the preprocessor alone (directives, macro expansion, #include of the
// input itself, conditional expressions), pulled to the end of the token stream.
#include "fuzz_common.hpp"
#include "diag/diag.hpp"
#include "syntax/preprocessor.hpp"
#include "syntax/source.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace oneshader;
  SourceManager sm;
  DiagEngine diags(&sm);
  FileId main = sm.addBuffer("fuzz.hlsl", fuzz::inputText(data, size));
  PPOptions opts;
  opts.defines = {{"FUZZ", std::nullopt}, {"F(x, y)", "((x) + (y))"}};
  Preprocessor pp(sm, diags, opts);
  pp.enterMainFile(main);
  for (;;) {
    if (pp.next().kind == Tok::eof) break;
  }
  return 0;
}
