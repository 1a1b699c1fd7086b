// Modf / Frexp in SPIR-V: GLSL.std.450 ModfStruct (36) / FrexpStruct (52) with the IR's
// two-member struct as the result type, parts by OpCompositeExtract (DXC's shape, its
// CodeGenSPIRV intrinsics.modf / intrinsics.frexp tests), valid per spirv-val.
#include "../spirv_decode.hpp"
#include <gtest/gtest.h>
#include <spirv/unified1/GLSL.std.450.h>
#include <spirv/unified1/spirv.hpp11>

#include "backend/spirv/spirv.hpp"
#include "diag/diag.hpp"
#include "ir/builder.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {
using oneshader::spvtest::decode;
using oneshader::spvtest::Inst;
}  // namespace

TEST(SpirvModf, ModfStructAndFrexpStruct) {
  static_assert(GLSLstd450ModfStruct == 36 && GLSLstd450FrexpStruct == 52);
  Module m;
  ModuleBuilder mb(m);
  auto& t = mb.types();
  auto v2 = t.vector(Scalar::f32(), 2);
  auto out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, v2, 8, 0, 0);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto x = b.compose(v2, {b.f32(2.75f), b.f32(-8.0f)});
  auto mr = b.math(MathFunction::Modf, x);
  auto fr = b.math(MathFunction::Frexp, x);
  auto slot = [&](uint32_t i) { return b.access(b.accessIndex(b.global(out), 0), b.u32(i)); };
  b.store(slot(0), b.accessIndex(mr, 0));
  b.store(slot(1), b.accessIndex(mr, 1));
  b.store(slot(2), b.accessIndex(fr, 0));
  b.store(slot(3), b.convert(b.accessIndex(fr, 1), Scalar::f32()));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  auto r = spirv::compileSpirv(m, "main", spirv::SpirvOptions{}, d);  // validates in-process
  ASSERT_TRUE(r) << (d.diagnostics().empty() ? "" : d.diagnostics()[0].message);
  auto is = decode(r->words);
  // Result type ids of the two struct types: OpTypeStruct %v2float %v2float and
  // OpTypeStruct %v2float %v2int.
  uint32_t v2f = 0, v2i = 0;
  for (const Inst& i : is) {
    if (i.op == spv::Op::OpTypeVector) {
      for (const Inst& c : is)
        if (c.op == spv::Op::OpTypeFloat && c.operands[0] == i.operands[1] && i.operands[2] == 2)
          v2f = i.operands[0];
        else if (c.op == spv::Op::OpTypeInt && c.operands[0] == i.operands[1] && i.operands[2] == 2 &&
                 c.operands[2] == 1)
          v2i = i.operands[0];
    }
  }
  ASSERT_NE(v2f, 0u);
  ASSERT_NE(v2i, 0u);
  uint32_t modfT = 0, frexpT = 0;
  for (const Inst& i : is)
    if (i.op == spv::Op::OpTypeStruct && i.operands.size() == 3 && i.operands[1] == v2f) {
      if (i.operands[2] == v2f) modfT = i.operands[0];
      if (i.operands[2] == v2i) frexpT = i.operands[0];
    }
  ASSERT_NE(modfT, 0u);
  ASSERT_NE(frexpT, 0u);
  int modf = 0, frexp = 0, extracts = 0;
  for (const Inst& i : is) {
    if (i.op == spv::Op::OpExtInst && i.operands[3] == GLSLstd450ModfStruct) modf += i.operands[0] == modfT;
    if (i.op == spv::Op::OpExtInst && i.operands[3] == GLSLstd450FrexpStruct) frexp += i.operands[0] == frexpT;
    extracts += i.op == spv::Op::OpCompositeExtract;
  }
  EXPECT_EQ(modf, 1);
  EXPECT_EQ(frexp, 1);
  EXPECT_EQ(extracts, 4);
}
