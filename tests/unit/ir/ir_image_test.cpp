// IR image statements and queries: ImageStore (storage images only, texel of 4 sampled
// scalars), ImageLoad coordinates, level/sample queries; printer text.
#include <gtest/gtest.h>

#include "diag/diag.hpp"
#include "ir/builder.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {

Handle<GlobalVariable> imageGlobal(ModuleBuilder& mb, const char* name, ImageClass cls, uint32_t binding) {
  GlobalVariable g;
  g.name = name;
  g.space = AddressSpace::Handle;
  ImageInfo info;
  info.cls = cls;
  if (cls == ImageClass::Storage) info.format = 1;  // Rgba32f
  g.type = mb.types().image(info);
  g.binding = ir::ResourceBinding{0, binding};
  return mb.global(g);
}

}  // namespace

TEST(IrImage, StoreToStorageImageValidatesAndPrints) {
  Module m;
  ModuleBuilder mb(m);
  auto dst = imageGlobal(mb, "Dst", ImageClass::Storage, 0);
  auto src = imageGlobal(mb, "Src", ImageClass::Sampled, 1);
  auto u2 = mb.types().vector(Scalar::u32(), 2), v4 = mb.types().vector(Scalar::f32(), 4);
  auto f = mb.function("main", {{"id", u2, Binding::builtinOf(BuiltIn::GlobalInvocationId)}});
  auto b = mb.build(f);
  auto texel = b.imageLoad(b.global(src), b.arg(0), b.i32(0));
  EXPECT_EQ(m.functions[f].expressions[texel].type, v4);
  auto levels = b.imageQueryLevels(b.global(src));
  auto size = b.imageQuerySize(b.global(src), u2, b.u32(0));
  (void)levels;
  (void)size;
  b.imageStore(b.global(dst), b.arg(0), texel);
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  EXPECT_TRUE(validate(m, d));
  std::string text = print(m);
  EXPECT_NE(text.find("image_store"), std::string::npos) << text;
  EXPECT_NE(text.find("image_levels"), std::string::npos) << text;
  EXPECT_NE(text.find("lod_or_sample"), std::string::npos) << text;
}

TEST(IrImage, ValidatorRejectsBadStores) {
  for (int variant = 0; variant < 3; ++variant) {
    Module m;
    ModuleBuilder mb(m);
    auto dst = imageGlobal(mb, "Dst", ImageClass::Storage, 0);
    auto src = imageGlobal(mb, "Src", ImageClass::Sampled, 1);
    auto u2 = mb.types().vector(Scalar::u32(), 2);
    auto f = mb.function("main", {{"id", u2, Binding::builtinOf(BuiltIn::GlobalInvocationId)}});
    auto b = mb.build(f);
    auto texel = b.imageLoad(b.global(src), b.arg(0), b.i32(0));
    if (variant == 0) b.imageStore(b.global(src), b.arg(0), texel);                    // sampled image
    if (variant == 1) b.imageStore(b.global(dst), b.arg(0), b.accessIndex(texel, 0));  // not 4 components
    if (variant == 2) {
      auto fc = b.convert(b.arg(0), Scalar::f32());
      b.imageStore(b.global(dst), fc, texel);  // float coordinate
    }
    b.finish();
    mb.entryPoint("main", Stage::Compute, f);
    DiagEngine d;
    EXPECT_FALSE(validate(m, d)) << variant;
  }
}

TEST(IrImage, TypeNamesCoverEveryDimension) {
  // Every ImageDim has a name (a subpass input once read past the table).
  Module m;
  ModuleBuilder mb(m);
  const std::pair<ImageDim, const char*> dims[] = {
      {ImageDim::D1, "texture_sampled_1d<"},         {ImageDim::D2, "texture_sampled_2d<"},
      {ImageDim::D3, "texture_sampled_3d<"},         {ImageDim::Cube, "texture_sampled_cube<"},
      {ImageDim::Buffer, "texture_sampled_buffer<"}, {ImageDim::SubpassData, "texture_sampled_subpass<"}};
  for (auto [dim, expected] : dims) {
    ImageInfo info;
    info.dim = dim;
    EXPECT_EQ(typeName(m.types, mb.types().image(info)).rfind(expected, 0), 0u) << expected;
  }
}
