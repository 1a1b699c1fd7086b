// Lowering of entry points: a wrapper function whose arguments and result are the stage
// interface, calling the HLSL entry function ("src.<name>"), the way DXC's entry function
// wrapper does (SPIR-V.rst "HLSL semantic and Vulkan Location").
//
//  - Parameters and return values are flattened: a struct contributes its fields (nested
//    structs recursively), each with its own semantic. Inputs are the in/inout parameters in
//    order; outputs are the return value, then the out/inout parameters in order.
//  - System values become built-ins (SV_Position -> FragCoord in pixel inputs / Position in
//    vertex outputs, SV_Depth -> FragDepth, SV_IsFrontFace -> FrontFacing, SV_SampleIndex ->
//    SampleId, SV_PrimitiveID -> PrimitiveId, SV_VertexID -> VertexIndex, SV_InstanceID ->
//    InstanceIndex, the compute ids); every other semantic gets a Location: SV_Target[N] is
//    Location N, `[[vk::location(N)]]` is N, the rest are numbered in declaration order from
//    0, separately for inputs and outputs (a value takes as many locations as it needs).
//    Explicit and implicit locations are not mixed within one direction (as in DXC), and no
//    two values share a location (a location and [[vk::index]] for dual-source blending).
//  - `[[vk::builtin("Name")]]` makes the value that Vulkan built-in whatever its semantic
//    (DXC's list and rules: PointSize, HelperInvocation, BaseVertex, BaseInstance,
//    DrawIndex, DeviceIndex; ViewportMaskNV only as a mesh shader primitive output).
//  - `[[vk::index(N)]]` with `[[vk::location(0)]]` on a pixel output: dual-source blending.
//  - Pixel inputs and vertex outputs: nointerpolation -> Flat (integer pixel inputs
//    always), noperspective -> NoPerspective, centroid -> Centroid, sample -> Sample.
//    bool values cross the interface as uint.
#include <algorithm>
#include <functional>
#include <map>
#include <optional>

#include "lower/lower_impl.hpp"
#include "sema/attributes.hpp"

