// MSL backend: CSSum per the seed's table, argument indices, loops with `continue`,
// reserved names, ballots, buffer layout, program-scope state, coded errors. Expected
// texts come from the MSL 2.4 specification (function names, attributes, sizes), not
// from the writer's own output.
#include <gtest/gtest.h>

#include <cstdlib>
#include <fstream>

#include "../ir/cssum_module.hpp"
#include "backend/msl/msl.hpp"
#include "backend/msl/writer.hpp"
#include "diag/diag.hpp"
#include "ir/builder.hpp"

using namespace oneshader;
using namespace oneshader::ir;
using namespace oneshader::msl;

namespace {
// The layout static_asserts are an option (--msl-layout-asserts); these tests read them.
const MslOptions kAsserts{.layoutAsserts = true};
}  // namespace

namespace {

std::string messages(const DiagEngine& d) {
  std::string s;
  for (const auto& x : d.diagnostics()) s += x.message + "\n";
  return s;
}

// With MSL_DUMP_DIR set, writes the test's MSL to DIR/TEST.metal: ctest's
// msl.unit_outputs runs the clang syntax check (tests/msl) on every file.
void dump(const std::string& text) {
  const char* dir = std::getenv("MSL_DUMP_DIR");
  if (!dir) return;
  std::ofstream(std::string(dir) + "/" + ::testing::UnitTest::GetInstance()->current_test_info()->name() + ".metal")
      << text;
}

// Position of `needle` in `hay` at or after `from`; npos fails the caller's ordering check.
size_t at(const std::string& hay, const std::string& needle, size_t from = 0) { return hay.find(needle, from); }

TEST(Msl, CSSumUsesSimdSumSimdIsFirstAndARelaxedAtomic) {
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d;
  auto r = compileMsl(m, "CSSum", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
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
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
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
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
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
  Namer n(isReserved);
  EXPECT_EQ(n.make("device"), "device_");
  EXPECT_EQ(n.make("x"), "x");
  EXPECT_EQ(n.make("x"), "x_1");
  EXPECT_EQ(n.make("in.var.TEXCOORD0"), "in_var_TEXCOORD0");
  EXPECT_EQ(n.make("_Cap"), "Cap");  // _ and a capital: reserved in C++
  EXPECT_EQ(n.make("__z"), "z");
  EXPECT_EQ(n.make("_"), "v_");
  EXPECT_EQ(n.make("2d"), "v2d");
  EXPECT_EQ(n.make("_e3"), "_e3");
  // A function's scope sees the module's names without copying them.
  Namer fn(isReserved, &n);
  EXPECT_EQ(fn.make("x"), "x_2");
  EXPECT_EQ(fn.make("y"), "y");
  EXPECT_FALSE(n.taken("y"));
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
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
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
  auto gh = mb.uniformBuffer("Frame", block, 0, 0);
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, f32, 4, 0, 1);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto wind = b.load(b.accessIndex(b.global(gh), 1));
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)), b.swizzle(wind, {1}));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
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
  // main calls bump twice: a wrapper that only forwards once would be inlined
  // (passes::inlineEntryWrapper) and leave no helper to pass the globals to.
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  b.call(helper, {});
  b.call(helper, {});
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f, {8, 1, 1});
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
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
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  EXPECT_FALSE(r);
  ASSERT_FALSE(d.diagnostics().empty());
  EXPECT_EQ(d.diagnostics()[0].id, DiagId::MslUnsupported);
}

// ---- GetDimensions on a buffer: the hidden buffer-sizes argument.

// Two structured buffers (stride 16 at (0,0), stride 4 at (0,1)) and an output; the
// length of the second is read in a helper function. The sizes argument is the next free
// buffer index (3), element [[buffer(1)]] holds the byte size of B: count = size / 4.
TEST(Msl, BufferLengthReadsTheHiddenSizesArgument) {
  Module m;
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto u4 = mb.types().vector(Scalar::u32(), 4);
  auto a = mb.storageBuffer("A", ResourceKind::StructuredBuffer, u4, 16, 0, 0);
  auto bb = mb.storageBuffer("B", ResourceKind::StructuredBuffer, u32, 4, 0, 1);
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, u32, 4, 0, 2);
  auto helper = mb.function("count_b", {}, FunctionResult{u32, {}});
  {
    auto b = mb.build(helper);
    b.ret(b.arrayLength(b.accessIndex(b.global(bb), 0)));
    b.finish();
  }
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto n = b.call(helper, {});
  auto x = b.load(b.accessIndex(b.access(b.accessIndex(b.global(a), 0), b.u32(0)), 0));
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)), b.binary(BinaryOp::Add, n, x));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  const std::string& t = r->text;
  EXPECT_NE(at(t, "constant uint* buffer_sizes [[buffer(3)]]"), std::string::npos) << t;
  EXPECT_NE(at(t, "& B, constant uint* buffer_sizes)\n{\n    return (buffer_sizes[1] / 4u);"), std::string::npos) << t;
  EXPECT_NE(at(t, "(buffer_sizes[1] / 4u)"), std::string::npos) << t;
  EXPECT_NE(at(t, "count_b(B, buffer_sizes)"), std::string::npos) << t;
  ASSERT_EQ(r->bindings.size(), 4u);
  EXPECT_EQ(r->bindings[1].name, "B");
  EXPECT_TRUE(r->bindings[1].sizeRead);
  EXPECT_FALSE(r->bindings[0].sizeRead);
  EXPECT_FALSE(r->bindings[2].sizeRead);
  EXPECT_EQ(r->bindings[3].kind, "buffer_sizes");
  EXPECT_EQ(r->bindings[3].name, "buffer_sizes");
  EXPECT_EQ(r->bindings[3].index, 3u);
}

