// In-process compile time (issue 11, "CSSum to all three targets under 0.5 ms"): compiles
// one file N times in one process through the library (CompileFile) and prints the --time
// total of the first compile (cold: code pages, the malloc arena and the stack of a fresh
// process are touched for the first time) and the minimum and median of the others.
//
//   build/bench/oneshader_inprocess FILE ENTRY PROFILE [N] [-Vd]
//
// All three targets, validation on unless -Vd. A measurement, never a test.
#include <oneshader/oneshader.hpp>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <vector>

int main(int argc, char** argv) {
  if (argc < 4) {
    std::fprintf(stderr, "usage: %s FILE ENTRY PROFILE [N] [-Vd]\n", argv[0]);
    return 2;
  }
  oneshader::CompileOptions o;
  o.entryPoint = argv[2];
  o.profile = argv[3];
  o.targets = {oneshader::CompileTarget::SpirV, oneshader::CompileTarget::Msl, oneshader::CompileTarget::Wgsl};
  int n = 200;
  for (int i = 4; i < argc; ++i) {
    if (std::strcmp(argv[i], "-Vd") == 0)
      o.validate = false;
    else
      n = std::max(2, std::atoi(argv[i]));
  }
  std::vector<uint64_t> us;
  for (int i = 0; i < n; ++i) {
    oneshader::CompileResult r = oneshader::CompileFile(argv[1], o);
    if (!r.success) {
      std::fprintf(stderr, "%s: the compile failed\n", argv[1]);
      return 1;
    }
    uint64_t total = 0;
    for (const oneshader::PhaseTiming& t : r.timings) total += t.microseconds;
    us.push_back(total);
  }
  std::vector<uint64_t> rest(us.begin() + 1, us.end());
  std::sort(rest.begin(), rest.end());
  std::printf("first %llu us; the other %zu: min %llu us, median %llu us\n", (unsigned long long)us[0], rest.size(),
              (unsigned long long)rest.front(), (unsigned long long)rest[rest.size() / 2]);
  return 0;
}
