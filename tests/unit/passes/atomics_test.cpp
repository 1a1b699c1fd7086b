// passes::atomicTypes (atomics.hpp): the globals atomic operations reach get Atomic leaves
// (every 32-bit integer scalar inside their structs and arrays), the expressions that name
// them or index into them take the new pointer types, and loads and stores through a
// pointer to an Atomic are the atomic loads and stores; a struct shared with a global no
// atomic reaches is a second struct, NAME_atomic. What WGSL cannot express is OSH5001 at
// its source range. The expected dumps are written by hand from those rules.
#include <gtest/gtest.h>

#include "diag/diag.hpp"
#include "ir/builder.hpp"
#include "passes/atomics.hpp"
#include "pass_test.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {
using passtest::valid;

bool run(Module& m, DiagEngine& d) {
  passes::PassContext ctx{d};
  return passes::atomicTypes(m, ctx, {.unsupported = DiagId::WgslUnsupported});
}

// struct S { uint count; float weight; int bias[2]; } (16 bytes); RWStructuredBuffer<S> A, P;
// main() { uint old = InterlockedAdd(A[0].count, 2); P[0].count = A[0].count;
//          P[0].weight = A[0].weight; A[0].bias[1] = P[0].bias[0];
//          InterlockedMax(A[0].bias[1], -3); }
// (A is reached by atomics, P is not.)
Handle<Type> structS(ModuleBuilder& mb) {
  auto& t = mb.types();
  StructMember count{.name = "count", .type = t.scalar(Scalar::u32()), .offset = 0};
  StructMember weight{.name = "weight", .type = t.scalar(Scalar::f32()), .offset = 4};
  StructMember bias{.name = "bias", .type = t.array(t.scalar(Scalar::i32()), 2, 4), .offset = 8};
  return t.structure("S", {count, weight, bias}, 16);
}

void build(Module& m) {
  ModuleBuilder mb(m);
  auto s = structS(mb);
  auto A = mb.storageBuffer("A", ResourceKind::RWStructuredBuffer, s, 16, 0, 0);
  auto P = mb.storageBuffer("P", ResourceKind::RWStructuredBuffer, s, 16, 0, 1);
  auto f = mb.function("main");
  FunctionBuilder b = mb.build(f);
  // One builder call a statement: the order of the dump below.
  auto ga = b.global(A);
  auto da = b.accessIndex(ga, 0);
  auto zero = b.u32(0);
  auto a0 = b.access(da, zero);
  auto gp = b.global(P);
  auto dp = b.accessIndex(gp, 0);
  auto p0 = b.access(dp, zero);
  auto count = b.accessIndex(a0, 0);
  auto two = b.u32(2);
  b.atomic(AtomicOp::Add, count, two);
  auto pCount = b.accessIndex(p0, 0);
  auto c = b.load(count);
  b.store(pCount, c);
  auto pWeight = b.accessIndex(p0, 1);
  auto w = b.load(b.accessIndex(a0, 1));
  b.store(pWeight, w);
  auto bias1 = b.accessIndex(b.accessIndex(a0, 2), 1);
  auto pBias0 = b.accessIndex(b.accessIndex(p0, 2), 0);
  auto v = b.load(pBias0);
  b.store(bias1, v);
  auto minus3 = b.i32(-3);
  b.atomic(AtomicOp::Max, bias1, minus3);
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
}
}  // namespace