TEST(Msl, NoSizesArgumentWithoutBufferLength) {
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d;
  auto r = compileMsl(m, "CSSum", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  EXPECT_EQ(at(r->text, "buffer_sizes"), std::string::npos);
  for (const MslBinding& b : r->bindings) EXPECT_NE(b.kind, "buffer_sizes");
}

// ---- [numthreads]: the kernel is bounded by max_total_threads_per_threadgroup(X*Y*Z).
TEST(Msl, NumthreadsBecomesMaxTotalThreadsPerThreadgroup) {
  Module m;
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, u32, 4, 0, 0);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)), b.u32(1));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f, {8, 4, 2});
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  size_t attr = at(r->text, "[[max_total_threads_per_threadgroup(64)]]\nkernel void main_(");
  EXPECT_NE(attr, std::string::npos) << r->text;
}

// ---- matrix inverse: expanded into arithmetic by passes::expandInverse (the same
// cofactors over the determinant as WGSL; tests/unit/passes/inverse_test.cpp), no helper.
TEST(Msl, InverseIsExpandedInPlace) {
  Module m;
  ModuleBuilder mb(m);
  auto m2 = mb.types().matrix(Scalar::f32(), 2, 2);
  auto m3 = mb.types().matrix(Scalar::f32(), 3, 3);
  auto m4 = mb.types().matrix(Scalar::f32(), 4, 4);
  auto f32 = mb.types().scalar(Scalar::f32());
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, f32, 4, 0, 0);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  uint32_t l2 = b.addLocal("a", m2), l3 = b.addLocal("c", m3), l4 = b.addLocal("e", m4);
  auto i2 = b.math(MathFunction::Inverse, b.load(b.local(l2)));
  auto i2b = b.math(MathFunction::Inverse, i2);
  auto i3 = b.math(MathFunction::Inverse, b.load(b.local(l3)));
  auto i4 = b.math(MathFunction::Inverse, b.load(b.local(l4)));
  auto sum =
      b.binary(BinaryOp::Add,
               b.binary(BinaryOp::Add, b.accessIndex(b.accessIndex(i2b, 0), 0), b.accessIndex(b.accessIndex(i3, 1), 1)),
               b.accessIndex(b.accessIndex(i4, 2), 2));
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)), sum);
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  const std::string& t = r->text;
  EXPECT_EQ(at(t, "inverse"), std::string::npos) << t;
  size_t kernel = at(t, "kernel void main_(");
  ASSERT_NE(kernel, std::string::npos) << t;
  // One 1/det per inverse (four), each matrix built column by column from its cofactors.
  size_t divs = 0;
  for (size_t p = at(t, "(1.0f / "); p != std::string::npos; p = at(t, "(1.0f / ", p + 1)) ++divs;
  EXPECT_EQ(divs, 4u) << t;
  EXPECT_NE(at(t, "float2x2(float2("), std::string::npos) << t;
  EXPECT_NE(at(t, "float3x3(float3("), std::string::npos) << t;
  EXPECT_NE(at(t, "float4x4(float4("), std::string::npos) << t;
}

// ---- modf / frexp: the IR gives a struct {fract, whole} / {fract, exp} (ir.hpp); MSL's
// modf(x, thread T&) / frexp(x, thread int&) write the second part through a thread
// reference, so a thread temporary, then the struct value. Read back with AccessIndex.
TEST(Msl, ModfAndFrexpGoThroughAThreadTemporary) {
  Module m;
  ModuleBuilder mb(m);
  auto f32 = mb.types().scalar(Scalar::f32());
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, f32, 4, 0, 0);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto md = b.math(MathFunction::Modf, b.f32(2.5f));
  auto fx = b.math(MathFunction::Frexp, b.f32(8.0f));
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(1)), b.accessIndex(md, 1));
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(2)), b.convert(b.accessIndex(fx, 1), Scalar::f32()));
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)),
          b.binary(BinaryOp::Add, b.accessIndex(md, 0), b.accessIndex(fx, 0)));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  const std::string& t = r->text;
  size_t whole = at(t, "    float _e");
  ASSERT_NE(whole, std::string::npos) << t;
  size_t modf = at(t, "_first = modf(2.5f, _e");
  ASSERT_NE(modf, std::string::npos) << t;
  EXPECT_NE(at(t, "_whole;\n"), std::string::npos) << t;
  EXPECT_NE(at(t, "_whole};", modf), std::string::npos) << t;  // {fract, whole}
  size_t frexp = at(t, "_first = frexp(8.0f, _e");
  ASSERT_NE(frexp, std::string::npos) << t;
  EXPECT_NE(at(t, "    int _e"), std::string::npos) << t;
  EXPECT_NE(at(t, "_exp};", frexp), std::string::npos) << t;  // {fract, exp}: exp is an int
}