namespace oneshader::lower {

using ir::Expression;
using ir::Handle;

namespace {

ir::Stage irStage(sema::Stage s) {
  switch (s) {
    case sema::Stage::Vertex: return ir::Stage::Vertex;
    case sema::Stage::Pixel: return ir::Stage::Pixel;
    case sema::Stage::Geometry: return ir::Stage::Geometry;
    case sema::Stage::Hull: return ir::Stage::Hull;
    case sema::Stage::Domain: return ir::Stage::Domain;
    case sema::Stage::Mesh: return ir::Stage::Mesh;
    case sema::Stage::Amplification: return ir::Stage::Amplification;
    case sema::Stage::RayGeneration: return ir::Stage::RayGeneration;
    case sema::Stage::Intersection: return ir::Stage::Intersection;
    case sema::Stage::AnyHit: return ir::Stage::AnyHit;
    case sema::Stage::ClosestHit: return ir::Stage::ClosestHit;
    case sema::Stage::Miss: return ir::Stage::Miss;
    case sema::Stage::Callable: return ir::Stage::Callable;
    default: return ir::Stage::Compute;
  }
}

const char* stageWord(ir::Stage s) {
  switch (s) {
    case ir::Stage::Vertex: return "vertex";
    case ir::Stage::Pixel: return "pixel";
    case ir::Stage::Compute: return "compute";
    case ir::Stage::Mesh: return "mesh";
    case ir::Stage::Amplification: return "amplification";
    default: return "this";
  }
}

std::string upper(std::string_view s) {
  std::string u;
  for (char c : s) u.push_back(char(c >= 'a' && c <= 'z' ? c - 32 : c));
  return u;
}

// "TEXCOORD3" -> base "TEXCOORD", index 3.
void splitSemantic(const std::string& up, std::string& base, uint32_t& index, bool& hasIndex) {
  size_t end = up.size();
  while (end > 0 && up[end - 1] >= '0' && up[end - 1] <= '9') --end;
  base = up.substr(0, end);
  hasIndex = end < up.size();
  index = 0;
  for (size_t i = end; i < up.size() && index < 100000; ++i) index = index * 10 + uint32_t(up[i] - '0');
}

enum class Dir { In, Out };

// The built-in (or SV_Target) a semantic stands for at one stage and direction.
enum class SemClass { User, Builtin, Target, Unsupported, Invalid };

SemClass classify(ir::Stage stage, Dir dir, const std::string& semantic, ir::BuiltIn& bi, uint32_t& index) {
  std::string up = upper(semantic), base;
  bool hasIndex = false;
  splitSemantic(up, base, index, hasIndex);
  bi = ir::BuiltIn::None;
  bool sv = up.rfind("SV_", 0) == 0;
  auto builtin = [&](ir::BuiltIn b) {
    bi = b;
    return SemClass::Builtin;
  };
  if (stage == ir::Stage::Compute || stage == ir::Stage::Mesh || stage == ir::Stage::Amplification) {
    if (dir == Dir::Out) return SemClass::Invalid;
    if (up == "SV_DISPATCHTHREADID") return builtin(ir::BuiltIn::GlobalInvocationId);
    if (up == "SV_GROUPID") return builtin(ir::BuiltIn::WorkGroupId);
    if (up == "SV_GROUPTHREADID") return builtin(ir::BuiltIn::LocalInvocationId);
    if (up == "SV_GROUPINDEX") return builtin(ir::BuiltIn::LocalInvocationIndex);
    return SemClass::Invalid;
  }
  if (stage == ir::Stage::Pixel) {
    if (dir == Dir::In) {
      if (base == "SV_POSITION") return builtin(ir::BuiltIn::Position);
      if (up == "SV_ISFRONTFACE") return builtin(ir::BuiltIn::FrontFacing);
      if (up == "SV_SAMPLEINDEX") return builtin(ir::BuiltIn::SampleIndex);
      if (up == "SV_PRIMITIVEID") return builtin(ir::BuiltIn::PrimitiveId);
      if (up == "SV_VIEWID") return builtin(ir::BuiltIn::ViewIndex);
      if (up == "SV_RENDERTARGETARRAYINDEX") return builtin(ir::BuiltIn::Layer);
      if (up == "SV_VIEWPORTARRAYINDEX") return builtin(ir::BuiltIn::ViewportIndex);
      if (up == "SV_COVERAGE") return builtin(ir::BuiltIn::SampleMask);
      if (up == "SV_INNERCOVERAGE") return builtin(ir::BuiltIn::FullyCovered);
      if (up == "SV_SHADINGRATE") return builtin(ir::BuiltIn::ShadingRate);
      if (up == "SV_BARYCENTRICS") return builtin(ir::BuiltIn::BaryCoord);  // NoPersp: the caller
      if (base == "SV_CLIPDISTANCE") return builtin(ir::BuiltIn::ClipDistance);
      if (base == "SV_CULLDISTANCE") return builtin(ir::BuiltIn::CullDistance);
      // DXC: a vertex shader's SV_InstanceID reaches the pixel shader as a user value.
      if (up == "SV_INSTANCEID") return SemClass::User;
      if (up == "SV_TARGET" || base == "SV_TARGET" || up == "SV_DEPTH") return SemClass::Invalid;
      return sv ? SemClass::Unsupported : SemClass::User;
    }
    if (base == "SV_TARGET") return index < 8 ? SemClass::Target : SemClass::Invalid;
    if (up == "SV_DEPTH") return builtin(ir::BuiltIn::FragDepth);
    if (up == "SV_DEPTHGREATEREQUAL") return builtin(ir::BuiltIn::FragDepthGreater);
    if (up == "SV_DEPTHLESSEQUAL") return builtin(ir::BuiltIn::FragDepthLess);
    if (up == "SV_COVERAGE") return builtin(ir::BuiltIn::SampleMask);
    if (up == "SV_STENCILREF") return builtin(ir::BuiltIn::StencilRef);
    return sv ? SemClass::Unsupported : SemClass::Invalid;
  }
  if (stage == ir::Stage::Vertex) {
    if (dir == Dir::In) {
      if (up == "SV_VERTEXID") return builtin(ir::BuiltIn::VertexIndex);
      if (up == "SV_INSTANCEID") return builtin(ir::BuiltIn::InstanceIndex);
      if (up == "SV_VIEWID") return builtin(ir::BuiltIn::ViewIndex);
      if (up == "SV_STARTVERTEXLOCATION") return builtin(ir::BuiltIn::BaseVertex);
      if (up == "SV_STARTINSTANCELOCATION") return builtin(ir::BuiltIn::BaseInstance);
      // DXC: these are user values (a Location) as vertex inputs.
      if (base == "SV_POSITION" || up == "SV_RENDERTARGETARRAYINDEX" || up == "SV_VIEWPORTARRAYINDEX")
        return SemClass::User;
      return sv ? SemClass::Unsupported : SemClass::User;
    }
    if (base == "SV_POSITION") return builtin(ir::BuiltIn::Position);
    if (up == "SV_RENDERTARGETARRAYINDEX") return builtin(ir::BuiltIn::Layer);
    if (up == "SV_VIEWPORTARRAYINDEX") return builtin(ir::BuiltIn::ViewportIndex);
    if (up == "SV_SHADINGRATE") return builtin(ir::BuiltIn::ShadingRate);
    if (up == "SV_INSTANCEID") return SemClass::User;  // DXC: passed on as a user value
    if (base == "SV_CLIPDISTANCE") return builtin(ir::BuiltIn::ClipDistance);
    if (base == "SV_CULLDISTANCE") return builtin(ir::BuiltIn::CullDistance);
    return sv ? SemClass::Unsupported : SemClass::User;
  }
  return SemClass::Unsupported;
}

const ast::Attribute* vkAttr(std::span<ast::Attribute*> attrs, std::string_view name) {
  for (const ast::Attribute* a : attrs)
    if (a && a->ns.str() == "vk" && upper(a->name.str()) == upper(name)) return a;
  return nullptr;
}

// The integer literal of a one-argument attribute (vk::location, vk::index), if it is one.
std::optional<uint64_t> intArg(const ast::Attribute* a) {
  const ast::Expr* x = a->args.size() == 1 ? a->args[0] : nullptr;
  while (x && x->kind == ast::ExprKind::Paren) x = static_cast<const ast::ParenExpr*>(x)->sub;
  auto* lit = x ? ast::dyn_cast<ast::IntLiteralExpr>(x) : nullptr;
  if (!lit) return std::nullopt;
  return uint64_t(lit->value);
}

// DXC's signature point names ("VSIn", "PSOut"), which its vk::builtin messages use.
std::string sigPoint(ir::Stage s, Dir dir) {
  const char* st = s == ir::Stage::Vertex          ? "VS"
                   : s == ir::Stage::Pixel         ? "PS"
                   : s == ir::Stage::Mesh          ? "MS"
                   : s == ir::Stage::Amplification ? "AS"
                                                   : "CS";
  return std::string(st) + (dir == Dir::In ? "In" : "Out");
}

// Locations one value of `t` takes (Vulkan "Location Assignment").
uint32_t locationSlots(const ir::TypeArena& types, Handle<ir::Type> t) {
  const ir::Type& ty = types[t];
  switch (ty.kind) {
    case ir::TypeKind::Scalar: return 1;
    case ir::TypeKind::Vector: return ty.scalar.width == 64 && ty.size > 2 ? 2 : 1;
    case ir::TypeKind::Matrix: return ty.columns * (ty.scalar.width == 64 && ty.size > 2 ? 2 : 1);
    case ir::TypeKind::Array: return ty.arraySize * locationSlots(types, ty.base);
    default: return 1;
  }
}

}  // namespace

// One flattened interface value.
struct IoLeaf {
  std::string name;
  const sema::Type* type = nullptr;  // declared HLSL type
  Handle<ir::Type> declType;         // its IR value type
  Handle<ir::Type> ioType;           // the interface variable's type
  ir::Binding binding;
  bool target = false;
  uint32_t targetIndex = 0;
  std::optional<uint32_t> explicitLocation;
  SourceRange range, locationRange;
  std::span<ast::Attribute*> attrs;  // the declaration's ([[vk::ext_decorate*]] go on the stage variable)
  // SV_ClipDistanceN / SV_CullDistanceN: the value's floats start at `packOffset` of the one
  // ClipDistance (CullDistance) array; `semIndex` is N.
  uint32_t packOffset = 0, semIndex = 0;
  // A ClipDistance / CullDistance array leaf: it stands for the values packed into it and is
  // an argument or result member; the packed values are not.
  bool packedArray = false;
  bool nointerpolation = false;  // a pixel input declared nointerpolation
  bool perVertex = false;        // read per vertex (GetAttributeAtVertex): ioType is T[3]
};

namespace {

struct EntryBuilder {
  Lowerer& L;
  ir::Stage stage;
  std::vector<IoLeaf> inputs, outputs;
  bool failed = false;  // a vk::builtin or vk::index error was reported
  // The semantic of the struct being flattened, when it has one (it overrides its fields').
  std::optional<std::string> inherit_;
  std::string inheritName_;
  uint32_t inheritIndex_ = 0, inheritCount_ = 0;

