// Regression: a matrix directly as a structured buffer's element (StructuredBuffer<float4x4>,
// built by Builder::storageBufferBlock without a member layout, MatrixLayout::None) must
// get HLSL's default column_major packing, which is the SPIR-V RowMajor decoration in the
// DXC convention (HLSL row i = SPIR-V column i). DXC's tests (type.matrix.majorness.zpc)
// show `StructuredBuffer<float2x3>` as `RowMajor` with MatrixStride 8 and ArrayStride 24.
// Before the fix the emitter wrote ColMajor, i.e. HLSL row_major: every matrix read from or
// written to such a buffer was transposed (found by tests/corpus/matrix_multiply.hlsl).
#include <gtest/gtest.h>

#include <map>
#include <spirv/unified1/spirv.hpp11>

#include "backend/spirv/spirv.hpp"
#include "diag/diag.hpp"
#include "ir/builder.hpp"

using namespace oneshader;
using namespace oneshader::ir;
using namespace oneshader::spirv;

namespace {

struct MemberDecorations {
  std::map<uint32_t, std::vector<uint32_t>> byDecoration;  // decoration -> extra operands
};

// Decorations of member 0 of every struct, by struct id.
std::map<uint32_t, MemberDecorations> member0Decorations(const std::vector<uint32_t>& w) {
  std::map<uint32_t, MemberDecorations> out;
  for (size_t i = 5; i < w.size();) {
    uint32_t n = w[i] >> 16;
    if (n == 0 || i + n > w.size()) break;
    if (spv::Op(w[i] & 0xffff) == spv::Op::OpMemberDecorate && n >= 4 && w[i + 2] == 0)
      out[w[i + 1]].byDecoration[w[i + 3]] = std::vector<uint32_t>(w.begin() + i + 4, w.begin() + i + n);
    i += n;
  }
  return out;
}

// StructuredBuffer<matrix> In; RWStructuredBuffer<matrix> Out; Out[0] = In[0];
std::vector<uint32_t> copyMatrixModule(uint32_t columns, uint32_t rows, uint32_t arrayStride, MatrixLayout layout) {
  Module m;
  ModuleBuilder mb(m);
  auto mat = mb.types().matrix(Scalar::f32(), columns, rows);
  Handle<GlobalVariable> in, out;
  if (layout == MatrixLayout::None) {
    // What lowering does for StructuredBuffer<floatRxC>: Builder::storageBufferBlock.
    in = mb.storageBuffer("In", ResourceKind::StructuredBuffer, mat, arrayStride, 0, 0, {'t', 0, 0});
    out = mb.storageBuffer("Out", ResourceKind::RWStructuredBuffer, mat, arrayStride, 0, 1, {'u', 1, 0});
  } else {
    StructMember data;
    data.name = "data";
    data.type = m.types.runtimeArray(mat, arrayStride);
    data.matrixLayout = layout;
    auto block = m.types.structure("block", {data});
    for (uint32_t binding : {0u, 1u}) {
      GlobalVariable g;
      g.name = binding ? "Out" : "In";
      g.space = AddressSpace::Storage;
      g.access = binding ? StorageAccess::LoadStore : StorageAccess::Load;
      g.type = block;
      g.binding = ir::ResourceBinding{0, binding};
      g.resource = binding ? ResourceKind::RWStructuredBuffer : ResourceKind::StructuredBuffer;
      (binding ? out : in) = m.globals.append(std::move(g));
    }
  }
  auto f = mb.function("main", {});
  FunctionBuilder b = mb.build(f);
  auto src = b.access(b.accessIndex(b.global(in), 0), b.u32(0));
  auto dst = b.access(b.accessIndex(b.global(out), 0), b.u32(0));
  b.store(dst, b.load(src));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f, {1, 1, 1});
  DiagEngine d;
  SpirvOptions o;
  o.env = VulkanEnv::Vulkan1_1;
  auto r = compileSpirv(m, "main", o, d);
  EXPECT_TRUE(r);
  return r ? r->words : std::vector<uint32_t>{};
}

}  // namespace

TEST(SpirvMatrixLayout, DefaultStructuredBufferMatrixIsRowMajorDecoration) {
  // HLSL float4x4 = IR Matrix{columns 4, rows 4}; column_major storage: stride 64.
  auto decos = member0Decorations(copyMatrixModule(4, 4, 64, MatrixLayout::None));
  int blocks = 0;
  for (auto& [id, md] : decos) {
    if (!md.byDecoration.count(uint32_t(spv::Decoration::MatrixStride))) continue;
    ++blocks;
    EXPECT_TRUE(md.byDecoration.count(uint32_t(spv::Decoration::RowMajor))) << "struct %" << id;
    EXPECT_FALSE(md.byDecoration.count(uint32_t(spv::Decoration::ColMajor))) << "struct %" << id;
    EXPECT_EQ(md.byDecoration[uint32_t(spv::Decoration::MatrixStride)], std::vector<uint32_t>{16});
  }
  EXPECT_EQ(blocks, 2);
}

TEST(SpirvMatrixLayout, DefaultNonSquareMatchesDxcShape) {
  // HLSL float2x3 (2 rows of 3) = IR Matrix{columns 2, rows 3}. column_major in std430:
  // 3 HLSL columns of 2 floats, MatrixStride 8, ArrayStride 24 (DXC: the same numbers).
  auto decos = member0Decorations(copyMatrixModule(2, 3, 24, MatrixLayout::None));
  int blocks = 0;
  for (auto& [id, md] : decos) {
    if (!md.byDecoration.count(uint32_t(spv::Decoration::MatrixStride))) continue;
    ++blocks;
    EXPECT_TRUE(md.byDecoration.count(uint32_t(spv::Decoration::RowMajor)));
    EXPECT_EQ(md.byDecoration[uint32_t(spv::Decoration::MatrixStride)], std::vector<uint32_t>{8});
  }
  EXPECT_EQ(blocks, 2);
}

TEST(SpirvMatrixLayout, ExplicitColMajorStaysColMajor) {
  // An explicit ColMajor (HLSL row_major) member keeps its decoration.
  auto decos = member0Decorations(copyMatrixModule(4, 4, 64, MatrixLayout::ColMajor));
  int blocks = 0;
  for (auto& [id, md] : decos) {
    if (!md.byDecoration.count(uint32_t(spv::Decoration::MatrixStride))) continue;
    ++blocks;
    EXPECT_TRUE(md.byDecoration.count(uint32_t(spv::Decoration::ColMajor)));
    EXPECT_FALSE(md.byDecoration.count(uint32_t(spv::Decoration::RowMajor)));
  }
  EXPECT_EQ(blocks, 1);  // both globals share the one block type here
}
