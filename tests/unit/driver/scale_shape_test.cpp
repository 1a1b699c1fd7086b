// The shape of what we emit at scale (issue 11): properties that keep downstream tools
// linear in the module size. Never timed: each test checks the emitted structure.
#include <gtest/gtest.h>

#include <cstring>
#include <map>
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

// The OpName strings of a module, in order, with their target ids.
std::vector<std::pair<uint32_t, std::string>> opNames(const std::vector<uint32_t>& w) {
  std::vector<std::pair<uint32_t, std::string>> out;
  for (size_t i = 5; i < w.size();) {
    uint32_t count = w[i] >> 16, op = w[i] & 0xffff;
    if (count == 0) break;
    if (op == 5 /* OpName */) {
      const char* s = reinterpret_cast<const char*>(&w[i + 2]);
      out.emplace_back(w[i + 1], std::string(s, strnlen(s, (count - 2) * 4)));
    }
    i += count;
  }
  return out;
}

std::vector<uint32_t> compileSpirv(const std::string& src) {
  CompileOptions o;
  o.targets = {CompileTarget::SpirV};
  CompileResult r = CompileSource(src, "names.hlsl", o);
  EXPECT_TRUE(r.success) << r.renderedDiagnostics();
  if (!r.success || r.outputs.empty()) return {};
  return r.outputs[0].spirv;
}

// SPIRV-Tools' friendly-name mapper tries _0, _1, ... for every repeat of a name, which is
// quadratic in the repeats; the emitter writes repeats with the suffix the mapper would pick,
// so no OpName string repeats (after the mapper's sanitizing: '.' counts as '_').
TEST(ScaleShape, OpNameStringsAreUnique) {
  const std::string src =
      "RWStructuredBuffer<uint> Out : register(u0);\n"
      "uint f(uint x) { uint y = x + 1u; switch (x) { case 0: y += x; break; default: break; } return y; }\n"
      "uint g(uint x) { uint y = x * 2u; switch (x) { case 0: y += x; break; default: break; } return y; }\n"
      "uint h(uint x) { uint y = x ^ 3u; uint x_0 = y; switch (x) { case 0: x_0 += x + y; break; default: break; }"
      " return x_0 + x; }\n"
      "[shader(\"compute\")] [numthreads(1, 1, 1)]\n"
      "void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = f(id.x) + g(id.x) + h(id.x); }\n";
  std::vector<uint32_t> w = compileSpirv(src);
  ASSERT_FALSE(w.empty());
  std::map<std::string, int> seen;
  std::vector<std::string> xs, ys;
  for (const auto& [id, n] : opNames(w)) {
    std::string key = n;
    for (char& c : key)
      if (!isalnum(static_cast<unsigned char>(c)) && c != '_') c = '_';
    EXPECT_EQ(++seen[key], 1) << "repeated OpName \"" << n << "\"";
    if (n.rfind("x", 0) == 0) xs.push_back(n);
    if (n.rfind("y", 0) == 0) ys.push_back(n);
  }
  // By hand: per function in order f, g, h, the parameter and then its local copy (lowering
  // copies each parameter into a variable of the same name, as DXC does; the switches read
  // the copies and y and write y and x_0, so these locals stay variables with names: a local
  // promoted to an SSA value has no OpName, and switches are not promoted) are named "x", so
  // f gets "x", "x_0", g "x_1", "x_2", h "x_3", "x_4"; h's own local "x_0" repeats the name
  // of f's copy and takes the first free suffix of "x_0": "x_0_0".
  EXPECT_EQ(xs, (std::vector<std::string>{"x", "x_0", "x_1", "x_2", "x_3", "x_4", "x_0_0"}));
  EXPECT_EQ(ys, (std::vector<std::string>{"y", "y_0", "y_1"}));
}

}  // namespace
