// MSL writer: expressions. A pure expression used once is written inline where it is
// used; loads, image reads and values used more than once are "baked" into a named
// constant at their Emit point (memory may change later). Pointers are lvalue texts.
#include <algorithm>
#include <cctype>
#include <cmath>
#include <cstdio>
#include <cstring>

#include "backend/msl/function_writer.hpp"
#include "backend/msl/helpers.hpp"

namespace oneshader::msl {

using namespace oneshader::ir;

static const char* kComp[4] = {"x", "y", "z", "w"};

void FunctionWriter::countUses() { uses_ = countExpressionUses(f_); }

bool FunctionWriter::bakeable(Handle<Expression> h) const {
  const Expression& x = ex(h);
  if (ty(x.type).kind == TypeKind::Pointer) return false;
  // An element of an array of textures / samplers: `ts[i]` is written where it is used.
  return !((x.kind == ExprKind::Access || x.kind == ExprKind::AccessIndex) &&
           (ty(x.type).kind == TypeKind::Image || ty(x.type).kind == TypeKind::Sampler));
}

bool FunctionWriter::bakes(Handle<Expression> h) const {
  const Expression& x = ex(h);
  if (!bakeable(h)) return false;
  switch (x.kind) {
    case ExprKind::Load:
    case ExprKind::ImageSample:
    case ExprKind::ImageLoad:
    case ExprKind::ImageQuerySize:
    case ExprKind::ImageQueryLevels:
    case ExprKind::ImageQuerySamples:
    case ExprKind::ImageQueryLod: return true;
    default: return uses_[h.index] > 1;
  }
}

std::string FunctionWriter::temp(Handle<Expression> h) { return names_.make("_e" + std::to_string(h.index)); }

std::string literalText(const Literal& l) {
  char buf[64];
  switch (l.scalar.kind) {
    case ScalarKind::Bool: return l.b ? "true" : "false";
    case ScalarKind::Uint:
      if (l.scalar.width == 64) return std::to_string(l.u) + "ul";
      if (l.scalar.width == 16) return "ushort(" + std::to_string(uint16_t(l.u)) + ")";
      return std::to_string(uint32_t(l.u)) + "u";
    case ScalarKind::Sint: {
      int64_t v = l.scalar.width == 64 ? l.i : l.scalar.width == 16 ? int16_t(l.i) : int32_t(l.i);
      std::string s;
      if (l.scalar.width == 32 && v == INT32_MIN)
        s = "(-2147483647 - 1)";
      else if (l.scalar.width == 64 && v == INT64_MIN)
        s = "(-9223372036854775807l - 1l)";
      else
        s = std::to_string(v) + (l.scalar.width == 64 ? "l" : "");
      if (l.scalar.width == 16) return "short(" + s + ")";
      return v < 0 && s[0] != '(' ? "(" + s + ")" : s;
    }
    case ScalarKind::Float: {
      double d = l.f;
      if (std::isnan(d)) return l.scalar.width == 16 ? "half(NAN)" : "NAN";
      if (std::isinf(d))
        return std::string(d < 0 ? "(-" : "(") + (l.scalar.width == 16 ? "half(INFINITY))" : "INFINITY)");
      float fv = float(d);
      int prec = 6;
      for (; prec < 9; ++prec) {
        std::snprintf(buf, sizeof buf, "%.*g", prec, double(fv));
        if (std::strtof(buf, nullptr) == fv) break;
      }
      std::snprintf(buf, sizeof buf, "%.*g", prec, double(fv));
      std::string s = buf;
      if (s.find_first_of(".en") == std::string::npos) s += ".0";
      if (l.scalar.width == 16) return "half(" + s + "f)";
      s += "f";
      return fv < 0 ? "(" + s + ")" : s;
    }
  }
  return "0";
}

std::string FunctionWriter::literal(const Literal& l) { return literalText(l); }

std::string FunctionWriter::constant(Handle<Constant> ch) {
  const Constant& c = w_.m_.constants[ch];
  switch (c.kind) {
    case Constant::Kind::Literal:
      if (c.spec) return w_.specConstantName(ch);
      return literal(c.value);
    case Constant::Kind::Zero: return w_.typeName(c.type) + "{}";
    case Constant::Kind::SpecOp: return w_.specConstantText(ch);
    case Constant::Kind::Composite: {
      const Type& t = ty(c.type);
      bool brace = t.kind == TypeKind::Array || t.kind == TypeKind::Struct;
      std::vector<std::string> parts;
      for (uint32_t k = 0; k < c.components.count; ++k)
        parts.push_back(constant(w_.m_.constantComponents[c.components.first + k]));
      if (brace) return w_.typeName(c.type) + w_.braceInit(c.type, parts);
      std::string s = w_.typeName(c.type) + "(";
      for (size_t k = 0; k < parts.size(); ++k) s += (k ? ", " : "") + parts[k];
      return s + ")";
    }
  }
  return "0";
}

std::string FunctionWriter::operand(Handle<Expression> h) {
  if (!f_.expressions.contains(h)) {
    w_.diags_.report(DiagId::InternalError, range_, {"msl: expression handle out of range"});
    w_.failed_ = true;
    return "0";
  }
  const Expression& x = ex(h);
  switch (x.kind) {
    case ExprKind::Literal: return literal(x.literal);
    case ExprKind::Constant: return constant(x.constant);
    case ExprKind::ZeroValue: return w_.typeName(x.type) + "{}";
    default: break;
  }
  if (text_[h.index].empty()) {
    if (!w_.failed_)
      w_.diags_.report(DiagId::InternalError, f_.exprRange(h),
                       {"msl: expression %" + std::to_string(h.index) + " used before it is evaluated"});
    w_.failed_ = true;
    return "0";
  }
  return locals_.use(h);
}

std::string FunctionWriter::convert(const Expression& x) {
  auto from = scalarOf(w_.types_, ex(x.a).type), to = scalarOf(w_.types_, x.type);
  std::string a = operand(x.a);
  if (from && to && *from == *to) return a;
  return w_.typeName(x.type) + "(" + a + ")";
}

std::string FunctionWriter::binary(const Expression& x) {
  BinaryOp op = BinaryOp(x.op);
  std::string a = operand(x.a), b = operand(x.b);
  Scalar s = scalarOf(w_.types_, ex(x.a).type).value_or(Scalar::u32());
  bool fl = s.kind == ScalarKind::Float, bl = s.kind == ScalarKind::Bool;
  const char* o = binaryInfo(op).token;
  if (op == BinaryOp::Modulo && fl) return "fmod(" + a + ", " + b + ")";  // HLSL % truncates, like fmod
  if (bl && op == BinaryOp::And) o = "&&";
  if (bl && op == BinaryOp::InclusiveOr) o = "||";
  if (bl && op == BinaryOp::ExclusiveOr) o = "!=";
  return "(" + a + " " + o + " " + b + ")";
}

bool FunctionWriter::derivativesUnavailable(const std::string& what) {
  if (w_.ep_.stage == Stage::Pixel) return false;
  w_.failed_ = true;
  w_.diags_.report(DiagId::MslDerivativeStage, range_,
                   {what, w_.ep_.stage == Stage::Compute  ? "kernel"
                          : w_.ep_.stage == Stage::Vertex ? "vertex"
                                                          : "object"});
  return true;
}

std::string FunctionWriter::math(const Expression& x) {
  MathFunction fn = MathFunction(x.op);
  Handle<Type> at = ex(x.a).type;
  Scalar s = scalarOf(w_.types_, at).value_or(Scalar::f32());
  bool fl = s.kind == ScalarKind::Float, sg = s.kind == ScalarKind::Sint;
  std::string a = operand(x.a);
  std::string b = x.b.valid() ? operand(x.b) : "", c = x.c.valid() ? operand(x.c) : "";
  auto call = [&](const char* n) {
    std::string r = std::string(n) + "(" + a;
    if (x.b.valid()) r += ", " + b;
    if (x.c.valid()) r += ", " + c;
    return r + ")";
  };
  std::string tn = w_.typeName(x.type);
  if (fn >= MathFunction::Ddx && fn <= MathFunction::Fwidth &&
      derivativesUnavailable(std::string("'") + mathFunctionName(fn) + "'"))
    return tn + "(0)";
  // What MSL has no one function for; every other row is math.def's MSL spelling.
  switch (fn) {
    case MathFunction::Sign:
      if (fl) break;
      return "(" + tn + "(" + a + " > 0) - " + tn + "(" + a + " < 0))";
    case MathFunction::Radians: return "(" + a + " * " + tn + "(0.0174532925f))";
    case MathFunction::Degrees: return "(" + a + " * " + tn + "(57.2957795f))";
    case MathFunction::Mad:
      if (fl) break;
      return "(" + a + " * " + b + " + " + c + ")";
    case MathFunction::Dot: {
      if (fl) break;
      uint32_t n = componentCount(w_.types_, at);
      std::string r = "(";
      for (uint32_t i = 0; i < n; ++i)
        r += std::string(i ? " + " : "") + a + "." + kComp[i] + " * " + b + "." + kComp[i];
      return r + ")";
    }
    case MathFunction::FirstLeadingBit: {
      // firstbithigh: the highest set bit (for int: the highest bit differing from the
      // sign), -1 (all ones) when there is none.
      std::string v = sg ? "select(" + a + ", ~" + a + ", " + a + " < 0)" : a;
      return "select(" + tn + "(31 - " + tn + "(clz(" + v + "))), " + tn + "(-1), " + v + " == 0)";
    }
    case MathFunction::FirstTrailingBit: return "select(" + tn + "(ctz(" + a + ")), " + tn + "(-1), " + a + " == 0)";
    case MathFunction::PackHalf2x16: return "as_type<uint>(half2(" + a + "))";
    case MathFunction::UnpackHalf2x16: return "float2(as_type<half2>(" + a + "))";
    default: break;
  }
  if (*mathInfo(fn).msl) return call(mathInfo(fn).msl);
  error(std::string("the math function '") + mathFunctionName(fn) + "'");
  return "0";
}

// Access / AccessIndex, on a pointer (an lvalue text) or a value.
std::string FunctionWriter::access(Handle<Expression> h) {
  const Expression& x = ex(h);
  Handle<Type> bt = ex(x.a).type;
  bool ptr = ty(bt).kind == TypeKind::Pointer;
  Handle<Type> target = ptr ? ty(bt).base : bt;
  const Type& T = ty(target);
  std::string base = operand(x.a);
  bool dyn = x.kind == ExprKind::Access;
  std::string idx = dyn ? operand(x.b) : std::to_string(x.index);
  switch (T.kind) {
    case TypeKind::Struct: {
      return base + "." + w_.memberName(target, x.index);
    }
    case TypeKind::Array: return base + "[" + idx + "]";
    case TypeKind::Vector:
      if (!dyn && x.index < 4) return base + "." + kComp[x.index];
      return base + "[" + idx + "]";
    default: return base + "[" + idx + "]";
  }
}

// `text` as something that can be swizzled: a plain name as is, anything else through
// its vector type's constructor.
std::string FunctionWriter::vectorValue(const std::string& text, Handle<Type> type) {
  bool plain = !text.empty() && std::all_of(text.begin(), text.end(), [](char ch) {
    return std::isalnum(static_cast<unsigned char>(ch)) || ch == '_';
  });
  const std::string tn = w_.typeName(type);
  if (!plain && text.size() > tn.size() + 1 && text.compare(0, tn.size() + 1, tn + "(") == 0 && text.back() == ')') {
    // Already one constructor call of that type: `float3(a, b, c)`, if its parenthesis
    // closes at the end.
    int depth = 0;
    size_t close = 0;
    for (size_t i = tn.size(); i < text.size(); ++i) {
      if (text[i] == '(') ++depth;
      if (text[i] == ')' && --depth == 0) {
        close = i;
        break;
      }
    }
    plain = close == text.size() - 1;
  }
  return plain ? text : tn + "(" + text + ")";
}

// A non-comparison read of a depth texture (passes::depthTextures) gives the float depth d;
// HLSL's texel of it is (d, 0, 0, 1), a one-channel format's missing components (Vulkan
// "Format Conversion": G = B = 0, A = 1), as the SPIR-V and WGSL targets read it, not
// Metal's scalar-to-vector (d, d, d, d).
std::string FunctionWriter::depthTexel(const std::string& d, Handle<Type> type) {
  uint32_t n = componentCount(w_.types_, type);
  if (ty(type).kind != TypeKind::Vector || n < 2) return d;
  static const char* rest[] = {", 0", ", 0", ", 1"};
  std::string r = w_.typeName(type) + "(" + d;
  for (uint32_t k = 1; k < n && k < 4; ++k) r += rest[k - 1];
  return r + ")";
}

std::string FunctionWriter::image(const Expression& x) {
  const Type& it = tyOf(x.a);
  const ImageInfo& im = it.image;
  std::string img = operand(x.a);
  uint32_t dims = im.dim == ImageDim::D1 || im.dim == ImageDim::Buffer ? 1 : im.dim == ImageDim::D2 ? 2 : 3;
  auto coordParts = [&](const std::string& text, bool integer, std::string& coord, std::string& layer) {
    const char* sw[4] = {"", ".x", ".xy", ".xyz"};
    Handle<Type> ctype = ex(x.kind == ExprKind::ImageSample ? x.c : x.b).type;
    uint32_t n = componentCount(w_.types_, ctype);
    // The coordinate is split by swizzles below; one that is itself a swizzle or another
    // expression becomes a vector value first (no swizzle of a swizzle).
    const std::string c = im.arrayed && n > dims ? vectorValue(text, ctype) : text;
    std::string ct = integer ? (dims == 1 ? "uint" : "uint" + std::to_string(dims)) : "";
    if (im.arrayed && n > dims) {
      coord = (integer ? ct + "(" : "") + c + sw[dims] + (integer ? ")" : "");
      layer = integer ? "uint(" + c + "." + kComp[dims] + ")" : "uint(rint(" + c + "." + kComp[dims] + "))";
    } else {
      coord = integer ? ct + "(" + c + ")" : c;
    }
  };
  switch (x.kind) {
    case ExprKind::ImageQueryLod: {
      // calculate_clamped_lod / calculate_unclamped_lod(s, coord) (MSL 2.4 6.12: 2D, 3D and
      // cube textures and their arrays; the coordinate has no array layer).
      const char* method = x.index ? "CalculateLevelOfDetailUnclamped" : "CalculateLevelOfDetail";
      if (derivativesUnavailable(std::string("'") + method + "'")) return "0.0f";
      if (im.dim == ImageDim::D1) {
        error(std::string("a ") + method + " of a 1D texture (Metal has no level of detail query for texture1d)");
        return "0.0f";
      }
      return img + (x.index ? ".calculate_unclamped_lod(" : ".calculate_clamped_lod(") + operand(x.b) + ", " +
             operand(x.c) + ")";
    }
    case ExprKind::ImageSample: {
      static const char* const kMethod[] = {
          "Sample",        "SampleLevel",   "SampleBias",     "SampleGrad", "SampleCmp", "SampleCmpLevelZero",
          "SampleCmpBias", "SampleCmpGrad", "SampleCmpLevel", "Gather",     "GatherCmp"};
      std::string method = kMethod[uint32_t(x.sample)];
      if (x.sparse) {
        error("a " + method + " with a status argument (sparse residency)");
        return "0";
      }
      if (x.minLod.valid()) {
        error("a " + method + " with a clamp argument (minimum level of detail)");
        return "0";
      }
      if (sampleIsImplicitLod(x.sample) && derivativesUnavailable("'" + method + "'"))
        return w_.typeName(x.type) + "(0)";
      if (sampleIsGather(x.sample)) {
        // gather(s, coord[, layer][, offset][, component]) / gather_compare(s, coord[, layer],
        // ref[, offset]) (MSL 2.4 6.12; cube textures take no offset; depth textures have
        // no component argument, the gathered component of a depth texel (d, 0, 0, 1) is
        // constant except the first). Four offsets: four gathers, texel i is texel i0j0 (w)
        // of the i-th (what SPIR-V's ConstOffsets gives: Vulkan "Texel Gathering").
        std::string coord, layer;
        coordParts(operand(x.c), false, coord, layer);
        bool compare = x.sample == SampleKind::GatherCompare;
        bool depth = w_.depthImage(x.a, f_);
        std::string tn = w_.typeName(x.type);
        if (depth && !compare && x.index != 0) return tn + (x.index == 3 ? "(1)" : "(0)");
        auto one = [&](const std::string& off) {
          std::string r = img + (compare ? ".gather_compare(" : ".gather(") + operand(x.b) + ", " + coord;
          if (!layer.empty()) r += ", " + layer;
          if (compare) r += ", " + operand(x.depthRef);
          if (!off.empty()) r += ", " + off;
          if (!compare && !depth && x.index != 0)
            r += std::string(off.empty() && im.dim != ImageDim::Cube ? ", int2(0)" : "") +
                 ", component::" + kComp[x.index];
          return r + ")";
        };
        if (x.dynOffset.valid()) return one(operand(x.dynOffset));
        if (!x.offset.valid()) return one("");
        const Constant& k = w_.m_.constants[x.offset];
        if (ty(k.type).kind != TypeKind::Array) return one(constant(x.offset));
        std::string r = tn + "(";
        for (uint32_t i = 0; i < 4; ++i)
          r += (i ? ", " : "") + one(constant(w_.m_.constantComponents[k.components.first + i])) + ".w";
        return r + ")";
      }
      // sample(s, coord[, layer][, options][, offset]) / sample_compare(s, coord[, layer],
      // ref[, level(0)][, offset]) (MSL 2.4 6.12). Metal's 1D textures have no mipmaps
      // (the specification: "mipmaps are not supported for 1D textures"), so a level,
      // bias or gradient on one selects level 0 anyway and is left out.
      std::string coord, layer;
      coordParts(operand(x.c), false, coord, layer);
      bool compare = sampleIsCompare(x.sample);
      std::string r = img + (compare ? ".sample_compare(" : ".sample(") + operand(x.b) + ", " + coord;
      if (!layer.empty()) r += ", " + layer;
      if (compare) r += ", " + operand(x.depthRef);
      bool oneD = im.dim == ImageDim::D1;
      const char* grad = im.dim == ImageDim::Cube ? "gradientcube"
                         : im.dim == ImageDim::D3 ? "gradient3d"
                                                  : "gradient2d";
      switch (x.sample) {
        case SampleKind::Implicit:
        case SampleKind::Compare: break;
        case SampleKind::Level:
          if (!oneD) r += ", level(" + operand(x.d) + ")";
          break;
        case SampleKind::Bias:
          if (!oneD) r += ", bias(" + operand(x.bias) + ")";
          break;
        case SampleKind::Grad:
          if (!oneD) r += std::string(", ") + grad + "(" + operand(x.gradX) + ", " + operand(x.gradY) + ")";
          break;
        case SampleKind::CompareLevelZero: r += ", level(0)"; break;
        case SampleKind::CompareLevel: r += ", level(" + operand(x.d) + ")"; break;
        case SampleKind::CompareBias:
        case SampleKind::CompareGrad:
          // sample_compare takes only level options (MSL 2.4 6.12.x).
          error(std::string(x.sample == SampleKind::CompareBias ? "SampleCmpBias" : "SampleCmpGrad") +
                " (Metal's sample_compare has no bias or gradient options)");
          break;
        case SampleKind::Gather:
        case SampleKind::GatherCompare: break;
      }
      if (x.offset.valid()) {
        if (im.dim == ImageDim::Cube) error("a texel offset on a cube texture");
        r += ", " + constant(x.offset);
      }
      r += ")";
      if (!compare && w_.depthImage(x.a, f_)) r = depthTexel(r, x.type);
      return r;
    }
    case ExprKind::ImageLoad: {
      if (x.sparse) {
        error("a Load with a status argument (sparse residency)");
        return "0";
      }
      // A Load's texel offset: Metal's read has none, so it is added to the integer
      // coordinate (the array layer padded with 0), which is what ConstOffset does.
      std::string at = operand(x.b);
      if (x.offset.valid()) {
        std::string off = constant(x.offset);
        uint32_t n = componentCount(w_.types_, ex(x.b).type);
        if (im.arrayed) off = (n == 2 ? "int2(" : "int3(") + off + ", 0)";
        at = "(" + at + " + " + off + ")";
      }
      std::string coord, layer;
      coordParts(at, true, coord, layer);
      std::string r = img + ".read(" + coord;
      if (!layer.empty()) r += ", " + layer;
      if (x.c.valid() && im.cls != ImageClass::Storage && im.dim != ImageDim::Buffer)
        r += ", uint(" + operand(x.c) + ")";
      r += ")";
      if (w_.depthImage(x.a, f_)) r = depthTexel(r, x.type);
      return r;
    }
    case ExprKind::ImageQuerySize: {
      std::string lod = x.b.valid() ? "uint(" + operand(x.b) + ")" : "";
      std::vector<std::string> parts;
      if (im.dim == ImageDim::Buffer)
        parts.push_back(img + ".get_width()");
      else {
        parts.push_back(img + ".get_width(" + lod + ")");
        if (dims >= 2) parts.push_back(img + ".get_height(" + lod + ")");
        if (im.dim == ImageDim::D3) parts.push_back(img + ".get_depth(" + lod + ")");
        if (im.arrayed) parts.push_back(img + ".get_array_size()");
      }
      if (parts.size() == 1) return "uint(" + parts[0] + ")";
      std::string r = w_.typeName(x.type) + "(";
      for (size_t i = 0; i < parts.size(); ++i) r += (i ? ", " : "") + parts[i];
      return r + ")";
    }
    case ExprKind::ImageQueryLevels: return "uint(" + img + ".get_num_mip_levels())";
    case ExprKind::ImageQuerySamples: return "uint(" + img + ".get_num_samples())";
    default: break;
  }
  return "0";
}

std::string FunctionWriter::build(Handle<Expression> h) {
  const Expression& x = ex(h);
  switch (x.kind) {
    case ExprKind::Compose: {
      const Type& t = ty(x.type);
      bool brace = t.kind == TypeKind::Array || t.kind == TypeKind::Struct;
      std::vector<std::string> parts;
      for (uint32_t k = 0; k < x.operands.count; ++k) parts.push_back(operand(f_.operands[x.operands.first + k]));
      if (brace) return w_.typeName(x.type) + w_.braceInit(x.type, parts);
      std::string s = w_.typeName(x.type) + "(";
      for (size_t k = 0; k < parts.size(); ++k) s += (k ? ", " : "") + parts[k];
      return s + ")";
    }
    case ExprKind::Splat: return w_.typeName(x.type) + "(" + operand(x.a) + ")";
    case ExprKind::Swizzle: {
      uint32_t n = ty(x.type).kind == TypeKind::Scalar ? 1 : componentCount(w_.types_, x.type);
      std::string s = operand(x.a) + ".";
      for (uint32_t i = 0; i < n; ++i) s += kComp[swizzleComponent(x.index, i)];
      return s;
    }
    case ExprKind::Access:
    case ExprKind::AccessIndex: return access(h);
    case ExprKind::Load: return operand(x.a);
    case ExprKind::Unary: {
      std::string a = operand(x.a);
      Scalar s = scalarOf(w_.types_, x.type).value_or(Scalar::u32());
      UnaryOp op = UnaryOp(x.op);
      bool boolNot = op == UnaryOp::BitwiseNot && s.kind == ScalarKind::Bool;
      return std::string("(") + (boolNot ? "!" : unaryInfo(op).token) + a + ")";
    }
    case ExprKind::Binary: return binary(x);
    case ExprKind::Select: {
      std::string c = operand(x.a), a = operand(x.b), b = operand(x.c);
      if (ty(ex(x.a).type).kind == TypeKind::Vector) return "select(" + b + ", " + a + ", " + c + ")";
      return "(" + c + " ? " + a + " : " + b + ")";
    }
    case ExprKind::Convert: return convert(x);
    case ExprKind::Bitcast: return "as_type<" + w_.typeName(x.type) + ">(" + operand(x.a) + ")";
    case ExprKind::Math: return math(x);
    case ExprKind::Relational: {
      std::string a = operand(x.a);
      bool vec = tyOf(x.a).kind == TypeKind::Vector;
      switch (RelationalFunction(x.op)) {
        case RelationalFunction::All: return vec ? "all(" + a + ")" : a;
        case RelationalFunction::Any: return vec ? "any(" + a + ")" : a;
        case RelationalFunction::IsNan: return "isnan(" + a + ")";
        case RelationalFunction::IsInf: return "isinf(" + a + ")";
      }
      return a;
    }
    case ExprKind::ArrayLength: {
      // MSL has no buffer length: the host passes each buffer's byte size in the hidden
      // buffer-sizes argument, indexed by the buffer's [[buffer(n)]]. Count = (size -
      // offset of the runtime array) / stride, as SPIR-V's OpArrayLength.
      const Expression& p = ex(x.a);
      auto g =
          p.kind == ExprKind::AccessIndex && f_.expressions.contains(p.a) && ex(p.a).kind == ExprKind::GlobalVariable
              ? w_.bindingIndex_.find(ex(p.a).global.index)
              : w_.bindingIndex_.end();
      if (g == w_.bindingIndex_.end()) {
        error("the length of a runtime-sized array that is not a buffer's member");
        return "0u";
      }
      Handle<Type> block = ty(ex(p.a).type).base;
      const StructMember& mem = ty(block).members[p.index];
      uint32_t stride = ty(mem.type).stride;
      if (!stride) stride = mslSizeAlign(w_.types_, ty(mem.type).base).size;
      std::string size = w_.bufferSizesName_ + "[" + std::to_string(g->second) + "]";
      if (mem.offset) size = "(" + size + " - " + std::to_string(mem.offset) + "u)";
      return "(" + size + " / " + std::to_string(stride) + "u)";
    }
    case ExprKind::ImageSample:
    case ExprKind::ImageLoad:
    case ExprKind::ImageQuerySize:
    case ExprKind::ImageQueryLevels:
    case ExprKind::ImageQuerySamples:
    case ExprKind::ImageQueryLod: return image(x);
    case ExprKind::ImageSparseResident: error("CheckAccessFullyMapped (sparse residency)"); return "false";
    default: break;
  }
  return "0";
}

// Modf / Frexp give a struct of two members (ir.hpp): {fract, whole} / {fract, exp}.
// MSL's modf(x, thread T& whole) and frexp(x, thread int& exp) write the second part
// through a thread reference: a thread temporary, then the struct value is composed.
void FunctionWriter::mathWithOutput(Handle<Expression> h) {
  const Expression& x = ex(h);
  bool frexp = MathFunction(x.op) == MathFunction::Frexp;
  Handle<Type> at = ex(x.a).type;
  std::string a = operand(x.a);
  std::string r = temp(h);
  text_[h.index] = r;
  std::optional<Scalar> sc = scalarOf(w_.types_, at);
  if (!sc || sc->kind != ScalarKind::Float) {
    error(std::string("the math function '") + mathFunctionName(MathFunction(x.op)) + "' on a non-float value");
    return;
  }
  uint32_t n = componentCount(w_.types_, at);
  std::string outT = frexp ? (n == 1 ? "int" : "int" + std::to_string(n)) : w_.typeName(at);
  std::string o = names_.make("_e" + std::to_string(h.index) + (frexp ? "_exp" : "_whole"));
  std::string call = std::string(frexp ? "frexp(" : "modf(") + a + ", " + o + ")";
  auto convertTo = [&](Handle<Type> t) {
    std::optional<Scalar> ts = scalarOf(w_.types_, t);
    if (frexp && ts && ts->kind != ScalarKind::Sint) return w_.typeName(t) + "(" + o + ")";
    return o;
  };
  if (!x.b.valid() && ty(x.type).kind == TypeKind::Struct && ty(x.type).members.size() == 2) {
    std::string first = names_.make("_e" + std::to_string(h.index) + "_first");
    line(outT + " " + o + ";");
    line(w_.declare(at, first) + " = " + call + ";");
    line(w_.declare(x.type, r) + " = " + w_.typeName(x.type) + "{" + first + ", " +
         convertTo(ty(x.type).members[1].type) + "};");
  } else {
    error(std::string("the math function '") + mathFunctionName(MathFunction(x.op)) + "' in this form");
  }
}

void FunctionWriter::evaluate(Handle<Expression> h) {
  range_ = f_.exprRange(h);
  if (ex(h).kind == ExprKind::Math &&
      (MathFunction(ex(h).op) == MathFunction::Modf || MathFunction(ex(h).op) == MathFunction::Frexp)) {
    mathWithOutput(h);
    return;
  }
  locals_.beforeExpression(h);
  std::string s = build(h);
  const Expression& x = ex(h);
  // A load of a local declared at its only store is its name; a load of another local or
  // of read-only memory used once waits for its use; an unused one is not written.
  if (x.kind == ExprKind::Load && ty(ex(x.a).type).kind == TypeKind::Pointer && s == operand(x.a) &&
      locals_.load(h, x.a, s, uses_[h.index]))
    return;
  if ((bakes(h) && (uses_[h.index] > 0 || ex(h).kind == ExprKind::Load)) ||
      // Long text gets a name: nested in every enclosing expression, a chain of N
      // operations would otherwise print O(N^2) characters.
      (s.size() > text::kMaxInlineText && uses_[h.index] > 0 && bakeable(h))) {
    text_[h.index] = bind(h, s);
  } else {
    // Used once and holding pending reads: it waits as they did.
    locals_.inlineValue(h, s, uses_[h.index]);
  }
}

}  // namespace oneshader::msl
