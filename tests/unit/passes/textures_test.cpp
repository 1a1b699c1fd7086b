// passes::depthTextures (textures.hpp): a texture some comparison reads becomes a Depth-class
// image, with every expression that names it or indexes into it; the other textures, and
// the result types of every read, stay as they were. The expected dumps are written by
// hand from those rules.
#include <gtest/gtest.h>

#include "diag/diag.hpp"
#include "ir/builder.hpp"
#include "passes/textures.hpp"
#include "pass_test.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {
using passtest::valid;

Handle<GlobalVariable> handleGlobal(ModuleBuilder& mb, const char* name, Handle<Type> t, uint32_t binding) {
  GlobalVariable g;
  g.name = name;
  g.space = AddressSpace::Handle;
  g.type = t;
  g.binding = ResourceBinding{0, binding};
  return mb.global(g);
}

// Texture2D T; TextureCube C[2]; Texture1D L; Texture2D<uint4> U; SamplerComparisonState S;
// SamplerState P. main(): T.SampleCmp(S, uv, 0.5); T.Sample(P, uv); C[1].SampleCmp(S, dir,
// 0.5); C[0].Sample(P, dir); L.SampleCmp(S, 0.5, 0.5); U.SampleCmp(S, uv, 0.5) (T and C are
// compared and can be depth textures; L is 1D; U's texels are not f32).
void build(Module& m) {
  ModuleBuilder mb(m);
  auto& t = mb.types();
  ImageInfo d2, cube, d1, u2;
  cube.dim = ImageDim::Cube;
  d1.dim = ImageDim::D1;
  u2.sampled = Scalar::u32();
  auto T = handleGlobal(mb, "T", t.image(d2), 0);
  auto C = handleGlobal(mb, "C", t.array(t.image(cube), 2), 1);
  auto L = handleGlobal(mb, "L", t.image(d1), 2);
  auto U = handleGlobal(mb, "U", t.image(u2), 3);
  auto S = handleGlobal(mb, "S", t.sampler(true), 4);
  auto P = handleGlobal(mb, "P", t.sampler(false), 5);
  auto f = mb.function("main");
  FunctionBuilder b = mb.build(f);
  auto uv = b.compose(t.vector(Scalar::f32(), 2), {b.f32(0.25f), b.f32(0.75f)});
  auto dir = b.compose(t.vector(Scalar::f32(), 3), {b.f32(0), b.f32(1), b.f32(0)});
  FunctionBuilder::SampleOperands cmp;
  cmp.kind = SampleKind::Compare;
  cmp.depthRef = b.f32(0.5f);
  FunctionBuilder::SampleOperands plain;
  auto tex = b.global(T);
  b.imageSample(tex, b.global(S), uv, cmp);
  b.imageSample(tex, b.global(P), uv, plain);
  b.imageSample(b.accessIndex(b.global(C), 1), b.global(S), dir, cmp);
  b.imageSample(b.accessIndex(b.global(C), 0), b.global(P), dir, plain);
  b.imageSample(b.global(L), b.global(S), b.f32(0.5f), cmp);
  b.imageSample(b.global(U), b.global(S), uv, cmp);
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Pixel, f);
}
std::string run(Module& m, bool floatOnly) {
  std::string why;
  EXPECT_TRUE(valid(m, &why)) << why;
  DiagEngine d;
  passes::PassContext ctx{d};
  EXPECT_TRUE(passes::depthTextures(m, ctx, {.floatOnly = floatOnly}));
  EXPECT_TRUE(valid(m, &why)) << why;
  EXPECT_TRUE(d.diagnostics().empty());
  return print(m);
}
}  // namespace