// ---- 64-bit integer wave operations: two 32-bit halves.
TEST(Msl, Wave64MovesSplitIntoTwoHalves) {
  Module m;
  ModuleBuilder mb(m);
  auto u64 = mb.types().scalar(Scalar{ScalarKind::Uint, 64});
  auto i64v2 = mb.types().vector(Scalar{ScalarKind::Sint, 64}, 2);
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, u64, 8, 0, 0);
  auto outv = mb.storageBuffer("OutV", ResourceKind::RWStructuredBuffer, i64v2, 16, 0, 1);
  auto flags = mb.storageBuffer("Flags", ResourceKind::RWStructuredBuffer, mb.types().scalar(Scalar::u32()), 4, 0, 2);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto x = b.load(b.access(b.accessIndex(b.global(out), 0), b.u32(0)));
  auto xv = b.load(b.access(b.accessIndex(b.global(outv), 0), b.u32(0)));
  auto first = b.subgroup(SubgroupOp::BroadcastFirst, CollectiveOp::None, x);
  auto at3 = b.subgroup(SubgroupOp::Shuffle, CollectiveOp::None, x, b.u32(3));
  auto qx = b.subgroup(SubgroupOp::QuadSwapX, CollectiveOp::None, xv);
  auto eq = b.subgroup(SubgroupOp::AllEqual, CollectiveOp::None, x);
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(1)), b.binary(BinaryOp::Add, first, at3));
  b.store(b.access(b.accessIndex(b.global(outv), 0), b.u32(1)), qx);
  b.store(b.access(b.accessIndex(b.global(flags), 0), b.u32(0)), b.select(eq, b.u32(1), b.u32(0)));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  const std::string& t = r->text;
  EXPECT_NE(at(t,
               "ulong simd_broadcast_first_ulong(ulong v)\n{\n    uint2 h = as_type<uint2>(v);\n"
               "    return as_type<ulong>(uint2(simd_broadcast_first(h.x), simd_broadcast_first(h.y)));\n}"),
            std::string::npos)
      << t;
  EXPECT_NE(at(t, "return as_type<ulong>(uint2(simd_shuffle(h.x, l), simd_shuffle(h.y, l)));"), std::string::npos);
  EXPECT_NE(at(t, "simd_shuffle_ulong(_e"), std::string::npos);
  EXPECT_NE(at(t, ", ushort(3u))"), std::string::npos);
  // A vector goes component by component; QuadReadAcrossX is quad_shuffle_xor(.., 1).
  EXPECT_NE(at(t, "return as_type<long>(uint2(quad_shuffle_xor(h.x, 1), quad_shuffle_xor(h.y, 1)));"),
            std::string::npos);
  EXPECT_NE(at(t, "long2(quad_shuffle_xor_long(_e"), std::string::npos) << t;
  // WaveActiveAllEqual: the whole 64-bit value against the first lane's.
  EXPECT_NE(at(t, "simd_all(_e"), std::string::npos);
  EXPECT_NE(at(t, " == simd_broadcast_first_ulong(_e"), std::string::npos) << t;
}

// Reductions and scans loop over the active lanes: exact for any active set (the loop
// visits every lane of simd_ballot(true) once, lowest first; an exclusive scan takes the
// lanes before this one's rank among the active lanes).
TEST(Msl, Wave64ReductionsLoopOverTheActiveLanes) {
  Module m;
  ModuleBuilder mb(m);
  auto i64 = mb.types().scalar(Scalar{ScalarKind::Sint, 64});
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, i64, 8, 0, 0);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto x = b.load(b.access(b.accessIndex(b.global(out), 0), b.u32(0)));
  auto mn = b.subgroup(SubgroupOp::Min, CollectiveOp::Reduce, x);
  auto ps = b.subgroup(SubgroupOp::Add, CollectiveOp::ExclusiveScan, x);
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(1)), b.binary(BinaryOp::Add, mn, ps));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  const std::string& t = r->text;
  size_t mnDef = at(t, "long simd_min_long(long x)");
  ASSERT_NE(mnDef, std::string::npos) << t;
  EXPECT_NE(at(t, "long r = long(9223372036854775807l);", mnDef), std::string::npos) << t;  // INT64_MAX: min's identity
  EXPECT_NE(at(t, "r = v < r ? v : r;", mnDef), std::string::npos);
  EXPECT_NE(at(t, "simd_ballot(true)", mnDef), std::string::npos);
  size_t psDef = at(t, "long simd_prefix_exclusive_sum_long(long x)");
  ASSERT_NE(psDef, std::string::npos) << t;
  EXPECT_NE(at(t, "uint rank = simd_prefix_exclusive_sum(1u);", psDef), std::string::npos);
  EXPECT_NE(at(t, "if (k < rank) r = r + v;", psDef), std::string::npos);
  EXPECT_NE(at(t, "lanes &= lanes - 1ul;", psDef), std::string::npos);
}

TEST(Msl, Wave64OnDoubleIsOSH4001) {
  Module m;
  ModuleBuilder mb(m);
  auto f64 = mb.types().scalar(Scalar::f64());
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, f64, 8, 0, 0);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto x = b.load(b.access(b.accessIndex(b.global(out), 0), b.u32(0)));
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(1)),
          b.subgroup(SubgroupOp::BroadcastFirst, CollectiveOp::None, x));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  EXPECT_FALSE(compileMsl(m, "main", kAsserts, d));
  ASSERT_FALSE(d.diagnostics().empty());
  EXPECT_EQ(d.diagnostics()[0].id, DiagId::MslUnsupported);
  EXPECT_NE(messages(d).find("double"), std::string::npos) << messages(d);
}

// ---- buffer layouts the writer used to reject.

// A row-major float3x3 (HLSL's default column_major) in a buffer is stored transposed:
// writing IR column 1 writes element [k][1] of each stored column k.
TEST(Msl, WritingAColumnOfARowMajorMatrix) {
  Module m;
  ModuleBuilder mb(m);
  auto f3 = mb.types().vector(Scalar::f32(), 3);
  auto m3 = mb.types().matrix(Scalar::f32(), 3, 3);
  StructMember mm{"m", m3, 0, MatrixLayout::RowMajor, 16};
  auto s = mb.types().structure("S", {mm}, 48);
  auto buf = mb.storageBuffer("Buf", ResourceKind::RWStructuredBuffer, s, 48, 0, 0);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto col = b.accessIndex(b.accessIndex(b.access(b.accessIndex(b.global(buf), 0), b.u32(0)), 0), 1);
  b.store(col, b.compose(f3, {b.f32(1), b.f32(2), b.f32(3)}));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  const std::string& t = r->text;
  // passes::transposeRowMajor: one store per element (component 1 of each stored column).
  size_t tmp = at(t, " = float3(1.0f, 2.0f, 3.0f);");
  ASSERT_NE(tmp, std::string::npos) << t;
  EXPECT_NE(at(t, "Buf.data[0u].m[0].y = _e8.x;", tmp), std::string::npos) << t;
  EXPECT_NE(at(t, "Buf.data[0u].m[1].y = _e8.y;", tmp), std::string::npos) << t;
  EXPECT_NE(at(t, "Buf.data[0u].m[2].y = _e8.z;", tmp), std::string::npos) << t;
}

