// Bad input never crashes the whole pipeline: every prefix of the seed example (cut at
// every few bytes, so mid-token, mid-statement, mid-attribute) and a few byte-flipped
// variants compile to either outputs or at least one coded error.
#include <gtest/gtest.h>

#include <pthread.h>

#include <fstream>
#include <sstream>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {
std::string seed() {
  std::ifstream in(std::string(ONESHADER_SOURCE_DIR) + "/examples/Waves.hlsl", std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void check(const CompileResult& r, const std::string& what) {
  if (r.success) {
    EXPECT_FALSE(r.outputs.empty()) << what;
    EXPECT_TRUE(r.reflection.has_value()) << what;
    return;
  }
  bool error = false;
  for (const auto& d : r.diagnostics) {
    EXPECT_EQ(d.code.size(), 7u) << what << ": " << d.rendered;
    error |= d.severity == "error";
  }
  EXPECT_TRUE(error) << what << ": failed without an error diagnostic";
  EXPECT_TRUE(r.outputs.empty()) << what;
}
}  // namespace

TEST(Robustness, EveryPrefixOfTheSeed) {
  std::string src = seed();
  ASSERT_GT(src.size(), 100u);
  for (size_t n = 0; n <= src.size(); n += 3)
    check(CompileSource(src.substr(0, n), "prefix.hlsl"), "prefix " + std::to_string(n));
}

TEST(Robustness, ByteFlips) {
  std::string src = seed();
  const char replacements[] = {'(', ')', '{', '}', ';', '<', '>', '"', '#', '\0', '\xff', '0', 'x'};
  size_t k = 0;
  for (size_t at = 0; at < src.size(); at += 11) {
    std::string m = src;
    m[at] = replacements[k++ % sizeof(replacements)];
    check(CompileSource(m, "flip.hlsl"), "flip at " + std::to_string(at));
  }
}

// Trees the parser builds in loops but later phases walk recursively: long operator chains
// and `else if` chains. Up to kMaxTreeDepth (100,000) they compile (the compile runs on a
// thread with a stack for that depth; a 15,000-term sum overflowed an 8 MB stack before);
// beyond it they are OSH2005, never a crash. The other phases must stay linear on them:
// constant folding a chain was quadratic (a 8,000-term sum took 1.3 s in lowering).
namespace {
std::string sumOf(size_t terms) {
  std::string s =
      "StructuredBuffer<uint> In;\nRWStructuredBuffer<uint> Out;\n"
      "[shader(\"compute\")] [numthreads(1, 1, 1)] void main() { Out[0] = In[0]";
  for (size_t i = 1; i < terms; ++i) s += "+In[" + std::to_string(i % 64) + "]";
  return s + "; }\n";
}
std::string elseIfChain(size_t links) {
  std::string s =
      "StructuredBuffer<uint> In;\nRWStructuredBuffer<uint> Out;\n"
      "[shader(\"compute\")] [numthreads(1, 1, 1)] void main() { uint x = In[0];\n"
      "if (x == 0) Out[0] = 0;\n";
  for (size_t i = 1; i < links; ++i) s += "else if (x == " + std::to_string(i) + ") Out[0] = 1;\n";
  return s + "}\n";
}
bool hasCode(const CompileResult& r, const char* code) {
  for (const auto& d : r.diagnostics)
    if (d.code == code) return true;
  return false;
}
}  // namespace

TEST(Robustness, LongOperatorChainsCompileOrStopAtTheLimit) {
  CompileOptions o;
  o.validate = false;  // the depth is the point, not the validator's time
  CompileResult ok = CompileSource(sumOf(30000), "sum.hlsl", o);
  EXPECT_TRUE(ok.success) << (ok.diagnostics.empty() ? "" : ok.diagnostics[0].rendered);
  CompileResult deep = CompileSource(sumOf(100002), "deep.hlsl", o);
  EXPECT_FALSE(deep.success);
  EXPECT_TRUE(hasCode(deep, "OSH2005"));
  check(deep, "100,002-term sum");
  // The source line is ~700 KB: its diagnostic shows a window of it around the caret.
  for (const auto& d : deep.diagnostics) EXPECT_LT(d.rendered.size(), 600u) << d.rendered.substr(0, 600);
  // Parentheses do not reset the count: 200 nested groups of 1,000 terms each.
  std::string nested =
      "RWStructuredBuffer<uint> Out;\n[shader(\"compute\")] [numthreads(1, 1, 1)] void main() { Out[0] = ";
  for (int g = 0; g < 200; ++g) {
    for (int i = 0; i < 1000; ++i) nested += "1u+";
    nested += "(";
  }
  nested += "1u" + std::string(200, ')') + "; }\n";
  CompileResult n = CompileSource(nested, "nested.hlsl", o);
  EXPECT_TRUE(hasCode(n, "OSH2005"));
  check(n, "nested sums");
}

TEST(Robustness, LongElseIfChainsCompileOrStopAtTheLimit) {
  CompileOptions o;
  o.validate = false;  // SPIR-V's control-flow nesting limit (1023) is spirv-val's business
  CompileResult ok = CompileSource(elseIfChain(20000), "elif.hlsl", o);
  EXPECT_TRUE(ok.success) << (ok.diagnostics.empty() ? "" : ok.diagnostics[0].rendered);
  CompileResult deep = CompileSource(elseIfChain(60000), "elif_deep.hlsl", o);
  EXPECT_TRUE(hasCode(deep, "OSH2005"));
  check(deep, "60,000-link else-if chain");
  size_t errors = 0;
  for (const auto& d : deep.diagnostics) errors += d.severity == "error";
  EXPECT_EQ(errors, 1u) << "the rest of the chain is skipped, not reported link by link";
}

// SPIR-V's 16-bit word count: an instruction has at most 65,535 words. A table of 65,532
// elements is one OpCompositeConstruct of 3 + 65,532 words, the most there is: it compiles
// and the in-process validator accepts it. One element more is OSH3007 at the initializer,
// not a module whose word count wrapped. MSL has no such limit.
namespace {
std::string tableOf(uint32_t n) {
  std::string s = "RWStructuredBuffer<float> Out;\nstatic const float T[] = {";
  for (uint32_t i = 0; i < n; ++i) s += i % 2 ? "1.0," : "2.0,";
  s.back() = '}';
  return s +
         ";\n[shader(\"compute\")] [numthreads(1, 1, 1)] void main(uint3 id : SV_DispatchThreadID) { Out[0] = T[id.x]; "
         "}\n";
}
}  // namespace

TEST(Robustness, SpirvInstructionsStopAt65535Words) {
  CompileOptions o;
  o.targets = {CompileTarget::SpirV};
  CompileResult most = CompileSource(tableOf(65532), "t.hlsl", o);
  EXPECT_TRUE(most.success) << (most.diagnostics.empty() ? "" : most.diagnostics[0].rendered);
  CompileResult over = CompileSource(tableOf(65533), "t.hlsl", o);
  EXPECT_FALSE(over.success);
  ASSERT_EQ(over.diagnostics.size(), 1u);
  EXPECT_EQ(over.diagnostics[0].code, "OSH3007") << over.diagnostics[0].rendered;
  EXPECT_EQ(over.diagnostics[0].span.line, 2u);
  check(over, "65,533-element table");
  o.targets = {CompileTarget::Msl};
  EXPECT_TRUE(CompileSource(tableOf(65533), "t.hlsl", o).success);
}

// A compile runs on the caller's thread when the input is small enough for its stack, and
// moves to a thread of its own otherwise (driver.cpp, compileOnSomeStack). From a thread
// whose stack is 256 KB (less than the front end is given), from one of 8 MB (the parse
// here, the rest on the large stack for a long chain), and from this thread (inline for a
// small file), every compile succeeds with the same output.
namespace {
struct SmallStackJob {
  const std::string* source;
  CompileResult result;
};
void* compileOnThread(void* arg) {
  auto* job = static_cast<SmallStackJob*>(arg);
  CompileOptions o;
  o.validate = false;
  job->result = CompileSource(*job->source, "small_stack.hlsl", o);
  return nullptr;
}
CompileResult compileWithStack(const std::string& source, size_t stackBytes) {
  SmallStackJob job{&source, {}};
  pthread_attr_t attr;
  pthread_attr_init(&attr);
  pthread_attr_setstacksize(&attr, stackBytes);
  pthread_t t;
  EXPECT_EQ(pthread_create(&t, &attr, compileOnThread, &job), 0);
  pthread_join(t, nullptr);
  pthread_attr_destroy(&attr);
  return std::move(job.result);
}
}  // namespace

TEST(Robustness, CompilesFromThreadsOfAnyStack) {
  for (size_t terms : {size_t(3), size_t(100), size_t(20000)}) {
    std::string src = sumOf(terms);
    CompileOptions o;
    o.validate = false;
    CompileResult here = CompileSource(src, "small_stack.hlsl", o);
    ASSERT_TRUE(here.success) << terms;
    for (size_t stack : {size_t(256) << 10, size_t(8) << 20}) {
      CompileResult r = compileWithStack(src, stack);
      ASSERT_TRUE(r.success) << terms << " terms, stack " << stack;
      ASSERT_EQ(r.outputs.size(), here.outputs.size());
      for (size_t k = 0; k < r.outputs.size(); ++k) {
        EXPECT_EQ(r.outputs[k].spirv, here.outputs[k].spirv);
        EXPECT_EQ(r.outputs[k].text, here.outputs[k].text);
      }
    }
  }
}