// A's block, its element struct and the array member are interned anew, leaves first
// (t14..t19), then the pointers into them (t20..t25); P keeps t4..t6. The expressions into
// A take pointers to the new types (%0, %1, %3, %7, %13, %15, %16), down to the
// atomic<u32> / atomic<i32> leaves; the loads through them keep their scalar results (%11
// an atomic load, %14 a plain f32 load), the store through %16 stores an i32 (an atomic
// store); the expressions into P are as they were. The statements are the builder's
// (Emit ranges print their end exclusive); the pass does not touch them.
TEST(AtomicTypes, RetypesTheReachedGlobalAndItsAccessChains) {
  Module m;
  build(m);
  std::string why;
  ASSERT_TRUE(valid(m, &why)) << why;
  DiagEngine d;
  ASSERT_TRUE(run(m, d));
  EXPECT_TRUE(d.diagnostics().empty());
  EXPECT_TRUE(valid(m, &why)) << why;
  EXPECT_EQ(print(m), R"(type t0 = u32
type t1 = f32
type t2 = i32
type t3 = array<i32, 2, stride 4>
type t4 = struct S { count: u32 @offset(0); weight: f32 @offset(4); bias: array<i32, 2, stride 4> @offset(8); }
type t5 = array<struct S, stride 16>
type t6 = struct type.RWStructuredBuffer { data: array<struct S, stride 16> @offset(0); }
type t7 = ptr<storage, struct type.RWStructuredBuffer>
type t8 = ptr<storage, array<struct S, stride 16>>
type t9 = ptr<storage, struct S>
type t10 = ptr<storage, u32>
type t11 = ptr<storage, f32>
type t12 = ptr<storage, array<i32, 2, stride 4>>
type t13 = ptr<storage, i32>
type t14 = atomic<u32>
type t15 = atomic<i32>
type t16 = array<atomic<i32>, 2, stride 4>
type t17 = struct S_atomic { count: atomic<u32> @offset(0); weight: f32 @offset(4); bias: array<atomic<i32>, 2, stride 4> @offset(8); }
type t18 = array<struct S_atomic, stride 16>
type t19 = struct type.RWStructuredBuffer_atomic { data: array<struct S_atomic, stride 16> @offset(0); }
type t20 = ptr<storage, struct type.RWStructuredBuffer_atomic>
type t21 = ptr<storage, array<struct S_atomic, stride 16>>
type t22 = ptr<storage, struct S_atomic>
type t23 = ptr<storage, atomic<u32>>
type t24 = ptr<storage, array<atomic<i32>, 2, stride 4>>
type t25 = ptr<storage, atomic<i32>>
global g0 A: storage(read_write) struct type.RWStructuredBuffer_atomic @group(0) @binding(0) RWStructuredBuffer
global g1 P: storage(read_write) struct type.RWStructuredBuffer @group(0) @binding(1) RWStructuredBuffer
fn f0 main() {
  expressions:
    %0: ptr<storage, struct type.RWStructuredBuffer_atomic> = global g0
    %1: ptr<storage, array<struct S_atomic, stride 16>> = access %0.0
    %2: u32 = literal 0u32
    %3: ptr<storage, struct S_atomic> = access %1[%2]
    %4: ptr<storage, struct type.RWStructuredBuffer> = global g1
    %5: ptr<storage, array<struct S, stride 16>> = access %4.0
    %6: ptr<storage, struct S> = access %5[%2]
    %7: ptr<storage, atomic<u32>> = access %3.0
    %8: u32 = literal 2u32
    %9: u32 = atomic_result
    %10: ptr<storage, u32> = access %6.0
    %11: u32 = load %7
    %12: ptr<storage, f32> = access %6.1
    %13: ptr<storage, f32> = access %3.1
    %14: f32 = load %13
    %15: ptr<storage, array<atomic<i32>, 2, stride 4>> = access %3.2
    %16: ptr<storage, atomic<i32>> = access %15.1
    %17: ptr<storage, array<i32, 2, stride 4>> = access %6.2
    %18: ptr<storage, i32> = access %17.0
    %19: i32 = load %18
    %20: i32 = literal -3i32
    %21: i32 = atomic_result
  body:
    emit %1..%8
    %9 = atomic_add %7, %8
    emit %10..%12
    store %10, %11
    emit %12..%15
    store %12, %14
    emit %15..%20
    store %16, %19
    %21 = atomic_max %16, %20
    return
}
entry_point main compute f0 workgroup_size(1, 1, 1)
)");
}