// A std140 `float a[3]` (stride 16) is an array of a 16-byte wrapper struct
// (passes::wrapStridedArrays); copying it whole reads the .v of each element.
TEST(Msl, CopyingAWholeStd140ScalarArray) {
  Module m;
  ModuleBuilder mb(m);
  auto f32 = mb.types().scalar(Scalar::f32());
  auto arr = mb.types().array(f32, 3, 16);
  StructMember am{"a", arr, 0};
  auto block = mb.types().structure("Params", {am}, 48);
  auto gh = mb.uniformBuffer("Params", block, 0, 0);
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, f32, 4, 0, 1);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto whole = b.load(b.accessIndex(b.global(gh), 0));
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)), b.accessIndex(whole, 2));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  const std::string& t = r->text;
  size_t w = at(t, "struct Stride16_f32\n{\n    float v;\n    char _pad0[12];\n};");
  EXPECT_NE(w, std::string::npos) << t;
  EXPECT_NE(at(t, "array<Stride16_f32, 3> a;", w), std::string::npos) << t;
  // The whole array is read element by element through .v, then element 2 is stored (the
  // loaded value is used once, so it is written at its use).
  EXPECT_NE(at(t, "Out.data[0u] = array<float, 3>{Params.a[0].v, Params.a[1].v, Params.a[2].v}[2];"), std::string::npos)
      << t;
}

// A cbuffer matrix whose stored columns are 2-vectors 16 bytes apart (HLSL packs each
// matrix column, or row for row_major, into its own register) while MSL's float2x2 /
// float3x2 columns are 8 bytes apart: declared array<float2, 2N-1>, stored column k at
// element 2k (16 bytes apart; the last one ends 8 bytes short of a register, as in HLSL).
// m: IR float2x2 RowMajor (HLSL column_major float2x2): stored column k is IR row k, so
// IR column 1 gathers element 1 of each stored column and a whole load is the transpose.
// q: IR float3x2 (3 columns of float2) ColMajor (HLSL row_major float3x2): stored column k
// is IR column k.
static Handle<GlobalVariable> paddedCbuffer(ModuleBuilder& mb, Handle<Type>& outElem) {
  auto m2 = mb.types().matrix(Scalar::f32(), 2, 2);
  auto m32 = mb.types().matrix(Scalar::f32(), 3, 2);
  auto f4 = mb.types().vector(Scalar::f32(), 4);
  StructMember mm{"m", m2, 0, MatrixLayout::RowMajor, 16};
  StructMember qm{"q", m32, 32, MatrixLayout::ColMajor, 16};
  StructMember am{"after", f4, 80};
  auto block = mb.types().structure("CB", {mm, qm, am}, 96);
  outElem = mb.types().vector(Scalar::f32(), 2);
  return mb.uniformBuffer("C", block, 0, 0);
}

TEST(Msl, CbufferMatrixWith16ByteColumnsIsStoredAsFloat4Columns) {
  Module m;
  ModuleBuilder mb(m);
  Handle<Type> f2;
  auto cb = paddedCbuffer(mb, f2);
  auto m2 = mb.types().matrix(Scalar::f32(), 2, 2);
  auto m32 = mb.types().matrix(Scalar::f32(), 3, 2);
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, f2, 8, 0, 1);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  uint32_t lm = b.addLocal("lm", m2);
  uint32_t lq = b.addLocal("lq", m32);
  auto outAt = [&](uint32_t i) { return b.access(b.accessIndex(b.global(out), 0), b.u32(i)); };
  auto M = [&] { return b.accessIndex(b.global(cb), 0); };
  auto Q = [&] { return b.accessIndex(b.global(cb), 1); };
  b.store(outAt(0), b.load(b.accessIndex(Q(), 1)));  // q column 1
  b.store(outAt(1), b.load(b.accessIndex(M(), 1)));  // m column 1 (gathered)
  b.store(outAt(2), b.compose(f2, {b.load(b.accessIndex(b.accessIndex(Q(), 2), 1)),
                                   b.load(b.accessIndex(b.accessIndex(M(), 1), 0))}));
  b.store(b.local(lm), b.load(M()));
  b.store(b.local(lq), b.load(Q()));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  const std::string& t = r->text;
  EXPECT_NE(at(t,
               "    array<float2, 3> m;\n    char _pad0[8];\n    array<float2, 5> q;\n    char _pad1[8];\n    float4 "
               "after;\n"),
            std::string::npos)
      << t;
  EXPECT_NE(at(t, "static_assert(__builtin_offsetof(CB, q) == 32"), std::string::npos) << t;
  EXPECT_NE(at(t, "static_assert(__builtin_offsetof(CB, after) == 80"), std::string::npos) << t;
  EXPECT_NE(at(t, "static_assert(sizeof(CB) == 96"), std::string::npos) << t;
  EXPECT_NE(at(t, "C.q[2];"), std::string::npos) << t;  // q column 1
  // m column 1: element 1 of each stored column (passes::transposeRowMajor).
  // (Read-only loads used once are written at their use: readable output.)
  EXPECT_NE(at(t, "Out.data[1u] = float2(C.m[0].y, C.m[2].y);"), std::string::npos) << t;
  EXPECT_NE(at(t, "C.q[4].y"), std::string::npos) << t;
  EXPECT_NE(at(t, "float2(C.q[4].y, C.m[0].y)"), std::string::npos) << t;  // IR m[1][0]: stored column 0, element 1
  // Whole loads compose the matrix from the loads of elements 0, 2, ... (passes::padMatrixColumns).
  EXPECT_NE(at(t, "float2x2 lm = transpose(float2x2(C.m[0], C.m[2]));"), std::string::npos) << t;
  EXPECT_NE(at(t, "float3x2 lq = float3x2(C.q[0], C.q[2], C.q[4]);"), std::string::npos) << t;
  EXPECT_EQ(at(t, "matrix stride"), std::string::npos);
}

