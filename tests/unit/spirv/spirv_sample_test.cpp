// SPIR-V for every IR SampleKind (SampleBias, SampleGrad, SampleCmp, SampleCmpLevelZero and
// constant offsets), checked against DXC's documented shapes (SPIR-V.rst, CodeGenSPIRV's
// texture.sample-*.hlsl): the opcode, the image-operand mask and the operand order (mask
// bits ascending: Bias 0x1, Lod 0x2, Grad 0x4, ConstOffset 0x8). Every module also passes
// the in-process spirv-val.
#include "../spirv_decode.hpp"
#include <gtest/gtest.h>

#include <array>
#include <tuple>
#include <spirv/unified1/spirv.hpp11>

#include "backend/spirv/spirv.hpp"
#include "diag/diag.hpp"
#include "ir/builder.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {

using oneshader::spvtest::decode;
using oneshader::spvtest::Inst;

struct Built {
  Module m;
  std::optional<spirv::SpirvResult> r;
  std::string error;
};

// One entry point that returns one sample of `kind` on a 2D image (float4 result, or the
// float of a compare splatted to float4).
std::unique_ptr<Built> build(SampleKind kind, bool withOffset, Stage stage = Stage::Pixel,
                             std::array<uint32_t, 3> threads = {1, 1, 1}) {
  auto out = std::make_unique<Built>();
  Module& m = out->m;
  ModuleBuilder mb(m);
  auto& t = mb.types();
  auto f32 = t.scalar(Scalar::f32()), v2 = t.vector(Scalar::f32(), 2), v4 = t.vector(Scalar::f32(), 4);
  bool compare = kind == SampleKind::Compare || kind == SampleKind::CompareLevelZero;
  GlobalVariable img;
  img.name = "tex";
  img.space = AddressSpace::Handle;
  img.type = t.image(ImageInfo{});
  img.binding = ir::ResourceBinding{0, 0};
  auto imgG = mb.global(img);
  GlobalVariable smp;
  smp.name = "samp";
  smp.space = AddressSpace::Handle;
  smp.type = t.sampler(compare);
  smp.binding = ir::ResourceBinding{0, 1};
  auto smpG = mb.global(smp);
  std::vector<FunctionArgument> args{{"uv", v2, Binding::locationOf(0)}, {"x", f32, Binding::locationOf(1)}};
  Binding target = Binding::locationOf(0);
  auto f = stage == Stage::Pixel ? mb.function("main", args, FunctionResult{v4, target}) : mb.function("main");
  auto b = mb.build(f);
  Handle<Expression> uv, x;
  if (stage == Stage::Pixel) {
    uv = b.arg(0), x = b.arg(1);
  } else {
    uv = b.compose(v2, {b.f32(0.5f), b.f32(0.5f)}), x = b.f32(0.25f);
  }
  FunctionBuilder::SampleOperands ops;
  ops.kind = kind;
  switch (kind) {
    case SampleKind::Implicit: break;
    case SampleKind::Level: ops.level = x; break;
    case SampleKind::Bias: ops.bias = x; break;
    case SampleKind::Grad:
      ops.gradX = b.compose(v2, {x, b.f32(0)});
      ops.gradY = b.compose(v2, {b.f32(0), x});
      break;
    case SampleKind::Compare:
    case SampleKind::CompareLevelZero: ops.depthRef = x; break;
  }
  if (withOffset) {
    auto i32 = [&](int32_t v) { return mb.constant(Literal::i32(v)); };
    ops.offset = mb.composite(t.vector(Scalar::i32(), 2), {i32(1), i32(-2)});
  }
  auto s = b.imageSample(b.global(imgG), b.global(smpG), uv, ops);
  if (stage == Stage::Pixel)
    b.ret(compare ? b.splat(v4, s) : s);
  else
    b.ret();
  b.finish();
  mb.entryPoint("main", stage, f, {threads[0], threads[1], threads[2]});
  DiagEngine d;
  out->r = spirv::compileSpirv(m, "main", spirv::SpirvOptions{}, d);
  if (!d.diagnostics().empty()) out->error = d.diagnostics()[0].message;
  return out;
}

// The sampling instruction: {opcode, operands after the result id}.
const Inst* sampleInst(const std::vector<Inst>& is) {
  for (const Inst& i : is) switch (i.op) {
      case spv::Op::OpImageSampleImplicitLod:
      case spv::Op::OpImageSampleExplicitLod:
      case spv::Op::OpImageSampleDrefImplicitLod:
      case spv::Op::OpImageSampleDrefExplicitLod: return &i;
      default: break;
    }
  return nullptr;
}