namespace {
// RWStructuredBuffer<S> B; RWStructuredBuffer<uint2> V; main() { InterlockedAdd(B[0].count,
// 1); S s = B[1]; B[2] = s; InterlockedAdd(V[0][1], 1); helper(&B[3].count); } with each
// construct at its own source range (offsets 10, 20, 30, 40, 50); helper(ptr p) {
// InterlockedAdd(*p, 1) } at offset 60.
SourceRange at(uint32_t offset) { return SourceRange{SourceLoc{offset}, SourceLoc{offset + 5}}; }

void buildRefused(Module& m) {
  ModuleBuilder mb(m);
  auto& t = mb.types();
  auto s = structS(mb);
  auto B = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, s, 16, 0, 0);
  auto V = mb.storageBuffer("V", ResourceKind::RWStructuredBuffer, t.vector(Scalar::u32(), 2), 8, 0, 1);
  FunctionArgument pa;
  pa.name = "p";
  pa.type = t.pointer(t.scalar(Scalar::u32()), AddressSpace::Storage);
  auto helper = mb.function("helper", {pa});
  {
    FunctionBuilder h = mb.build(helper);
    h.setRange(at(60));
    h.atomic(AtomicOp::Add, h.arg(0), h.u32(1));
    h.ret();
    h.finish();
  }
  auto f = mb.function("main");
  FunctionBuilder b = mb.build(f);
  auto elem = [&](uint32_t i) { return b.access(b.accessIndex(b.global(B), 0), b.u32(i)); };
  b.setRange(at(10));
  b.atomic(AtomicOp::Add, b.accessIndex(elem(0), 0), b.u32(1));
  b.setRange(at(20));
  auto sv = b.load(elem(1));
  b.setRange(at(30));
  b.store(elem(2), sv);
  b.setRange(at(40));
  b.atomic(AtomicOp::Add, b.accessIndex(b.access(b.accessIndex(b.global(V), 0), b.u32(0)), 1), b.u32(1));
  b.setRange(at(50));
  b.call(helper, {b.accessIndex(elem(3), 0)});
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
}
}  // namespace

// Each construct is OSH5001 at its own range, in the order of the pass's walks: the
// helper's atomic through its parameter first (the walk that finds the globals), then per
// function (helper, main) the loads, then the statements.
TEST(AtomicTypes, WhatWgslCannotExpressIsOSH5001AtItsRange) {
  Module m;
  buildRefused(m);
  std::string why;
  ASSERT_TRUE(valid(m, &why)) << why;
  DiagEngine d;
  EXPECT_FALSE(run(m, d));
  const auto& ds = d.diagnostics();
  ASSERT_EQ(ds.size(), 5u);
  const struct {
    uint32_t offset;
    const char* message;
  } want[] = {
      {60, "an atomic operation through a function parameter cannot be expressed in WGSL"},
      {20, "a load of an aggregate from a buffer that atomics also access cannot be expressed in WGSL"},
      {30, "a store of an aggregate to a buffer that atomics also access cannot be expressed in WGSL"},
      {40, "an atomic operation on a component of a vector or matrix cannot be expressed in WGSL"},
      {50, "a pointer into a buffer that atomics also access passed to a function cannot be expressed in WGSL"},
  };
  for (size_t i = 0; i < ds.size(); ++i) {
    EXPECT_EQ(ds[i].id, DiagId::WgslUnsupported) << i;
    EXPECT_EQ(ds[i].range.begin.raw, want[i].offset) << i;
    EXPECT_EQ(ds[i].message, want[i].message) << i;
  }
}

// A module whose atomics reach nothing 32-bit (a 64-bit counter) and a module without
// atomics: every type, global and expression stays as it was (the printer reports the
// 64-bit atomic).
TEST(AtomicTypes, LeavesOtherModulesAlone) {
  for (bool wide : {false, true}) {
    Module m;
    ModuleBuilder mb(m);
    auto& t = mb.types();
    auto B = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, t.scalar(Scalar::u64()), 8, 0, 0);
    auto f = mb.function("main");
    FunctionBuilder b = mb.build(f);
    auto p = b.access(b.accessIndex(b.global(B), 0), b.u32(0));
    if (wide)
      b.atomic(AtomicOp::Add, p, b.load(p));
    else
      b.store(p, b.load(p));
    b.ret();
    b.finish();
    mb.entryPoint("main", Stage::Compute, f);
    std::string before = print(m), why;
    DiagEngine d;
    EXPECT_TRUE(run(m, d));
    EXPECT_TRUE(d.diagnostics().empty());
    EXPECT_TRUE(valid(m, &why)) << why;
    EXPECT_EQ(print(m), before);
  }
}
