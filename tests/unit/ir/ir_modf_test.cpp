// Modf / Frexp in the IR (ir.hpp "Modf and Frexp"): one operand, a struct result
// {fract, whole} / {fract, exp: i32 of x's component count}, parts read with AccessIndex.
#include <gtest/gtest.h>

#include "diag/diag.hpp"
#include "ir/builder.hpp"
#include "ir/util.hpp"

using namespace oneshader;
using namespace oneshader::ir;

TEST(IrModf, ResultStructsAreInterned) {
  Module m;
  auto& t = m.types;
  auto f32 = t.scalar(Scalar::f32()), v3 = t.vector(Scalar::f32(), 3), h = t.scalar(Scalar::f16());
  Handle<Type> mf = modfResultType(t, f32), fx = frexpResultType(t, v3), fh = frexpResultType(t, h);
  ASSERT_TRUE(mf.valid() && fx.valid() && fh.valid());
  EXPECT_EQ(t[mf].name, "modf_result_f32");
  ASSERT_EQ(t[mf].members.size(), 2u);
  EXPECT_EQ(t[mf].members[0].name, "fract");
  EXPECT_EQ(t[mf].members[0].type, f32);
  EXPECT_EQ(t[mf].members[1].name, "whole");
  EXPECT_EQ(t[mf].members[1].type, f32);
  EXPECT_EQ(t[fx].name, "frexp_result_vec3_f32");
  EXPECT_EQ(t[fx].members[0].type, v3);
  EXPECT_EQ(t[fx].members[1].name, "exp");
  EXPECT_EQ(t[fx].members[1].type, t.vector(Scalar::i32(), 3));
  EXPECT_EQ(t[fh].name, "frexp_result_f16");
  EXPECT_EQ(t[fh].members[1].type, t.scalar(Scalar::i32()));  // the exponent is always 32-bit
  EXPECT_EQ(modfResultType(t, f32), mf);                      // interned: the same handle
  EXPECT_EQ(t[mf].structSize, 0u);                            // no layout: a value type
  EXPECT_FALSE(modfResultType(t, t.scalar(Scalar::i32())).valid());
  EXPECT_FALSE(frexpResultType(t, t.matrix(Scalar::f32(), 2, 2)).valid());
}

TEST(IrModf, BuilderInfersTheStructAndValidatorChecksIt) {
  for (int variant = 0; variant < 4; ++variant) {
    Module m;
    ModuleBuilder mb(m);
    auto f32 = mb.types().scalar(Scalar::f32());
    auto f = mb.function("main", {});
    auto b = mb.build(f);
    uint32_t l = b.addLocal("ip", f32);
    Handle<Expression> x = b.f32(2.5f), res;
    if (variant == 0) res = b.math(MathFunction::Modf, x);              // good
    if (variant == 1) res = b.math(MathFunction::Modf, x, b.local(l));  // a second operand
    if (variant == 2) res = b.math(MathFunction::Frexp, b.i32(3));      // not a float
    if (variant == 3) {                                                 // wrong result type
      Expression e;
      e.kind = ExprKind::Math;
      e.op = uint8_t(MathFunction::Frexp);
      e.a = x;
      e.type = modfResultType(mb.types(), f32);
      res = b.add(e);
    }
    if (variant == 0) {
      EXPECT_EQ(m.functions[f].expressions[res].type, modfResultType(mb.types(), f32));
      b.store(b.local(l), b.accessIndex(res, 1));
      EXPECT_EQ(m.functions[f].expressions[b.accessIndex(res, 0)].type, f32);
    }
    b.ret();
    b.finish();
    mb.entryPoint("main", Stage::Compute, f);
    DiagEngine d;
    EXPECT_EQ(validate(m, d), variant == 0) << "variant " << variant;
  }
}
