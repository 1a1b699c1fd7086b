// WGSL writer: function bodies. Pointer expressions become WGSL reference expressions
// (text such as `Values[i].x`); value expressions become `let` declarations at their
// Emit point, or are written inline at their single use when they are pure.
#include <algorithm>
#include <functional>

#include "backend/common/locals.hpp"
#include "backend/wgsl/writer.hpp"
#include "ir/atomics.hpp"
#include "ir/subgroups.hpp"

namespace oneshader::wgsl {

using namespace oneshader::ir;

namespace {
// WGSL statement behaviours (WGSL spec, "Behavior Analysis").
enum : uint8_t { BNext = 1, BReturn = 2, BBreak = 4, BContinue = 8 };
}  // namespace

class FunctionWriter {
 public:
  FunctionWriter(Writer& w, uint32_t fi)
      : w_(w),
        f_(w.m_.functions[Handle<Function>(fi)]),
        entry_(fi == w.ep_.function.index),
        names_(isWgslReserved, &w.names_),
        locals_(w.m_, f_, text_, [this](Handle<Expression> h, const std::string& t) { return bind(h, t); }) {}
  std::string run();

 private:
  Writer& w_;
  const Function& f_;
  bool entry_;
  std::string out_;
  int indent_ = 1;
  Namer names_;
  std::vector<std::string> text_;  // per expression: let name, inline text or reference text
  std::vector<uint32_t> uses_;     // per expression
  std::vector<std::string> localNames_;
  std::string valueTypeName(Handle<Type> irType, bool uniform);
  std::vector<std::string> storeText(Handle<Expression> ptr, const std::string& value);
  SourceRange range_;
  // Readable output (backend/common/locals.hpp): where each local is declared, and the
  // values waiting for their one use.
  text::FunctionLocals locals_;
  // `let _eN = text;` here; the name.
  std::string bind(Handle<Expression> h, const std::string& text);