constexpr uint32_t kBias = 0x1, kLod = 0x2, kGrad = 0x4, kConstOffset = 0x8;

}  // namespace

TEST(SpirvSample, EveryKindHasDxcsOpcodeAndOperandMask) {
  struct Case {
    SampleKind kind;
    spv::Op op;
    uint32_t mask;        // without the offset
    size_t maskOperands;  // operands after the mask (without the offset)
    bool dref;
  };
  const Case cases[] = {
      {SampleKind::Implicit, spv::Op::OpImageSampleImplicitLod, 0, 0, false},
      {SampleKind::Level, spv::Op::OpImageSampleExplicitLod, kLod, 1, false},
      {SampleKind::Bias, spv::Op::OpImageSampleImplicitLod, kBias, 1, false},
      {SampleKind::Grad, spv::Op::OpImageSampleExplicitLod, kGrad, 2, false},
      {SampleKind::Compare, spv::Op::OpImageSampleDrefImplicitLod, 0, 0, true},
      {SampleKind::CompareLevelZero, spv::Op::OpImageSampleDrefExplicitLod, kLod, 1, true},
  };
  for (const Case& c : cases)
    for (bool off : {false, true}) {
      SCOPED_TRACE(std::string(sampleKindName(c.kind)) + (off ? " with offset" : ""));
      auto b = build(c.kind, off);
      ASSERT_TRUE(b->r) << b->error;
      auto is = decode(b->r->words);
      const Inst* s = sampleInst(is);
      ASSERT_NE(s, nullptr);
      EXPECT_EQ(s->op, c.op);
      // result type, result, sampled image, coordinate[, dref][, mask, operands...]
      size_t head = 4 + (c.dref ? 1 : 0);
      uint32_t mask = c.mask | (off ? kConstOffset : 0);
      size_t extra = c.maskOperands + (off ? 1 : 0);
      if (mask == 0) {
        EXPECT_EQ(s->operands.size(), head);
        continue;
      }
      ASSERT_EQ(s->operands.size(), head + 1 + extra);
      EXPECT_EQ(s->operands[head], mask);
      if (c.kind == SampleKind::CompareLevelZero) {
        // Lod is the constant 0.0 (DXC: `Lod %float_0`).
        uint32_t lod = s->operands[head + 1];
        bool zero = false;
        for (const Inst& i : is)
          if (i.op == spv::Op::OpConstant && i.operands[1] == lod) zero = i.operands[2] == 0u;
        EXPECT_TRUE(zero);
      }
      if (off) {
        // The last operand is an OpConstantComposite int2(1, -2).
        uint32_t id = s->operands.back();
        bool composite = false;
        for (const Inst& i : is)
          if (i.op == spv::Op::OpConstantComposite && i.operands[1] == id) composite = true;
        EXPECT_TRUE(composite);
      }
    }
}

TEST(SpirvSample, ComparisonAndPlainSamplersShareOneSamplerType) {
  // Both sampler kinds in one module: one OpTypeSampler (duplicates are invalid SPIR-V).
  Module m;
  ModuleBuilder mb(m);
  auto& t = mb.types();
  auto v2 = t.vector(Scalar::f32(), 2), v4 = t.vector(Scalar::f32(), 4);
  GlobalVariable img;
  img.name = "tex";
  img.space = AddressSpace::Handle;
  img.type = t.image(ImageInfo{});
  img.binding = ir::ResourceBinding{0, 0};
  auto imgG = mb.global(img);
  Handle<GlobalVariable> smp[2];
  for (int k = 0; k < 2; ++k) {
    GlobalVariable s;
    s.name = k ? "cmp" : "samp";
    s.space = AddressSpace::Handle;
    s.type = t.sampler(k == 1);
    s.binding = ir::ResourceBinding{0, uint32_t(1 + k)};
    smp[k] = mb.global(s);
  }
  auto f = mb.function("main", {{"uv", v2, Binding::locationOf(0)}}, FunctionResult{v4, Binding::locationOf(0)});
  auto b = mb.build(f);
  FunctionBuilder::SampleOperands lz;
  lz.kind = SampleKind::CompareLevelZero;
  lz.depthRef = b.f32(0.5f);
  auto d = b.imageSample(b.global(imgG), b.global(smp[1]), b.arg(0), lz);
  auto c = b.imageSample(b.global(imgG), b.global(smp[0]), b.arg(0));
  b.ret(b.binary(BinaryOp::Multiply, c, d));
  b.finish();
  mb.entryPoint("main", Stage::Pixel, f);
  DiagEngine dg;
  auto r = spirv::compileSpirv(m, "main", spirv::SpirvOptions{}, dg);
  ASSERT_TRUE(r) << (dg.diagnostics().empty() ? "" : dg.diagnostics()[0].message);
  size_t samplers = 0;
  for (const Inst& i : decode(r->words)) samplers += i.op == spv::Op::OpTypeSampler;
  EXPECT_EQ(samplers, 1u);
}

