// Resources as values (lower_resources.cpp, docs/user-guide.md "Resources as values"):
// locals, statics, struct members, parameters and function results that alias global
// resources. The shaders are DXC's CodeGenSPIRV/legal-examples (their -ok ones compile, their
// -fail ones are refused); the SPIR-V expectations are those files' CHECK lines: the access
// chains go straight to the global the alias resolves to. Refusals are OSH0070 at the use.
#include <gtest/gtest.h>

#include <string>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

CompileResult compile(const std::string& src, std::vector<CompileTarget> targets = {CompileTarget::SpirV}) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "cs_6_0";
  o.disassemble = true;
  o.targets = std::move(targets);
  return CompileSource(src, "alias.hlsl", o);
}

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

// Whether one line of `text` holds both `a` and `b`.
bool lineWith(const std::string& text, const std::string& a, const std::string& b) {
  size_t pos = 0;
  while (pos < text.size()) {
    size_t end = text.find('\n', pos);
    if (end == std::string::npos) end = text.size();
    std::string line = text.substr(pos, end - pos);
    if (has(line, a) && has(line, b)) return true;
    pos = end + 1;
  }
  return false;
}

// The first error's code and line:column, e.g. "OSH0070 13:19".
std::string firstError(const CompileResult& r) {
  for (const DiagnosticInfo& d : r.diagnostics)
    if (d.severity == "error") return d.code + " " + std::to_string(d.span.line) + ":" + std::to_string(d.span.column);
  return "none";
}

const char* kHeader = R"(
struct S { float4 f; };
int i;
StructuredBuffer<S> gSBuffer1;
StructuredBuffer<S> gSBuffer2;
RWStructuredBuffer<S> gRWSBuffer;
)";

}  // namespace

