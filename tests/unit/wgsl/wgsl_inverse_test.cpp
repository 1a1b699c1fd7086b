// WGSL has no matrix inverse: MathFunction::Inverse becomes IR arithmetic (cofactors over
// the determinant, passes::expandInverse, shared with MSL). HLSL has no inverse() intrinsic,
// so the module is built as IR: Out[0] = inverse(In[0]); Out[1] = inverse(In[0]).
// The expected inverses were computed with exact fractions by Gauss-Jordan elimination
// (an independent method), see the comments.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "backend/wgsl/wgsl.hpp"
#include "dawn_check.hpp"
#include "diag/diag.hpp"
#include "ir/builder.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {

// StructuredBuffer<matNxN> In (t0), RWStructuredBuffer<matNxN> Out (u1), stored by IR
// columns (ColMajor, i.e. HLSL row_major) so the words are the IR columns.
std::string inverseModule(uint32_t n) {
  Module m;
  ModuleBuilder mb(m);
  auto mat = mb.types().matrix(Scalar::f32(), n, n);
  uint32_t colStride = n == 2 ? 8 : 16;
  Handle<GlobalVariable> g[2];
  for (uint32_t binding : {0u, 1u}) {
    StructMember data;
    data.name = "data";
    data.type = m.types.runtimeArray(mat, n * colStride);
    data.matrixLayout = MatrixLayout::ColMajor;
    data.matrixStride = colStride;
    auto block = m.types.structure(binding ? "OutBlock" : "InBlock", {data});
    GlobalVariable gv;
    gv.name = binding ? "Out" : "In";
    gv.space = AddressSpace::Storage;
    gv.access = binding ? StorageAccess::LoadStore : StorageAccess::Load;
    gv.type = block;
    gv.binding = ir::ResourceBinding{0, binding};
    gv.resource = binding ? ResourceKind::RWStructuredBuffer : ResourceKind::StructuredBuffer;
    g[binding] = m.globals.append(std::move(gv));
  }
  auto f = mb.function("main", {});
  FunctionBuilder b = mb.build(f);
  for (uint32_t k = 0; k < 2; ++k) {
    auto src = b.access(b.accessIndex(b.global(g[0]), 0), b.u32(0));
    auto dst = b.access(b.accessIndex(b.global(g[1]), 0), b.u32(k));
    b.store(dst, b.math(MathFunction::Inverse, b.load(src)));
  }
  b.ret();
  EXPECT_TRUE(b.finish());
  mb.entryPoint("main", Stage::Compute, f, {1, 1, 1});
  DiagEngine d;
  auto r = wgsl::compileWgsl(m, "main", wgsl::WgslOptions{}, d);
  EXPECT_TRUE(r.has_value());
  return r ? r->text : "";
}

size_t count(const std::string& s, const std::string& what) {
  size_t c = 0;
  for (size_t p = s.find(what); p != std::string::npos; p = s.find(what, p + 1)) ++c;
  return c;
}

// columns: the IR columns of A (padded to the column stride with 0); want: of inverse(A).
void check(uint32_t n, const std::string& inWords, const std::string& wantWords) {
  std::string t = inverseModule(n);
  EXPECT_EQ(count(t, "inverse"), 0u) << t;  // expanded in place: no helper function
  EXPECT_EQ(count(t, "fn "), 1u) << t;
  EXPECT_EQ(dawnErrors(t), "") << t;
  size_t words = n * (n == 2 ? 2 : 4);
  std::string zeros;
  for (size_t i = 0; i < 2 * words; ++i) zeros += i ? ",0" : "0";
  std::string spec = R"({"entry":"main","buffers":[{"binding":0,"usage":"storage","f32":[)" + inWords +
                     R"(]},{"binding":1,"usage":"storage","f32":[)" + zeros +
                     R"(]}],"expect":[{"binding":1,"tolerance":1e-5,"f32":[)" + wantWords + "," + wantWords + "]}]}";
  std::string r = dawnRun(t, spec);
  if (r == "SKIP") GTEST_SKIP() << "Dawn or SwiftShader is not installed";
  EXPECT_EQ(r, "") << t;
}

TEST(WgslInverse, Matrix2x2) {
  // A = [[4, 7], [2, 6]] (rows): IR columns (4, 2), (7, 6).
  // inverse(A) = [[3/5, -7/10], [-1/5, 2/5]]: IR columns (0.6, -0.2), (-0.7, 0.4).
  check(2, "4,2, 7,6", "0.6,-0.2, -0.7,0.4");
}

TEST(WgslInverse, Matrix3x3) {
  // A = [[1, 2, 3], [0, 1, 4], [5, 6, 0]] (det 1): columns (1,0,5), (2,1,6), (3,4,0).
  // inverse(A) = [[-24, 18, 5], [20, -15, -4], [-5, 4, 1]]: columns (-24,20,-5), (18,-15,4), (5,-4,1).
  check(3, "1,0,5,0, 2,1,6,0, 3,4,0,0", "-24,20,-5,0, 18,-15,4,0, 5,-4,1,0");
}

TEST(WgslInverse, Matrix4x4) {
  // A = [[2,1,0,3], [1,0,2,0], [0,1,1,1], [1,2,0,1]] (rows; det -13).
  // inverse(A) * 13 = [[2,5,-10,4], [-3,-1,2,7], [-1,4,5,-2], [4,-3,6,-5]] (rows).
  const double k = 1.0 / 13.0;
  auto col = [&](int a, int b, int c, int d) {
    return std::to_string(a * k) + "," + std::to_string(b * k) + "," + std::to_string(c * k) + "," +
           std::to_string(d * k);
  };
  check(4, "2,1,0,1, 1,0,1,2, 0,2,1,0, 3,0,1,1",
        col(2, -3, -1, 4) + "," + col(5, -1, 4, -3) + "," + col(-10, 2, 5, 6) + "," + col(4, 7, -2, -5));
}

}  // namespace
