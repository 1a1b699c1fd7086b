// libFuzzer target: the whole pipeline to one target (FUZZ_TARGET: SpirV, Msl or Wgsl),
// through the public API, with the oracle of fuzz_common.hpp. SPIR-V is validated in
// process (the default), so an invalid module is a finding.
//
// The entry points: every [shader("...")] function when the input has one; otherwise
// `main` with a profile guessed from the text (numthreads: cs, SV_Target: ps, else vs), so
// that the tests' -E main inputs seed useful corpora.
#include "fuzz_common.hpp"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  using namespace oneshader;
  std::string source = fuzz::inputText(data, size);
  CompileOptions options;
  options.targets = {CompileTarget::FUZZ_TARGET};
  options.enable16BitTypes = source.find("half") != std::string::npos || source.find("16_t") != std::string::npos;
  if (source.find("[shader(") == std::string::npos) {
    options.entryPoint = "main";
    options.profile = source.find("numthreads") != std::string::npos  ? "cs_6_6"
                      : source.find("SV_Target") != std::string::npos ? "ps_6_6"
                                                                      : "vs_6_6";
  }
  CompileResult r = CompileSource(source, "fuzz.hlsl", options);
  fuzz::checkDiagnostics(r.diagnostics, r.success, source, r.renderedDiagnostics());
  // The JSON forms quote the source, which need not be UTF-8 (a crash here once).
  (void)r.diagnosticsJson();
  if (r.reflection) (void)r.reflection->toJson();
  if (r.success) {
    if (r.outputs.empty()) fuzz::broken("a success without output", source);
    for (const CompiledShader& s : r.outputs) {
      if (s.target == CompileTarget::SpirV ? s.spirv.empty() : s.text.empty())
        fuzz::broken("an empty output", s.entryPoint);
    }
  }
  return 0;
}
