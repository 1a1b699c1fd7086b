// The atomic operation table (ir/atomics.def): every back end spells an ir::AtomicOp from it.
// Expected values: the SPIR-V 1.6 specification's opcode numbers (3.52.18 Atomic
// Instructions), the WGSL specification's atomic built-ins (17.8) and the Metal Shading
// Language 2.4 specification's atomic functions (6.15.2), written out here by hand.
#include <gtest/gtest.h>

#include <string>
#include <utility>

#include "diag/diag.hpp"
#include "ir/atomics.hpp"
#include "ir/builder.hpp"

using namespace oneshader::ir;

TEST(IrAtomics, TableFollowsTheSpecifications) {
  struct Want {
    AtomicOp op;
    const char* name;
    uint32_t spvUint, spvSint;
    const char* msl;
    const char* wgsl;
  };
  const Want want[] = {
      {AtomicOp::Add, "add", 234, 234, "atomic_fetch_add_explicit", "atomicAdd"},
      {AtomicOp::Subtract, "sub", 235, 235, "atomic_fetch_sub_explicit", "atomicSub"},
      {AtomicOp::And, "and", 240, 240, "atomic_fetch_and_explicit", "atomicAnd"},
      {AtomicOp::InclusiveOr, "or", 241, 241, "atomic_fetch_or_explicit", "atomicOr"},
      {AtomicOp::ExclusiveOr, "xor", 242, 242, "atomic_fetch_xor_explicit", "atomicXor"},
      {AtomicOp::Min, "min", 237, 236, "atomic_fetch_min_explicit", "atomicMin"},  // OpAtomicUMin / SMin
      {AtomicOp::Max, "max", 239, 238, "atomic_fetch_max_explicit", "atomicMax"},  // OpAtomicUMax / SMax
      {AtomicOp::Exchange, "exchange", 229, 229, "atomic_exchange_explicit", "atomicExchange"},
      {AtomicOp::CompareExchange, "compare_exchange", 230, 230, "atomic_compare_exchange_weak_explicit",
       "atomicCompareExchangeWeak"},
  };
  for (const Want& w : want) {
    const AtomicInfo& a = atomicInfo(w.op);
    SCOPED_TRACE(w.name);
    EXPECT_EQ(std::string(a.name), w.name);
    EXPECT_EQ(a.spirvUint, w.spvUint);
    EXPECT_EQ(a.spirvSint, w.spvSint);
    EXPECT_EQ(std::string(a.msl), w.msl);
    EXPECT_EQ(std::string(a.wgsl), w.wgsl);
  }
}

// The IR printer names the operation from the table.
TEST(IrAtomics, PrinterUsesTheTableName) {
  Module m;
  ModuleBuilder mb(m);
  GlobalVariable g;
  g.name = "counter";
  g.space = AddressSpace::WorkGroup;
  g.type = mb.types().scalar(Scalar::u32());
  Handle<GlobalVariable> gv = mb.global(g);
  FunctionBuilder f = mb.build(mb.function("main"));
  Handle<Expression> p = f.global(gv);
  f.atomic(AtomicOp::ExclusiveOr, p, f.u32(1));
  f.atomic(AtomicOp::Min, p, f.u32(2));
  f.finish();
  std::string text = print(m);
  EXPECT_NE(text.find("= atomic_xor "), std::string::npos) << text;
  EXPECT_NE(text.find("= atomic_min "), std::string::npos) << text;
}

// A Load through a pointer to Atomic<T> is an atomic load of a T, a Store of a T through
// one an atomic store (passes::atomicTypes); the validator accepts exactly those: a load
// typed as the atomic itself, or a store of another type (an i32 into an atomic<u32>, or
// the atomic type as a value), is invalid.
TEST(IrAtomics, ValidatorTakesLoadsAndStoresOfTheAtomicsScalar) {
  auto check = [](int variant) {
    Module m;
    ModuleBuilder mb(m);
    GlobalVariable g;
    g.name = "counter";
    g.space = AddressSpace::WorkGroup;
    g.type = mb.types().atomic(Scalar::u32());
    Handle<GlobalVariable> gv = mb.global(g);
    FunctionBuilder f = mb.build(mb.function("main"));
    Handle<Expression> p = f.global(gv);
    Handle<Expression> v = f.load(p);  // u32
    if (variant == 1) f.fn().expressions[v].type = mb.types().atomic(Scalar::u32());
    if (variant == 2) v = f.i32(1);
    f.store(p, v);
    f.atomic(AtomicOp::Add, p, f.u32(1));
    f.ret();
    f.finish();
    oneshader::DiagEngine d;
    bool ok = validate(m, d);
    return std::make_pair(ok, d.diagnostics().empty() ? std::string() : d.diagnostics()[0].message);
  };
  auto [ok0, why0] = check(0);
  EXPECT_TRUE(ok0) << why0;
  auto [ok1, why1] = check(1);
  EXPECT_FALSE(ok1);
  EXPECT_NE(why1.find("an atomic load's result is not the atomic's scalar"), std::string::npos) << why1;
  auto [ok2, why2] = check(2);
  EXPECT_FALSE(ok2);
  EXPECT_NE(why2.find("stored value type does not match the pointee"), std::string::npos) << why2;
}