// legal-examples/11-if-stmt-const-ok: `constant > 2` is false: the else branch's buffer.
TEST(ResourceAlias, ConstantIfTakesItsBranch) {
  CompileResult r = compile(std::string(kHeader) + R"(
#define constant 0
[numthreads(1,1,1)]
void main() {
  StructuredBuffer<S> lSBuffer;
  if (constant > 2) {
    lSBuffer = gSBuffer1;
  } else {
    lSBuffer = gSBuffer2;
  }
  gRWSBuffer[i] = lSBuffer[i];
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const std::string& s = r.outputs[0].text;
  EXPECT_TRUE(has(s, "OpAccessChain %_ptr_StorageBuffer__runtimearr_S %gSBuffer2 %uint_0")) << s;
  EXPECT_FALSE(has(s, "%gSBuffer1 %uint_0")) << s;
}

// legal-examples/13-switch-stmt-const-ok: `switch (constant)` with constant 0: case 0.
TEST(ResourceAlias, ConstantSwitchTakesItsCase) {
  CompileResult r = compile(std::string(kHeader) + R"(
const static int constant = 0;
[numthreads(1,1,1)]
void main() {
  StructuredBuffer<S> lSBuffer;
  switch (constant) {
    case 0: lSBuffer = gSBuffer1; break;
    default: lSBuffer = gSBuffer2; break;
  }
  gRWSBuffer[i] = lSBuffer[i];
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const std::string& s = r.outputs[0].text;
  EXPECT_TRUE(has(s, "%gSBuffer1 %uint_0")) << s;
  EXPECT_FALSE(has(s, "%gSBuffer2 %uint_0")) << s;
}

// legal-examples/10-if-stmt-select-ok: assigned and used inside each branch.
TEST(ResourceAlias, RuntimeIfUsedInsideEachBranch) {
  CompileResult r = compile(std::string(kHeader) + R"(
[numthreads(1,1,1)]
void main() {
  StructuredBuffer<S> lSBuffer;
  if (0 > i) {
    lSBuffer = gSBuffer1;
    gRWSBuffer[i] = lSBuffer[i];
  } else {
    lSBuffer = gSBuffer2;
    gRWSBuffer[i] = lSBuffer[i];
  }
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const std::string& s = r.outputs[0].text;
  EXPECT_TRUE(has(s, "%gSBuffer1 %uint_0")) << s;
  EXPECT_TRUE(has(s, "%gSBuffer2 %uint_0")) << s;
}

// legal-examples/09, 12, 14, 19: DXC refuses them ("Using pointers with OpSelect/OpPhi
// requires capability VariablePointers"); OneShader says OSH0070 at the use.
TEST(ResourceAlias, RuntimeChoicesAreRefused) {
  CompileResult a = compile(std::string(kHeader) + R"(
[numthreads(1,1,1)]
void main() {
  StructuredBuffer<S> l;
  if (0 > i) l = gSBuffer1;
  else l = gSBuffer2;
  gRWSBuffer[i] = l[i];
}
)");
  EXPECT_FALSE(a.success);
  EXPECT_EQ(firstError(a), "OSH0070 13:19") << a.renderedDiagnostics();

  CompileResult b = compile(std::string(kHeader) + R"(
[numthreads(1,1,1)]
void main() {
  StructuredBuffer<S> l;
  switch (i) {
    case 0: l = gSBuffer1; break;
    default: l = gSBuffer2; break;
  }
  gRWSBuffer[i] = l[i];
}
)");
  EXPECT_FALSE(b.success);
  EXPECT_EQ(firstError(b), "OSH0070 15:19") << b.renderedDiagnostics();

  CompileResult c = compile(std::string(kHeader) + R"(
[numthreads(1,1,1)]
void main() {
  StructuredBuffer<S> l;
  for (int j = 0; j < 2; j++) {
    if (0 > j) l = gSBuffer1;
    else l = gSBuffer2;
    gRWSBuffer[j] = l[j];
  }
}
)");
  EXPECT_FALSE(c.success);
  EXPECT_EQ(firstError(c), "OSH0070 14:21") << c.renderedDiagnostics();

  CompileResult d = compile(std::string(kHeader) + R"(
StructuredBuffer<S> foo(int l) {
  if (l == 0) return gSBuffer1;
  else return gSBuffer2;
}
[numthreads(1,1,1)]
void main() {
  StructuredBuffer<S> l = foo(i);
  gRWSBuffer[i] = l[i];
}
)");
  EXPECT_FALSE(d.success);
  EXPECT_EQ(firstError(d).substr(0, 7), "OSH0070") << d.renderedDiagnostics();

  // c ? a : b on a run-time c; and a use before any assignment.
  CompileResult e = compile(std::string(kHeader) + R"(
[numthreads(1,1,1)]
void main() {
  gRWSBuffer[i] = (i > 0 ? gSBuffer1 : gSBuffer2)[i];
}
)");
  EXPECT_FALSE(e.success);
  EXPECT_EQ(firstError(e), "OSH0070 10:20") << e.renderedDiagnostics();
  CompileResult f = compile(std::string(kHeader) + R"(
[numthreads(1,1,1)]
void main() {
  StructuredBuffer<S> l;
  gRWSBuffer[i] = l[i];
}
)");
  EXPECT_FALSE(f.success);
  EXPECT_EQ(firstError(f), "OSH0070 11:19") << f.renderedDiagnostics();
}

// A loop that assigns the same buffer every iteration, or assigns before each use, is fine;
// the loop index's element alias keeps the index taken at the assignment.
TEST(ResourceAlias, LoopsAndElementAliases) {
  CompileResult r = compile(R"(
StructuredBuffer<float4> bufs[3];
StructuredBuffer<float4> gA;
RWStructuredBuffer<float4> gOut;
[numthreads(1,1,1)]
void main(uint3 id : SV_DispatchThreadID) {
  StructuredBuffer<float4> l = gA;
  float4 acc = 0;
  for (uint k = 0; k < 4; ++k) {
    acc += l[k];
    l = gA;
  }
  uint j = id.x % 3;
  StructuredBuffer<float4> e = bufs[j];
  j = 7;
  acc += e[j];
  gOut[id.x] = acc;
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const std::string& s = r.outputs[0].text;
  EXPECT_TRUE(has(s, "OpAccessChain %_ptr_StorageBuffer_type_StructuredBuffer_float4 %bufs")) << s;
}

// legal-examples/01, 02 (statics), 03, 04 (struct members), 07, 08, 21 (function results
// and parameters): all three targets compile, and every access names the right global.
TEST(ResourceAlias, StaticsMembersResultsOnAllTargets) {
  CompileResult r = compile(std::string(kHeader) + R"(
static StructuredBuffer<S> sSBuffer = gSBuffer1;
struct Combined { StructuredBuffer<S> SBuffer; RWStructuredBuffer<S> RWSBuffer; };
struct Outer { Combined cb; float k; };
StructuredBuffer<S> bar() {
  if (0 > 2) return gSBuffer1;
  else return gSBuffer2;
}
void foo(RWStructuredBuffer<S> p) {
  StructuredBuffer<S> l = bar();
  p[i] = l[i];
}
[numthreads(1,1,1)]
void main() {
  Outer o;
  o.cb.SBuffer = sSBuffer;
  o.cb.RWSBuffer = gRWSBuffer;
  o.k = 2;
  Outer copy = o;
  copy.cb.RWSBuffer[i].f = copy.cb.SBuffer[i].f * copy.k;
  foo(copy.cb.RWSBuffer);
}
)",
                            {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl});
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  ASSERT_EQ(r.outputs.size(), 3u);
  const std::string& s = r.outputs[0].text;
  EXPECT_TRUE(has(s, "%gSBuffer1 %uint_0")) << s;
  EXPECT_TRUE(has(s, "%gSBuffer2 %uint_0")) << s;  // bar() inside foo
  EXPECT_TRUE(has(s, "%gRWSBuffer %uint_0")) << s;
  EXPECT_TRUE(has(r.outputs[2].text, "gSBuffer2[")) << r.outputs[2].text;
  EXPECT_TRUE(has(r.outputs[1].text, "gSBuffer2.data[")) << r.outputs[1].text;
}

// Textures and samplers through locals and `static` locals; an uninitialized `static`
// resource that is never used is no variable at all (DXC: var.static.resource).
TEST(ResourceAlias, TexturesAndSamplers) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "ps_6_0";
  o.disassemble = true;
  o.targets = {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl};
  CompileResult r = CompileSource(R"(
Texture2D<float4> gTex : register(t0);
SamplerState gSam : register(s1);
static RWTexture2D<float4> unused;
float4 main(float2 uv : TEXCOORD) : SV_Target {
  static SamplerState s = gSam;
  Texture2D<float4> t;
  t = gTex;
  return t.Sample(s, uv);
}
)",
                                  "tex.hlsl", o);
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  EXPECT_TRUE(lineWith(r.outputs[0].text, "OpLoad", "%gTex")) << r.outputs[0].text;
  EXPECT_TRUE(lineWith(r.outputs[0].text, "OpLoad", "%gSam")) << r.outputs[0].text;
  EXPECT_FALSE(has(r.outputs[0].text, "unused")) << r.outputs[0].text;
}

// The types must match (OSH0004), as for any assignment.
TEST(ResourceAlias, TypesMustMatch) {
  CompileResult r = compile(std::string(kHeader) + R"(
[numthreads(1,1,1)]
void main() {
  RWStructuredBuffer<S> l = gSBuffer1;
  l[i] = gSBuffer2[i];
}
)");
  EXPECT_FALSE(r.success);
  EXPECT_EQ(firstError(r), "OSH0004 10:29") << r.renderedDiagnostics();
}

// DXC's spirv.cf.ret-missing-resource: a local given a call whose resource does not resolve
// but never used is no error (DXC removes it before legalization); a use is OSH0070.
TEST(ResourceAlias, UnresolvedButUnusedIsFine) {
  const char* src = R"(
Texture2D texA;
Texture2D texB;
RWStructuredBuffer<float4> o;
Texture2D pick(bool lhs) {
  if (lhs) return texA;
  else return texB;
}
[numthreads(1,1,1)]
void main() {
  Texture2D tex = pick(true);
  Texture2D other = o[0].x > 0 ? texA : texB;
  o[1] = 1;
  USE
}
)";
  std::string unused = src;
  unused.replace(unused.find("USE"), 3, "");
  CompileResult a = compile(unused);
  EXPECT_TRUE(a.success) << a.renderedDiagnostics();
  std::string used = src;
  used.replace(used.find("USE"), 3, "o[2] = other.Load(int3(0, 0, 0));");
  CompileResult b = compile(used);
  EXPECT_FALSE(b.success);
  EXPECT_EQ(firstError(b), "OSH0070 14:10") << b.renderedDiagnostics();
}

// tbuffer / TextureBuffer<T> (DXC SPIR-V.rst "tbuffer and TextureBuffer", type.tbuffer,
// vk.layout.tbuffer.std430): a read-only storage buffer with the std430 layout (relaxed
// vector packing: float3 `b` at 4, `c` with stride 4), a `t` register; the block type is
// `type.NAME` (`type.TextureBuffer.P` for TextureBuffer<P>). Vulkan 1.2: StorageBuffer and
// Block (DXC's vk.1p2.block-decoration). MSL and WGSL read the same bytes.
TEST(TBuffer, ReadOnlyStorageBufferStd430) {
  CompileResult r = compile(R"(
struct P { float2 uv; float w[2]; };
tbuffer Params : register(t3) {
  float a;
  float3 b;
  float c[2];
  float4 d;
};
TextureBuffer<P> TB : register(t1);
RWStructuredBuffer<float> Out : register(u2);
[numthreads(1,1,1)]
void main() {
  Out[0] = a + b.y + c[1] + d.w + TB.uv.y + TB.w[1];
}
)",
                            {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl});
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  const std::string& s = r.outputs[0].text;
  EXPECT_TRUE(has(s, "OpMemberDecorate %type_Params 1 Offset 4\n")) << s;
  EXPECT_TRUE(has(s, "OpMemberDecorate %type_Params 2 Offset 16\n")) << s;
  EXPECT_TRUE(has(s, "OpMemberDecorate %type_Params 3 Offset 32\n")) << s;
  EXPECT_TRUE(has(s, "OpDecorate %_arr_float_uint_2 ArrayStride 4\n")) << s;
  EXPECT_TRUE(has(s, "OpDecorate %type_Params Block")) << s;
  EXPECT_TRUE(has(s, "%Params = OpVariable %_ptr_StorageBuffer_type_Params StorageBuffer")) << s;
  EXPECT_TRUE(has(s, "OpDecorate %Params NonWritable")) << s;
  EXPECT_TRUE(has(s, "OpDecorate %Params Binding 3")) << s;
  EXPECT_TRUE(has(s, "%TB = OpVariable %_ptr_StorageBuffer_type_TextureBuffer_P StorageBuffer")) << s;
  EXPECT_TRUE(has(s, "OpMemberDecorate %type_TextureBuffer_P 1 Offset 8\n")) << s;
  EXPECT_TRUE(has(r.outputs[2].text, "var<storage, read> Params: type_Params;")) << r.outputs[2].text;
  EXPECT_TRUE(has(r.outputs[1].text, "const device type_Params& Params")) << r.outputs[1].text;
}