  const Expression& ex(Handle<Expression> h) const { return f_.expressions[h]; }
  const TypeArena& types() { return w_.types_; }
  const Type& typeOf(Handle<Expression> h) { return w_.types_[ex(h).type]; }
  std::string ty(Handle<Type> t) { return w_.typeName(t); }
  void line(const std::string& s) {
    out_.append(size_t(indent_) * 2, ' ');
    out_ += s;
    out_ += '\n';
  }
  void unsupported(const std::string& what) { w_.unsupported(what, range_); }
  std::string v(Handle<Expression> h);
  std::string ref(Handle<Expression> h) { return v(h); }
  // A pointer to an Atomic (passes::atomicTypes): loads and stores through it are atomic.
  bool toAtomic(Handle<Expression> ptr);
  void countUses();
  void evaluate(Handle<Expression> h);
  std::string exprText(Handle<Expression> h, bool& pure);
  std::string binary(const Expression& x);
  std::string math(const Expression& x);
  std::string image(const Expression& x);
  // ImageSample (image()): `split` separates an arrayed coordinate and its layer, `texel` turns
  // a WGSL read (f32 when scalar) into the IR's type.
  using SplitFn = std::function<void(Handle<Expression>, bool, std::string&, std::string&)>;
  using TexelFn = std::function<std::string(const std::string&, bool)>;
  std::string sample(const Expression& x, const ImageInfo& info, const std::string& img, bool depth,
                     const SplitFn& split, const TexelFn& texel);
  std::string gather(const Expression& x, const ImageInfo& info, const std::string& img, bool depth,
                     const std::string& c, const std::string& layer);
  std::string typedBuffer(const Expression& x, const std::string& buf);
  std::string splat(const std::string& s, Handle<Type> vecType);
  void inlineOrBind(Handle<Expression> h, const std::string& text);
  uint8_t block(Handle<Block> b);
  uint8_t statement(Handle<Statement> s);
  void subgroup(const Statement& s);
  void atomic(const Statement& s);
  std::string resultZero();
};

// ---------------------------------------------------------------- helpers

std::string FunctionWriter::v(Handle<Expression> h) {
  if (!f_.expressions.contains(h)) {
    w_.error(DiagId::InternalError, range_, {"wgsl: expression handle out of range"});
    return "0";
  }
  const Expression& x = ex(h);
  switch (x.kind) {
    case ExprKind::Literal: return w_.literal(x.literal);
    case ExprKind::Constant: return w_.constant(x.constant);
    case ExprKind::ZeroValue: return w_.zeroValue(x.type);
    default: break;
  }
  if (text_[h.index].empty()) {
    if (!w_.failed_)
      w_.error(DiagId::InternalError, f_.exprRange(h),
               {"wgsl: expression %" + std::to_string(h.index) + " (kind " + std::to_string(int(x.kind)) +
                ") used before it is evaluated"});
    return "0";
  }
  return locals_.use(h);
}

std::string FunctionWriter::bind(Handle<Expression> h, const std::string& text) {
  std::string n = names_.make("_e" + std::to_string(h.index));
  line("let " + n + " = " + text + ";");
  return n;
}

bool FunctionWriter::toAtomic(Handle<Expression> ptr) {
  const Type& pt = typeOf(ptr);
  return pt.kind == TypeKind::Pointer && types()[pt.base].kind == TypeKind::Atomic;
}

std::string FunctionWriter::splat(const std::string& s, Handle<Type> vecType) {
  const Type& t = types()[vecType];
  if (t.kind != TypeKind::Vector) return s;
  return ty(vecType) + "(" + s + ")";
}

void FunctionWriter::countUses() { uses_ = countExpressionUses(f_); }

// The statement(s) storing `value` through `ptr`.
std::vector<std::string> FunctionWriter::storeText(Handle<Expression> ptr, const std::string& value) {
  return {ref(ptr) + " = " + value + ";"};
}

// The WGSL type of a value of IR type `irType` (arrays without their stride; structs as the
// laid-out struct of that address space).
std::string FunctionWriter::valueTypeName(Handle<Type> irType, bool uniform) {
  const Type t = types()[irType];
  if (t.kind == TypeKind::Array) {
    std::string e = valueTypeName(t.base, uniform);
    return t.arraySize ? "array<" + e + ", " + std::to_string(t.arraySize) + ">" : "array<" + e + ">";
  }
  if (t.kind == TypeKind::Struct) return w_.typeName(irType, uniform);
  return w_.typeName(irType);
}

void FunctionWriter::inlineOrBind(Handle<Expression> h, const std::string& text) {
  // A pure value used once is written at its use, unless its text is already long: every
  // enclosing expression would copy it again, so a chain of N nested operations would
  // print (and hold) O(N^2) characters; a `let` keeps the output linear. A value whose text
  // holds pending reads waits as they did (FunctionLocals::inlineValue).
  if (uses_[h.index] == 0 || (uses_[h.index] == 1 && text.size() <= text::kMaxInlineText))
    locals_.inlineValue(h, text, uses_[h.index]);
  else
    text_[h.index] = bind(h, text);
}

// ---------------------------------------------------------------- expressions

std::string FunctionWriter::binary(const Expression& x) {
  BinaryOp op = BinaryOp(x.op);
  const Type A = typeOf(x.a), B = typeOf(x.b);
  std::string a = v(x.a), b = v(x.b);
  bool bl = A.kind != TypeKind::Matrix && A.scalar.kind == ScalarKind::Bool;
  bool vecA = A.kind == TypeKind::Vector, vecB = B.kind == TypeKind::Vector;
  bool arith = op == BinaryOp::Add || op == BinaryOp::Subtract || op == BinaryOp::Multiply || op == BinaryOp::Divide ||
               op == BinaryOp::Modulo;
  bool shift = op == BinaryOp::ShiftLeft || op == BinaryOp::ShiftRight;
  if (shift) {
    // The shift amount is u32 (or vecN<u32>) in WGSL.
    Handle<Type> amountT = vecA ? w_.types_.vector(Scalar::u32(), A.size) : w_.types_.scalar(Scalar::u32());
    if (B.scalar.kind != ScalarKind::Uint || (vecA && !vecB)) b = ty(amountT) + "(" + b + ")";
  } else if (!arith) {
    // Comparisons and bitwise operators take operands of one shape.
    if (vecA && !vecB) b = splat(b, ex(x.a).type);
    if (vecB && !vecA) a = splat(a, ex(x.b).type);
  }
  const char* o = binaryInfo(op).token;
  if (bl && op == BinaryOp::ExclusiveOr) o = "!=";
  if ((vecA || vecB) && op == BinaryOp::LogicalAnd) o = "&";
  if ((vecA || vecB) && op == BinaryOp::LogicalOr) o = "|";
  return "(" + a + " " + o + " " + b + ")";
}

std::string FunctionWriter::math(const Expression& x) {
  MathFunction fn = MathFunction(x.op);
  Handle<Type> at = ex(x.a).type;
  Scalar s = scalarOf(types(), at).value_or(Scalar::f32());
  bool fl = s.kind == ScalarKind::Float;
  std::string a = v(x.a);
  std::string b = x.b.valid() ? v(x.b) : "", c = x.c.valid() ? v(x.c) : "";
  auto call = [&](const char* n) {
    std::string r = std::string(n) + "(" + a;
    if (x.b.valid()) r += ", " + b;
    if (x.c.valid()) r += ", " + c;
    return r + ")";
  };
  // What WGSL has no one built-in for; every other row is math.def's WGSL spelling.
  switch (fn) {
    case MathFunction::Saturate:
      if (fl) break;
      return "clamp(" + a + ", " + splat(s.kind == ScalarKind::Sint ? "0i" : "0u", at) + ", " +
             splat(s.kind == ScalarKind::Sint ? "1i" : "1u", at) + ")";
    case MathFunction::Mad:
      if (fl) break;
      return "((" + a + " * " + b + ") + " + c + ")";
    case MathFunction::Ldexp: {
      const Type& bt = typeOf(x.b);
      if (bt.scalar.kind != ScalarKind::Sint)
        b = w_.typeName(withScalar(w_.types_, ex(x.b).type, Scalar::i32())) + "(" + b + ")";
      return "ldexp(" + a + ", " + b + ")";
    }
    // Modf / Frexp: the IR's result struct (ir.hpp, "Modf and Frexp") is WGSL's own
    // __modf_result* / __frexp_result*: members fract/whole and fract/exp.
    default: break;
  }
  if (*mathInfo(fn).wgsl) return call(mathInfo(fn).wgsl);
  unsupported(std::string("math function '") + mathFunctionName(fn) + "'");
  return a;
}

std::string FunctionWriter::image(const Expression& x) {
  const Type& it = typeOf(x.a);
  const ImageInfo& info = it.image;
  std::string img = v(x.a);
  if (info.dim == ImageDim::Buffer) return typedBuffer(x, img);
  // Arrayed textures take the layer as a separate argument in WGSL.
  auto split = [&](Handle<Expression> coord, bool roundLayer, std::string& c, std::string& layer) {
    std::string t = v(coord);
    const Type& ct = typeOf(coord);
    c = t;
    if (!info.arrayed || ct.kind != TypeKind::Vector) return;
    static const char* sw[] = {"", "x", "xy", "xyz"};
    const char* comp = "xyzw";
    c = t + "." + sw[ct.size - 1];
    std::string l = t + "." + comp[ct.size - 1];
    layer = roundLayer ? "i32(round(" + l + "))" : l;
  };
  // A texture read with a comparison sampler is a texture_depth_* (passes::depthTextures):
  // its textureSample/Level/Load give the f32 depth, which stands for the texel (d, 0, 0, 1).
  bool depth = info.cls == ImageClass::Depth;
  auto texel = [&](const std::string& r, bool scalarResult) -> std::string {
    const Type& rt = types()[x.type];
    if (scalarResult) {
      if (rt.kind != TypeKind::Vector) return r;
      std::string s = ty(x.type) + "(" + r;
      static const char* rest[] = {", 0.0f", ", 0.0f", ", 1.0f"};
      for (uint32_t k = 1; k < rt.size; ++k) s += rest[k - 1];
      return s + ")";
    }
    // WGSL returns vec4; the IR's type may have fewer components.
    if (rt.kind == TypeKind::Scalar) return r + ".x";
    if (rt.kind == TypeKind::Vector && rt.size < 4) return r + (rt.size == 2 ? ".xy" : ".xyz");
    return r;
  };
  switch (x.kind) {
    case ExprKind::ImageSample: return sample(x, info, img, depth, split, texel);
    case ExprKind::ImageLoad: {
      if (x.sparse) {
        unsupported("a Load with a status argument (WGSL has no sparse residency)");
        return texel("vec4<f32>()", false);
      }
      std::string c, layer;
      split(x.b, false, c, layer);
      // A Load's texel offset: textureLoad has none, so it is added to the integer
      // coordinate, which is what SPIR-V's ConstOffset does.
      if (x.offset.valid()) c = "(" + c + " + " + w_.constant(x.offset) + ")";
      std::string args = img + ", " + c + (layer.empty() ? "" : ", " + layer);
      if (info.cls != ImageClass::Storage) args += ", " + (x.c.valid() ? v(x.c) : std::string("0"));
      return texel("textureLoad(" + args + ")", depth);
    }
    case ExprKind::ImageQuerySize: {
      std::string d = "textureDimensions(" + img + (x.b.valid() ? ", " + v(x.b) : "") + ")";
      if (!info.arrayed) return d;
      const Type& rt = types()[x.type];
      return ty(x.type) + "(" + d + ", textureNumLayers(" + img + "))" + (rt.kind == TypeKind::Vector ? "" : "");
    }
    case ExprKind::ImageQueryLevels: return "textureNumLevels(" + img + ")";
    case ExprKind::ImageQuerySamples: return "textureNumSamples(" + img + ")";
    default: break;
  }
  return img;
}

// ImageSample by kind (ir.hpp SampleKind): the WGSL builtin, its extra operands, then the
// offset, which WGSL wants as a const-expression vec2<i32> / vec3<i32> last argument.
std::string FunctionWriter::sample(const Expression& x, const ImageInfo& info, const std::string& img, bool depth,
                                   const SplitFn& split, const TexelFn& texel) {
  static const char* hlsl[] = {
      "Sample",        "SampleLevel",   "SampleBias",     "SampleGrad", "SampleCmp", "SampleCmpLevelZero",
      "SampleCmpBias", "SampleCmpGrad", "SampleCmpLevel", "Gather",     "GatherCmp"};
  const char* method = hlsl[uint32_t(x.sample)];
  bool cmp = sampleIsCompare(x.sample);
  if (x.sparse) {
    unsupported(std::string("a ") + method + " with a status argument (WGSL has no sparse residency)");
    return "0";
  }
  if (x.minLod.valid()) {
    unsupported(std::string("a ") + method + " with a clamp argument (WGSL has no minimum level of detail operand)");
    return "0";
  }
  if (x.sample == SampleKind::CompareBias || x.sample == SampleKind::CompareGrad ||
      x.sample == SampleKind::CompareLevel) {
    unsupported(std::string("a ") + method +
                " (WGSL compares with an implicit level of detail or at level 0 only: textureSampleCompare, "
                "textureSampleCompareLevel)");
    return "0.0f";
  }
  if (cmp && !depth) {
    // passes::depthTextures kept the plain texture type: WGSL has no such depth texture.
    if (info.dim == ImageDim::D1 || info.dim == ImageDim::D3)
      unsupported(std::string("a ") + method + " of a " + (info.dim == ImageDim::D1 ? "1D" : "3D") +
                  " texture (WGSL depth textures are 2D, 2D array, cube or cube array)");
    else
      unsupported(std::string("a ") + method + " of a texture whose elements are not 32-bit floats");
    return "0.0f";
  }
  if (depth && (x.sample == SampleKind::Bias || x.sample == SampleKind::Grad)) {
    // textureSampleBias / textureSampleGrad have no texture_depth_* forms.
    unsupported(std::string("a ") + method + " of a texture that is also sampled with a comparison sampler");
    return texel("0.0f", true);
  }
  if (info.dim == ImageDim::D1 && x.sample != SampleKind::Implicit) {
    // WGSL's texture_1d has textureSample only (WebGPU 1D textures have one mip level).
    unsupported(std::string("a ") + method + " of a 1D texture (WGSL samples 1D textures with textureSample only)");
    return texel("vec4<f32>()", false);
  }
  std::string c, layer;
  split(x.c, true, c, layer);
  if (sampleIsGather(x.sample)) return gather(x, info, img, depth, c, layer);
  std::string off;
  if (x.offset.valid()) {
    const Constant& k = w_.m_.constants[x.offset];
    const Type& kt = types()[k.type];
    if (info.dim == ImageDim::Cube) {
      unsupported(std::string("a ") + method + " of a cube texture with a texel offset");
    } else if (info.dim == ImageDim::D1) {
      // No offset form for texture_1d: WebGPU 1D textures have exactly one mip level, so the
      // offset in texels is a fixed step of offset / width in the normalized coordinate
      // (Vulkan adds ConstOffset to the unnormalized texel coordinate u * width).
      c = "(" + c + " + f32(" + w_.constant(x.offset) + ") / f32(textureDimensions(" + img + ")))";
    } else {
      off = w_.constant(x.offset);
      bool i32 = kt.scalar.kind == ScalarKind::Sint && kt.scalar.width == 32;
      if (!i32)
        off = (kt.kind == TypeKind::Vector ? "vec" + std::to_string(kt.size) + "<i32>" : std::string("i32")) + "(" +
              off + ")";
    }
  }
  std::string args = img + ", " + v(x.b) + ", " + c + (layer.empty() ? "" : ", " + layer);
  std::string tail = off.empty() ? ")" : ", " + off + ")";
  switch (x.sample) {
    case SampleKind::Implicit: return texel("textureSample(" + args + tail, depth);
    case SampleKind::Level: {
      std::string lod = v(x.d);
      if (depth) lod = "i32(" + lod + ")";  // depth textures take an integer level
      return texel("textureSampleLevel(" + args + ", " + lod + tail, depth);
    }
    case SampleKind::Bias: return texel("textureSampleBias(" + args + ", " + v(x.bias) + tail, false);
    case SampleKind::Grad:
      return texel("textureSampleGrad(" + args + ", " + v(x.gradX) + ", " + v(x.gradY) + tail, false);
    case SampleKind::Compare: return "textureSampleCompare(" + args + ", " + v(x.depthRef) + tail;
    case SampleKind::CompareLevelZero: return "textureSampleCompareLevel(" + args + ", " + v(x.depthRef) + tail;
    default: break;
  }
  return "0.0f";
}

// Gather / GatherCompare: textureGather(component, t, s, coords[, layer][, offset]) (no
// component for texture_depth_*: it gathers the depth, and the other components of a depth
// texel (d, 0, 0, 1) are constants) and textureGatherCompare(t, s, coords[, layer], ref[,
// offset]). WGSL offsets are const-expressions; four offsets are four gathers: texel i is
// texel i0j0 (w) of the i-th, as SPIR-V's ConstOffsets (Vulkan "Texel Gathering").
std::string FunctionWriter::gather(const Expression& x, const ImageInfo& info, const std::string& img, bool depth,
                                   const std::string& c, const std::string& layer) {
  bool compare = x.sample == SampleKind::GatherCompare;
  const char* method = compare ? "GatherCmp" : "Gather";
  std::string tn = ty(x.type);
  if (info.dim != ImageDim::D2 && info.dim != ImageDim::Cube) {
    unsupported(std::string("a ") + method + " of this texture");
    return tn + "()";
  }
  if (compare && !depth) {
    unsupported(std::string("a ") + method + " of a texture whose elements are not 32-bit floats");
    return tn + "()";
  }
  if (x.dynOffset.valid()) {
    unsupported(std::string("a ") + method +
                " with a texel offset that is not a constant (WGSL offsets are const-expressions)");
    return tn + "()";
  }
  if (depth && !compare && x.index != 0) return tn + (x.index == 3 ? "(1.0f)" : "(0.0f)");
  auto offsetText = [&](Handle<Constant> k) {
    std::string off = w_.constant(k);
    const Type& kt = types()[w_.m_.constants[k].type];
    if (kt.scalar.kind != ScalarKind::Sint || kt.scalar.width != 32) off = "vec2<i32>(" + off + ")";
    return off;
  };
  auto one = [&](const std::string& off) {
    std::string r = compare ? "textureGatherCompare(" : "textureGather(";
    if (!compare && !depth) r += std::to_string(x.index) + ", ";
    r += img + ", " + v(x.b) + ", " + c + (layer.empty() ? "" : ", " + layer);
    if (compare) r += ", " + v(x.depthRef);
    if (!off.empty()) r += ", " + off;
    return r + ")";
  };
  if (!x.offset.valid()) return one("");
  const Constant& k = w_.m_.constants[x.offset];
  if (types()[k.type].kind != TypeKind::Array) return one(offsetText(x.offset));
  std::string r = tn + "(";
  for (uint32_t i = 0; i < 4; ++i)
    r += (i ? ", " : "") + one(offsetText(w_.m_.constantComponents[k.components.first + i])) + ".w";
  return r + ")";
}

// Buffer<T> / RWBuffer<T> as a storage buffer array<T> (Writer::typedBufferElement): a texel
// is the element padded to four components with (0, 0, 1) like a texel fetch; 3-component
// elements are three consecutive scalars.
std::string FunctionWriter::typedBuffer(const Expression& x, const std::string& buf) {
  const ImageInfo& info = typeOf(x.a).image;
  uint32_t n = Writer::typedBufferComponents(info);
  std::string sc = w_.scalarName(info.sampled);
  auto lit = [&](int k) {
    return info.sampled.kind == ScalarKind::Float  ? std::to_string(k) + ".0f"
           : info.sampled.kind == ScalarKind::Sint ? std::to_string(k) + "i"
                                                   : std::to_string(k) + "u";
  };
  switch (x.kind) {
    case ExprKind::ImageLoad: {
      std::string i = "u32(" + v(x.b) + ")";
      std::string vt = "vec4<" + sc + ">(";
      switch (n) {
        case 1: return vt + buf + "[" + i + "], " + lit(0) + ", " + lit(0) + ", " + lit(1) + ")";
        case 2: return vt + buf + "[" + i + "], " + lit(0) + ", " + lit(1) + ")";
        case 3:
          return vt + buf + "[3u * " + i + "], " + buf + "[3u * " + i + " + 1u], " + buf + "[3u * " + i + " + 2u], " +
                 lit(1) + ")";
        default: return buf + "[" + i + "]";
      }
    }
    case ExprKind::ImageQuerySize: return n == 3 ? "(arrayLength(&" + buf + ") / 3u)" : "arrayLength(&" + buf + ")";
    default: unsupported("this query of a typed buffer"); return "0u";
  }
}

std::string FunctionWriter::exprText(Handle<Expression> h, bool& pure) {
  const Expression& x = ex(h);
  pure = true;
  switch (x.kind) {
    case ExprKind::Compose: {
      // Array values are plain, whatever stride the IR type has.
      std::string s = (types()[x.type].kind == TypeKind::Array ? valueTypeName(x.type, false) : ty(x.type)) + "(";
      for (uint32_t k = 0; k < x.operands.count; ++k) {
        if (k) s += ", ";
        s += v(f_.operands[x.operands.first + k]);
      }
      return s + ")";
    }
    case ExprKind::Splat: return ty(x.type) + "(" + v(x.a) + ")";
    case ExprKind::Swizzle: {
      const char* comp = "xyzw";
      uint32_t n = types()[x.type].kind == TypeKind::Vector ? types()[x.type].size : 1;
      std::string s = v(x.a) + ".";
      for (uint32_t i = 0; i < n; ++i) s += comp[swizzleComponent(x.index, i)];
      return s;
    }
    case ExprKind::Access: return v(x.a) + "[" + v(x.b) + "]";
    case ExprKind::AccessIndex: {
      if (const Expression& base = ex(x.a);
          base.kind == ExprKind::Math &&
          (MathFunction(base.op) == MathFunction::Modf || MathFunction(base.op) == MathFunction::Frexp))
        return v(x.a) + (x.index == 0 ? ".fract" : MathFunction(base.op) == MathFunction::Modf ? ".whole" : ".exp");
      const Type& bt = typeOf(x.a);
      const Type& t = bt.kind == TypeKind::Pointer ? types()[bt.base] : bt;
      if (bt.kind == TypeKind::Pointer && ex(x.a).kind == ExprKind::GlobalVariable &&
          w_.unwrapped_[ex(x.a).global.index])
        return v(x.a);  // block { T data[]; } is written as the bare array
      if (t.kind == TypeKind::Struct) {
        Handle<Type> st = bt.kind == TypeKind::Pointer ? bt.base : ex(x.a).type;
        const auto& names = w_.memberNames(st);
        return v(x.a) + "." + (x.index < names.size() ? names[x.index] : std::string("?"));
      }
      if (t.kind == TypeKind::Vector && x.index < 4) return v(x.a) + "." + "xyzw"[x.index];
      return v(x.a) + "[" + std::to_string(x.index) + "]";
    }
    case ExprKind::Load:
      pure = false;
      if (toAtomic(x.a)) return "atomicLoad(&" + ref(x.a) + ")";
      return ref(x.a);
    case ExprKind::Unary: {
      const Type& t = types()[x.type];
      bool bl = t.kind != TypeKind::Matrix && t.scalar.kind == ScalarKind::Bool;
      UnaryOp op = UnaryOp(x.op);
      return std::string("(") + (bl && op == UnaryOp::BitwiseNot ? "!" : unaryInfo(op).token) + v(x.a) + ")";
    }
    case ExprKind::Binary: return binary(x);
    case ExprKind::Select: return "select(" + v(x.c) + ", " + v(x.b) + ", " + v(x.a) + ")";
    case ExprKind::Convert: {
      auto from = scalarOf(types(), ex(x.a).type), to = scalarOf(types(), x.type);
      if (from && to && *from == *to) return v(x.a);
      return ty(x.type) + "(" + v(x.a) + ")";
    }
    case ExprKind::Bitcast: return "bitcast<" + ty(x.type) + ">(" + v(x.a) + ")";
    case ExprKind::Math: return math(x);
    case ExprKind::Relational: {
      bool vec = typeOf(x.a).kind == TypeKind::Vector;
      std::string a = v(x.a);
      switch (RelationalFunction(x.op)) {
        case RelationalFunction::All: return vec ? "all(" + a + ")" : a;
        case RelationalFunction::Any: return vec ? "any(" + a + ")" : a;
        case RelationalFunction::IsNan:
        case RelationalFunction::IsInf: {
          // Tested on the f32 bits (an f16 value converted exactly first): exponent all ones
          // with a non-zero (NaN) or zero (infinity) fraction. WGSL lets an implementation
          // assume no NaN or infinity in arithmetic (`x != x` folds to false) and has no
          // constant infinity.
          const Type& t = typeOf(x.a);
          std::string f32v = t.scalar.width == 32 ? a
                             : vec                ? "vec" + std::to_string(t.size) + "<f32>(" + a + ")"
                                                  : "f32(" + a + ")";
          std::string u = vec ? "vec" + std::to_string(t.size) + "<u32>" : "u32";
          std::string mask = vec ? u + "(0x7fffffffu)" : "0x7fffffffu", inf = vec ? u + "(0x7f800000u)" : "0x7f800000u";
          bool nan = RelationalFunction(x.op) == RelationalFunction::IsNan;
          return "((bitcast<" + u + ">(" + f32v + ") & " + mask + ")" + (nan ? " > " : " == ") + inf + ")";
        }
      }
      return a;
    }
    case ExprKind::ArrayLength: pure = false; return "arrayLength(&" + ref(x.a) + ")";
    case ExprKind::ImageSample:
    case ExprKind::ImageLoad:
    case ExprKind::ImageQuerySize:
    case ExprKind::ImageQueryLevels:
    case ExprKind::ImageQuerySamples: pure = false; return image(x);
    case ExprKind::ImageQueryLod:
      unsupported(std::string("a ") + (x.index ? "CalculateLevelOfDetailUnclamped" : "CalculateLevelOfDetail") +
                  " (WGSL has no level of detail query)");
      return "0.0f";
    case ExprKind::ImageSparseResident:
      unsupported("CheckAccessFullyMapped (WGSL has no sparse residency)");
      return "false";
    default: break;
  }
  return "0";
}

void FunctionWriter::evaluate(Handle<Expression> h) {
  const Expression& x = ex(h);
  range_ = f_.exprRange(h);
  w_.curRange_ = range_;
  if (auto sc = scalarOf(types(), x.type); sc && sc->width == 64) {
    unsupported("64-bit types");
    return;
  }
  bool isPtr = types()[x.type].kind == TypeKind::Pointer;
  locals_.beforeExpression(h);
  bool pure = true;
  std::string t = exprText(h, pure);
  // A load of a local declared at its only store is its name; a load of another local or
  // of read-only memory used once waits for its use (of writable memory, an atomicLoad
  // included, only for the store that declares a local); an unused one is not written.
  if (x.kind == ExprKind::Load && typeOf(x.a).kind == TypeKind::Pointer &&
      t == (toAtomic(x.a) ? "atomicLoad(&" + ref(x.a) + ")" : ref(x.a)) && locals_.load(h, x.a, t, uses_[h.index]))
    return;
  if (isPtr) {
    // References are written where they are used.
    text_[h.index] = t;
    return;
  }
  if (!pure && uses_[h.index] == 0) {
    if (x.kind == ExprKind::Load || x.kind == ExprKind::ArrayLength || x.kind == ExprKind::ImageQuerySize ||
        x.kind == ExprKind::ImageQueryLevels || x.kind == ExprKind::ImageQuerySamples || x.kind == ExprKind::ImageLoad)
      return;  // nothing observable
  }
  if (pure)
    inlineOrBind(h, t);
  else
    text_[h.index] = bind(h, t);
}

// ---------------------------------------------------------------- statements

uint8_t FunctionWriter::block(Handle<Block> b) {
  if (!f_.blocks.contains(b)) return BNext;
  uint8_t acc = BNext;
  for (Handle<Statement> s : f_.blocks[b].stmts) {
    if (!(acc & BNext)) break;  // unreachable: WGSL would warn about it
    uint8_t bs = statement(s);
    acc = uint8_t((acc & ~BNext) | bs);
  }
  locals_.endBlock(acc & BNext);
  return acc;
}

std::string FunctionWriter::resultZero() {
  if (!f_.result) return "";
  return " " + w_.zeroValue(f_.result->type);
}

void FunctionWriter::atomic(const Statement& s) {
  const Type& pt = typeOf(s.a);
  Scalar sc = scalarOf(types(), pt.base).value_or(Scalar::u32());
  if (sc.width != 32 || !sc.isInteger()) {
    unsupported(sc.width == 64 ? "64-bit types" : "atomic operations on non-32-bit-integer values");
    return;
  }
  std::string p = "&" + ref(s.a), val = v(s.b);
  const char* fn = atomicInfo(AtomicOp(s.op)).wgsl;
  if (AtomicOp(s.op) == AtomicOp::CompareExchange) {
    // HLSL's compare-exchange is strong; WGSL's may fail spuriously: retry until it
    // either exchanged or saw a different value.
    std::string cmp = v(s.c);
    std::string old = names_.make(s.result.valid() ? "_e" + std::to_string(s.result.index) : "_old");
    line("var " + old + ": " + w_.scalarName(sc) + ";");
    line("loop {");
    ++indent_;
    std::string r = names_.make("_cx");
    line("let " + r + " = " + fn + "(" + p + ", " + cmp + ", " + val + ");");
    line("if " + r + ".exchanged || " + r + ".old_value != " + cmp + " {");
    ++indent_;
    line(old + " = " + r + ".old_value;");
    line("break;");
    --indent_;
    line("}");
    --indent_;
    line("}");
    if (s.result.valid()) text_[s.result.index] = old;
    return;
  }
  std::string call = std::string(fn) + "(" + p + ", " + val + ")";
  if (!s.result.valid() || !locals_.result(s.result, call, uses_[s.result.index])) line(call + ";");
}

uint8_t FunctionWriter::statement(Handle<Statement> hs) {
  const Statement& s = f_.statements[hs];
  range_ = f_.stmtRange(hs);
  w_.curRange_ = range_;
  if (s.kind != StmtKind::Emit) locals_.beforeStatement(hs);
  switch (s.kind) {
    case StmtKind::Emit: forEachEmitted(f_, s, [&](Handle<Expression> h) { evaluate(h); }); return BNext;
    case StmtKind::Block: {
      line("{");
      ++indent_;
      uint8_t b = block(s.block0);
      --indent_;
      line("}");
      return b;
    }
    case StmtKind::If: {
      line("if " + v(s.a) + " {");
      ++indent_;
      uint8_t b0 = block(s.block0);
      --indent_;
      uint8_t b1 = BNext;
      if (s.block1.valid() && !f_.blocks[s.block1].stmts.empty()) {
        line("} else {");
        ++indent_;
        b1 = block(s.block1);
        --indent_;
      }
      line("}");
      return uint8_t(b0 | b1);
    }
    case StmtKind::Switch: {
      line("switch " + v(s.a) + " {");
      ++indent_;
      auto sel = scalarOf(types(), ex(s.a).type).value_or(Scalar::i32());
      bool hasDefault = false;
      uint8_t acc = 0;
      std::vector<std::string> pending;  // selectors of empty cases falling into the next
      for (uint32_t k = 0; k < s.range.count; ++k) {
        const SwitchCase& c = f_.cases[s.range.first + k];
        std::string selector = c.isDefault                    ? "default"
                               : sel.kind == ScalarKind::Uint ? std::to_string(uint32_t(c.value)) + "u"
                                                              : w_.literal(Literal::i32(int32_t(c.value)));
        if (selector.front() == '(') selector = selector.substr(1, selector.size() - 2);
        hasDefault |= c.isDefault;
        bool empty = !f_.blocks.contains(c.body) || f_.blocks[c.body].stmts.empty();
        if (c.fallThrough && empty && k + 1 < s.range.count) {
          pending.push_back(selector);
          continue;
        }
        std::string sels;
        for (const auto& p : pending) sels += p + ", ";
        sels += selector;
        pending.clear();
        line((sels == "default" ? std::string("default") : "case " + sels) + ": {");
        ++indent_;
        // A non-empty case that falls through: WGSL has no fallthrough, so the following
        // bodies are written again inside this case, each in its own block.
        uint8_t b = block(c.body);
        uint32_t depth = 0;
        for (uint32_t j = k; (b & BNext) && f_.cases[s.range.first + j].fallThrough && j + 1 < s.range.count; ++j) {
          line("{");
          ++indent_;
          ++depth;
          b = uint8_t((b & ~BNext) | block(f_.cases[s.range.first + j + 1].body));
        }
        for (; depth; --depth) {
          --indent_;
          line("}");
        }
        acc |= b;
        --indent_;
        line("}");
      }
      if (!hasDefault) {
        line("default: {");
        line("}");
        acc |= BNext;
      }
      --indent_;
      line("}");
      if (acc & BBreak) acc = uint8_t((acc & ~BBreak) | BNext);
      return acc;
    }
    case StmtKind::Loop: {
      line("loop {");
      ++indent_;
      uint8_t b = block(s.block0);
      bool hasCont = s.block1.valid() && !f_.blocks[s.block1].stmts.empty();
      if (hasCont || s.a.valid()) {
        line("continuing {");
        ++indent_;
        if (hasCont) block(s.block1);
        if (s.a.valid()) {
          range_ = f_.stmtRange(hs);
          line("break if " + v(s.a) + ";");
          b |= BBreak;
        }
        --indent_;
        line("}");
      }
      --indent_;
      line("}");
      uint8_t r = uint8_t(b & ~(BContinue | BNext));
      if (b & BBreak) r = uint8_t((r & ~BBreak) | BNext);
      return r;
    }
    case StmtKind::Break: line("break;"); return BBreak;
    case StmtKind::Continue: line("continue;"); return BContinue;
    case StmtKind::Return:
      if (s.a.valid())
        line("return " + v(s.a) + ";");
      else
        line("return;");
      return BReturn;
    case StmtKind::Kill:
      // WGSL's discard demotes to a helper invocation; HLSL's ends the invocation.
      line("discard;");
      line("return" + resultZero() + ";");
      return BReturn;
    case StmtKind::Store:
      if (int32_t d = locals_.declaredBy(hs); d >= 0) {
        // The local's declaration, with its first value (locals.hpp).
        uint32_t l = uint32_t(d);
        const Type& lt = types()[f_.locals[l].type];
        bool let = locals_.once(l) && (lt.kind == TypeKind::Scalar || lt.kind == TypeKind::Vector);
        line((let ? "let " : "var ") + localNames_[l] + " = " + v(s.b) + ";");
        return BNext;
      }
      if (toAtomic(s.a))
        line("atomicStore(&" + ref(s.a) + ", " + v(s.b) + ");");
      else
        for (const std::string& l : storeText(s.a, v(s.b))) line(l);
      return BNext;
    case StmtKind::ImageStore: {
      const Type& it = typeOf(s.a);
      if (it.kind == TypeKind::Image && it.image.dim == ImageDim::Buffer) {
        // RWBuffer<T>: the texel's first components are the element.
        uint32_t n = Writer::typedBufferComponents(it.image);
        std::string i = "u32(" + v(s.b) + ")", val = v(s.c), buf = v(s.a);
        if (n == 4)
          line(buf + "[" + i + "] = " + val + ";");
        else if (n == 1)
          line(buf + "[" + i + "] = " + val + ".x;");
        else if (n == 2)
          line(buf + "[" + i + "] = " + val + ".xy;");
        else {
          std::string tmp = names_.make("_texel"), j = names_.make("_j");
          line("let " + tmp + " = " + val + ";");
          line("let " + j + " = 3u * " + i + ";");
          for (uint32_t k = 0; k < 3; ++k)
            line(buf + "[" + j + " + " + std::to_string(k) + "u] = " + tmp + "." + "xyz"[k] + ";");
        }
        return BNext;
      }
      line("textureStore(" + v(s.a) + ", " + v(s.b) + ", " + v(s.c) + ");");
      return BNext;
    }
    case StmtKind::Call: {
      std::string c = w_.fnNames_[s.function.index] + "(";
      const Function& callee = w_.m_.functions[s.function];
      for (uint32_t k = 0; k < s.range.count; ++k) {
        if (k) c += ", ";
        Handle<Expression> a = f_.operands[s.range.first + k];
        bool ptrParam = k < callee.arguments.size() && types()[callee.arguments[k].type].kind == TypeKind::Pointer;
        c += ptrParam ? "&" + ref(a) : v(a);
      }
      c += ")";
      if (!s.result.valid() || !locals_.result(s.result, c, uses_[s.result.index])) line(c + ";");
      return BNext;
    }
    case StmtKind::Atomic: atomic(s); return BNext;
    case StmtKind::Barrier: {
      bool any = false;
      if (s.memory & BarrierUniform) line("storageBarrier();"), any = true;
      if ((s.memory & BarrierImage) && w_.usesStorageTextures_) line("textureBarrier();"), any = true;
      if ((s.memory & BarrierImage) && !(s.memory & BarrierUniform) && w_.usesTypedBuffers_)
        line("storageBarrier();"), any = true;
      if ((s.memory & BarrierWorkgroup) || !any) line("workgroupBarrier();");
      return BNext;
    }
    case StmtKind::Subgroup: subgroup(s); return BNext;
    case StmtKind::SpirvInst: unsupported("inline SPIR-V"); return BNext;  // the driver reports OSH5101 first
    case StmtKind::Debug: return BNext;  // printf / DebugBreak: OSH5004 (ir::reportIgnoredHints)
  }
  return BNext;
}

// ---------------------------------------------------------------- function

std::string FunctionWriter::run() {
  text_.assign(f_.expressions.size(), "");
  countUses();
  // 64-bit values have no WGSL type: report at the first expression that has one (locals
  // carry no source range of their own).
  for (uint32_t k = 0; k < f_.expressions.size(); ++k) {
    Handle<Type> t = f_.expressions.raw()[k].type;
    if (!t.valid()) continue;
    if (types()[t].kind == TypeKind::Pointer) t = types()[t].base;
    auto sc = scalarOf(types(), t);
    if (sc && sc->width == 64) {
      w_.unsupported("64-bit types", f_.exprRange(Handle<Expression>(k)));
      return "";
    }
  }
  range_ = f_.range;
  w_.curRange_ = range_;
  std::string head;
  std::vector<std::string> params;
  std::string prologue;
  std::vector<std::string> argText(f_.arguments.size());  // how each argument is read
  if (entry_) {
    const EntryPoint& ep = w_.ep_;
    switch (ep.stage) {
      case Stage::Compute:
        // A dimension set by a specialization constant names its override.
        head = "@compute @workgroup_size(";
        for (int d = 0; d < 3; ++d) {
          if (d) head += ", ";
          head += ep.workgroupSizeSpec[d].valid() ? w_.constant(ep.workgroupSizeSpec[d])
                                                  : std::to_string(ep.workgroupSize[d]);
        }
        head += ")\n";
        break;
      case Stage::Pixel: head = "@fragment\n"; break;
      case Stage::Vertex: {
        head = "@vertex\n";
        // WebGPU's vertex stage must write @builtin(position); HLSL's need not (a vertex shader
        // that feeds a hull or geometry shader). Tint would reject the module.
        auto isPosition = [](const Binding& b) { return b.isBuiltin() && b.builtin == BuiltIn::Position; };
        bool position = f_.result && isPosition(f_.result->binding);
        if (f_.result && types()[f_.result->type].kind == TypeKind::Struct)
          for (const auto& m : types()[f_.result->type].members) position = position || isPosition(m.binding);
        if (!position)
          w_.unsupported(
              "a vertex shader without an SV_Position output (WebGPU's vertex stage must write "
              "@builtin(position))",
              ep.range);
        break;
      }
      default: w_.unsupported(std::string("a ") + wgslStageName(ep.stage) + " shader stage", ep.range); break;
    }
    if (ep.earlyFragmentTests) w_.unsupported("[earlydepthstencil]", ep.range);
    for (size_t i = 0; i < f_.arguments.size(); ++i) {
      const FunctionArgument& a = f_.arguments[i];
      std::string n = names_.make(a.name);
      std::string text = n;
      if (a.binding.isBuiltin()) {
        Handle<Type> bt = builtinValueType(w_.types_, a.binding.builtin);
        params.push_back(w_.interfaceAttributes(a.binding, true, f_.range) + n + ": " + ty(bt));
        if (bt != a.type) {
          uint32_t cnt = componentCount(types(), a.type);
          static const char* sw[] = {"", "x", "xy", "xyz", "xyzw"};
          if (cnt >= 1 && cnt <= 4 && componentCount(types(), bt) > cnt)
            text = n + "." + sw[cnt];
          else
            text = ty(a.type) + "(" + n + ")";
        }
        if (a.binding.builtin == BuiltIn::SubgroupSize || a.binding.builtin == BuiltIn::SubgroupLocalInvocationId)
          w_.builtinParams_[a.binding.builtin] = n;
      } else {
        params.push_back(w_.interfaceAttributes(a.binding, true, f_.range) + n + ": " + ty(a.type));
      }
      argText[i] = text;
    }
    // Built-in values read through ExprKind::Builtin (WaveGetLaneCount, WaveGetLaneIndex).
    for (BuiltIn b : w_.builtinsUsed_) {
      if (!w_.builtinParams_.count(b)) {
        std::string n = names_.make(w_.builtinName(b, f_.range));
        params.push_back("@builtin(" + w_.builtinName(b, f_.range) + ") " + n + ": " +
                         ty(builtinValueType(w_.types_, b)));
        w_.builtinParams_[b] = n;
      }
      if (w_.builtinPrivates_.count(b))
        prologue += "  " + w_.builtinPrivates_[b] + " = " + w_.builtinParams_[b] + ";\n";
    }
    head += "fn " + w_.fnNames_[ep.function.index] + "(";
  } else {
    head = "fn " + w_.fnNames_[&f_ - w_.m_.functions.raw().data()] + "(";
    for (size_t i = 0; i < f_.arguments.size(); ++i) {
      const FunctionArgument& a = f_.arguments[i];
      std::string n = names_.make(a.name);
      bool ptr = types()[a.type].kind == TypeKind::Pointer;
      params.push_back(n + ": " + ty(a.type));
      argText[i] = ptr ? "(*" + n + ")" : n;
    }
  }
  for (size_t i = 0; i < params.size(); ++i) head += (i ? ", " : "") + params[i];
  head += ")";
  if (f_.result) {
    std::string attrs = entry_ ? w_.interfaceAttributes(f_.result->binding, false, f_.range, f_.result->type) : "";
    head += " -> " + attrs + ty(f_.result->type);
  }
  head += " {\n";
  // Locals, globals and built-ins.
  for (size_t i = 0; i < f_.locals.size(); ++i) {
    const LocalVariable& l = f_.locals[i];
    std::string n = names_.make(l.name);
    localNames_.push_back(n);
    w_.checkArrayLimits(l.type, true, "the local variable '" + l.name + "'", f_.range);
    if (locals_.declaredAtStore(uint32_t(i))) continue;  // declared at its first store
    std::string decl = "var " + n + ": " + ty(l.type);
    if (l.init.valid()) decl += " = " + w_.constant(l.init);
    line(decl + ";");
  }
  for (uint32_t k = 0; k < f_.expressions.size(); ++k) {
    const Expression& x = f_.expressions.raw()[k];
    if (x.kind == ExprKind::FunctionArgument && x.index < argText.size())
      text_[k] = argText[x.index];
    else if (x.kind == ExprKind::LocalVariable && x.local < localNames_.size())
      text_[k] = localNames_[x.local];
    else if (x.kind == ExprKind::GlobalVariable && w_.m_.globals.contains(x.global))
      text_[k] = w_.globalNames_[x.global.index];
    else if (x.kind == ExprKind::Builtin && x.builtin == BuiltIn::HelperInvocation) {
      text_[k] = "false";  // outside pixel shaders (markGlobalUses refuses it in them)
    } else if (x.kind == ExprKind::Builtin) {
      auto& table = entry_ ? w_.builtinParams_ : w_.builtinPrivates_;
      auto it = table.find(x.builtin);
      if (it != table.end()) text_[k] = it->second;
    }
  }
  uint8_t b = block(f_.body);
  if ((b & BNext) && f_.result) line("return" + resultZero() + ";");
  return head + prologue + out_ + "}\n";
}

void Writer::writeFunctions() {
  // Built-ins read in helper functions travel through private globals set by the entry point.
  for (BuiltIn b : builtinsInHelpers_) {
    std::string n = names_.make(std::string("_") + builtinName(b, ep_.range));
    builtinPrivates_[b] = n;
    globalsText_ += "var<private> " + n + ": " + typeName(builtinValueType(types_, b)) + ";\n";
  }
  std::string entryText, helpers;
  for (uint32_t fi : reachable_) {
    if (failed_) return;
    FunctionWriter fw(*this, fi);
    std::string t = fw.run();
    if (fi == ep_.function.index)
      entryText = t;
    else
      helpers += t + "\n";
  }
  functionsText_ = helpers + entryText;
}

}  // namespace oneshader::wgsl

