// Readable WGSL (issue 8): parameters used directly, values written at their one use,
// locals declared at their first store, and the evaluation order kept. The expected text
// follows from the HLSL's own order of evaluation (written by hand); Dawn compiles every
// module (dawn_check.hpp) and tests/exec checks values.
#include <gtest/gtest.h>

#include <string>

#include "oneshader/oneshader.hpp"
#include "dawn_check.hpp"

using namespace oneshader;

namespace {
std::string wgslOf(const std::string& src, const std::string& entry = "main") {
  CompileOptions o;
  o.targets = {CompileTarget::Wgsl};
  o.entryPoint = entry;
  o.profile = "cs_6_0";
  CompileResult r = CompileSource(src, "test.hlsl", o);
  EXPECT_TRUE(r.success);
  for (const auto& out : r.outputs)
    if (out.target == CompileTarget::Wgsl) {
      EXPECT_EQ(dawnErrors(out.text), "") << out.text;
      return out.text;
    }
  ADD_FAILURE() << "no WGSL output";
  return "";
}

size_t at(const std::string& text, const std::string& what) {
  size_t p = text.find(what);
  EXPECT_NE(p, std::string::npos) << "missing `" << what << "` in\n" << text;
  return p;
}
}  // namespace

// The seed's CSSum reads as its HLSL: the wave sum is waveTotal's declaration, the buffer
// read and the lane test are written where they are used.
TEST(WgslReadable, CSSumReadsAsTheSource) {
  std::string t = wgslOf(R"(StructuredBuffer<uint> Values : register(t0);
RWByteAddressBuffer Total : register(u1);
[numthreads(64, 1, 1)]
void CSSum(uint3 id : SV_DispatchThreadID) {
  uint waveTotal = WaveActiveSum(Values[id.x]);
  if (WaveIsFirstLane())
    Total.InterlockedAdd(0, waveTotal);
})",
                         "CSSum");
  at(t, "  let waveTotal = subgroupAdd(Values[id.x]);\n  if subgroupElect() {\n");
  at(t, "atomicAdd(&Total[");
  at(t, "], waveTotal);\n");
  EXPECT_EQ(t.find("id_1"), std::string::npos) << t;
  EXPECT_EQ(t.find("_e"), std::string::npos) << t;
}

// `x + (x = 5)`: the left operand reads x before the assignment (HLSL evaluates left to
// right), so that read gets a name before the store; it is not moved past it.
TEST(WgslReadable, ALoadIsNotMovedPastAStoreToItsLocal) {
  std::string t = wgslOf(R"(RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint x = id.x + 7;
  Out[0] = x + (x = 5);
})");
  size_t read = at(t, " = x;\n");
  size_t store = at(t, "  x = 5u;\n");
  EXPECT_LT(read, store) << t;
}

// A call's result is not moved past a later read of what the call writes: bump() runs,
// then s is read.
TEST(WgslReadable, ACallIsNotMovedPastALaterRead) {
  std::string t = wgslOf(R"(RWStructuredBuffer<uint> Out;
static uint s;
uint bump() { s += 1; return 10; }
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  s = id.x;
  Out[0] = bump() + s;
})");
  size_t call = at(t, "= bump();");
  EXPECT_NE(t.find(" = s;\n", call), std::string::npos) << t;  // the read of s after the call
}

// A value used inside a nested block is named before the block when it reads memory; a
// local stored twice keeps its `var`.
TEST(WgslReadable, ReadsDoNotMoveIntoNestedBlocks) {
  std::string t = wgslOf(R"(RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint n = id.x;
  uint k = n;
  n = 3;
  for (uint i = 0; i < 4; ++i) Out[i] = k + n;
})");
  at(t, "var n = id.x;\n");
  at(t, "let k = n;\n");
  size_t loop = at(t, "loop {");
  EXPECT_LT(at(t, "  n = 3u;\n"), loop) << t;
}

// A local whose first reference is an out argument (written by the call, not by a store)
// keeps its declaration at the top of the function.
TEST(WgslReadable, AnOutArgumentIsNotADeclaration) {
  std::string t = wgslOf(R"(RWStructuredBuffer<uint> Out;
void seven(out uint x) { x = 7; }
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint v;
  seven(v);
  Out[0] = v + id.x;
})");
  // (Lowering passes the out argument through a temporary, v_1, copied back into v.)
  size_t decl = at(t, "var v_1: u32;\n");
  EXPECT_LT(decl, at(t, "seven(&v_1);")) << t;
}

// A read-write buffer read straight into a local is that local's declaration (no `_eN`);
// a post-increment's old value is used twice (the store and w), so it keeps its name, read
// before the store: v = w = old B[i], B[i] = old + 1, B[i + 1] = 2 * old.
TEST(WgslReadable, AReadWriteBufferReadDeclaresItsLocal) {
  std::string t = wgslOf(R"(RWStructuredBuffer<uint> B : register(u0);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint v = B[id.x];
  uint w = B[id.x]++;
  B[id.x + 1] = v + w;
})");
  at(t,
     "  let v = B[id.x];\n  let _e11 = B[id.x];\n  B[id.x] = (_e11 + 1u);\n  let w = _e11;\n"
     "  B[(id.x + 1u)] = (v + w);\n");
}
