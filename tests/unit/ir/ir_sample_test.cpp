// The IR validator's rules for ImageSample kinds (ir.hpp, SampleKind): each kind carries
// exactly its operands, compare kinds need a comparison sampler and the others a plain one,
// offsets are integer constants and never on cube images.
#include <gtest/gtest.h>

#include <functional>
#include <string>

#include "diag/diag.hpp"
#include "ir/builder.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {

// Builds `main` returning one sample; `tweak` may break the expression before validation.
std::string validSample(
    SampleKind kind, bool comparisonSampler, ImageDim dim,
    const std::function<void(Module&, FunctionBuilder::SampleOperands&, FunctionBuilder&)>& tweak = {}) {
  Module m;
  ModuleBuilder mb(m);
  auto& t = mb.types();
  auto v3 = t.vector(Scalar::f32(), 3);
  GlobalVariable img;
  img.name = "tex";
  img.space = AddressSpace::Handle;
  ImageInfo info;
  info.dim = dim;
  img.type = t.image(info);
  img.binding = ir::ResourceBinding{0, 0};
  auto imgG = mb.global(img);
  GlobalVariable smp;
  smp.name = "s";
  smp.space = AddressSpace::Handle;
  smp.type = t.sampler(comparisonSampler);
  smp.binding = ir::ResourceBinding{0, 1};
  auto smpG = mb.global(smp);
  auto f = mb.function("main");
  auto b = mb.build(f);
  auto coord = b.compose(v3, {b.f32(0), b.f32(0), b.f32(0)});
  FunctionBuilder::SampleOperands ops;
  ops.kind = kind;
  switch (kind) {
    case SampleKind::Level: ops.level = b.f32(1); break;
    case SampleKind::Bias: ops.bias = b.f32(1); break;
    case SampleKind::Grad: ops.gradX = coord, ops.gradY = coord; break;
    case SampleKind::Compare:
    case SampleKind::CompareLevelZero: ops.depthRef = b.f32(0.5f); break;
    default: break;
  }
  if (tweak) tweak(m, ops, b);
  b.imageSample(b.global(imgG), b.global(smpG), coord, ops);
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Pixel, f);
  DiagEngine d;
  bool ok = validate(m, d);
  std::string msgs;
  for (const auto& x : d.diagnostics()) msgs += x.message + "\n";
  return ok ? std::string() : msgs.empty() ? std::string("invalid") : msgs;
}

}  // namespace

TEST(IrSample, WellFormedKindsValidate) {
  for (SampleKind k : {SampleKind::Implicit, SampleKind::Level, SampleKind::Bias, SampleKind::Grad})
    EXPECT_EQ(validSample(k, false, ImageDim::D3), "") << sampleKindName(k);
  for (SampleKind k : {SampleKind::Compare, SampleKind::CompareLevelZero})
    EXPECT_EQ(validSample(k, true, ImageDim::D2), "") << sampleKindName(k);
}

TEST(IrSample, SamplerMustMatchTheKind) {
  EXPECT_NE(validSample(SampleKind::Compare, false, ImageDim::D2).find("compare sample with a non-comparison sampler"),
            std::string::npos);
  EXPECT_NE(validSample(SampleKind::Bias, true, ImageDim::D2).find("bias sample with a comparison sampler"),
            std::string::npos);
}

TEST(IrSample, OperandsBelongToTheirKind) {
  // A bias on a level sample, a missing gradient, a depth reference on a grad sample.
  EXPECT_NE(validSample(SampleKind::Level, false, ImageDim::D2,
                        [](Module&, FunctionBuilder::SampleOperands& o, FunctionBuilder& b) { o.bias = b.f32(1); })
                .find("a bias belongs to exactly the bias sample kind"),
            std::string::npos);
  EXPECT_NE(validSample(SampleKind::Grad, false, ImageDim::D2,
                        [](Module&, FunctionBuilder::SampleOperands& o, FunctionBuilder&) { o.gradY = {}; })
                .find("gradients belong to exactly the grad sample kind"),
            std::string::npos);
  EXPECT_NE(validSample(SampleKind::Grad, false, ImageDim::D2,
                        [](Module&, FunctionBuilder::SampleOperands& o, FunctionBuilder& b) { o.depthRef = b.f32(1); })
                .find("a depth reference belongs to exactly the compare sample kinds"),
            std::string::npos);
}

TEST(IrSample, OffsetsAreIntegerConstantsAndNotOnCubes) {
  auto intOffset = [](Module& m, FunctionBuilder::SampleOperands& o, FunctionBuilder&) {
    ModuleBuilder mb(m);
    o.offset =
        mb.composite(m.types.vector(Scalar::i32(), 3),
                     {mb.constant(Literal::i32(1)), mb.constant(Literal::i32(0)), mb.constant(Literal::i32(-1))});
  };
  auto floatOffset = [](Module& m, FunctionBuilder::SampleOperands& o, FunctionBuilder&) {
    ModuleBuilder mb(m);
    o.offset = mb.constant(Literal::f32(1));
  };
  EXPECT_EQ(validSample(SampleKind::Implicit, false, ImageDim::D3, intOffset), "");
  EXPECT_NE(validSample(SampleKind::Implicit, false, ImageDim::Cube, intOffset).find("sample offset on a cube image"),
            std::string::npos);
  EXPECT_NE(validSample(SampleKind::Implicit, false, ImageDim::D3, floatOffset).find("not an integer constant"),
            std::string::npos);
}