// Writes through the same layout (a storage struct laid out like a cbuffer): a whole
// stored-transposed matrix writes column k of the value's transpose into stored column k
// (element 2k), a whole column-major one writes column k to element 2k, a column and an
// element likewise.
TEST(Msl, WritingMatricesStoredAsFloat4Columns) {
  Module m;
  ModuleBuilder mb(m);
  auto f2 = mb.types().vector(Scalar::f32(), 2);
  auto m2 = mb.types().matrix(Scalar::f32(), 2, 2);
  auto m32 = mb.types().matrix(Scalar::f32(), 3, 2);
  StructMember mm{"m", m2, 0, MatrixLayout::RowMajor, 16};
  StructMember qm{"q", m32, 32, MatrixLayout::ColMajor, 16};
  auto s = mb.types().structure("S", {mm, qm}, 80);
  auto buf = mb.storageBuffer("Buf", ResourceKind::RWStructuredBuffer, s, 80, 0, 0);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto el = [&] { return b.access(b.accessIndex(b.global(buf), 0), b.u32(0)); };
  auto v2 = [&](float x, float y) { return b.compose(f2, {b.f32(x), b.f32(y)}); };
  b.store(b.accessIndex(el(), 0), b.compose(m2, {v2(1, 2), v2(3, 4)}));
  b.store(b.accessIndex(el(), 1), b.compose(m32, {v2(1, 2), v2(3, 4), v2(5, 6)}));
  b.store(b.accessIndex(b.accessIndex(el(), 1), 1), v2(7, 8));
  b.store(b.accessIndex(b.accessIndex(b.accessIndex(el(), 1), 2), 1), b.f32(9));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  const std::string& t = r->text;
  size_t a = at(t, "float2x2 _e12 = transpose(float2x2(float2(1.0f, 2.0f), float2(3.0f, 4.0f)));");
  ASSERT_NE(a, std::string::npos) << t;
  // Stored column k holds IR row k, column k of the transpose (passes::transposeRowMajor),
  // at element 2k (passes::padMatrixColumns: one IR store per column).
  EXPECT_NE(at(t, "Buf.data[0u].m[0] = _e12[0];\n", a), std::string::npos) << t;
  EXPECT_NE(at(t, "Buf.data[0u].m[2] = _e12[1];\n", a), std::string::npos) << t;
  size_t q = at(t, "float3x2 _e26 = ", a);
  ASSERT_NE(q, std::string::npos) << t;
  EXPECT_NE(at(t, "Buf.data[0u].q[0] = _e26[0];\n", q), std::string::npos) << t;
  EXPECT_NE(at(t, "Buf.data[0u].q[4] = _e26[2];\n", q), std::string::npos) << t;
  EXPECT_NE(at(t, "Buf.data[0u].q[2] = float2(7.0f, 8.0f);"), std::string::npos) << t;
  EXPECT_NE(at(t, "Buf.data[0u].q[4].y = 9.0f;"), std::string::npos) << t;
}

// An array of such matrices (HLSL cbuffer float2x2 ma[2], element stride 32): an array of
// arrays of float2 (2N per element: the element stride is N registers); copying it whole
// composes each element from its column loads (passes::padMatrixColumns, unrolled).
TEST(Msl, CbufferArrayOfMatricesWith16ByteColumns) {
  Module m;
  ModuleBuilder mb(m);
  auto f2 = mb.types().vector(Scalar::f32(), 2);
  auto m2 = mb.types().matrix(Scalar::f32(), 2, 2);
  auto arr = mb.types().array(m2, 2, 32);
  StructMember am{"ma", arr, 0, MatrixLayout::RowMajor, 16};
  auto block = mb.types().structure("CB", {am}, 64);
  auto cb = mb.uniformBuffer("C", block, 0, 0);
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, f2, 8, 0, 1);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto whole = b.load(b.accessIndex(b.global(cb), 0));
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)), b.accessIndex(b.accessIndex(whole, 1), 0));
  auto col = b.accessIndex(b.access(b.accessIndex(b.global(cb), 0), b.u32(1)), 1);
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(1)), b.load(col));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  const std::string& t = r->text;
  EXPECT_NE(at(t, "array<array<float2, 4>, 2> ma;"), std::string::npos) << t;
  EXPECT_NE(at(t, "static_assert(sizeof(CB) == 64"), std::string::npos) << t;
  // The stored matrices from their column loads, then each transposed
  // (passes::transposeRowMajor). (Read-only loads used once are written at their use.)
  size_t loads = at(t,
                    "array<float2x2, 2> _e14 = array<float2x2, 2>{float2x2(C.ma[0][0], C.ma[0][2]), "
                    "float2x2(C.ma[1][0], C.ma[1][2])};");
  ASSERT_NE(loads, std::string::npos) << t;
  EXPECT_NE(at(t, "array<float2x2, 2>{transpose(_e14[0]), transpose(_e14[1])}[1][0];", loads), std::string::npos) << t;
  EXPECT_NE(at(t, "Out.data[1u] = float2(C.ma[1u][0].y, C.ma[1u][2].y);"), std::string::npos) << t;
}