namespace oneshader::wgsl {

using namespace oneshader::ir;

static bool isConstantLane(const Expression& x) { return x.kind == ExprKind::Literal || x.kind == ExprKind::Constant; }

void FunctionWriter::subgroup(const Statement& s) {
  SubgroupOp op = SubgroupOp(s.op);
  CollectiveOp coll = s.collective;
  if (!s.result.valid()) return;
  Handle<Type> rt = ex(s.result).type;
  std::string arg = s.a.valid() ? v(s.a) : "";
  Handle<Type> at = s.a.valid() ? ex(s.a).type : rt;
  auto sc = scalarOf(types(), at);
  if (sc && sc->width == 64) {
    unsupported("64-bit types");
    return;
  }
  bool boolArg = sc && sc->kind == ScalarKind::Bool;
  uint32_t n = componentCount(types(), at);
  // WGSL's subgroup functions take numeric values: bools travel as u32.
  auto wrap = [&](const std::string& x) {
    if (!boolArg) return x;
    return n > 1 ? "vec" + std::to_string(n) + "<u32>(" + x + ")" : "u32(" + x + ")";
  };
  auto unwrap = [&](const std::string& r) {
    if (!boolArg) return r;
    return n > 1 ? "(" + r + " != vec" + std::to_string(n) + "<u32>(0u))" : "(" + r + " != 0u)";
  };
  std::string call;
  auto lane = [&]() { return v(s.b); };
  // The built-in from ir/subgroups.def; the printer adds the operands (and their casts).
  const std::string fn = subgroupWgsl(op, coll);
  const std::string all = subgroupWgsl(SubgroupOp::All, CollectiveOp::None);
  const std::string first = subgroupWgsl(SubgroupOp::BroadcastFirst, CollectiveOp::None);
  switch (op) {
    case SubgroupOp::Elect: call = fn + "()"; break;
    case SubgroupOp::All:
    case SubgroupOp::Any: call = fn + "(" + arg + ")"; break;
    case SubgroupOp::AllEqual: {
      // WaveActiveAllEqual = subgroupAll(x == subgroupBroadcastFirst(x)), per component
      // when the result is a bool vector.
      std::string x = wrap(arg);
      std::string cmp = "(" + x + " == " + first + "(" + x + "))";
      const Type& r = types()[rt];
      if (r.kind == TypeKind::Vector) {
        std::string t = names_.make("_eq" + std::to_string(s.result.index));
        line("let " + t + " = " + cmp + ";");
        call = ty(rt) + "(";
        for (uint32_t i = 0; i < r.size; ++i)
          call += std::string(i ? ", " : "") + all + "(" + t + "." + "xyzw"[i] + ")";
        call += ")";
      } else {
        call = n > 1 ? all + "(all" + cmp + ")" : all + cmp;
      }
      break;
    }
    case SubgroupOp::Ballot: call = fn + "(" + (s.a.valid() ? arg : std::string("true")) + ")"; break;
    case SubgroupOp::BallotBitCount:
      // A count of a WaveActiveBallot is the sum of its condition (passes::countBallots);
      // what is left counts a vec4<u32> from elsewhere.
      if (coll != CollectiveOp::Reduce) {
        unsupported("a prefix bit count of a ballot that is not a WaveActiveBallot in the same function");
        return;
      }
      call = "dot(countOneBits(" + arg + "), vec4<u32>(1u))";
      break;
    case SubgroupOp::BroadcastFirst: call = unwrap(fn + "(" + wrap(arg) + ")"); break;
    case SubgroupOp::Broadcast:
      // subgroupBroadcast takes a constant lane: otherwise the shuffle.
      if (isConstantLane(ex(s.b)))
        call = unwrap(fn + "(" + wrap(arg) + ", " + lane() + ")");
      else
        call = unwrap(std::string(subgroupWgsl(SubgroupOp::Shuffle, coll)) + "(" + wrap(arg) + ", " + lane() + ")");
      break;
    case SubgroupOp::Shuffle: call = unwrap(fn + "(" + wrap(arg) + ", " + lane() + ")"); break;
    case SubgroupOp::ShuffleXor:
    case SubgroupOp::ShuffleUp:
    case SubgroupOp::ShuffleDown: {
      std::string d = lane();
      if (typeOf(s.b).scalar.kind != ScalarKind::Uint) d = "u32(" + d + ")";
      call = unwrap(fn + "(" + wrap(arg) + ", " + d + ")");
      break;
    }
    case SubgroupOp::QuadBroadcast: {
      if (isConstantLane(ex(s.b))) {
        call = unwrap(fn + "(" + wrap(arg) + ", " + lane() + ")");
        break;
      }
      // WGSL's quadBroadcast takes a constant lane: pick among the four broadcasts.
      std::string l = lane();
      if (typeOf(s.b).scalar.kind != ScalarKind::Uint) l = "u32(" + l + ")";
      std::string ln = names_.make("_lane" + std::to_string(s.result.index));
      line("let " + ln + " = " + l + ";");
      std::string x = wrap(arg), q[4];
      for (int i = 0; i < 4; ++i) {
        q[i] = names_.make("_q" + std::to_string(s.result.index) + "_" + std::to_string(i));
        line("let " + q[i] + " = " + fn + "(" + x + ", " + std::to_string(i) + "u);");
      }
      call = unwrap("select(select(" + q[0] + ", " + q[1] + ", " + ln + " == 1u), select(" + q[2] + ", " + q[3] + ", " +
                    ln + " == 3u), " + ln + " >= 2u)");
      break;
    }
    case SubgroupOp::QuadSwapX:
    case SubgroupOp::QuadSwapY:
    case SubgroupOp::QuadSwapDiagonal: call = unwrap(fn + "(" + wrap(arg) + ")"); break;
    default:
      if (subgroupFeatureOf(op) != vk::SubgroupArithmetic) {  // Add ... Xor below
        unsupported(std::string("the wave operation '") + subgroupHlslName(op, coll) + "'");
        return;
      }
      if (fn.empty()) {  // WGSL scans only sums and products; the op by its table name ("min")
        unsupported(std::string("a subgroup ") + (coll == CollectiveOp::ExclusiveScan ? "exclusive" : "inclusive") +
                    " scan of " + subgroupOpName(op));
        return;
      }
      call = fn + "(" + arg + ")";
      break;
  }
  if (!locals_.result(s.result, call, uses_[s.result.index])) line("_ = " + call + ";");
}

}  // namespace oneshader::wgsl
