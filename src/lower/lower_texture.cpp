// Lowering of textures, samplers and typed buffers (Buffer / RWBuffer): their Handle-space
// globals, their methods (Sample, SampleLevel, Load, GetDimensions) and element access
// (`Tex[p]`, `RWTex[p] = v`). Sample, SampleLevel, SampleBias, SampleGrad, SampleCmp and
// SampleCmpLevelZero are one IR ImageSample with a SampleKind (ir.hpp).
//
// DXC's SPIR-V shapes (SPIR-V.rst "Textures"): an OpTypeImage per texture kind with the
// element's 32-bit scalar as the sampled type; sampled textures are Sampled = 1 with an
// Unknown format; RW textures and RWBuffer are Sampled = 2; typed buffers and RW kinds have
// a format inferred from the element type (R32f/Rg32f/Rgba32f and the i/ui forms; Unknown
// for 3 components). Reads
// and samples produce a 4-component texel from which the element's leading components are
// taken; writes pad the element to 4 components.
#include "intrinsics/texture_args.hpp"
#include "lower/lower_impl.hpp"

namespace oneshader::lower {

using ir::Expression;
using ir::Handle;
using I = IntrinsicId;
using RK = sema::ResourceKind;

namespace {

struct TexShape {
  ir::ImageDim dim = ir::ImageDim::D2;
  bool arrayed = false, ms = false, storage = false;
  uint32_t coords = 2;  // components of a sampling / load coordinate (array layer included)
  uint32_t sizes = 2;   // components GetDimensions reports (width, height, depth/elements)
  ir::ResourceKind kind = ir::ResourceKind::None;
};

bool shapeOf(RK k, TexShape& s) {
  using D = ir::ImageDim;
  using R = ir::ResourceKind;
  auto set = [&](D d, bool arr, bool ms, bool st, uint32_t coords, uint32_t sizes, R kind) {
    s = TexShape{d, arr, ms, st, coords, sizes, kind};
    return true;
  };
  switch (k) {
    case RK::Texture1D: return set(D::D1, false, false, false, 1, 1, R::Texture1D);
    case RK::Texture1DArray: return set(D::D1, true, false, false, 2, 2, R::Texture1DArray);
    case RK::Texture2D: return set(D::D2, false, false, false, 2, 2, R::Texture2D);
    case RK::Texture2DArray: return set(D::D2, true, false, false, 3, 3, R::Texture2DArray);
    case RK::Texture2DMS: return set(D::D2, false, true, false, 2, 2, R::Texture2DMS);
    case RK::Texture2DMSArray: return set(D::D2, true, true, false, 3, 3, R::Texture2DMSArray);
    case RK::Texture3D: return set(D::D3, false, false, false, 3, 3, R::Texture3D);
    case RK::TextureCube: return set(D::Cube, false, false, false, 3, 2, R::TextureCube);
    case RK::TextureCubeArray: return set(D::Cube, true, false, false, 4, 3, R::TextureCubeArray);
    case RK::Buffer: return set(D::Buffer, false, false, false, 1, 1, R::Buffer);
    case RK::RWBuffer: return set(D::Buffer, false, false, true, 1, 1, R::RWBuffer);
    case RK::RWTexture1D: return set(D::D1, false, false, true, 1, 1, R::RWTexture1D);
    case RK::RWTexture1DArray: return set(D::D1, true, false, true, 2, 2, R::RWTexture1DArray);
    case RK::RWTexture2D: return set(D::D2, false, false, true, 2, 2, R::RWTexture2D);
    case RK::RWTexture2DArray: return set(D::D2, true, false, true, 3, 3, R::RWTexture2DArray);
    case RK::RWTexture3D: return set(D::D3, false, false, true, 3, 3, R::RWTexture3D);
    // Subpass inputs: the coordinate is the (0, 0) offset from the fragment; no size queries.
    case RK::SubpassInput: return set(D::SubpassData, false, false, false, 2, 0, R::SubpassInput);
    case RK::SubpassInputMS: return set(D::SubpassData, false, true, false, 2, 0, R::SubpassInputMS);
    default: return false;
  }
}

// spv::ImageFormat values (SPIR-V spec, "Image Format").
enum : uint8_t {
  kRgba32f = 1,
  kR32f = 3,
  kRg32f = 6,
  kRgba32i = 21,
  kR32i = 24,
  kRg32i = 25,
  kRgba32ui = 30,
  kR32ui = 33,
  kRg32ui = 35,
};

uint8_t inferredFormat(ir::Scalar s, uint32_t n) {
  if (s.width != 32 || n == 3) return 0;
  uint32_t i = n == 1 ? 0 : n == 2 ? 1 : 2;
  static const uint8_t f[3] = {kR32f, kRg32f, kRgba32f}, si[3] = {kR32i, kRg32i, kRgba32i},
                       u[3] = {kR32ui, kRg32ui, kRgba32ui};
  switch (s.kind) {
    case ir::ScalarKind::Float: return f[i];
    case ir::ScalarKind::Sint: return si[i];
    case ir::ScalarKind::Uint: return u[i];
    default: return 0;
  }
}

}  // namespace

bool Lowerer::imageGlobal(const sema::Type* t, ir::GlobalVariable& gv, SourceRange r) {
  RK k = t->resourceKind();
  if (k == RK::SamplerState || k == RK::SamplerComparisonState) {
    gv.space = ir::AddressSpace::Handle;
    gv.type = m_->types.sampler(k == RK::SamplerComparisonState);
    gv.resource = k == RK::SamplerState ? ir::ResourceKind::Sampler : ir::ResourceKind::SamplerComparison;
    gv.access = ir::StorageAccess::Load;
    return true;
  }
  TexShape s;
  if (!shapeOf(k, s)) return false;
  const sema::Type* elem = t->elementType();
  if (!elem || !elem->isScalarOrVector() || elem->componentCount() > 4)
    unsupported(r, std::string("a ") + sema::resourceKindName(k) + " of '" + (elem ? elem->toString() : "?") + "'");
  ir::Scalar sc = irScalar(elem, r);
  if (sc.kind == ir::ScalarKind::Bool || sc.width != 32)
    unsupported(r, std::string("a ") + sema::resourceKindName(k) + " of '" + elem->toString() + "'");
  ir::ImageInfo info;
  info.dim = s.dim;
  info.cls = s.storage ? ir::ImageClass::Storage : ir::ImageClass::Sampled;
  info.arrayed = s.arrayed;
  info.multisampled = s.ms;
  info.sampled = sc;
  // DXC: the format depends on T for RW kinds and typed buffers; sampled textures are Unknown.
  info.format = s.storage || s.dim == ir::ImageDim::Buffer ? inferredFormat(sc, elem->componentCount()) : 0;
  info.formatInferred = info.format != 0;
  gv.space = ir::AddressSpace::Handle;
  gv.type = m_->types.image(info);
  gv.resource = s.kind;
  gv.access = s.storage ? ir::StorageAccess::LoadStore : ir::StorageAccess::Load;
  return true;
}

Handle<Expression> Lowerer::texelToElement(Handle<Expression> texel, const sema::Type* elem, SourceRange r) {
  uint32_t n = elem->componentCount();
  if (n == 4) return texel;
  if (n == 1) return fb_->accessIndex(texel, 0);
  if (n == 2) return fb_->swizzle(texel, {0, 1});
  if (n == 3) return fb_->swizzle(texel, {0, 1, 2});
  internal(r, "texel element with " + std::to_string(n) + " components");
}

// `Tex[p]` / `RWTex[p]` / `Buf[i]`: coordinates are uint / uintN (Sema), sampled textures read
// mip 0, multisampled ones sample 0 (DXC). `Tex.mips[level][p]` / `Tex.sample[s][p]` (Sema's
// `level`): that mip level or sample (OpImageFetch Lod / Sample).
LValue Lowerer::imageElement(const ast::IndexExpr* ix, const GlobalRef& ref) {
  TexShape s;
  if (!shapeOf(ref.resource->resourceKind(), s)) internal(ix->range, "indexing a non-texture resource as a texture");
  if (s.dim == ir::ImageDim::Cube) unsupported(ix->range, "indexing a cube texture");
  LValue lv;
  lv.type = ix->type;
  Handle<Expression> level = ix->level ? expr(ix->level) : Handle<Expression>{};
  lv.coord = expr(ix->index);
  fb_->setRange(ix->range);
  lv.image = resourceValue(ref);
  if (level.valid())
    lv.lod = level;
  else if (s.ms)
    lv.lod = fb_->u32(0);
  else if (!s.storage && s.dim != ir::ImageDim::Buffer)
    lv.lod = fb_->i32(0);
  return lv;
}

Handle<Expression> Lowerer::loadImage(const LValue& lv, SourceRange r) {
  fb_->setRange(r);
  Handle<Expression> texel = fb_->imageLoad(lv.image, lv.coord, lv.lod);
  return texelToElement(texel, lv.type, r);
}

void Lowerer::storeImage(const LValue& lv, Handle<Expression> v, SourceRange r) {
  const ir::Type& it = irT(typeOf(lv.image));
  if (it.kind != ir::TypeKind::Image || it.image.cls != ir::ImageClass::Storage)
    internal(r, "write to a read-only texture");
  ir::Scalar sc = it.image.sampled;
  Handle<ir::Type> v4 = m_->types.vector(sc, 4);
  fb_->setRange(r);
  std::vector<Handle<Expression>> comps(4);
  if (lv.swizzleLen) {
    // Read-modify-write: the swizzled components of the element change.
    Handle<Expression> old = fb_->imageLoad(lv.image, lv.coord, lv.lod);
    for (uint32_t i = 0; i < 4; ++i) comps[i] = fb_->accessIndex(old, i);
    bool scalarV = irT(typeOf(v)).kind == ir::TypeKind::Scalar;
    for (uint8_t i = 0; i < lv.swizzleLen; ++i)
      comps[lv.swizzle[i]] = castLayout(scalarV ? v : fb_->accessIndex(v, i), m_->types.scalar(sc), r);
  } else {
    v = castLayout(v, irType(lv.type, r), r);
    uint32_t n = ir::componentCount(m_->types, typeOf(v));
    if (n == 4) {
      fb_->imageStore(lv.image, lv.coord, v);
      return;
    }
    for (uint32_t i = 0; i < 4; ++i) comps[i] = i < n ? (n == 1 ? v : fb_->accessIndex(v, i)) : scalarConst(sc, 0);
  }
  fb_->imageStore(lv.image, lv.coord, fb_->compose(v4, comps));
}

Handle<Expression> Lowerer::textureMethod(const ast::CallExpr* c, const GlobalRef& ref) {
  I id = I(c->intrinsic);
  SourceRange r = c->range;
  RK k = ref.resource->resourceKind();
  TexShape s;
  if (!shapeOf(k, s)) internal(r, "texture method on a non-texture");
  ir::FunctionBuilder& f = *fb_;
  const sema::Type* elem = ref.resource->elementType();
  std::string what = std::string("the method '") + std::string(c->name.str()) + "' of " + sema::resourceKindName(k);

  // A texel offset argument: its constant (a specialization constant is not one: DXC wants
  // immediate values, WGSL a const-expression), or, when `dynamic` allows it and the value is
  // not constant, the expression (gathers: SPIR-V Offset). `checkRange`: each component in
  // [-8, 7], as DXC requires of a sample's constant offsets (Vulkan's guaranteed
  // minTexelOffset / maxTexelOffset are -8 / 7 too).
  auto texelOffset = [&](const ast::Expr* oa, bool dynamic, bool checkRange, Handle<Expression>& dyn) {
    ir::Function& fn = f.fn();
    uint32_t mark = fn.expressions.size(), stmts = fn.statements.size();
    Handle<Expression> off = expr(oa);
    std::optional<Handle<ir::Constant>> k;
    if (fn.statements.size() == stmts) k = foldConstant(off);
    if (k && ir::specDependent(*m_, *k)) k.reset();
    if (!k) {
      if (!dynamic) unsupported(oa->range, "a texel offset that is not a compile-time constant");
      dyn = off;
      return Handle<ir::Constant>{};
    }
    fn.expressions.raw().resize(mark);
    if (fn.exprRanges.size() > mark) fn.exprRanges.resize(mark);
    if (!checkRange) return *k;
    std::vector<int64_t> comps;
    const ir::Constant& kc = m_->constants[*k];
    if (kc.kind == ir::Constant::Kind::Literal)
      comps.push_back(kc.value.i);
    else if (kc.kind == ir::Constant::Kind::Composite)
      for (uint32_t i = 0; i < kc.components.count; ++i)
        comps.push_back(m_->constants[m_->constantComponents[kc.components.first + i]].value.i);
    else
      comps.assign(ir::componentCount(m_->types, kc.type), 0);
    bool bad = false;
    std::string text = comps.size() == 1 ? "" : "(";
    for (size_t i = 0; i < comps.size(); ++i) {
      int64_t v = int64_t(int32_t(comps[i]));
      bad |= v < -8 || v > 7;
      text += (i ? ", " : "") + std::to_string(v);
    }
    if (comps.size() != 1) text += ")";
    if (bad) reportOnce(DiagId::TexelOffsetRange, oa->range, text);
    return *k;
  };
  // `out uint status` of a sparse read: stores the residency code, gives the texel.
  auto sparseResult = [&](Handle<Expression> res, const ast::Expr* status) {
    Handle<Expression> code = f.accessIndex(res, 0);
    LValue lv = lvalue(status);
    f.setRange(r);
    store(lv, code, status->range);
    f.setRange(r);
    return f.accessIndex(res, 1);
  };

  // The sampler argument: a global, or a vk::SampledTexture's own sampler (Sema put the
  // object itself there; `comparison` as sampledTextureSampler takes it).
  auto samplerRef = [&](int comparison) -> std::optional<GlobalRef> {
    if (ref.resource->isSampledTexture()) {
      if (ref.isElement()) internal(r, "an element of an array of vk::SampledTexture");
      return GlobalRef::of(sampledTextureSampler(ref.global, comparison, r), -1, ref.resource);
    }
    std::optional<GlobalRef> sref = resourceRef(c->args[0]);
    if (!sref) unsupported(c->args[0]->range, "a sampler that is not a global");
    return sref;
  };

  switch (id) {
    case I::TexSample:
    case I::TexSampleLevel:
    case I::TexSampleBias:
    case I::TexSampleGrad:
    case I::TexSampleCmp:
    case I::TexSampleCmpLevelZero:
    case I::TexSampleCmpLevel:
    case I::TexSampleCmpBias:
    case I::TexSampleCmpGrad:
    case I::TexGather:
    case I::TexGatherRed:
    case I::TexGatherGreen:
    case I::TexGatherBlue:
    case I::TexGatherAlpha:
    case I::TexGatherCmp:
    case I::TexGatherCmpRed: {
      if (s.storage || s.ms || s.dim == ir::ImageDim::Buffer) break;
      bool cmp = textureMethodIsCompare(id), gather = textureMethodIsGather(id);
      TextureArgLayout lay = textureArgLayout(id, s.dim == ir::ImageDim::Cube, c->args.size());
      if (!lay.valid) unsupported(r, what + " with these arguments");
      std::optional<GlobalRef> sref = samplerRef(cmp ? 1 : 0);
      ir::FunctionBuilder::SampleOperands ops;
      Handle<Expression> coord = expr(c->args[1]);
      auto arg = [&](size_t i) { return expr(c->args[i]); };
      switch (id) {
        case I::TexSample: ops.kind = ir::SampleKind::Implicit; break;
        case I::TexSampleLevel: ops.kind = ir::SampleKind::Level, ops.level = arg(2); break;
        case I::TexSampleBias: ops.kind = ir::SampleKind::Bias, ops.bias = arg(2); break;
        case I::TexSampleGrad: ops.kind = ir::SampleKind::Grad, ops.gradX = arg(2), ops.gradY = arg(3); break;
        case I::TexSampleCmp: ops.kind = ir::SampleKind::Compare, ops.depthRef = arg(2); break;
        case I::TexSampleCmpLevelZero: ops.kind = ir::SampleKind::CompareLevelZero, ops.depthRef = arg(2); break;
        case I::TexSampleCmpLevel:
          ops.kind = ir::SampleKind::CompareLevel, ops.depthRef = arg(2), ops.level = arg(3);
          break;
        case I::TexSampleCmpBias:
          ops.kind = ir::SampleKind::CompareBias, ops.depthRef = arg(2), ops.bias = arg(3);
          break;
        case I::TexSampleCmpGrad:
          ops.kind = ir::SampleKind::CompareGrad, ops.gradX = arg(2), ops.gradY = arg(3), ops.depthRef = arg(4);
          break;
        case I::TexGather:
        case I::TexGatherRed: ops.kind = ir::SampleKind::Gather; break;
        case I::TexGatherGreen: ops.kind = ir::SampleKind::Gather, ops.component = 1; break;
        case I::TexGatherBlue: ops.kind = ir::SampleKind::Gather, ops.component = 2; break;
        case I::TexGatherAlpha: ops.kind = ir::SampleKind::Gather, ops.component = 3; break;
        default: ops.kind = ir::SampleKind::GatherCompare, ops.depthRef = arg(2); break;
      }
      // Four gather offsets that are not all constants: four gathers, each with its own
      // offset (SPIR-V Offset; DXC's expansion, SPIR-V.rst). Texel i is what ConstOffsets
      // gives (the Vulkan specification, "Texel Gathering", as GLSL's textureGatherOffsets):
      // texel i0j0, the w component, of the footprint moved by the i-th offset.
      std::vector<Handle<Expression>> dynFour;
      if (lay.offsets == 1) {
        ops.offset = texelOffset(c->args[lay.fixed], gather, !gather, ops.dynOffset);
      } else if (lay.offsets == 4) {
        std::vector<Handle<ir::Constant>> ks;
        std::vector<Handle<Expression>> dyns(4);
        for (uint32_t i = 0; i < 4; ++i) ks.push_back(texelOffset(c->args[lay.fixed + i], true, false, dyns[i]));
        bool allConst = true;
        for (auto k : ks) allConst &= k.valid();
        if (allConst) {
          Handle<ir::Type> it2 = m_->types.vector(ir::Scalar::i32(), 2);
          for (auto& k : ks)
            if (m_->constants[k].type != it2) internal(r, "a gather offset that is not an int2");
          ops.offset = mb_->composite(m_->types.array(it2, 4), ks);
        } else {
          // Constant ones become expressions again for the Offset operand.
          for (uint32_t i = 0; i < 4; ++i) dynFour.push_back(dyns[i].valid() ? dyns[i] : f.constant(ks[i]));
        }
      }
      if (lay.clamp >= 0) ops.minLod = arg(size_t(lay.clamp));
      ops.sparse = lay.status >= 0;
      f.setRange(r);
      Handle<Expression> img = resourceValue(ref), smp = resourceValue(*sref);
      const ir::Type& smpT = irT(typeOf(smp));
      if (smpT.kind != ir::TypeKind::Sampler || (smpT.comparisonSampler != cmp && !ref.resource->isSampledTexture()))
        unsupported(c->args[0]->range, "this sampler argument");
      if (!dynFour.empty()) {
        if (ops.sparse) unsupported(r, what + " with four offsets that are not all constants and a status");
        std::vector<Handle<Expression>> parts;
        for (uint32_t i = 0; i < 4; ++i) {
          ops.dynOffset = dynFour[i];
          parts.push_back(f.accessIndex(f.imageSample(img, smp, coord, ops), 3));
        }
        ir::Scalar sc = irT(typeOf(img)).image.sampled;
        return f.compose(m_->types.vector(sc, 4), parts);
      }
      Handle<Expression> texel = f.imageSample(img, smp, coord, ops);
      if (ops.sparse) texel = sparseResult(texel, c->args[size_t(lay.status)]);
      if (cmp || gather) return texel;  // a float (Sema: SampleCmp* return float) / a 4-vector
      return texelToElement(texel, elem, r);
    }
    case I::TexCalcLod:
    case I::TexCalcLodUnclamped: {
      // OpImageQueryLod (DXC): component 0 is the clamped level of detail, 1 the unclamped.
      if (s.storage || s.ms || s.dim == ir::ImageDim::Buffer) break;
      std::optional<GlobalRef> sref = samplerRef(-1);
      Handle<Expression> coord = expr(c->args[1]);
      f.setRange(r);
      Handle<Expression> img = resourceValue(ref), smp = resourceValue(*sref);
      return f.imageQueryLod(img, smp, coord, id == I::TexCalcLodUnclamped);
    }
    case I::BabLoad: {  // Load(location): the object's type tells it from ByteAddressBuffer.Load
      // Load(location[, sampleIndex (multisampled)][, offset (sampled)][, out uint status]):
      // OpImageFetch (Lod or Sample, ConstOffset) / OpImageRead, the OpImageSparse* forms with
      // a status (DXC). Sampled textures: the location's last component is the mip level.
      if (s.dim == ir::ImageDim::Cube) break;
      size_t n = c->args.size(), fixed = s.ms ? 2 : 1, i = fixed;
      Handle<Expression> loc = expr(c->args[0]), sample;
      if (s.ms) sample = expr(c->args[1]);
      Handle<ir::Constant> offset;
      if (!s.storage && s.dim != ir::ImageDim::Buffer && n > i) {
        Handle<Expression> unused;
        offset = texelOffset(c->args[i++], false, true, unused);
      }
      const ast::Expr* status = n > i ? c->args[i] : nullptr;
      f.setRange(r);
      Handle<Expression> coord = loc, lod = sample;
      if (!s.ms && !s.storage && s.dim != ir::ImageDim::Buffer) {
        // Sampled textures: the last component is the mip level.
        uint32_t k = s.coords;
        lod = f.accessIndex(loc, k);
        if (k == 1)
          coord = f.accessIndex(loc, 0);
        else if (k == 2)
          coord = f.swizzle(loc, {0, 1});
        else
          coord = f.swizzle(loc, {0, 1, 2});
      }
      Handle<Expression> img = resourceValue(ref);
      Handle<Expression> texel = f.imageLoad(img, coord, lod, offset, status != nullptr);
      if (status) texel = sparseResult(texel, status);
      return texelToElement(texel, elem, r);
    }
    case I::GetDimensions: {
      // Multisampled: (w, h[, elements], samples) = OpImageQuerySize (no level) and
      // OpImageQuerySamples (DXC).
      size_t n = c->args.size();
      bool sampledMips = !s.storage && !s.ms && s.dim != ir::ImageDim::Buffer;
      bool withMip = sampledMips && n == s.sizes + 2;
      if (s.ms ? n != s.sizes + 1 : (n != s.sizes && !withMip))
        internal(r, "GetDimensions with an unexpected argument count");
      Handle<Expression> mip;
      size_t first = 0;
      if (withMip) {
        mip = expr(c->args[0]);
        first = 1;
      }
      f.setRange(r);
      Handle<Expression> img = resourceValue(ref);
      Handle<ir::Type> st =
          s.sizes == 1 ? m_->types.scalar(ir::Scalar::u32()) : m_->types.vector(ir::Scalar::u32(), s.sizes);
      Handle<Expression> size;
      if (sampledMips) {
        if (!mip.valid()) mip = f.u32(0);
        size = f.imageQuerySize(img, st, mip);
      } else {
        size = f.imageQuerySize(img, st);
      }
      auto storeOut = [&](const ast::Expr* arg, Handle<Expression> v) {
        LValue lv = lvalue(arg);
        Handle<ir::Type> want = irType(lv.type, arg->range);
        if (typeOf(v) != want) {
          std::optional<ir::Scalar> ws = ir::scalarOf(m_->types, want);
          if (!ws) internal(arg->range, "GetDimensions output of a non-numeric type");
          v = f.convert(v, *ws);
        }
        store(lv, v, arg->range);
      };
      for (uint32_t i = 0; i < s.sizes; ++i) storeOut(c->args[first + i], s.sizes == 1 ? size : f.accessIndex(size, i));
      if (withMip) storeOut(c->args[n - 1], f.imageQueryLevels(img));
      if (s.ms) storeOut(c->args[n - 1], f.imageQuerySamples(img));
      return {};
    }
    case I::TexSubpassLoad: {
      // DXC: OpImageRead at the int2 (0, 0) offset from the fragment's own position, with the
      // sample of a multisampled one; the element's leading components of the texel.
      if (s.dim != ir::ImageDim::SubpassData) break;
      Handle<Expression> sample;
      if (s.ms) sample = expr(c->args[0]);
      f.setRange(r);
      Handle<Expression> img = resourceValue(ref);
      Handle<Expression> origin = f.compose(m_->types.vector(ir::Scalar::i32(), 2), {f.i32(0), f.i32(0)});
      return texelToElement(f.imageLoad(img, origin, sample), elem, r);
    }
    case I::TexGetSamplePosition: {
      // DXC (SPIR-V.rst): the standard sample positions of Direct3D for 2, 4, 8 and 16
      // samples, in sixteenths of a pixel from its centre, picked by the texture's sample
      // count (OpImageQuerySamples); (0, 0) for any other count. Here one select per
      // position, so every target shares it and no table variable is needed; an index past
      // the count gives (0, 0) where DXC reads outside its table.
      if (!s.ms) break;
      static const int8_t k2[] = {4, 4, -4, -4};
      static const int8_t k4[] = {-2, -6, 6, -2, -6, 2, 2, 6};
      static const int8_t k8[] = {1, -3, -1, 3, 5, 1, -3, -5, -5, 5, -7, -1, 3, 7, 7, -7};
      static const int8_t k16[] = {1,  1, -1, -3, -3, 2,  4,  -1, -5, -2, 2, 5,  5, 3, 3,  -5,
                                   -2, 6, 0,  -7, -4, -6, -6, 4,  -8, 0,  7, -4, 6, 7, -7, -8};
      struct Pattern {
        uint32_t count;
        const int8_t* xy;
      } patterns[] = {{2, k2}, {4, k4}, {8, k8}, {16, k16}};
      Handle<Expression> index = expr(c->args[0]);
      f.setRange(r);
      Handle<Expression> img = resourceValue(ref);
      Handle<Expression> count = f.imageQuerySamples(img);
      Handle<ir::Type> v2 = m_->types.vector(ir::Scalar::f32(), 2);
      Handle<Expression> pos = f.zero(v2);
      for (const Pattern& p : patterns) {
        Handle<Expression> isCount = f.binary(ir::BinaryOp::Equal, count, f.u32(p.count));
        for (uint32_t i = 0; i < p.count; ++i) {
          Handle<Expression> at =
              f.binary(ir::BinaryOp::LogicalAnd, isCount, f.binary(ir::BinaryOp::Equal, index, f.i32(int32_t(i))));
          Handle<Expression> xy = f.compose(v2, {f.f32(p.xy[2 * i] / 16.0f), f.f32(p.xy[2 * i + 1] / 16.0f)});
          pos = f.select(at, xy, pos);
        }
      }
      return pos;
    }
    default: break;
  }
  unsupported(r, what);
}

}  // namespace oneshader::lower