// DirectX cbuffer packing (-fvk-use-dx-layout) puts a float2 after a float2x2 in the
// .zw of the matrix's last register (offset 24): the padded matrix ends at 24.
TEST(Msl, MemberInTheLastRegisterOfAPaddedMatrix) {
  Module m;
  ModuleBuilder mb(m);
  auto f2 = mb.types().vector(Scalar::f32(), 2);
  auto m2 = mb.types().matrix(Scalar::f32(), 2, 2);
  StructMember mm{"m", m2, 0, MatrixLayout::RowMajor, 16};
  StructMember uv{"uv", f2, 24};
  auto block = mb.types().structure("CB", {mm, uv}, 32);
  auto cb = mb.uniformBuffer("C", block, 0, 0);
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, f2, 8, 0, 1);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto prod = b.binary(BinaryOp::Add, b.load(b.accessIndex(b.global(cb), 1)),
                       b.load(b.accessIndex(b.accessIndex(b.global(cb), 0), 0)));
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)), prod);
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  const std::string& t = r->text;
  EXPECT_NE(at(t, "    array<float2, 3> m;\n    float2 uv;\n"), std::string::npos) << t;
  EXPECT_NE(at(t, "static_assert(__builtin_offsetof(CB, uv) == 24"), std::string::npos) << t;
  EXPECT_NE(at(t, "static_assert(sizeof(CB) == 32"), std::string::npos) << t;
  EXPECT_NE(at(t, "(C.uv + float2(C.m[0].x, C.m[2].x))"), std::string::npos) << t;
}

// Strides still without an MSL form stay OSH4001: 32 bytes, and 16 for a half matrix.
TEST(Msl, OtherMatrixStridesAreOSH4001) {
  for (auto [scalar, stride] : {std::pair{Scalar::f32(), 32u}, std::pair{Scalar::f16(), 16u}}) {
    Module m;
    ModuleBuilder mb(m);
    auto m2 = mb.types().matrix(scalar, 2, 2);
    StructMember mm{"m", m2, 0, MatrixLayout::ColMajor, stride};
    auto s = mb.types().structure("S", {mm}, 2 * stride);
    auto buf = mb.storageBuffer("Buf", ResourceKind::RWStructuredBuffer, s, 2 * stride, 0, 0);
    auto f = mb.function("main", {});
    auto b = mb.build(f);
    b.store(b.accessIndex(b.access(b.accessIndex(b.global(buf), 0), b.u32(0)), 0), b.zero(m2));
    b.ret();
    b.finish();
    mb.entryPoint("main", Stage::Compute, f);
    DiagEngine d;
    EXPECT_FALSE(compileMsl(m, "main", kAsserts, d));
    ASSERT_FALSE(d.diagnostics().empty());
    EXPECT_EQ(d.diagnostics()[0].id, DiagId::MslUnsupported);
    EXPECT_NE(messages(d).find("a matrix stride of " + std::to_string(stride) + " bytes"), std::string::npos)
        << messages(d);
  }
}

// Explicit offsets out of declaration order (packoffset): members are declared by offset,
// padding as char arrays, and a brace initializer follows the declared order ({} for
// padding): IR members {b: float4 at 16, a: float at 0} -> struct {a; _pad0[12]; b;}.
TEST(Msl, MembersAreDeclaredByOffsetAndInitializedInThatOrder) {
  Module m;
  ModuleBuilder mb(m);
  auto f32 = mb.types().scalar(Scalar::f32());
  auto f4 = mb.types().vector(Scalar::f32(), 4);
  StructMember b4{"b", f4, 16}, a1{"a", f32, 0};
  auto st = mb.types().structure("S", {b4, a1}, 32);
  auto buf = mb.storageBuffer("Buf", ResourceKind::RWStructuredBuffer, st, 32, 0, 0);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto v = b.compose(st, {b.splat(f4, b.f32(2)), b.f32(1)});
  b.store(b.access(b.accessIndex(b.global(buf), 0), b.u32(0)), v);
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  const std::string& t = r->text;
  EXPECT_NE(at(t, "struct S\n{\n    float a;\n    char _pad0[12];\n    float4 b;\n};"), std::string::npos) << t;
  EXPECT_NE(at(t, "S{1.0f, {}, float4(2.0f)}"), std::string::npos) << t;
}

// HLSL sampling methods in MSL 2.4's forms (6.12): SampleBias -> bias(b), SampleGrad ->
// gradient2d(dx, dy), a constant offset is the trailing int2, SampleCmp ->
// sample_compare(s, uv, ref) on a texture declared depth2d (MSL compares only in depth
// textures), SampleCmpLevelZero adds level(0). 1D textures have no mipmaps in Metal: a
// bias on one is left out.
TEST(Msl, SamplingKindsUseMslOptionsAndDepthTextures) {
  Module m;
  ModuleBuilder mb(m);
  auto& T = mb.types();
  auto f32 = T.scalar(Scalar::f32());
  auto f2 = T.vector(Scalar::f32(), 2);
  auto f4 = T.vector(Scalar::f32(), 4);
  auto i2 = T.vector(Scalar::i32(), 2);
  auto handle = [&](const char* name, Handle<Type> t, uint32_t binding) {
    GlobalVariable g;
    g.name = name;
    g.space = AddressSpace::Handle;
    g.type = t;
    g.binding = ir::ResourceBinding{0, binding};
    return mb.global(g);
  };
  ImageInfo i2d;
  ImageInfo i1d;
  i1d.dim = ImageDim::D1;
  auto tex = handle("tex", T.image(i2d), 0);
  auto shadow = handle("shadow", T.image(i2d), 1);
  auto line = handle("line1", T.image(i1d), 2);
  auto samp = handle("samp", T.sampler(), 3);
  auto cmp = handle("cmp", T.sampler(true), 4);
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, f4, 16, 0, 5);
  auto off = mb.composite(i2, {mb.constant(Literal::i32(1)), mb.constant(Literal::i32(-1))});
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto uv = b.compose(f2, {b.f32(0.25f), b.f32(0.75f)});
  FunctionBuilder::SampleOperands bias;
  bias.kind = SampleKind::Bias;
  bias.bias = b.f32(0.5f);
  bias.offset = off;
  auto s1 = b.imageSample(b.global(tex), b.global(samp), uv, bias);
  FunctionBuilder::SampleOperands grad;
  grad.kind = SampleKind::Grad;
  grad.gradX = uv;
  grad.gradY = uv;
  auto s2 = b.imageSample(b.global(tex), b.global(samp), uv, grad);
  FunctionBuilder::SampleOperands c0;
  c0.kind = SampleKind::CompareLevelZero;
  c0.depthRef = b.f32(0.5f);
  auto s3 = b.imageSample(b.global(shadow), b.global(cmp), uv, c0);
  FunctionBuilder::SampleOperands bias1;
  bias1.kind = SampleKind::Bias;
  bias1.bias = b.f32(1.0f);
  auto s4 = b.imageSample(b.global(line), b.global(samp), b.f32(0.5f), bias1);
  auto sum = b.binary(BinaryOp::Add, b.binary(BinaryOp::Add, s1, s2), s4);
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)), b.binary(BinaryOp::Multiply, sum, s3));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Pixel, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  const std::string& t = r->text;
  EXPECT_NE(at(t, "texture2d<float> tex [[texture(0)]]"), std::string::npos) << t;
  EXPECT_NE(at(t, "depth2d<float> shadow [[texture(1)]]"), std::string::npos) << t;
  EXPECT_NE(at(t, ", bias(0.5f), int2(1, (-1)))"), std::string::npos) << t;
  EXPECT_NE(at(t, "tex.sample(samp, _e"), std::string::npos) << t;
  EXPECT_NE(at(t, ", gradient2d("), std::string::npos) << t;
  EXPECT_NE(at(t, "shadow.sample_compare(cmp, "), std::string::npos) << t;
  EXPECT_NE(at(t, ", 0.5f, level(0))"), std::string::npos) << t;
  EXPECT_NE(at(t, "line1.sample(samp, 0.5f)"), std::string::npos) << t;
}