  // Flattens a value of `t` declared by `decl` (a parameter, field or the function for its
  // return value) into leaves.
  void collect(Dir dir, const sema::Type* t, const std::string& name, std::string_view semantic,
               std::span<ast::Attribute*> attrs, uint8_t interp, SourceRange range, SourceRange semRange) {
    std::vector<IoLeaf>& out = dir == Dir::In ? inputs : outputs;
    if (!t) L.internal(range, "missing type annotation");
    const ast::Attribute* builtinAttr = vkAttr(attrs, "builtin");
    if (t->isStruct() && builtinAttr) {
      vkBuiltin(dir, t, attrs, builtinAttr);  // DXC's type error
      return;
    }
    if (t->isStruct() && vkAttr(attrs, "index")) {
      L.diags_.report(DiagId::DualSourceBlending, vkAttr(attrs, "index")->range,
                      {"vk::index applies to the fields of a struct, not to the struct"});
      failed = true;
      return;
    }
    if (t->isStruct()) {
      // A semantic on a struct value overrides its fields' (DXC): the leaves take the
      // semantic as written, then its name with the following indices (X, X1, X2; Y10, Y11).
      bool outer = !semantic.empty() && !inherit_;
      if (outer) {
        size_t d = semantic.size();
        while (d > 0 && semantic[d - 1] >= '0' && semantic[d - 1] <= '9') --d;
        inherit_ = std::string(semantic);
        inheritName_ = std::string(semantic.substr(0, d));
        inheritIndex_ = d < semantic.size() ? uint32_t(std::stoul(std::string(semantic.substr(d)))) : 0;
        inheritCount_ = 0;
      }
      for (const sema::StructField& f : t->fields()) {
        ast::FieldDecl* fd = f.decl;
        if (!fd) L.internal(range, "struct field without a declaration");
        collect(dir, f.type, name + "." + std::string(f.name.str()), fd->semantic.str(), fd->attributes,
                uint8_t(interp | fd->interp), fd->range, fd->semanticRange.valid() ? fd->semanticRange : fd->range);
      }
      if (outer) inherit_.reset();
      return;
    }
    std::string inherited;
    if (inherit_) {
      inherited = inheritCount_ == 0 ? *inherit_ : inheritName_ + std::to_string(inheritIndex_ + inheritCount_);
      ++inheritCount_;
      semantic = inherited;
    }
    if (semantic.empty()) {
      L.diags_.report(DiagId::MissingSemantic, range, {name, std::string(L.curEntry_)});
      throw LowerAbort{};
    }
    IoLeaf leaf;
    // Stage variables are named like DXC's: in.var.TEXCOORD0 / (out.)var.SV_Target0.
    leaf.name = (dir == Dir::In ? "in.var." : "var.") + std::string(semantic);
    leaf.type = t;
    leaf.range = range;
    if (!t->isNumeric() && !(t->isArray() && t->elementType() && t->elementType()->isNumeric()))
      L.unsupported(range, "an entry-point " + std::string(dir == Dir::In ? "input" : "output") + " of type '" +
                               t->toString() + "'");
    leaf.declType = L.irType(t, range);
    ir::BuiltIn bi = ir::BuiltIn::None;
    uint32_t index = 0;
    std::string sem(semantic);
    SemClass cls = builtinAttr ? SemClass::Builtin : classify(stage, dir, sem, bi, index);
    if (builtinAttr && (bi = vkBuiltin(dir, t, attrs, builtinAttr)) == ir::BuiltIn::None) return;
    if (cls == SemClass::Builtin && bi == ir::BuiltIn::BaryCoord && (interp & ast::IF_Noperspective))
      bi = ir::BuiltIn::BaryCoordNoPersp;
    if (cls == SemClass::Builtin && bi == ir::BuiltIn::FullyCovered &&
        !(t->isScalar() && t->isIntegral() && t->scalarKind() == sema::ScalarKind::Uint)) {
      L.diags_.report(DiagId::InvalidEntryParam, semRange, {sem, t->toString()});  // DXC: "must be of uint type"
      throw LowerAbort{};
    }
    if (cls == SemClass::Builtin && (bi == ir::BuiltIn::ClipDistance || bi == ir::BuiltIn::CullDistance)) {
      // DXC: float scalars, vectors or arrays of them, packed into one array (packDistances).
      const sema::Type* e = t->isArray() ? t->elementType() : t;
      Handle<ir::Type> et =
          L.m_->types[leaf.declType].kind == ir::TypeKind::Array ? L.m_->types[leaf.declType].base : leaf.declType;
      if (!e || e->isArray() || e->isMatrix() || !e->isFloating() ||
          ir::scalarOf(L.m_->types, et) != ir::Scalar::f32()) {
        L.diags_.report(DiagId::InvalidEntryParam, semRange, {sem, t->toString()});
        throw LowerAbort{};
      }
      leaf.binding = ir::Binding::builtinOf(bi);
      leaf.ioType = leaf.declType;
      leaf.semIndex = index;
    }
    switch (cls) {
      case SemClass::Builtin:
        if (bi == ir::BuiltIn::ClipDistance || bi == ir::BuiltIn::CullDistance) break;
        leaf.binding = ir::Binding::builtinOf(bi);
        if (bi == ir::BuiltIn::BaryCoord || bi == ir::BuiltIn::BaryCoordNoPersp) {
          if (interp & ast::IF_Sample)
            leaf.binding.sampling = ir::Binding::Sampling::Sample;
          else if (interp & ast::IF_Centroid)
            leaf.binding.sampling = ir::Binding::Sampling::Centroid;
        }
        leaf.ioType = ir::builtinValueType(L.m_->types, bi);
        // An output cannot be widened into its built-in: DXC requires SV_Position of a
        // vertex output to be four floats, and no other output built-in has fewer.
        if (t->isArray() || t->isMatrix() || ir::componentCount(L.m_->types, leaf.declType) == 0 ||
            ir::componentCount(L.m_->types, leaf.declType) > ir::componentCount(L.m_->types, leaf.ioType) ||
            (dir == Dir::Out &&
             ir::componentCount(L.m_->types, leaf.declType) != ir::componentCount(L.m_->types, leaf.ioType)))
          L.diags_.report(DiagId::InvalidEntryParam, semRange, {sem, t->toString()}), throw LowerAbort{};
        break;
      case SemClass::Target:
        leaf.target = true;
        leaf.targetIndex = index;
        [[fallthrough]];
      case SemClass::User: {
        leaf.binding.kind = ir::Binding::Kind::Location;
        leaf.ioType = leaf.declType;
        if (t->isBool()) {
          if (t->isArray() || t->isMatrix()) L.unsupported(range, "a bool array or matrix in the stage interface");
          leaf.ioType = ir::withScalar(L.m_->types, leaf.declType, ir::Scalar::u32());
        }
        bool pixelIn = dir == Dir::In && stage == ir::Stage::Pixel;
        if (pixelIn || (dir == Dir::Out && stage == ir::Stage::Vertex)) {
          const sema::Type* c = t;
          while (c->isArray()) c = c->elementType();
          leaf.nointerpolation = pixelIn && (interp & ast::IF_Nointerpolation);
          if ((interp & ast::IF_Nointerpolation) || (pixelIn && (c->isIntegral() || c->isBool())))
            leaf.binding.interpolation = ir::Binding::Interpolation::Flat;
          else if (interp & ast::IF_Noperspective)
            leaf.binding.interpolation = ir::Binding::Interpolation::Linear;
          if (interp & ast::IF_Sample)
            leaf.binding.sampling = ir::Binding::Sampling::Sample;
          else if (interp & ast::IF_Centroid)
            leaf.binding.sampling = ir::Binding::Sampling::Centroid;
        }
        if (const ast::Attribute* a = vkAttr(attrs, "location")) {
          std::optional<uint64_t> v = intArg(a);
          if (!v || *v > 0xffff) {
            L.diags_.report(DiagId::InvalidAttributeArg, a->range, {"vk::location", "expected an integer constant"});
            throw LowerAbort{};
          }
          leaf.explicitLocation = uint32_t(*v);
          leaf.locationRange = a->range;
        }
        break;
      }
      case SemClass::Unsupported:
        L.unsupported(semRange, "the semantic '" + sem + "' in a " + stageWord(stage) + " shader " +
                                    (dir == Dir::In ? "input" : "output"));
      case SemClass::Invalid:
        L.diags_.report(DiagId::UnknownSemantic, semRange,
                        {sem, std::string(stageWord(stage)) + (dir == Dir::In ? " input" : " output")});
        throw LowerAbort{};
    }
    if (const ast::Attribute* ix = vkAttr(attrs, "index")) leaf.binding.blendIndex = blendIndex(dir, leaf, attrs, ix);
    // DXC: one semantic names one value per direction ("input semantic 'ABC' used more than once").
    for (const IoLeaf& o : out) {
      if (o.binding.semantic != sem) continue;  // DXC compares the strings as written
      L.diags_.report(DiagId::SemanticReused, semRange, {dir == Dir::In ? "input" : "output", sem});
      failed = true;
      break;
    }
    // DXC: SV_Position must be a 4-component 32-bit float vector (no conversion into it).
    if (cls == SemClass::Builtin && bi == ir::BuiltIn::Position && stage == ir::Stage::Vertex &&
        ir::scalarOf(L.m_->types, leaf.declType) != ir::Scalar::f32()) {
      L.diags_.report(DiagId::InvalidEntryParam, semRange, {sem, t->toString()});
      throw LowerAbort{};
    }
    leaf.binding.semantic = sem;
    leaf.attrs = attrs;
    out.push_back(std::move(leaf));
  }

