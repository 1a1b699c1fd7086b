// The atomic operation table (ir/atomics.def): every back end spells an ir::AtomicOp from it.
// Expected values: the SPIR-V 1.6 specification's opcode numbers (3.52.18 Atomic
// Instructions), the WGSL specification's atomic built-ins (17.8) and the Metal Shading
// Language 2.4 specification's atomic functions (6.15.2), written out here by hand.
#include <gtest/gtest.h>

#include <string>

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
