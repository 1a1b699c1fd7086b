// Arrays of resources in the IR (ir.hpp "ARRAYS OF RESOURCES"): a Handle / Storage global of
// an Array type (sized, or runtime-sized: arraySize 0), Access / AccessIndex on its GlobalVariable expression, and
// Expression::nonUniform allowed only on such an access.
#include <gtest/gtest.h>

#include "diag/diag.hpp"
#include "ir/builder.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {
// Images `texs[4]` (Handle) and buffers `bufs[2]` (Storage), read with index `i` (a
// dynamic u32) into a RWStructuredBuffer<float4>. variant: 0 valid (non-uniform texture
// access), 1 nonUniform on a plain buffer access, 2 runtime-sized handle array (valid:
// `Texture2D ts[]`, descriptor heaps), 3 buffer array with a stride, 4 an array of floats in
// Handle space.
bool buildAndValidate(int variant, std::string* printed = nullptr) {
  Module m;
  ModuleBuilder mb(m);
  auto& t = mb.types();
  auto v4 = t.vector(Scalar::f32(), 4), u32 = t.scalar(Scalar::u32());
  GlobalVariable texs;
  texs.name = "texs";
  texs.space = AddressSpace::Handle;
  texs.resource = ResourceKind::Texture2D;
  Handle<Type> one = variant == 4 ? t.scalar(Scalar::f32()) : t.image(ImageInfo{});
  texs.type = t.array(one, variant == 2 ? 0 : 4);
  texs.binding = ir::ResourceBinding{0, 0};
  auto texG = mb.global(texs);
  GlobalVariable bufs;
  bufs.name = "bufs";
  bufs.space = AddressSpace::Storage;
  bufs.access = StorageAccess::Load;
  bufs.resource = ResourceKind::StructuredBuffer;
  bufs.type = t.array(mb.storageBufferBlock(u32, 4, "type.StructuredBuffer.uint"), 2, variant == 3 ? 4 : 0);
  bufs.binding = ir::ResourceBinding{0, 1};
  auto bufG = mb.global(bufs);
  auto out = mb.storageBuffer("o", ResourceKind::RWStructuredBuffer, v4, 16, 0, 2);
  auto f = mb.function("main", {});
  auto b = mb.build(f);
  auto i = b.u32(1);
  auto blk = b.access(b.global(bufG), i);
  if (variant == 1) b.fn().expressions[b.accessIndex(b.global(out), 0)].nonUniform = true;
  auto word = b.load(b.access(b.accessIndex(blk, 0), b.u32(0)));
  if (variant != 4) {
    auto img = b.access(b.global(texG), word);
    b.fn().expressions[img].nonUniform = true;
    auto texel = b.imageLoad(img, b.compose(t.vector(Scalar::i32(), 2), {b.i32(0), b.i32(0)}), b.i32(0));
    b.store(b.access(b.accessIndex(b.global(out), 0), b.u32(0)), texel);
  }
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  DiagEngine d;
  bool ok = validate(m, d);
  if (printed) *printed = print(m);
  return ok;
}
}  // namespace

TEST(IrResourceArray, ValidArraysValidateAndPrint) {
  std::string text;
  EXPECT_TRUE(buildAndValidate(0, &text));
  EXPECT_NE(text.find("access nonuniform"), std::string::npos) << text;
  EXPECT_TRUE(buildAndValidate(2));
}

TEST(IrResourceArray, ValidatorRejectsBadShapes) {
  for (int variant : {1, 3, 4}) EXPECT_FALSE(buildAndValidate(variant)) << variant;
}