  // [[vk::builtin("Name")]] on a value of type `t`: the built-in, after DXC's checks
  // (validateVKBuiltins: not with vk::location, the type, the signature point); None when
  // one failed (`failed` is set: lowering stops once every value is checked, so that all
  // errors are reported, as DXC does).
  ir::BuiltIn vkBuiltin(Dir dir, const sema::Type* t, std::span<ast::Attribute*> attrs, const ast::Attribute* a) {
    auto* lit = a->args.size() == 1 ? ast::dyn_cast<ast::StringLiteralExpr>(a->args[0]) : nullptr;
    if (!lit) L.internal(a->range, "vk::builtin without its name");
    std::string name(lit->value), sig = sigPoint(stage, dir);
    bool ok = true;
    auto fail = [&](DiagId id, std::string what) {
      L.diags_.report(id, a->range, {name, std::move(what)});
      ok = false;
    };
    if (vkAttr(attrs, "location")) {
      L.diags_.report(DiagId::AttributeConflict, a->range, {"[[vk::builtin]]", "[[vk::location]]"});
      ok = false;
    }
    bool int32 = t->isScalar() && t->spelling() == sema::ScalarSpelling::Plain &&
                 (t->scalarKind() == sema::ScalarKind::Int || t->scalarKind() == sema::ScalarKind::Uint);
    ir::BuiltIn bi = ir::BuiltIn::None;
    if (name == "HelperInvocation") {
      bi = ir::BuiltIn::HelperInvocation;
      if (!t->isScalar() || !t->isBool()) fail(DiagId::VkBuiltinType, "boolean type");
      if (sig != "PSIn") fail(DiagId::VkBuiltinUse, "can only be used as pixel shader input");
    } else if (name == "PointSize") {
      bi = ir::BuiltIn::PointSize;
      if (!t->isScalar() || !t->isFloating()) fail(DiagId::VkBuiltinType, "float type");
      // DXC also lets a pixel shader read it (PSIn); Vulkan allows PointSize in no
      // fragment shader (VUID-PointSize-PointSize-04314), so that is an error here too.
      if (sig != "VSOut") fail(DiagId::VkBuiltinUse, "cannot be used as " + sig);
    } else if (name == "BaseVertex" || name == "BaseInstance" || name == "DrawIndex") {
      bi = name == "BaseVertex"     ? ir::BuiltIn::BaseVertex
           : name == "BaseInstance" ? ir::BuiltIn::BaseInstance
                                    : ir::BuiltIn::DrawIndex;
      if (!int32) fail(DiagId::VkBuiltinType, "32-bit scalar integer type");
      // DXC also lets mesh and amplification shaders read DrawIndex.
      if (sig != "VSIn" && !(bi == ir::BuiltIn::DrawIndex && (sig == "MSIn" || sig == "ASIn")))
        fail(DiagId::VkBuiltinUse, "cannot be used as " + sig);
    } else if (name == "DeviceIndex") {
      bi = ir::BuiltIn::DeviceIndex;
      if (dir != Dir::In) fail(DiagId::VkBuiltinUse, "can only be used as shader input");
      if (!int32) fail(DiagId::VkBuiltinType, "32-bit scalar integer type");
    } else if (name == "ViewportMaskNV") {
      // A mesh shader's per-primitive output only (DXC); not among the mesh outputs yet.
      fail(DiagId::VkBuiltinUse, "can only be used as 'primitives' output in MS");
      const sema::Type* e = t->isArray() ? t->elementType() : nullptr;
      if (!e || !e->isScalar() || e->scalarKind() != sema::ScalarKind::Int)
        fail(DiagId::VkBuiltinType, "type array of integers");
    } else {
      L.internal(a->range, "vk::builtin name Sema did not check");
    }
    if (!ok) failed = true;
    return ok ? bi : ir::BuiltIn::None;
  }