// WGSL's rules: T and the elements of C become depth textures (C's array type is interned
// anew around the new element type); L (1D) and U (u32 texels) stay sampled textures, and
// the plain samples of T and C[0] keep their vec4 results.
const char* const kFloatOnly = R"(type t0 = texture_sampled_2d<f32>
type t1 = texture_sampled_cube<f32>
type t2 = array<texture_sampled_cube<f32>, 2>
type t3 = texture_sampled_1d<f32>
type t4 = texture_sampled_2d<u32>
type t5 = sampler_comparison
type t6 = sampler
type t7 = f32
type t8 = vec2<f32>
type t9 = vec3<f32>
type t10 = vec4<f32>
type t11 = u32
type t12 = texture_depth_2d<f32>
type t13 = texture_depth_cube<f32>
type t14 = array<texture_depth_cube<f32>, 2>
global g0 T: handle texture_depth_2d<f32> @group(0) @binding(0)
global g1 C: handle array<texture_depth_cube<f32>, 2> @group(0) @binding(1)
global g2 L: handle texture_sampled_1d<f32> @group(0) @binding(2)
global g3 U: handle texture_sampled_2d<u32> @group(0) @binding(3)
global g4 S: handle sampler_comparison @group(0) @binding(4)
global g5 P: handle sampler @group(0) @binding(5)
fn f0 main() {
  expressions:
    %0: f32 = literal 0.25f32
    %1: f32 = literal 0.75f32
    %2: vec2<f32> = compose(%0, %1)
    %3: f32 = literal 0f32
    %4: f32 = literal 1f32
    %5: f32 = literal 0f32
    %6: vec3<f32> = compose(%3, %4, %5)
    %7: f32 = literal 0.5f32
    %8: texture_depth_2d<f32> = global g0
    %9: sampler_comparison = global g4
    %10: f32 = image_sample %8, %9, %2 compare depth_ref %7
    %11: sampler = global g5
    %12: vec4<f32> = image_sample %8, %11, %2
    %13: sampler_comparison = global g4
    %14: array<texture_depth_cube<f32>, 2> = global g1
    %15: texture_depth_cube<f32> = access %14.1
    %16: f32 = image_sample %15, %13, %6 compare depth_ref %7
    %17: sampler = global g5
    %18: array<texture_depth_cube<f32>, 2> = global g1
    %19: texture_depth_cube<f32> = access %18.0
    %20: vec4<f32> = image_sample %19, %17, %6
    %21: f32 = literal 0.5f32
    %22: sampler_comparison = global g4
    %23: texture_sampled_1d<f32> = global g2
    %24: f32 = image_sample %23, %22, %21 compare depth_ref %7
    %25: sampler_comparison = global g4
    %26: texture_sampled_2d<u32> = global g3
    %27: u32 = image_sample %26, %25, %2 compare depth_ref %7
  body:
    emit %2..%28
    return
}
entry_point main pixel f0
)";

TEST(DepthTextures, ComparedTexturesBecomeDepthImages) {
  Module m;
  build(m);
  EXPECT_EQ(run(m, true), kFloatOnly);
}

// MSL's rules: any texel type (Metal's depth textures give float), so U becomes a depth
// texture too (a new type t15, its global and the expression naming it); L (1D) still
// does not.
TEST(DepthTextures, AnyTexelTypeWhenNotFloatOnly) {
  Module m;
  build(m);
  std::string want = kFloatOnly;
  auto swap = [&](const std::string& from, const std::string& to) {
    size_t at = want.find(from);
    ASSERT_NE(at, std::string::npos) << from;
    want.replace(at, from.size(), to);
  };
  swap("type t14 = array<texture_depth_cube<f32>, 2>\n",
       "type t14 = array<texture_depth_cube<f32>, 2>\ntype t15 = texture_depth_2d<u32>\n");
  swap("global g3 U: handle texture_sampled_2d<u32>", "global g3 U: handle texture_depth_2d<u32>");
  swap("%26: texture_sampled_2d<u32> = global g3", "%26: texture_depth_2d<u32> = global g3");
  EXPECT_EQ(run(m, false), want);
}

// A module that compares nothing is left as it was.
TEST(DepthTextures, NoComparisonNoChange) {
  Module m;
  ModuleBuilder mb(m);
  auto& t = mb.types();
  auto T = handleGlobal(mb, "T", t.image(ImageInfo{}), 0);
  auto P = handleGlobal(mb, "P", t.sampler(false), 1);
  auto f = mb.function("main");
  FunctionBuilder b = mb.build(f);
  b.imageSample(b.global(T), b.global(P), b.compose(t.vector(Scalar::f32(), 2), {b.f32(0), b.f32(0)}),
                FunctionBuilder::SampleOperands{});
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Pixel, f);
  std::string before = print(m);
  EXPECT_EQ(run(m, true), before);
}
