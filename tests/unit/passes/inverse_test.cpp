// passes::expandInverse: MathFunction::Inverse becomes IR arithmetic, one algorithm for MSL
// and WGSL. The expected dump is written by hand from the rules in inverse.cpp and
// rewrite.hpp; the values are checked on Dawn by tests/unit/wgsl/wgsl_inverse_test.cpp.
#include <gtest/gtest.h>

#include "diag/diag.hpp"
#include "ir/builder.hpp"
#include "passes/inverse.hpp"
#include "pass_test.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {
using passtest::valid;

// fn inv(m: matCxR<f32>) -> matCxR<f32> { return inverse(m); }
void buildInverse(Module& m, uint32_t columns, uint32_t rows) {
  ModuleBuilder mb(m);
  auto mat = mb.types().matrix(Scalar::f32(), columns, rows);
  auto f = mb.function("inv", {{"m", mat, {}}}, FunctionResult{mat, {}});
  FunctionBuilder b = mb.build(f);
  b.ret(b.math(MathFunction::Inverse, b.arg(0)));
  b.finish();
}
}  // namespace

// inv(m: float2x2) { return inverse(m); } with A(r, c) = m[c][r]:
// the cofactors C(0,0) = A(1,1), C(0,1) = -A(1,0), C(1,0) = -A(0,1), C(1,1) = A(0,0);
// det = A(0,0) C(0,0) + A(0,1) C(0,1); IR column c of the result is C(c, 0..1) * (1/det).
TEST(ExpandInverse, Matrix2x2IsCofactorsOverTheDeterminant) {
  Module m;
  buildInverse(m, 2, 2);
  std::string why;
  ASSERT_TRUE(valid(m, &why)) << why;
  DiagEngine d;
  passes::PassContext ctx{d};
  ASSERT_TRUE(passes::expandInverse(m, ctx));
  EXPECT_TRUE(valid(m, &why)) << why;
  EXPECT_EQ(print(m), R"(type t0 = mat2x2<f32>
type t1 = vec2<f32>
type t2 = f32
fn f0 inv(m: mat2x2<f32>) -> mat2x2<f32> {
  expressions:
    %0: mat2x2<f32> = arg 0
    %1: vec2<f32> = access %0.0
    %2: f32 = access %1.0
    %3: f32 = access %1.1
    %4: vec2<f32> = access %0.1
    %5: f32 = access %4.0
    %6: f32 = access %4.1
    %7: f32 = neg %3
    %8: f32 = neg %5
    %9: f32 = mul %2, %6
    %10: f32 = mul %5, %7
    %11: f32 = add %9, %10
    %12: f32 = literal 1f32
    %13: f32 = div %12, %11
    %14: f32 = mul %6, %13
    %15: f32 = mul %7, %13
    %16: vec2<f32> = compose(%14, %15)
    %17: f32 = mul %8, %13
    %18: f32 = mul %2, %13
    %19: vec2<f32> = compose(%17, %18)
    %20: mat2x2<f32> = compose(%16, %19)
  body:
    emit %1..%21
    return %20
}
)");
}

// A function without an inverse is left as it was (not rebuilt).
TEST(ExpandInverse, OtherFunctionsAreUntouched) {
  Module m;
  ModuleBuilder mb(m);
  auto u32 = mb.types().scalar(Scalar::u32());
  auto f = mb.function("add", {{"x", u32, {}}}, FunctionResult{u32, {}});
  {
    FunctionBuilder b = mb.build(f);
    auto one = b.u32(1);
    b.ret(b.binary(BinaryOp::Add, b.arg(0), one));
    b.finish();
  }
  std::string before = print(m);
  DiagEngine d;
  passes::PassContext ctx{d};
  ASSERT_TRUE(passes::expandInverse(m, ctx));
  EXPECT_EQ(print(m), before);
}

// The validator allows the inverse of square float matrices only.
TEST(ExpandInverse, ValidatorRefusesANonSquareInverse) {
  Module m;
  buildInverse(m, 3, 2);
  std::string why;
  EXPECT_FALSE(valid(m, &why));
  EXPECT_NE(why.find("inverse of a value that is not a square float matrix"), std::string::npos) << why;
}