  // [[vk::index(N)]] (DXC's validateVKAttributes): dual-source blending, only on a pixel
  // shader output with [[vk::location(0)]], N 0 or 1. DXC's messages, all reported (-1
  // and `failed` set on an error).
  int8_t blendIndex(Dir dir, const IoLeaf& leaf, std::span<ast::Attribute*> attrs, const ast::Attribute* ix) {
    bool ok = true;
    auto fail = [&](SourceRange r, const char* what) {
      L.diags_.report(DiagId::DualSourceBlending, r, {what});
      ok = false;
    };
    if (stage != ir::Stage::Pixel) fail(ix->range, "vk::index only allowed in pixel shader");
    // DXC decorates a pixel input too, which SPIR-V forbids (Index is for Output variables).
    else if (dir != Dir::Out || !leaf.target)
      fail(ix->range, "vk::index only allowed on pixel shader SV_Target outputs");
    const ast::Attribute* loc = vkAttr(attrs, "location");
    if (!loc)
      fail(ix->range, "vk::index should be used together with vk::location for dual-source blending");
    else if (leaf.explicitLocation && *leaf.explicitLocation != 0)
      fail(loc->range, "dual-source blending should use vk::location 0");
    std::optional<uint64_t> n = intArg(ix);
    if (!n) {
      L.diags_.report(DiagId::InvalidAttributeArg, ix->range, {"vk::index", "expected an integer constant"});
      ok = false;
    } else if (*n > 1) {
      fail(ix->range, "dual-source blending only accepts 0 or 1 as vk::index");
    }
    if (!ok) {
      failed = true;
      return -1;
    }
    return int8_t(*n);
  }

  // SV_ClipDistanceN / SV_CullDistanceN (DXC's SPIR-V.rst "ClipDistance & CullDistance"):
  // the values of one direction, sorted by N, are laid end to end in one float array, which
  // is appended as its own leaf (`packedArray`).
  void packDistances(std::vector<IoLeaf>& leaves) {
    for (ir::BuiltIn which : {ir::BuiltIn::ClipDistance, ir::BuiltIn::CullDistance}) {
      std::vector<IoLeaf*> packed;
      for (IoLeaf& l : leaves)
        if (l.binding.isBuiltin() && l.binding.builtin == which && !l.packedArray) packed.push_back(&l);
      if (packed.empty()) continue;
      std::stable_sort(packed.begin(), packed.end(),
                       [](const IoLeaf* a, const IoLeaf* b) { return a->semIndex < b->semIndex; });
      uint32_t n = 0;
      for (IoLeaf* l : packed) {
        l->packOffset = n;
        const ir::Type& ty = L.m_->types[l->declType];
        n += ty.kind == ir::TypeKind::Array ? ty.arraySize * ir::componentCount(L.m_->types, ty.base)
                                            : ir::componentCount(L.m_->types, l->declType);
      }
      IoLeaf a;
      bool clip = which == ir::BuiltIn::ClipDistance;
      a.name = clip ? "gl_ClipDistance" : "gl_CullDistance";
      a.binding = ir::Binding::builtinOf(which);
      a.binding.semantic = clip ? "SV_ClipDistance" : "SV_CullDistance";
      a.declType = a.ioType = L.m_->types.array(L.m_->types.scalar(ir::Scalar::f32()), n);
      a.range = packed[0]->range;
      a.packedArray = true;
      leaves.push_back(std::move(a));
    }
  }

  bool placedByDecoration(std::span<ast::Attribute*> attrs) {
    for (const ast::Attribute* a : attrs) {
      if (!a || a->ns.str() != "vk" || a->name.str() != "ext_decorate" || a->args.empty()) continue;
      sema::ConstValue v = L.sema_.constValue(a->args[0]);
      if (v.valid() && (v.asUint() == 11 || v.asUint() == 30)) return true;  // BuiltIn, Location
    }
    return false;
  }

