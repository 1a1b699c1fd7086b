// passes::extractEntryPoint: the module of one entry point. The expected dump is written
// by hand: of the source module's 12 types, 2 constants, 2 globals and 4 functions, e1
// reaches h and A, the constant K and the types h's expressions need.
#include <gtest/gtest.h>

#include "diag/diag.hpp"
#include "ir/builder.hpp"
#include "passes/pass.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {
// t0 u32; A: t1 array<u32>, t2 its block; t3 f32; B: t4 array<f32>, t5 its block;
// other(): B[0] = L (t6..t8 pointers into B); h(): A[0] = K (t9..t11 pointers into A);
// e2() calls other, e1() calls h, e2 is the first entry point.
void build(Module& m) {
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto a = mb.storageBuffer("A", ResourceKind::RWStructuredBuffer, u32, 4, 0, 0);
  auto f32 = mb.types().scalar(Scalar::f32());
  auto bb = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, f32, 4, 0, 1);
  auto l = mb.constant(Literal::f32(1.5f), "L");
  auto k = mb.constant(Literal::u32(7), "K");
  auto store0 = [&](Handle<Function> f, Handle<GlobalVariable> g, Handle<Constant> c) {
    FunctionBuilder b = mb.build(f);
    auto gp = b.global(g);
    auto data = b.accessIndex(gp, 0);
    auto zero = b.u32(0);
    auto p = b.access(data, zero);
    auto v = b.constant(c);
    b.store(p, v);
    b.ret();
    b.finish();
  };
  auto other = mb.function("other");
  store0(other, bb, l);
  auto h = mb.function("h");
  store0(h, a, k);
  auto call = [&](const char* name, Handle<Function> callee) {
    auto f = mb.function(name);
    FunctionBuilder b = mb.build(f);
    b.call(callee, {});
    b.ret();
    b.finish();
    return f;
  };
  auto e2 = call("e2", other);
  auto e1 = call("e1", h);
  mb.entryPoint("e2", Stage::Compute, e2, {2, 1, 1});
  mb.entryPoint("e1", Stage::Compute, e1, {8, 1, 1});
}
}  // namespace

TEST(ExtractEntryPoint, KeepsOnlyWhatTheEntryPointReaches) {
  Module m;
  build(m);
  ASSERT_EQ(m.types.size(), 12u);
  Module e = passes::extractEntryPoint(m, m.entryPoints[1]);
  DiagEngine d;
  EXPECT_TRUE(validate(e, d)) << (d.diagnostics().empty() ? "" : d.diagnostics()[0].message);
  EXPECT_EQ(print(e), R"(type t0 = u32
type t1 = array<u32, stride 4>
type t2 = struct type.RWStructuredBuffer { data: array<u32, stride 4> @offset(0); }
type t3 = ptr<storage, struct type.RWStructuredBuffer>
type t4 = ptr<storage, array<u32, stride 4>>
type t5 = ptr<storage, u32>
const c0 K: u32 = 7u32
global g0 A: storage(read_write) struct type.RWStructuredBuffer @group(0) @binding(0) RWStructuredBuffer
fn f0 h() {
  expressions:
    %0: ptr<storage, struct type.RWStructuredBuffer> = global g0
    %1: ptr<storage, array<u32, stride 4>> = access %0.0
    %2: u32 = literal 0u32
    %3: ptr<storage, u32> = access %1[%2]
    %4: u32 = constant c0
  body:
    emit %1..%4
    store %3, %4
    return
}
fn f1 e1() {
  expressions:
  body:
    call f0()
    return
}
entry_point e1 compute f1 workgroup_size(8, 1, 1)
)");
}

// Callees come before their callers, each once, also when the IR order is different.
TEST(ExtractEntryPoint, OrdersCalleesFirst) {
  Module m;
  ModuleBuilder mb(m);
  auto leaf = mb.function("leaf");
  auto mid = mb.function("mid");
  auto top = mb.function("top");
  auto fill = [&](Handle<Function> f, std::vector<Handle<Function>> callees) {
    FunctionBuilder b = mb.build(f);
    for (auto c : callees) b.call(c, {});
    b.ret();
    b.finish();
  };
  // top (f2) calls mid (f1) and leaf (f0); mid calls leaf; the entry (f3) calls top then mid.
  fill(leaf, {});
  fill(mid, {leaf});
  fill(top, {mid, leaf});
  auto entry = mb.function("entry");
  fill(entry, {top, mid});
  mb.entryPoint("entry", Stage::Compute, entry);
  Module e = passes::extractEntryPoint(m, m.entryPoints[0]);
  std::vector<std::string> names;
  for (const Function& f : e.functions) names.push_back(f.name);
  EXPECT_EQ(names, (std::vector<std::string>{"leaf", "mid", "top", "entry"}));
  EXPECT_EQ(e.entryPoints[0].function.index, 3u);
  // Calls name the new handles: top calls mid (f1) and leaf (f0).
  std::vector<uint32_t> callees;
  for (const Statement& s : e.functions[Handle<Function>(2)].statements)
    if (s.kind == StmtKind::Call) callees.push_back(s.function.index);
  EXPECT_EQ(callees, (std::vector<uint32_t>{1, 0}));
}