// ---- Arrays of resources (ir.hpp: one global of a sized Array type, one binding).

GlobalVariable handleGlobal(const char* name, Handle<Type> t, uint32_t binding, uint32_t at = 0) {
  GlobalVariable g;
  g.name = name;
  g.space = AddressSpace::Handle;
  g.type = t;
  g.binding = ir::ResourceBinding{0, binding};
  g.range = SourceRange{SourceLoc{at}, SourceLoc{at + 1}};
  return g;
}

// MSL 2.4 (2.12, arrays of textures and samplers): `array<texture2d<float>, N>` and
// `array<sampler, N>` are entry-point arguments taking N consecutive indices of their
// kind from the attribute's index. Textures: a (0,0), ts[4] (0,1), b (0,2) -> a 0,
// ts 1..4, b 5. Samplers: ss[2] (0,3), s (0,4) -> ss 0..1, s 2. A helper that reads the
// arrays receives them as parameters of the same type; the element index is written in
// place (`ts[i]`), and NonUniformResourceIndex needs nothing in MSL.
TEST(Msl, TextureAndSamplerArraysTakeConsecutiveIndices) {
  Module m;
  ModuleBuilder mb(m);
  auto& T = mb.types();
  auto u32 = T.scalar(Scalar::u32());
  auto f2 = T.vector(Scalar::f32(), 2);
  auto f4 = T.vector(Scalar::f32(), 4);
  ImageInfo i2d;
  auto tex = T.image(i2d);
  auto a = mb.global(handleGlobal("a", tex, 0));
  auto ts = mb.global(handleGlobal("ts", T.array(tex, 4), 1));
  auto bt = mb.global(handleGlobal("b", tex, 2));
  auto ss = mb.global(handleGlobal("ss", T.array(T.sampler(), 2), 3));
  auto s = mb.global(handleGlobal("s", T.sampler(), 4));
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, f4, 16, 0, 5);

  auto helper = mb.function("fetch", {FunctionArgument{"i", u32, {}}}, FunctionResult{f4, {}});
  {
    auto b = mb.build(helper);
    auto uv = b.compose(f2, {b.f32(0.25f), b.f32(0.75f)});
    auto elem = b.access(b.global(ts), b.arg(0));
    m.functions[helper].expressions[elem].nonUniform = true;
    auto v = b.imageSample(elem, b.accessIndex(b.global(ss), 1), uv, b.f32(0.0f));
    b.ret(v);
    b.finish();
  }
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto uv = b.compose(f2, {b.f32(0.5f), b.f32(0.5f)});
  auto x = b.call(helper, {b.u32(3)});
  auto y = b.imageSample(b.global(a), b.global(s), uv, b.f32(0.0f));
  auto z = b.imageSample(b.global(bt), b.access(b.global(ss), b.u32(0)), uv, b.f32(0.0f));
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)),
          b.binary(BinaryOp::Add, b.binary(BinaryOp::Add, x, y), z));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  const std::string& t = r->text;
  EXPECT_NE(at(t, "texture2d<float> a [[texture(0)]]"), std::string::npos) << t;
  EXPECT_NE(at(t, "array<texture2d<float>, 4> ts [[texture(1)]]"), std::string::npos) << t;
  EXPECT_NE(at(t, "texture2d<float> b [[texture(5)]]"), std::string::npos) << t;
  EXPECT_NE(at(t, "array<sampler, 2> ss [[sampler(0)]]"), std::string::npos) << t;
  EXPECT_NE(at(t, "sampler s [[sampler(2)]]"), std::string::npos) << t;
  EXPECT_NE(at(t, "float4 fetch(uint i, array<texture2d<float>, 4> ts, array<sampler, 2> ss)"), std::string::npos) << t;
  EXPECT_NE(at(t, "ts[i].sample(ss[1], "), std::string::npos) << t;
  EXPECT_NE(at(t, "b.sample(ss[0u], "), std::string::npos) << t;
  ASSERT_EQ(r->bindings.size(), 6u);
  auto find = [&](const std::string& n) {
    for (const MslBinding& x : r->bindings)
      if (x.name == n) return x;
    return MslBinding{};
  };
  EXPECT_EQ(find("ts").kind, "texture");
  EXPECT_EQ(find("ts").index, 1u);
  EXPECT_EQ(find("ts").count, 4u);
  EXPECT_EQ(find("b").index, 5u);
  EXPECT_EQ(find("b").count, 1u);
  EXPECT_EQ(find("ss").kind, "sampler");
  EXPECT_EQ(find("ss").index, 0u);
  EXPECT_EQ(find("ss").count, 2u);
  EXPECT_EQ(find("s").index, 2u);
}

