// passes::depthTextures (textures.hpp): one walk over every function's expressions finds
// the globals some comparison reads; their types are interned anew as depth images and
// the expressions that name them (GlobalVariable, then Access / AccessIndex into an array
// of textures, each after its operand) take the new types. Linear in the module.
#include "passes/textures.hpp"

#include <vector>

namespace oneshader::passes {

using namespace ir;

namespace {

bool canBeDepth(const ImageInfo& im, const DepthTextureRules& rules) {
  if (im.cls != ImageClass::Sampled || im.multisampled) return false;
  if (im.dim != ImageDim::D2 && im.dim != ImageDim::Cube) return false;
  return !rules.floatOnly || im.sampled == Scalar::f32();
}

}  // namespace

bool depthTextures(Module& m, PassContext&, const DepthTextureRules& rules) {
  // 1. The globals a comparison reads, where their texture can be a depth texture.
  std::vector<uint8_t> depth(m.globals.size(), 0);
  bool any = false;
  for (const Function& f : m.functions) {
    for (const Expression& x : f.expressions) {
      if (x.kind != ExprKind::ImageSample || !sampleIsCompare(x.sample) || !f.expressions.contains(x.a)) continue;
      const Type& it = m.types[f.expressions[x.a].type];
      Handle<GlobalVariable> g = rootGlobal(f, x.a);
      if (!g.valid() || !m.globals.contains(g) || m.globals[g].space != AddressSpace::Handle) continue;
      if (it.kind != TypeKind::Image || !canBeDepth(it.image, rules)) continue;
      depth[g.index] = 1;
      any = true;
    }
  }
  if (!any) return true;
  // 2. Their types: the depth image, or an array (of arrays) of it.
  auto retype = [&](auto& self, Handle<Type> t) -> Handle<Type> {
    Type c = m.types[t];
    if (c.kind == TypeKind::Image) {
      c.image.cls = ImageClass::Depth;
      return m.types.intern(c);
    }
    if (c.kind != TypeKind::Array) return t;
    c.base = self(self, c.base);
    return m.types.intern(c);
  };
  for (uint32_t i = 0; i < m.globals.size(); ++i)
    if (depth[i]) {
      GlobalVariable& g = m.globals[Handle<GlobalVariable>(i)];
      g.type = retype(retype, g.type);
    }
  // 3. The expressions that name them or index into them.
  for (Function& f : m.functions) retypeGlobalUses(m, f, depth);
  return true;
}

}  // namespace oneshader::passes