  // Location numbers: SV_Target[N] -> N, explicit ones as given, the rest in order.
  // False when a location is taken twice (reported).
  bool assignLocations(std::vector<IoLeaf>& leaves, Dir dir) {
    const IoLeaf* firstExplicit = nullptr;
    const IoLeaf* firstImplicit = nullptr;
    for (const IoLeaf& l : leaves) {
      if (l.binding.kind != ir::Binding::Kind::Location || l.target) continue;
      if (l.explicitLocation && !firstExplicit) firstExplicit = &l;
      // A value that [[vk::ext_decorate]] makes a BuiltIn (or gives its Location) is placed
      // by that decoration, not by the location rule (DXC: spv.intrinsicDecorate.hlsl).
      if (!l.explicitLocation && !firstImplicit && !placedByDecoration(l.attrs)) firstImplicit = &l;
    }
    if (firstExplicit && firstImplicit) {
      L.diags_.report(
          DiagId::InvalidAttributeArg, firstExplicit->locationRange,
          {"vk::location", "'" + firstImplicit->binding.semantic + "' has no location: use vk::location on all stage " +
                               "inputs or outputs of the entry point, or on none"});
      throw LowerAbort{};
    }
    // The rest in declaration order, or with -fvk-stage-io-order=alpha in the order of
    // their semantic strings (DXC: semantic.arbitrary.location.alpha.hlsl).
    std::vector<IoLeaf*> implicit;
    for (IoLeaf& l : leaves) {
      if (l.binding.kind != ir::Binding::Kind::Location) continue;
      if (l.explicitLocation)
        l.binding.location = *l.explicitLocation;
      else if (l.target)
        l.binding.location = l.targetIndex;
      else
        implicit.push_back(&l);
    }
    if (L.opts_.alphabeticalStageIo)
      std::stable_sort(implicit.begin(), implicit.end(),
                       [](const IoLeaf* a, const IoLeaf* b) { return a->binding.semantic < b->binding.semantic; });
    uint32_t next = 0;
    for (IoLeaf* l : implicit) {
      l->binding.location = next;
      next += locationSlots(L.m_->types, l->ioType);
    }
    // DXC's check: no location (with its vk::index) is taken twice. A value whose
    // [[vk::ext_decorate]] may place it itself is left out.
    std::map<std::pair<uint32_t, int>, const IoLeaf*> used;
    bool ok = true;
    for (const IoLeaf& l : leaves) {
      if (l.binding.kind != ir::Binding::Kind::Location || vkAttr(l.attrs, "ext_decorate")) continue;
      for (uint32_t k = 0, n = locationSlots(L.m_->types, l.ioType); k < n; ++k) {
        auto [it, fresh] = used.try_emplace({l.binding.location + k, std::max<int>(0, l.binding.blendIndex)}, &l);
        if (fresh) continue;
        L.diags_.report(DiagId::LocationReused, l.locationRange.valid() ? l.locationRange : l.range,
                        {dir == Dir::In ? "input" : "output", std::to_string(l.binding.location + k),
                         it->second->binding.semantic});
        ok = false;
        break;
      }
    }
    return ok;
  }
};

// A value of `from` type as the `to` type: leading components, then a scalar conversion
// (bit cast between same-width integers). Used between built-in and declared types.
Handle<Expression> adaptValue(Lowerer& L, Handle<Expression> v, Handle<ir::Type> to, SourceRange r) {
  ir::FunctionBuilder& b = *L.fb_;
  ir::TypeArena& ty = L.m_->types;
  Handle<ir::Type> from = L.typeOf(v);
  if (from == to) return v;
  uint32_t want = ir::componentCount(ty, to), have = ir::componentCount(ty, from);
  if (want == 0 || have == 0 || want > have) L.internal(r, "interface value of an unexpected shape");
  if (want < have) {
    if (want == 1)
      v = b.accessIndex(v, 0);
    else if (want == 2)
      v = b.swizzle(v, {0, 1});
    else
      v = b.swizzle(v, {0, 1, 2});
  }
  std::optional<ir::Scalar> fs = ir::scalarOf(ty, L.typeOf(v)), ts = ir::scalarOf(ty, to);
  if (!fs || !ts) L.internal(r, "interface value of a non-numeric type");
  if (*fs != *ts) {
    if (fs->isInteger() && ts->isInteger() && fs->width == ts->width)
      v = b.bitcast(v, to);
    else
      v = b.convert(v, *ts);
  }
  return v;
}

}  // namespace

void Lowerer::entryPrologue(ir::FunctionBuilder& b, const ast::FunctionDecl* fd) {
  entryExecutionModes(fd);  // [[vk::spvexecutionmode(M)]]
  locals_.clear();
  ptrArgs_.clear();
  hasThis_ = false;
  thisType_ = nullptr;
  // Static globals with initializers are set at the start of every entry point.
  for (auto& [decl, g] : staticInits_) {
    Handle<Expression> v = initializer(decl->init, decl->type);
    b.store(b.global(g), v);
  }
}

void Lowerer::lowerEntryPoint(const sema::EntryPoint& ep) {
  ast::FunctionDecl* fd = ep.decl;
  if (!fd) internal(SourceRange{}, "entry point without a declaration");
  if (ep.stage == sema::Stage::Library) internal(fd->range, "library stage entry point");
  ir::Stage stage = irStage(ep.stage);
  if (stage == ir::Stage::Geometry) return lowerGeometryEntry(ep);
  if (stage == ir::Stage::Hull) return lowerHullEntry(ep);
  if (stage == ir::Stage::Domain) return lowerDomainEntry(ep);
  if (ir::isRayTracingStage(stage)) return lowerRayTracingEntry(ep, stage);
  curEntry_ = ep.name;
  // Mesh and amplification shaders (lower_stages.cpp): the compute wrapper, plus the mesh
  // outputs and payload.
  bool task = stage == ir::Stage::Mesh || stage == ir::Stage::Amplification;
  MeshSetup mesh;
  if (stage == ir::Stage::Mesh) mesh = meshSetup(ep);
  if (stage == ir::Stage::Amplification) checkTaskInputs(ep, false);
  entryDecls_.insert(fd);
  Handle<ir::Function> inner = declareFunction(fd);

  EntryBuilder eb{*this, stage, {}, {}, false, std::nullopt, {}, 0, 0};
  // Inputs: in/inout parameters in order.
  for (const sema::EntryParam& p : ep.params) {
    if (!p.decl) internal(fd->range, "entry parameter without a declaration");
    ast::ParamDecl* pd = p.decl;
    if (pd->dir == ast::ParamDir::Out) continue;
    if (task && pd->prim != ast::PrimitiveMod::None) continue;
    if ((stage == ir::Stage::Compute || task) && pd->dir == ast::ParamDir::InOut)
      unsupported(pd->range, "inout parameters of compute entry points");
    eb.collect(Dir::In, pd->type, std::string(pd->name.str()), pd->semantic.str(), pd->attributes, pd->interp,
               pd->range, pd->semanticRange.valid() ? pd->semanticRange : pd->range);
  }
  // Outputs: the return value, then out/inout parameters in order.
  const sema::Type* rt = fd->returnType;
  if (rt && !rt->isVoid())
    eb.collect(Dir::Out, rt, "out.var", fd->returnSemantic.str(), fd->attributes, fd->interp, fd->range,
               fd->returnSemanticRange.valid() ? fd->returnSemanticRange : fd->range);
  for (const sema::EntryParam& p : ep.params) {
    ast::ParamDecl* pd = p.decl;
    if (pd->dir != ast::ParamDir::Out && pd->dir != ast::ParamDir::InOut) continue;
    if (task && pd->prim != ast::PrimitiveMod::None) continue;
    if (stage == ir::Stage::Compute || task) unsupported(pd->range, "out parameters of compute entry points");
    eb.collect(Dir::Out, pd->type, "out." + std::string(pd->name.str()), pd->semantic.str(), pd->attributes, pd->interp,
               pd->range, pd->semanticRange.valid() ? pd->semanticRange : pd->range);
  }
  if (eb.failed) throw LowerAbort{};
  // -fvk-support-nonzero-base-vertex / -instance (DXC): SV_VertexID / SV_InstanceID count
  // from the draw's first vertex / instance as in DirectX, so the base is subtracted; every
  // target's vertex and instance index includes it. The base is one more input, after the
  // declared ones (the rebuild below never reaches it).
  std::map<uint32_t, uint32_t> baseOf;  // input leaf -> its base's leaf
  if (stage == ir::Stage::Vertex && (opts_.nonzeroBaseVertex || opts_.nonzeroBaseInstance)) {
    size_t declared = eb.inputs.size();
    std::optional<uint32_t> baseLeaf[2];
    for (size_t i = 0; i < declared; ++i) {
      const IoLeaf& l = eb.inputs[i];
      if (!l.binding.isBuiltin()) continue;
      bool vertex = l.binding.builtin == ir::BuiltIn::VertexIndex && opts_.nonzeroBaseVertex;
      bool instance = l.binding.builtin == ir::BuiltIn::InstanceIndex && opts_.nonzeroBaseInstance;
      if (!vertex && !instance) continue;
      std::optional<uint32_t>& base = baseLeaf[vertex ? 0 : 1];
      if (!base) {
        IoLeaf b;
        b.name = vertex ? "gl_BaseVertex" : "gl_BaseInstance";
        b.binding = ir::Binding::builtinOf(vertex ? ir::BuiltIn::BaseVertex : ir::BuiltIn::BaseInstance);
        // Named after the option, so that a target without the value (WGSL) can say which.
        b.binding.semantic = vertex ? "-fvk-support-nonzero-base-vertex" : "-fvk-support-nonzero-base-instance";
        b.ioType = ir::builtinValueType(m_->types, b.binding.builtin);
        b.declType = b.ioType;
        b.range = l.range;
        base = uint32_t(eb.inputs.size());
        eb.inputs.push_back(std::move(b));
      }
      baseOf[uint32_t(i)] = *base;
    }
  }
  size_t declaredOutputs = eb.outputs.size();
  eb.packDistances(eb.inputs);
  eb.packDistances(eb.outputs);
  bool placed = eb.assignLocations(eb.inputs, Dir::In);
  placed &= eb.assignLocations(eb.outputs, Dir::Out);
  if (!placed) throw LowerAbort{};
  // A pixel shader that reaches GetAttributeAtVertex reads its nointerpolation inputs per
  // vertex, as DXC does (SPV_KHR_fragment_shader_barycentric): each is an array of the three
  // vertices' values, decorated PerVertexKHR instead of Flat, in its one location; the
  // declared value is vertex 0's (lower_interpolant.cpp).
  bool perVertex = false;
  if (stage == ir::Stage::Pixel && usesAttributeAtVertex(ep))
    for (IoLeaf& l : eb.inputs)
      if (l.nointerpolation && l.binding.kind == ir::Binding::Kind::Location) {
        l.perVertex = perVertex = true;
        l.ioType = m_->types.array(l.ioType, 3);
        l.binding.interpolation = ir::Binding::Interpolation::Perspective;
      }
  // A value packed into the ClipDistance / CullDistance array is no argument or member itself.
  auto packed = [](const IoLeaf& l) {
    return !l.packedArray && l.binding.isBuiltin() &&
           (l.binding.builtin == ir::BuiltIn::ClipDistance || l.binding.builtin == ir::BuiltIn::CullDistance);
  };
  auto arrayLeaf = [](const std::vector<IoLeaf>& leaves, ir::BuiltIn which) {
    for (size_t i = 0; i < leaves.size(); ++i)
      if (leaves[i].packedArray && leaves[i].binding.builtin == which) return i;
    return leaves.size();
  };

  std::vector<ir::FunctionArgument> args;
  std::vector<uint32_t> argOf(eb.inputs.size(), 0);
  for (size_t i = 0; i < eb.inputs.size(); ++i) {
    const IoLeaf& l = eb.inputs[i];
    if (packed(l)) continue;
    argOf[i] = uint32_t(args.size());
    args.push_back(ir::FunctionArgument{l.name, l.ioType, l.binding, decorationsOf(l.attrs, l.range), {}});
    if (l.perVertex) args.back().spirvDecorations.push_back(ir::SpirvDecoration{{}, 5285, {}, {}});  // PerVertexKHR
  }
  std::vector<const IoLeaf*> resultLeaves;
  for (const IoLeaf& l : eb.outputs)
    if (!packed(l)) resultLeaves.push_back(&l);
  std::optional<ir::FunctionResult> result;
  if (resultLeaves.size() == 1) {
    result = ir::FunctionResult{resultLeaves[0]->ioType, resultLeaves[0]->binding,
                                decorationsOf(resultLeaves[0]->attrs, resultLeaves[0]->range)};
  } else if (resultLeaves.size() > 1) {
    std::vector<ir::StructMember> ms;
    for (const IoLeaf* lp : resultLeaves) {
      const IoLeaf& l = *lp;
      ir::StructMember m;
      m.name = l.name;
      m.type = l.ioType;
      m.binding = l.binding;
      m.spirvDecorations = decorationsOf(l.attrs, l.range);
      ms.push_back(std::move(m));
    }
    result = ir::FunctionResult{m_->types.structure("out." + ep.name, std::move(ms)), {}, {}};
  }
  Handle<ir::Function> wrapper = mb_->function(ep.name, std::move(args), result);
  m_->functions[wrapper].range = fd->range;
  m_->functions[wrapper].declRange = declarationRange(fd);
  m_->functions[inner].name = "src." + ep.name;
  if (perVertex) {
    m_->functions[wrapper].spirvRequirements.capabilities.push_back(5284);  // FragmentBarycentricKHR
    m_->functions[wrapper].spirvRequirements.extensions.push_back("SPV_KHR_fragment_shader_barycentric");
  }
  // [[vk::ext_decorate]] on an entry point decorates its return value's stage variable only.
  m_->functions[inner].spirvDecorations.clear();

  ir::FunctionBuilder b = mb_->build(wrapper);
  fb_ = &b;
  b.setRange(fd->range);
  if (stage == ir::Stage::Mesh) meshExecutionModes(mesh, ep);
  entryPrologue(b, fd);
  // Rebuilds a declared value from consecutive input leaves. A pixel shader's located
  // leaves are recorded by parameter and field path, for EvaluateAttribute*
  // (lower_interpolant.cpp).
  uint32_t cursor = 0;
  const ast::ParamDecl* buildParam = nullptr;
  std::vector<uint32_t> fieldPath;
  std::function<Handle<Expression>(const sema::Type*)> build = [&](const sema::Type* t) -> Handle<Expression> {
    if (t->isStruct()) {
      std::vector<Handle<Expression>> parts;
      for (const sema::StructField& f : t->fields()) {
        fieldPath.push_back(uint32_t(parts.size()));
        parts.push_back(build(f.type));
        fieldPath.pop_back();
      }
      return b.compose(irType(t, fd->range), parts);
    }
    if (cursor >= eb.inputs.size()) internal(fd->range, "entry inputs out of step");
    const IoLeaf& l = eb.inputs[cursor];
    b.setRange(l.range);
    if (packed(l)) {
      // Its floats from the ClipDistance / CullDistance array.
      size_t a = arrayLeaf(eb.inputs, l.binding.builtin);
      if (a >= eb.inputs.size()) internal(l.range, "clip or cull distance without its array");
      Handle<Expression> arr = b.arg(argOf[a]);
      uint32_t off = l.packOffset;
      std::function<Handle<Expression>(Handle<ir::Type>)> take = [&](Handle<ir::Type> t) -> Handle<Expression> {
        const ir::Type& ty = m_->types[t];
        if (ty.kind == ir::TypeKind::Scalar) return b.accessIndex(arr, off++);
        std::vector<Handle<Expression>> parts;
        uint32_t n = ty.kind == ir::TypeKind::Array ? ty.arraySize : ty.size;
        for (uint32_t k = 0; k < n; ++k)
          parts.push_back(ty.kind == ir::TypeKind::Array ? take(ty.base) : b.accessIndex(arr, off++));
        return b.compose(t, parts);
      };
      ++cursor;
      return take(l.declType);
    }
    Handle<Expression> v = b.arg(argOf[cursor]);
    if (stage == ir::Stage::Pixel && buildParam && l.binding.kind == ir::Binding::Kind::Location)
      pixelInputs_[buildParam].push_back(PixelInput{fieldPath, l.binding, l.ioType, l.name, l.range, {}, l.perVertex});
    if (l.perVertex) v = b.accessIndex(v, 0);
    if (auto base = baseOf.find(cursor); base != baseOf.end()) {
      Handle<Expression> bv = b.arg(argOf[base->second]);
      if (typeOf(bv) != typeOf(v)) bv = b.bitcast(bv, typeOf(v));
      v = b.binary(ir::BinaryOp::Subtract, v, bv);
    }
    ++cursor;
    if (opts_.dxPositionW && stage == ir::Stage::Pixel && l.binding.isBuiltin() &&
        l.binding.builtin == ir::BuiltIn::Position) {
      // -fvk-use-dx-position-w: (x, y, z, 1 / w), DirectX's SV_Position.w (DXC's shape).
      Handle<Expression> w = b.binary(ir::BinaryOp::Divide, b.f32(1.0f), b.accessIndex(v, 3));
      v = b.compose(l.ioType, {b.accessIndex(v, 0), b.accessIndex(v, 1), b.accessIndex(v, 2), w});
    }
    if (l.binding.isBuiltin() &&
        (l.binding.builtin == ir::BuiltIn::BaryCoord || l.binding.builtin == ir::BuiltIn::BaryCoordNoPersp)) {
      // DXC: (x, y, 1 - (x + y)) from the first two coordinates.
      Handle<Expression> x = b.accessIndex(v, 0), y = b.accessIndex(v, 1);
      Handle<Expression> z = b.binary(ir::BinaryOp::Subtract, b.f32(1.0f), b.binary(ir::BinaryOp::Add, x, y));
      v = b.compose(l.ioType, {x, y, z});
    }
    return adaptValue(*this, v, l.declType, l.range);
  };
  std::vector<Handle<Expression>> callArgs;
  std::vector<std::pair<const ast::ParamDecl*, uint32_t>> outLocals;
  for (size_t i = 0; i < ep.params.size(); ++i) {
    ast::ParamDecl* pd = ep.params[i].decl;
    if (task && pd->prim == ast::PrimitiveMod::Payload) {
      callArgs.push_back(meshPayloadValue(mesh, pd->range));
      continue;
    }
    if (task && pd->prim != ast::PrimitiveMod::None) {
      // The body writes the stage variables itself; the parameter is an unused temporary
      // (DXC's param_var_NAME).
      b.setRange(pd->range);
      callArgs.push_back(b.local(b.addLocal("param.var." + std::string(pd->name.str()), irType(pd->type, pd->range))));
      continue;
    }
    buildParam = pd;
    if (pd->dir == ast::ParamDir::Out || pd->dir == ast::ParamDir::InOut) {
      uint32_t l = b.addLocal(std::string(pd->name.str()), irType(pd->type, pd->range));
      if (pd->dir == ast::ParamDir::InOut) b.store(b.local(l), build(pd->type));
      callArgs.push_back(b.local(l));
      outLocals.push_back({pd, l});
    } else {
      callArgs.push_back(build(pd->type));
    }
  }
  b.setRange(fd->range);
  Handle<Expression> r = b.call(inner, callArgs);
  // Flattens output values into leaves, in the order they were collected.
  std::vector<Handle<Expression>> outs;
  std::function<void(Handle<Expression>, const sema::Type*)> flatten = [&](Handle<Expression> v, const sema::Type* t) {
    if (t->isStruct()) {
      for (uint32_t k = 0; k < t->fields().size(); ++k) flatten(b.accessIndex(v, k), t->fields()[k].type);
      return;
    }
    if (outs.size() >= declaredOutputs) internal(fd->range, "entry outputs out of step");
    const IoLeaf& l = eb.outputs[outs.size()];
    b.setRange(l.range);
    outs.push_back(adaptValue(*this, v, l.ioType, l.range));
  };
  if (rt && !rt->isVoid()) flatten(r, rt);
  for (auto& [pd, l] : outLocals) flatten(b.load(b.local(l)), pd->type);
  b.setRange(fd->range);
  if (outs.size() != declaredOutputs) internal(fd->range, "entry outputs out of step");
  // The result members: packed clip / cull distances go into their array, float by float.
  std::vector<Handle<Expression>> members;
  for (size_t i = 0; i < eb.outputs.size(); ++i) {
    const IoLeaf& l = eb.outputs[i];
    if (packed(l)) continue;
    if (!l.packedArray) {
      members.push_back(outs[i]);
      continue;
    }
    std::vector<Handle<Expression>> floats(m_->types[l.ioType].arraySize);
    for (size_t k = 0; k < declaredOutputs; ++k) {
      const IoLeaf& p = eb.outputs[k];
      if (!packed(p) || p.binding.builtin != l.binding.builtin) continue;
      uint32_t off = p.packOffset;
      std::function<void(Handle<Expression>, Handle<ir::Type>)> put = [&](Handle<Expression> v, Handle<ir::Type> t) {
        const ir::Type& ty = m_->types[t];
        if (ty.kind == ir::TypeKind::Scalar) {
          floats.at(off++) = v;
          return;
        }
        uint32_t n = ty.kind == ir::TypeKind::Array ? ty.arraySize : ty.size;
        for (uint32_t c = 0; c < n; ++c) {
          Handle<Expression> e = b.accessIndex(v, c);
          if (ty.kind == ir::TypeKind::Array)
            put(e, ty.base);
          else
            floats.at(off++) = e;
        }
      };
      b.setRange(p.range);
      put(outs[k], p.declType);
    }
    b.setRange(fd->range);
    members.push_back(b.compose(l.ioType, floats));
  }
  if (members.empty())
    b.ret();
  else if (members.size() == 1)
    b.ret(members[0]);
  else
    b.ret(b.compose(result->type, members));
  b.finish();
  fb_ = nullptr;
  m_->entryPoints.push_back(ir::EntryPoint{});
  ir::EntryPoint& e = m_->entryPoints.back();
  e.name = ep.name;
  e.stage = stage;
  e.function = wrapper;
  e.range = fd->range;
  for (int i = 0; i < 3; ++i) {
    e.workgroupSize[i] = ep.numThreads[i];
    // [numthreads(N, ...)] with a [[vk::constant_id]] N: the u32 constant that sets it.
    if (ep.numThreadsSpec[i])
      e.workgroupSizeSpec[i] = specConvert(specConstExpr(ep.numThreadsSpec[i]), ir::Scalar::u32());
  }
  // Pixel attributes (Sema warned about them on other stages).
  if (stage == ir::Stage::Pixel) {
    using sema::AttrId;
    for (const ast::Attribute* a : fd->attributes) {
      if (!a || a->invalid) continue;
      switch (AttrId(a->semaId)) {
        case AttrId::EarlyDepthStencil: e.earlyFragmentTests = true; break;
        case AttrId::VkPostDepthCoverage: e.fragmentModes |= ir::FragPostDepthCoverage; break;
        case AttrId::VkEarlyAndLateTests: e.fragmentModes |= ir::FragEarlyAndLateTests; break;
        case AttrId::VkDepthUnchanged: e.fragmentModes |= ir::FragDepthUnchanged; break;
        case AttrId::VkStencilRefUnchangedFront: e.fragmentModes |= ir::FragStencilUnchangedFront; break;
        case AttrId::VkStencilRefGreaterEqualFront: e.fragmentModes |= ir::FragStencilGreaterFront; break;
        case AttrId::VkStencilRefLessEqualFront: e.fragmentModes |= ir::FragStencilLessFront; break;
        case AttrId::VkStencilRefUnchangedBack: e.fragmentModes |= ir::FragStencilUnchangedBack; break;
        case AttrId::VkStencilRefGreaterEqualBack: e.fragmentModes |= ir::FragStencilGreaterBack; break;
        case AttrId::VkStencilRefLessEqualBack: e.fragmentModes |= ir::FragStencilLessBack; break;
        default: break;
      }
    }
  }
}

}  // namespace oneshader::lower