// A comparison sample of an element of an array of textures: every element is declared
// a depth texture (sample_compare exists only on depth2d / depthcube, MSL 2.4 6.12).
TEST(Msl, ComparisonSampleOfATextureArrayElementDeclaresDepthElements) {
  Module m;
  ModuleBuilder mb(m);
  auto& T = mb.types();
  auto f32 = T.scalar(Scalar::f32());
  auto f2 = T.vector(Scalar::f32(), 2);
  ImageInfo i2d;
  auto sh = mb.global(handleGlobal("shadows", T.array(T.image(i2d), 3), 0));
  auto cmp = mb.global(handleGlobal("cmp", T.sampler(true), 1));
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, f32, 4, 0, 2);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  FunctionBuilder::SampleOperands c0;
  c0.kind = SampleKind::CompareLevelZero;
  c0.depthRef = b.f32(0.5f);
  auto uv = b.compose(f2, {b.f32(0.5f), b.f32(0.5f)});
  auto v = b.imageSample(b.accessIndex(b.global(sh), 2), b.global(cmp), uv, c0);
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)), v);
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  ASSERT_TRUE(r) << messages(d);
  dump(r->text);
  EXPECT_NE(at(r->text, "array<depth2d<float>, 3> shadows [[texture(0)]]"), std::string::npos) << r->text;
  EXPECT_NE(at(r->text, "shadows[2].sample_compare(cmp, "), std::string::npos) << r->text;
}

// What MSL 2.4 cannot bind as entry-point arguments is OSH4001 at the declaration, not
// wrong code: an array of buffers (Metal needs argument buffers), an array of read-write
// textures (arrays hold access::read / access::sample textures only), an unsized array,
// more than Metal's 16 samplers.
struct BadArray {
  const char* what;
  const char* message;
};
class MslBadResourceArray : public ::testing::TestWithParam<BadArray> {};

TEST_P(MslBadResourceArray, IsOSH4001AtTheDeclaration) {
  const std::string what = GetParam().what;
  Module m;
  ModuleBuilder mb(m);
  auto& T = mb.types();
  auto u32 = T.scalar(Scalar::u32());
  auto f4 = T.vector(Scalar::f32(), 4);
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, f4, 16, 0, 0);
  Handle<GlobalVariable> g;
  if (what == "buffers" || what == "cbuffers") {
    GlobalVariable gv = handleGlobal("bufs", {}, 1, 40);
    if (what == "buffers") {
      gv.space = AddressSpace::Storage;
      gv.access = StorageAccess::Load;
      gv.type = T.array(mb.storageBufferBlock(u32, 4, "type.StructuredBuffer"), 2);
      gv.resource = ResourceKind::StructuredBuffer;
    } else {
      StructMember mem;
      mem.name = "scale";
      mem.type = f4;
      gv.space = AddressSpace::Uniform;
      gv.type = T.array(T.structure("type.ConstantBuffer.P", {mem}, 16), 2);
    }
    g = mb.global(gv);
  } else {
    ImageInfo im;
    if (what == "rwtextures") im.cls = ImageClass::Storage;
    g = mb.global(handleGlobal("texs", what == "samplers" ? T.array(T.sampler(), 17) : T.array(T.image(im), 2), 1, 40));
  }
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto elem = b.access(b.global(g), b.u32(1));
  Handle<Expression> v;
  if (what == "buffers")
    v = b.convert(b.load(b.access(b.accessIndex(elem, 0), b.u32(0))), Scalar::f32());
  else if (what == "cbuffers")
    v = b.load(b.accessIndex(elem, 0));
  if (v.valid() && what == "buffers") v = b.splat(f4, v);
  if (!v.valid()) v = b.zero(f4);
  b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)), v);
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = compileMsl(m, "main", kAsserts, d);
  EXPECT_FALSE(r);
  ASSERT_EQ(d.diagnostics().size(), 1u) << messages(d);
  EXPECT_EQ(d.diagnostics()[0].id, DiagId::MslUnsupported);
  EXPECT_EQ(d.diagnostics()[0].range.begin.raw, 40u);
  EXPECT_NE(d.diagnostics()[0].message.find(GetParam().message), std::string::npos) << messages(d);
}

INSTANTIATE_TEST_SUITE_P(Msl, MslBadResourceArray,
                         ::testing::Values(BadArray{"buffers", "an array of buffers (Metal needs argument buffers)"},
                                           BadArray{"cbuffers", "an array of buffers (Metal needs argument buffers)"},
                                           BadArray{"rwtextures", "an array of read-write textures"},
                                           BadArray{"samplers", "Metal has sampler indices 0 to 15"}),
                         [](const ::testing::TestParamInfo<BadArray>& i) { return std::string(i.param.what); });

}  // namespace

// Without the option the output has no layout static_assert (the default), with it one
// per member and the struct's size (Frame_1 above).
TEST(Msl, LayoutAssertsAreAnOption) {
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d;
  auto off = compileMsl(m, "CSSum", {}, d);
  ASSERT_TRUE(off) << messages(d);
  EXPECT_EQ(off->text.find("static_assert"), std::string::npos) << off->text;
  auto on = compileMsl(m, "CSSum", kAsserts, d);
  ASSERT_TRUE(on) << messages(d);
  EXPECT_NE(on->text.find("static_assert(__builtin_offsetof("), std::string::npos) << on->text;
}
