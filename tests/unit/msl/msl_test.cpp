// MSL backend: CSSum per the seed's table, argument indices, loops with `continue`,
// reserved names, ballots, buffer layout, program-scope state, coded errors. Expected
// texts come from the MSL 2.4 specification (function names, attributes, sizes), not
// from the writer's own output.
#include <gtest/gtest.h>

#include "../ir/cssum_module.hpp"
#include "backend/msl/msl.hpp"
#include "backend/msl/writer.hpp"
#include "diag/diag.hpp"
#include "ir/builder.hpp"

using namespace oneshader;
using namespace oneshader::ir;
using namespace oneshader::msl;

namespace {

std::string messages(const DiagEngine& d) {
  std::string s;
  for (const auto& x : d.diagnostics()) s += x.message + "\n";
  return s;
}

// Position of `needle` in `hay` at or after `from`; npos fails the caller's ordering check.
size_t at(const std::string& hay, const std::string& needle, size_t from = 0) { return hay.find(needle, from); }

TEST(Msl, CSSumUsesSimdSumSimdIsFirstAndARelaxedAtomic) {
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d;
  auto r = compileMsl(m, "CSSum", {}, d);
  ASSERT_TRUE(r) << messages(d);
  const std::string& t = r->text;
  EXPECT_NE(at(t, "#include <metal_stdlib>"), std::string::npos);
  EXPECT_NE(at(t, "kernel void CSSum("), std::string::npos) << t;
  EXPECT_NE(at(t, "const device "), std::string::npos);  // StructuredBuffer: read-only
  EXPECT_NE(at(t, "[[buffer(0)]]"), std::string::npos);
  EXPECT_NE(at(t, "[[buffer(1)]]"), std::string::npos);
  EXPECT_NE(at(t, "uint3 id [[thread_position_in_grid]]"), std::string::npos) << t;
  EXPECT_NE(at(t, "simd_sum("), std::string::npos);
  EXPECT_NE(at(t, "simd_is_first()"), std::string::npos);
  EXPECT_NE(at(t, "atomic_fetch_add_explicit((device atomic_uint*)&Total.data["), std::string::npos) << t;
  EXPECT_NE(at(t, "memory_order_relaxed)"), std::string::npos);
  ASSERT_EQ(r->bindings.size(), 2u);
  EXPECT_EQ(r->bindings[0].name, "Values");
  EXPECT_EQ(r->bindings[0].kind, "buffer");
  EXPECT_EQ(r->bindings[0].index, 0u);
  EXPECT_EQ(r->bindings[1].name, "Total");
  EXPECT_EQ(r->bindings[1].index, 1u);
}

TEST(Msl, ArgumentIndicesFollowSetThenBindingPerKind) {
  Module m;
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  // Declared out of order: (0,3), (1,0), (0,1). Indices follow (set, binding).
  auto a = mb.storageBuffer("A", ResourceKind::RWStructuredBuffer, u32, 4, 0, 3);
  auto b2 = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, u32, 4, 1, 0);
  auto c = mb.storageBuffer("C", ResourceKind::RWStructuredBuffer, u32, 4, 0, 1);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  for (auto g : {a, b2, c}) b.store(b.access(b.accessIndex(b.global(g), 0), b.u32(0)), b.u32(1));
  b.ret();
  b.finish();
  mb.entryPoint("main", ShaderStage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", {}, d);
  ASSERT_TRUE(r) << messages(d);
  ASSERT_EQ(r->bindings.size(), 3u);
  EXPECT_EQ(r->bindings[0].name, "C");
  EXPECT_EQ(r->bindings[1].name, "A");
  EXPECT_EQ(r->bindings[2].name, "B");
  EXPECT_NE(at(r->text, "& C [[buffer(0)]]"), std::string::npos) << r->text;
  EXPECT_NE(at(r->text, "& A [[buffer(1)]]"), std::string::npos);
  EXPECT_NE(at(r->text, "& B [[buffer(2)]]"), std::string::npos);
  // MSL forbids a function named main.
  EXPECT_NE(at(r->text, "kernel void main_("), std::string::npos);
}

// `continue` in the body must reach the continuing block: the continuing block runs at
// the top of every iteration but the first, then the break-if.
TEST(Msl, ContinueRunsTheContinuingBlock) {
  Module m;
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, u32, 4, 0, 0);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  uint32_t i = b.addLocal("i", u32);
  b.loopBegin();
  b.ifBegin(b.binary(BinaryOp::Equal, b.load(b.local(i)), b.u32(3)));
  b.cont();
  b.ifEnd();
  b.store(b.access(b.accessIndex(b.global(out), 0), b.load(b.local(i))), b.u32(7));
  b.loopContinuing();
  b.store(b.local(i), b.binary(BinaryOp::Add, b.load(b.local(i)), b.u32(1)));
  b.loopEnd(b.binary(BinaryOp::GreaterEqual, b.load(b.local(i)), b.u32(10)));
  b.ret();
  b.finish();
  mb.entryPoint("main", ShaderStage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", {}, d);
  ASSERT_TRUE(r) << messages(d);
  const std::string& t = r->text;
  size_t gate = at(t, "bool loop_init = true;");
  size_t loop = at(t, "while (true)", gate);
  size_t check = at(t, "if (!loop_init)", loop);
  size_t inc = at(t, "+ 1u)", check);
  size_t brk = at(t, "break;", inc);
  size_t clear = at(t, "loop_init = false;", brk);
  size_t cont = at(t, "continue;", clear);
  ASSERT_NE(gate, std::string::npos) << t;
  EXPECT_NE(loop, std::string::npos) << t;
  EXPECT_NE(check, std::string::npos) << t;
  EXPECT_NE(inc, std::string::npos) << t;
  EXPECT_NE(brk, std::string::npos) << t;
  EXPECT_NE(clear, std::string::npos) << t;
  EXPECT_NE(cont, std::string::npos) << t;
}

TEST(Msl, ReservedNamesAreRenamed) {
  EXPECT_TRUE(reservedTableSorted());
  for (const char* n : {"kernel", "device", "float4", "simd_sum", "main", "sampler", "threadgroup", "class", "__x"})
    EXPECT_TRUE(isReserved(n)) << n;
  for (const char* n : {"waveTotal", "Values", "id"}) EXPECT_FALSE(isReserved(n)) << n;
  Namer n;
  EXPECT_EQ(n.unique("device"), "device_");
  EXPECT_EQ(n.unique("x"), "x");
  EXPECT_EQ(n.unique("x"), "x_1");
  EXPECT_EQ(n.unique("in.var.TEXCOORD0"), "in_var_TEXCOORD0");
  EXPECT_EQ(n.unique("_Cap"), "u_Cap");
}

TEST(Msl, BallotIsUint4WithLanes0To31InX) {
  Module m;
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto u4 = mb.types().vector(Scalar::u32(), 4);
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, u4, 16, 0, 0);
  auto f = mb.function("main", {{"i", u32, Binding::builtinOf(BuiltIn::LocalInvocationIndex)}});
  auto b = mb.build(f);
  auto odd = b.binary(BinaryOp::NotEqual, b.binary(BinaryOp::And, b.arg(0), b.u32(1)), b.u32(0));
  auto v = b.subgroup(SubgroupOp::Ballot, CollectiveOp::None, odd);
  b.store(b.access(b.accessIndex(b.global(out), 0), b.arg(0)), v);
  b.ret();
  b.finish();
  mb.entryPoint("main", ShaderStage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", {}, d);
  ASSERT_TRUE(r) << messages(d);
  EXPECT_NE(at(r->text, "simd_ballot("), std::string::npos);
  EXPECT_NE(at(r->text, " >> 32), 0u, 0u)"), std::string::npos) << r->text;
  EXPECT_NE(at(r->text, "uint i [[thread_index_in_threadgroup]]"), std::string::npos) << r->text;
}

// A cbuffer: float at 0, float3 at 4 (HLSL packing). MSL's float3 is 16-aligned, so the
// member must be packed_float3; the offsets are asserted in the output.
TEST(Msl, CbufferOffsetsArePreserved) {
  Module m;
  ModuleBuilder mb(m);
  auto f32 = mb.types().scalar(Scalar::f32());
  auto f3 = mb.types().vector(Scalar::f32(), 3);
  StructMember a{"time", f32, 0}, w{"wind", f3, 4};
  auto block = mb.types().structure("Frame", {a, w}, 16);
  GlobalVariable g;
  g.name = "Frame";
  g.space = AddressSpace::Uniform;
  g.type = block;
  g.binding = ir::ResourceBinding{0, 0};
  g.resource = ResourceKind::ConstantBuffer;
  auto gh = mb.global(g);
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, f32, 4, 0, 1);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto wind = b.load(b.accessIndex(b.global(gh), 1));
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)), b.swizzle(wind, {1}));
  b.ret();
  b.finish();
  mb.entryPoint("main", ShaderStage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", {}, d);
  ASSERT_TRUE(r) << messages(d);
  EXPECT_NE(at(r->text, "packed_float3 wind;"), std::string::npos) << r->text;
  // The global keeps its HLSL name (hosts see it); the struct type gives way.
  EXPECT_NE(at(r->text, "static_assert(__builtin_offsetof(Frame_1, wind) == 4"), std::string::npos);
  EXPECT_NE(at(r->text, "static_assert(sizeof(Frame_1) == 16"), std::string::npos);
  EXPECT_NE(at(r->text, "constant Frame_1& Frame [[buffer(0)]]"), std::string::npos) << r->text;
  EXPECT_NE(at(r->text, "float3(Frame.wind)"), std::string::npos);  // loads unpack
}