TEST(SpirvSample, ImplicitLodKindsOutsidePixelShaders) {
  // HLSL SM 6.6: compute threads form derivative quads by [numthreads]: X a multiple of 4
  // with Y = Z = 1 (DerivativeGroupLinearNV), else X and Y even (DerivativeGroupQuadsNV);
  // SPV_NV_compute_shader_derivatives names the capability of each.
  for (SampleKind k : {SampleKind::Implicit, SampleKind::Bias, SampleKind::Compare}) {
    auto b = build(k, false, Stage::Compute);  // 1x1x1: no quads (Sema reports OSH0140 first)
    EXPECT_FALSE(b->r) << sampleKindName(k);
    EXPECT_NE(b->error.find("forms no derivative quads"), std::string::npos) << b->error;
    for (auto [threads, mode, capability] :
         {std::tuple{std::array<uint32_t, 3>{2, 2, 1}, spv::ExecutionMode::DerivativeGroupQuadsNV,
                     spv::Capability::ComputeDerivativeGroupQuadsNV},
          std::tuple{std::array<uint32_t, 3>{8, 1, 1}, spv::ExecutionMode::DerivativeGroupLinearNV,
                     spv::Capability::ComputeDerivativeGroupLinearNV},
          std::tuple{std::array<uint32_t, 3>{4, 2, 1}, spv::ExecutionMode::DerivativeGroupQuadsNV,
                     spv::Capability::ComputeDerivativeGroupQuadsNV}}) {
      auto ok = build(k, false, Stage::Compute, threads);
      ASSERT_TRUE(ok->r) << sampleKindName(k) << ": " << ok->error;
      std::vector<Inst> is = decode(ok->r->words);
      size_t modes = 0, caps = 0;
      for (const Inst& i : is) {
        if (i.op == spv::Op::OpExecutionMode && i.operands.size() >= 2 &&
            (i.operands[1] == uint32_t(spv::ExecutionMode::DerivativeGroupQuadsNV) ||
             i.operands[1] == uint32_t(spv::ExecutionMode::DerivativeGroupLinearNV))) {
          ++modes;
          EXPECT_EQ(i.operands[1], uint32_t(mode));
        }
        if (i.op == spv::Op::OpCapability && i.operands[0] == uint32_t(capability)) ++caps;
      }
      EXPECT_EQ(modes, 1u);
      EXPECT_EQ(caps, 1u);
      ASSERT_NE(sampleInst(is), nullptr);
    }
  }
  for (SampleKind k : {SampleKind::Level, SampleKind::Grad, SampleKind::CompareLevelZero}) {
    auto b = build(k, true, Stage::Compute);
    EXPECT_TRUE(b->r) << sampleKindName(k) << ": " << b->error;
  }
}

TEST(SpirvPrivate, InitializedPrivateVariable) {
  // A static local with a constant initializer is a Private OpVariable with that
  // initializer (DXC); the init-once guard is a Private bool initialized to false.
  Module m;
  ModuleBuilder mb(m);
  auto& t = mb.types();
  auto u32 = t.scalar(Scalar::u32());
  GlobalVariable g;
  g.name = "f.counter";
  g.space = AddressSpace::Private;
  g.type = u32;
  g.init = mb.constant(Literal::u32(5));
  auto gh = mb.global(g);
  auto f = mb.function("main");
  auto b = mb.build(f);
  b.store(b.global(gh), b.binary(BinaryOp::Add, b.load(b.global(gh)), b.u32(1)));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine dg;
  auto r = spirv::compileSpirv(m, "main", spirv::SpirvOptions{}, dg);
  ASSERT_TRUE(r) << (dg.diagnostics().empty() ? "" : dg.diagnostics()[0].message);
  auto is = decode(r->words);
  uint32_t five = 0;
  for (const Inst& i : is)
    if (i.op == spv::Op::OpConstant && i.operands.size() == 3 && i.operands[2] == 5u) five = i.operands[1];
  bool found = false;
  for (const Inst& i : is)
    if (i.op == spv::Op::OpVariable && i.operands[2] == uint32_t(spv::StorageClass::Private))
      found = i.operands.size() == 4 && i.operands[3] == five;
  EXPECT_TRUE(found);
}