// Program-scope state: a static global becomes a kernel local, groupshared a
// threadgroup variable in the kernel; helpers receive them by reference.
TEST(Msl, PrivateAndGroupsharedGlobalsArePassedByReference) {
  Module m;
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  GlobalVariable p;
  p.name = "counter";
  p.space = AddressSpace::Private;
  p.type = u32;
  auto ph = mb.global(p);
  GlobalVariable s;
  s.name = "shared_v";
  s.space = AddressSpace::WorkGroup;
  s.type = mb.types().array(u32, 8);
  auto sh = mb.global(s);
  auto helper = mb.function("bump", {});
  {
    auto b = mb.build(helper);
    b.store(b.global(ph), b.binary(BinaryOp::Add, b.load(b.global(ph)), b.u32(1)));
    b.store(b.access(b.global(sh), b.u32(0)), b.load(b.global(ph)));
    b.barrier(HlslBarrier::GroupMemoryBarrierWithGroupSync);
    b.ret();
    b.finish();
  }
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  b.call(helper, {});
  b.ret();
  b.finish();
  mb.entryPoint("main", ShaderStage::Compute, f, {8, 1, 1});
  DiagEngine d;
  auto r = compileMsl(m, "main", {}, d);
  ASSERT_TRUE(r) << messages(d);
  const std::string& t = r->text;
  EXPECT_NE(at(t, "void bump(thread uint& counter, threadgroup array<uint, 8>& shared_v)"), std::string::npos) << t;
  EXPECT_NE(at(t, "threadgroup_barrier(mem_flags::mem_threadgroup);"), std::string::npos);
  size_t k = at(t, "kernel void main_(");
  EXPECT_NE(at(t, "uint counter = uint{};", k), std::string::npos) << t;
  EXPECT_NE(at(t, "threadgroup array<uint, 8> shared_v;", k), std::string::npos);
  EXPECT_NE(at(t, "bump(counter, shared_v);", k), std::string::npos);
}

TEST(Msl, DoubleIsOSH4001AtItsRange) {
  Module m;
  ModuleBuilder mb(m);
  auto f64 = mb.types().scalar(Scalar::f64());
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, f64, 8, 0, 0);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)), b.literal(Literal::ofFloat(Scalar::f64(), 1.5)));
  b.ret();
  b.finish();
  mb.entryPoint("main", ShaderStage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", {}, d);
  EXPECT_FALSE(r);
  ASSERT_FALSE(d.diagnostics().empty());
  EXPECT_EQ(d.diagnostics()[0].id, DiagId::MslUnsupported);
}

}  // namespace
