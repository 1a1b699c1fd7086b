// Lowering of the stages whose interface is not one value in and one value out: geometry
// shaders (DXC's SPIR-V shapes, SPIR-V.rst "Geometry Shaders").
//
// These stages exist only in SPIR-V (the driver rejects them for MSL and WGSL before
// lowering: OSH4130 / OSH5130), so their stage variables and execution modes are carried
// the way inline SPIR-V carries its own, without new IR:
//
//  - Every stage input and output is an Input / Output global: a built-in one has
//    `spirvBuiltin` (and its capability in `spirvRequirements`), any other a `Location`
//    decoration. Per-vertex inputs (`triangle VSOut v[3]`) are flattened like every stage
//    interface and each leaf is an array of the vertex count (DXC's `in.var.FOO` of
//    `_arr_v4float_uint_3`); the entry wrapper reads them and rebuilds the declared values.
//  - The output stream parameter has no IR argument. `Append(v)` stores the leaves of `v` in
//    the stream's output globals and is then OpEmitVertex; `RestartStrip()` is
//    OpEndPrimitive (SpirvInst statements).
//  - [maxvertexcount], [instance], the primitive type of the inputs and the stream type are
//    OpExecutionMode SpirvInsts in the wrapper (Invocations, input primitive, OutputVertices,
//    output primitive), with the Geometry capability.
#include <algorithm>
#include <functional>

#include "lower/lower_impl.hpp"
#include "sema/attributes.hpp"

namespace oneshader::lower {

using ir::Expression;
using ir::Handle;

namespace {

// SPIR-V numbers (SPIRV-Headers): the backend-independent IR has no enum for them.
enum : uint32_t {
  kBuiltInPosition = 0,
  kBuiltInPrimitiveId = 7,
  kBuiltInInvocationId = 8,
  kBuiltInLayer = 9,
  kBuiltInViewportIndex = 10,
  kBuiltInTessLevelOuter = 11,
  kBuiltInTessLevelInner = 12,
  kBuiltInTessCoord = 13,
  kDecPatch = 15,
  kDecNoPerspective = 13,
  kDecFlat = 14,
  kDecCentroid = 16,
  kDecSample = 17,
  kDecBuiltIn = 11,
  kDecLocation = 30,
  kCapGeometry = 2,
  kCapTessellation = 3,
  kCapSampleRateShading = 35,
  kCapMultiViewport = 57,
  kCapMultiView = 4439,
  kCapShaderViewportIndexLayer = 5254,
  kBuiltInViewIndex = 4440,
  kOpExecutionMode = 16,
  kOpEmitVertex = 218,
  kOpEndPrimitive = 219,
  kModeInvocations = 0,
  kModeInputPoints = 19,
  kModeInputLines = 20,
  kModeInputLinesAdjacency = 21,
  kModeTriangles = 22,
  kModeInputTrianglesAdjacency = 23,
  kModeOutputVertices = 26,
  kModeOutputPoints = 27,
  kModeOutputLineStrip = 28,
  kModeOutputTriangleStrip = 29,
};
constexpr uint32_t kNoBuiltin = ~0u;

std::string upperCase(std::string_view s) {
  std::string u;
  for (char c : s) u.push_back(char(c >= 'a' && c <= 'z' ? c - 32 : c));
  return u;
}

uint32_t slotsOf(const ir::TypeArena& types, Handle<ir::Type> t) {
  const ir::Type& ty = types[t];
  switch (ty.kind) {
    case ir::TypeKind::Vector: return ty.scalar.width == 64 && ty.size > 2 ? 2 : 1;
    case ir::TypeKind::Matrix: return ty.columns * (ty.scalar.width == 64 && ty.size > 2 ? 2 : 1);
    case ir::TypeKind::Array: return ty.arraySize * slotsOf(types, ty.base);
    default: return 1;
  }
}

const ast::Attribute* findVk(std::span<ast::Attribute*> attrs, std::string_view name) {
  for (const ast::Attribute* a : attrs)
    if (a && a->ns.str() == "vk" && upperCase(a->name.str()) == upperCase(name)) return a;
  return nullptr;
}

// An execution mode (OpExecutionMode SpirvInst) with its capability.
void executionMode(ir::FunctionBuilder& b, const std::string& entry, SourceRange r, uint32_t cap, uint32_t m,
                   std::optional<uint32_t> operand = std::nullopt) {
  ir::SpirvInstruction in;
  in.placement = ir::SpirvInstruction::Placement::ExecutionMode;
  in.opcode = kOpExecutionMode;
  in.declName = entry;
  in.declRange = r;
  in.requirements.capabilities.push_back(cap);
  ir::SpirvOperand o;
  o.kind = ir::SpirvOperand::Kind::Literal;
  o.words.push_back(m);
  if (operand) o.words.push_back(*operand);
  in.operands.push_back(std::move(o));
  b.spirvInst(std::move(in));
}
}  // namespace

bool Lowerer::isStreamType(const sema::Type* t) {
  if (!t || !t->isResource()) return false;
  sema::ResourceKind k = t->resourceKind();
  return k == sema::ResourceKind::PointStream || k == sema::ResourceKind::LineStream ||
         k == sema::ResourceKind::TriangleStream;
}

// Flattens a value of `t` (a struct recursively) into leaves with their semantics.
void Lowerer::stageLeaves(const sema::Type* t, const std::string& name, std::string_view semantic,
                          std::span<ast::Attribute*> attrs, uint8_t interp, SourceRange range,
                          std::vector<StageLeaf>& out, SemanticOverride* inherit) {
  if (!t) internal(range, "missing type annotation");
  if (t->isStruct()) {
    // A semantic on a struct overrides its fields' (DXC; as lowerEntryPoint does): X, X1, X2.
    SemanticOverride own;
    if (!inherit && !semantic.empty()) {
      size_t d = semantic.size();
      while (d > 0 && semantic[d - 1] >= '0' && semantic[d - 1] <= '9') --d;
      own.first = std::string(semantic);
      own.name = std::string(semantic.substr(0, d));
      own.index = d < semantic.size() ? uint32_t(std::stoul(std::string(semantic.substr(d)))) : 0;
      inherit = &own;
    }
    for (const sema::StructField& f : t->fields()) {
      ast::FieldDecl* fd = f.decl;
      if (!fd) internal(range, "struct field without a declaration");
      stageLeaves(f.type, std::string(f.name.str()), fd->semantic.str(), fd->attributes, uint8_t(interp | fd->interp),
                  fd->semanticRange.valid() ? fd->semanticRange : fd->range, out, inherit);
    }
    return;
  }
  std::string inherited;
  if (inherit) {
    inherited = inherit->count == 0 ? inherit->first : inherit->name + std::to_string(inherit->index + inherit->count);
    ++inherit->count;
    semantic = inherited;
  }
  if (semantic.empty()) {
    diags_.report(DiagId::MissingSemantic, range, {name, curEntry_});
    throw LowerAbort{};
  }
  if (!t->isNumeric() && !(t->isArray() && t->elementType() && t->elementType()->isNumeric()))
    unsupported(range, "a stage input or output of type '" + t->toString() + "'");
  if (findVk(attrs, "builtin")) unsupported(range, "[[vk::builtin]] in a geometry shader interface");
  StageLeaf l;
  l.semantic = std::string(semantic);
  l.type = t;
  l.range = range;
  l.attrs = attrs;
  l.interp = interp;
  out.push_back(std::move(l));
}

// The Input / Output global of one leaf of a `stage` interface: `vertices` > 0 makes it an
// array of that many (per-vertex values), `patch` a per-patch tessellation value (SPIR-V
// `Patch`). Built-ins by semantic (SPIR-V.rst "Builtin variables"), the rest at
// `nextLocation` (or their [[vk::location]]).
Handle<ir::GlobalVariable> Lowerer::stageGlobal(StageLeaf& l, ir::Stage stage, bool input, uint32_t vertices,
                                                bool patch, uint32_t& nextLocation) {
  ir::TypeArena& ty = m_->types;
  std::string up = upperCase(l.semantic);
  Handle<ir::Type> declType = irType(l.type, l.range);
  l.declType = declType;
  l.ioType = declType;
  uint32_t builtin = kNoBuiltin, cap = 0;
  bool sv = up.rfind("SV_", 0) == 0;
  bool gs = stage == ir::Stage::Geometry, hs = stage == ir::Stage::Hull, ds = stage == ir::Stage::Domain;
  uint32_t stageCap = gs ? kCapGeometry : kCapTessellation;
  auto need = [&](bool ok) {
    if (!ok) {
      diags_.report(DiagId::InvalidEntryParam, l.range, {l.semantic, l.type->toString()});
      throw LowerAbort{};
    }
  };
  bool uintLike = l.type->isScalar() && l.type->isIntegral();
  const sema::Type* et = l.type->isArray() ? l.type->elementType() : l.type;
  bool floatElems = et && et->isScalar() && et->isFloating();
  bool perPrimitive = !vertices && !patch;
  auto is = [&](const char* name) { return up == name; };
  if (is("SV_POSITION") && (vertices || (!input && !patch))) {
    need(l.type->isVector() && l.type->componentCount() == 4 && l.type->isFloating());
    builtin = kBuiltInPosition;
    l.ioType = ty.vector(ir::Scalar::f32(), 4);
  } else if (is("SV_PRIMITIVEID") && perPrimitive && (input || gs)) {
    need(uintLike);
    builtin = kBuiltInPrimitiveId;
    cap = stageCap;
  } else if (is("SV_GSINSTANCEID") && gs && input && perPrimitive) {
    need(uintLike);
    builtin = kBuiltInInvocationId;
    cap = kCapGeometry;
  } else if (is("SV_OUTPUTCONTROLPOINTID") && hs && input && perPrimitive) {
    need(uintLike);
    builtin = kBuiltInInvocationId;
    cap = kCapTessellation;
  } else if (is("SV_DOMAINLOCATION") && ds && input && perPrimitive) {
    need(l.type->isFloating() && !l.type->isArray() && !l.type->isMatrix() && l.type->componentCount() >= 2 &&
         l.type->componentCount() <= 3);
    builtin = kBuiltInTessCoord;
    cap = kCapTessellation;
    l.ioType = ty.vector(ir::Scalar::f32(), 3);
  } else if ((is("SV_TESSFACTOR") || is("SV_INSIDETESSFACTOR")) && patch && (hs ? !input : ds && input)) {
    bool outer = is("SV_TESSFACTOR");
    uint32_t n = l.type->isArray() ? l.type->arraySize() : 1;
    need(floatElems && (outer ? l.type->isArray() && n >= 2 && n <= 4 : n <= 2));
    builtin = outer ? kBuiltInTessLevelOuter : kBuiltInTessLevelInner;
    cap = kCapTessellation;
    l.ioType = ty.array(ty.scalar(ir::Scalar::f32()), outer ? 4 : 2);
  } else if (is("SV_RENDERTARGETARRAYINDEX") && (gs || ds) && !input) {
    need(uintLike);
    builtin = kBuiltInLayer;
    cap = gs ? kCapGeometry : kCapShaderViewportIndexLayer;
  } else if (is("SV_VIEWPORTARRAYINDEX") && (gs || ds) && !input) {
    need(uintLike);
    builtin = kBuiltInViewportIndex;
    cap = gs ? kCapMultiViewport : kCapShaderViewportIndexLayer;
  } else if (is("SV_VIEWID") && input && perPrimitive) {
    need(uintLike);
    builtin = kBuiltInViewIndex;
    cap = kCapMultiView;
  } else if (sv && !is("SV_RENDERTARGETARRAYINDEX") && !is("SV_VIEWPORTARRAYINDEX") && !is("SV_INSTANCEID") &&
             !is("SV_VERTEXID") && !is("SV_ISFRONTFACE")) {
    // DXC passes SV_RenderTargetArrayIndex, SV_ViewportArrayIndex, SV_InstanceID,
    // SV_VertexID and SV_IsFrontFace between these stages as ordinary values at a
    // Location; every other system value here is not done yet.
    unsupported(l.range, "the semantic '" + l.semantic + "' in a " +
                             std::string(gs   ? "geometry"
                                         : hs ? "hull"
                                              : "domain") +
                             " shader " + (input ? "input" : "output"));
  } else if (input && perPrimitive) {
    unsupported(l.range, gs ? "a geometry shader input without a primitive type (point, line, triangle, lineadj, "
                              "triangleadj) and vertex array"
                            : "a per-patch user input outside the patch constant data");
  }
  if (builtin == kBuiltInPrimitiveId || builtin == kBuiltInInvocationId || builtin == kBuiltInLayer ||
      builtin == kBuiltInViewportIndex || builtin == kBuiltInViewIndex)
    l.ioType = ty.scalar(ir::Scalar::u32());
  if (builtin == kNoBuiltin && l.type->isBool()) {
    if (l.type->isArray() || l.type->isMatrix()) unsupported(l.range, "a bool array or matrix in the stage interface");
    l.ioType = ir::withScalar(ty, declType, ir::Scalar::u32());
  }
  ir::GlobalVariable gv;
  gv.space = input ? ir::AddressSpace::Input : ir::AddressSpace::Output;
  gv.type = vertices ? ty.array(l.ioType, vertices) : l.ioType;
  gv.range = l.range;
  gv.spirvDecorations = decorationsOf(l.attrs, l.range);
  if (builtin != kNoBuiltin) {
    gv.name = "gl_" + l.semantic;
    gv.spirvBuiltin = builtin;
    if (cap) gv.spirvRequirements.capabilities.push_back(cap);
    if (cap == kCapShaderViewportIndexLayer)
      gv.spirvRequirements.extensions.push_back("SPV_EXT_shader_viewport_index_layer");
    if (cap == kCapMultiView) gv.spirvRequirements.extensions.push_back("SPV_KHR_multiview");
  } else {
    gv.name = (input ? "in.var." : "out.var.") + l.semantic;
    bool placed = false;
    for (const ir::SpirvDecoration& d : gv.spirvDecorations)
      placed |= d.decoration == kDecLocation || d.decoration == kDecBuiltIn;
    uint32_t loc = nextLocation;
    if (const ast::Attribute* a = findVk(l.attrs, "location")) {
      loc = uint32_t(sema_.constValue(a->args[0]).asUint());
    } else if (!placed) {
      // Locations here follow the declaration order; the alphabetical one is not built yet.
      if (opts_.alphabeticalStageIo)
        unsupported(l.range, "-fvk-stage-io-order=alpha in a geometry, hull or domain shader interface");
      nextLocation += slotsOf(ty, l.ioType);
    }
    if (!placed)
      gv.spirvDecorations.insert(gv.spirvDecorations.begin(), ir::SpirvDecoration{{}, kDecLocation, {loc}, {}});
    if (!input && gs) {
      // Interpolation qualifiers on the outputs, as on vertex outputs.
      if (l.interp & ast::IF_Nointerpolation)
        gv.spirvDecorations.push_back({{}, kDecFlat, {}, {}});
      else if (l.interp & ast::IF_Noperspective)
        gv.spirvDecorations.push_back({{}, kDecNoPerspective, {}, {}});
      if (l.interp & ast::IF_Sample) {
        gv.spirvDecorations.push_back({{}, kDecSample, {}, {}});
        gv.spirvRequirements.capabilities.push_back(kCapSampleRateShading);
      } else if (l.interp & ast::IF_Centroid) {
        gv.spirvDecorations.push_back({{}, kDecCentroid, {}, {}});
      }
    }
  }
  if (patch) gv.spirvDecorations.push_back({{}, kDecPatch, {}, {}});
  l.global = mb_->global(gv);
  return l.global;
}

// A value of the interface type as the declared type (or back): bool <-> uint, int <-> uint.
Handle<Expression> Lowerer::stageAdapt(Handle<Expression> v, Handle<ir::Type> to, SourceRange r) {
  ir::FunctionBuilder& b = *fb_;
  Handle<ir::Type> from = typeOf(v);
  if (from == to) return v;
  std::optional<ir::Scalar> fs = ir::scalarOf(m_->types, from), ts = ir::scalarOf(m_->types, to);
  if (!fs || !ts || ir::componentCount(m_->types, from) != ir::componentCount(m_->types, to))
    internal(r, "stage value of an unexpected shape");
  if (fs->isInteger() && ts->isInteger() && fs->width == ts->width) return b.bitcast(v, to);
  return b.convert(v, *ts);
}

void Lowerer::lowerGeometryEntry(const sema::EntryPoint& ep) {
  ast::FunctionDecl* fd = ep.decl;
  SourceRange nr = fd->nameRange.valid() ? fd->nameRange : fd->range;
  auto bad = [&](SourceRange r, const std::string& what) {
    diags_.report(DiagId::GsInterface, r, {ep.name, what});
    throw LowerAbort{};
  };
  uint32_t maxVertices = 0, invocations = 1;
  bool haveMax = false;
  for (const ast::Attribute* a : fd->attributes) {
    if (!a || a->invalid || a->args.empty()) continue;
    if (a->semaId == uint16_t(sema::AttrId::MaxVertexCount)) {
      int64_t v = sema_.constValue(a->args[0]).asInt();
      if (v < 1) bad(a->args[0]->range, "[maxvertexcount] must be at least 1");
      maxVertices = uint32_t(v);
      haveMax = true;
    } else if (a->semaId == uint16_t(sema::AttrId::Instance)) {
      int64_t v = sema_.constValue(a->args[0]).asInt();
      if (v < 1) bad(a->args[0]->range, "[instance] must be at least 1");
      invocations = uint32_t(v);
    }
  }
  if (!haveMax) {
    diags_.report(DiagId::GsMaxVertexCount, nr, {ep.name});
    throw LowerAbort{};
  }
  if (fd->returnType && !fd->returnType->isVoid())
    bad(fd->range, "a geometry shader returns nothing: its outputs are the vertices it appends to its stream");

  // The stream and the primitive type of the inputs.
  const ast::ParamDecl* stream = nullptr;
  ast::PrimitiveMod prim = ast::PrimitiveMod::None;
  const ast::ParamDecl* primParam = nullptr;
  for (const sema::EntryParam& p : ep.params) {
    const ast::ParamDecl* pd = p.decl;
    if (isStreamType(pd->type)) {
      if (stream) unsupported(pd->range, "more than one output stream");
      if (pd->dir != ast::ParamDir::InOut) bad(pd->range, "the output stream must be an inout parameter");
      stream = pd;
      continue;
    }
    if (pd->dir == ast::ParamDir::Out || pd->dir == ast::ParamDir::InOut)
      bad(pd->range, "its outputs are the vertices it appends to its stream, not out parameters");
    if (pd->prim == ast::PrimitiveMod::None) continue;
    if (pd->prim != ast::PrimitiveMod::Point && pd->prim != ast::PrimitiveMod::Line &&
        pd->prim != ast::PrimitiveMod::Triangle && pd->prim != ast::PrimitiveMod::LineAdj &&
        pd->prim != ast::PrimitiveMod::TriangleAdj)
      bad(pd->range, "this primitive type is for mesh shaders");
    if (prim != ast::PrimitiveMod::None && prim != pd->prim)
      bad(pd->range, "every input must have the same primitive type as '" + std::string(primParam->name.str()) + "'");
    prim = pd->prim;
    primParam = pd;
  }
  if (!stream) bad(nr, "it needs an inout PointStream, LineStream or TriangleStream parameter");
  if (prim == ast::PrimitiveMod::None)
    bad(nr, "its vertex input needs a primitive type (point, line, triangle, lineadj or triangleadj)");
  uint32_t vertexCount = 0, inputMode = 0;
  const char* primName = "";
  switch (prim) {
    case ast::PrimitiveMod::Point: vertexCount = 1, inputMode = kModeInputPoints, primName = "point"; break;
    case ast::PrimitiveMod::Line: vertexCount = 2, inputMode = kModeInputLines, primName = "line"; break;
    case ast::PrimitiveMod::Triangle: vertexCount = 3, inputMode = kModeTriangles, primName = "triangle"; break;
    case ast::PrimitiveMod::LineAdj: vertexCount = 4, inputMode = kModeInputLinesAdjacency, primName = "lineadj"; break;
    default: vertexCount = 6, inputMode = kModeInputTrianglesAdjacency, primName = "triangleadj"; break;
  }
  uint32_t outputMode = stream->type->resourceKind() == sema::ResourceKind::PointStream  ? kModeOutputPoints
                        : stream->type->resourceKind() == sema::ResourceKind::LineStream ? kModeOutputLineStrip
                                                                                         : kModeOutputTriangleStrip;

  curEntry_ = ep.name;
  entryDecls_.insert(fd);
  Handle<ir::Function> inner = declareFunction(fd);

  // Inputs: per-vertex arrays (params with a primitive type) and per-primitive values.
  struct InParam {
    const ast::ParamDecl* pd;
    uint32_t vertices;  // 0: not per-vertex
    std::vector<StageLeaf> leaves;
  };
  std::vector<InParam> ins;
  uint32_t nextIn = 0;
  for (const sema::EntryParam& p : ep.params) {
    ast::ParamDecl* pd = p.decl;
    if (pd == stream) continue;
    InParam ip{pd, 0, {}};
    const sema::Type* t = pd->type;
    SourceRange sr = pd->semanticRange.valid() ? pd->semanticRange : pd->range;
    if (pd->prim != ast::PrimitiveMod::None) {
      if (!t || !t->isArray() || t->arraySize() != vertexCount)
        bad(pd->range, std::string("a '") + primName + "' input is an array of " + std::to_string(vertexCount) +
                           (vertexCount == 1 ? " vertex" : " vertices"));
      ip.vertices = vertexCount;
      t = t->elementType();
    }
    stageLeaves(t, std::string(pd->name.str()), pd->semantic.str(), pd->attributes, pd->interp, sr, ip.leaves);
    for (StageLeaf& l : ip.leaves) stageGlobal(l, ir::Stage::Geometry, true, ip.vertices, false, nextIn);
    ins.push_back(std::move(ip));
  }
  // Outputs: the leaves of the stream's vertex type, shared by every Append on a stream of it.
  const sema::Type* vertexType = stream->type->elementType();
  if (!streamOutputs_.count(vertexType)) {
    std::vector<StageLeaf> outs;
    stageLeaves(vertexType, std::string(stream->name.str()), "", {}, 0, stream->range, outs);
    uint32_t nextOut = 0;
    for (StageLeaf& l : outs) stageGlobal(l, ir::Stage::Geometry, false, 0, false, nextOut);
    streamOutputs_[vertexType] = std::move(outs);
  }

  Handle<ir::Function> wrapper = mb_->function(ep.name, {}, std::nullopt);
  m_->functions[wrapper].range = fd->range;
  m_->functions[wrapper].declRange = declarationRange(fd);
  m_->functions[inner].name = "src." + ep.name;
  m_->functions[inner].spirvDecorations.clear();
  ir::FunctionBuilder b = mb_->build(wrapper);
  fb_ = &b;
  b.setRange(fd->range);
  // Execution modes (DXC's order), each with the Geometry capability.
  auto mode = [&](uint32_t m, std::optional<uint32_t> operand) {
    executionMode(b, ep.name, fd->range, kCapGeometry, m, operand);
  };
  mode(kModeInvocations, invocations);
  mode(inputMode, std::nullopt);
  mode(kModeOutputVertices, maxVertices);
  mode(outputMode, std::nullopt);
  entryPrologue(b, fd);
  // Rebuilds each declared value from its leaves (vertex `i` of per-vertex leaves).
  std::vector<Handle<Expression>> callArgs;
  for (InParam& ip : ins) {
    std::vector<Handle<Expression>> loaded;
    for (StageLeaf& l : ip.leaves) {
      b.setRange(l.range);
      loaded.push_back(b.load(b.global(l.global)));
    }
    size_t cursor = 0;
    std::function<Handle<Expression>(const sema::Type*, std::optional<uint32_t>)> build =
        [&](const sema::Type* t, std::optional<uint32_t> vtx) -> Handle<Expression> {
      if (t->isStruct()) {
        std::vector<Handle<Expression>> parts;
        for (const sema::StructField& f : t->fields()) parts.push_back(build(f.type, vtx));
        return b.compose(irType(t, fd->range), parts);
      }
      if (cursor >= ip.leaves.size()) internal(fd->range, "stage inputs out of step");
      const StageLeaf& l = ip.leaves[cursor];
      Handle<Expression> v = loaded[cursor++];
      b.setRange(l.range);
      if (vtx) v = b.accessIndex(v, *vtx);
      return stageAdapt(v, l.declType, l.range);
    };
    const sema::Type* t = ip.pd->type;
    if (ip.vertices) {
      const sema::Type* et = t->elementType();
      if (!et->isStruct() && ip.leaves.size() == 1 && ip.leaves[0].declType == ip.leaves[0].ioType) {
        callArgs.push_back(loaded[0]);
        continue;
      }
      std::vector<Handle<Expression>> verts;
      for (uint32_t i = 0; i < ip.vertices; ++i) {
        cursor = 0;
        verts.push_back(build(et, i));
      }
      b.setRange(ip.pd->range);
      callArgs.push_back(b.compose(irType(t, ip.pd->range), verts));
    } else {
      callArgs.push_back(build(t, std::nullopt));
    }
  }
  b.setRange(fd->range);
  b.call(inner, callArgs);
  b.ret();
  b.finish();
  fb_ = nullptr;
  m_->entryPoints.push_back(ir::EntryPoint{});
  ir::EntryPoint& e = m_->entryPoints.back();
  e.name = ep.name;
  e.stage = ir::Stage::Geometry;
  e.function = wrapper;
  e.range = fd->range;
}

// Append(v): the leaves of `v` into the stream's output globals, then OpEmitVertex;
// RestartStrip(): OpEndPrimitive.
Handle<Expression> Lowerer::streamMethod(const ast::CallExpr* c) {
  SourceRange r = c->range;
  ir::FunctionBuilder& b = *fb_;
  auto inst = [&](uint32_t opcode, const char* name) {
    ir::SpirvInstruction in;
    in.opcode = opcode;
    in.declName = name;
    in.declRange = r;
    in.requirements.capabilities.push_back(kCapGeometry);
    b.setRange(r);
    b.spirvInst(std::move(in));
    return Handle<Expression>{};
  };
  if (IntrinsicId(c->intrinsic) == IntrinsicId::RestartStrip) return inst(kOpEndPrimitive, "RestartStrip");
  if (IntrinsicId(c->intrinsic) != IntrinsicId::Append || c->args.size() != 1) internal(r, "stream method");
  auto it = streamOutputs_.find(c->object->type->elementType());
  if (it == streamOutputs_.end())
    unsupported(r, "a stream method outside the geometry entry point that declares the stream");
  const std::vector<StageLeaf>& leaves = it->second;
  Handle<Expression> v = expr(c->args[0]);
  size_t cursor = 0;
  std::function<void(Handle<Expression>, const sema::Type*)> flatten = [&](Handle<Expression> x, const sema::Type* t) {
    if (t->isStruct()) {
      for (uint32_t k = 0; k < t->fields().size(); ++k) flatten(b.accessIndex(x, k), t->fields()[k].type);
      return;
    }
    if (cursor >= leaves.size()) internal(r, "stream outputs out of step");
    const StageLeaf& l = leaves[cursor++];
    b.setRange(r);
    b.store(b.global(l.global), stageAdapt(x, l.ioType, r));
  };
  flatten(v, c->object->type->elementType());
  return inst(kOpEmitVertex, "Append");
}

// ---------------------------------------------------------------- tessellation
// Hull and domain shaders (SPIR-V.rst "Hull Shaders"; DXC's bezier.hull / bezier.domain
// shapes). Hull: the wrapper loads the InputPatch, calls the control point function, stores
// its result at [gl_InvocationID] of the per-vertex output arrays, waits on
// OpControlBarrier (Workgroup, Invocation, None), and invocation 0 calls the patch constant
// function and stores its result in the per-patch outputs (`Patch`; SV_TessFactor and
// SV_InsideTessFactor are TessLevelOuter float[4] / TessLevelInner float[2]). Domain: the
// OutputPatch and the patch constant data are inputs (per-vertex arrays, `Patch` values),
// SV_DomainLocation is TessCoord. Per-vertex values take locations from 0, then the
// per-patch ones, on both sides, so a hull and a domain shader of one struct pair agree.

namespace {
std::string patchKind(const ast::ParamDecl* pd) {
  const ast::TypeSpec* ts = pd->typeSpec;
  if (!ts) return {};
  std::string_view n = ts->name.str();
  return n == "InputPatch" || n == "OutputPatch" ? std::string(n) : std::string();
}

std::optional<std::string> stringArg(const ast::Attribute* a) {
  auto* lit = a && a->args.size() == 1 ? ast::dyn_cast<ast::StringLiteralExpr>(a->args[0]) : nullptr;
  if (!lit) return std::nullopt;
  return std::string(lit->value);
}
}  // namespace

// The declared value of one leaf from its loaded interface value.
Handle<Expression> Lowerer::stageRead(const StageLeaf& l, Handle<Expression> v, SourceRange r) {
  ir::FunctionBuilder& b = *fb_;
  if (typeOf(v) == l.declType) return v;
  const ir::Type& io = irT(typeOf(v));
  const ir::Type& decl = irT(l.declType);
  if (io.kind == ir::TypeKind::Array && decl.kind == ir::TypeKind::Array) {  // TessLevel: the leading factors
    std::vector<Handle<Expression>> parts;
    for (uint32_t i = 0; i < decl.arraySize; ++i) parts.push_back(b.accessIndex(v, i));
    return b.compose(l.declType, parts);
  }
  if (io.kind == ir::TypeKind::Array) return b.accessIndex(v, 0);  // a scalar SV_InsideTessFactor
  if (io.kind == ir::TypeKind::Vector && decl.kind == ir::TypeKind::Vector && decl.size < io.size)
    return b.swizzle(v, {0, 1});  // SV_DomainLocation of a quad or isoline: float2
  return stageAdapt(v, l.declType, r);
}

// Stores the declared value `v` of one leaf through `ptr` (a pointer to its interface type).
void Lowerer::stageWrite(const StageLeaf& l, Handle<Expression> ptr, Handle<Expression> v, SourceRange r) {
  ir::FunctionBuilder& b = *fb_;
  if (l.declType == l.ioType) return b.store(ptr, v);
  const ir::Type& io = irT(l.ioType);
  const ir::Type& decl = irT(l.declType);
  if (io.kind == ir::TypeKind::Array && decl.kind == ir::TypeKind::Array) {
    for (uint32_t i = 0; i < decl.arraySize; ++i) b.store(b.accessIndex(ptr, i), b.accessIndex(v, i));
    return;
  }
  if (io.kind == ir::TypeKind::Array) return b.store(b.accessIndex(ptr, 0), v);
  b.store(ptr, stageAdapt(v, l.ioType, r));
}

// Rebuilds a declared value of `t` from consecutive leaves (their loaded interface values),
// taking element `vertex` of per-vertex arrays.
Handle<Expression> Lowerer::stageValue(const sema::Type* t, const std::vector<StageLeaf>& leaves,
                                       const std::vector<Handle<Expression>>& loaded, std::optional<uint32_t> vertex,
                                       size_t& cursor, SourceRange r) {
  ir::FunctionBuilder& b = *fb_;
  if (t->isStruct()) {
    std::vector<Handle<Expression>> parts;
    for (const sema::StructField& f : t->fields())
      parts.push_back(stageValue(f.type, leaves, loaded, vertex, cursor, r));
    return b.compose(irType(t, r), parts);
  }
  if (cursor >= leaves.size()) internal(r, "stage inputs out of step");
  const StageLeaf& l = leaves[cursor];
  Handle<Expression> v = loaded[cursor++];
  b.setRange(l.range);
  if (vertex) v = b.accessIndex(v, *vertex);
  return stageRead(l, v, l.range);
}

// Stores a value of `t` into consecutive leaves' globals (element `vertex` of per-vertex
// arrays when it is valid).
void Lowerer::stageStore(const sema::Type* t, Handle<Expression> v, const std::vector<StageLeaf>& leaves,
                         Handle<Expression> vertex, size_t& cursor, SourceRange r) {
  ir::FunctionBuilder& b = *fb_;
  if (t->isStruct()) {
    for (uint32_t k = 0; k < t->fields().size(); ++k)
      stageStore(t->fields()[k].type, b.accessIndex(v, k), leaves, vertex, cursor, r);
    return;
  }
  if (cursor >= leaves.size()) internal(r, "stage outputs out of step");
  const StageLeaf& l = leaves[cursor++];
  b.setRange(l.range);
  Handle<Expression> ptr = b.global(l.global);
  if (vertex.valid()) ptr = b.access(ptr, vertex);
  stageWrite(l, ptr, v, r);
}

namespace {
enum : uint32_t {
  kModeSpacingEqual = 1,
  kModeSpacingFractionalEven = 2,
  kModeSpacingFractionalOdd = 3,
  kModeVertexOrderCw = 4,
  kModeVertexOrderCcw = 5,
  kModePointMode = 10,
  kModeQuads = 24,
  kModeIsolines = 25,
  kOpControlBarrier = 224,
};

// [domain("tri" | "quad" | "isoline")]: the execution mode, 0 when the value is unknown.
uint32_t domainMode(const std::string& d) {
  return d == "tri" ? kModeTriangles : d == "quad" ? kModeQuads : d == "isoline" ? kModeIsolines : 0u;
}
}  // namespace

void Lowerer::lowerHullEntry(const sema::EntryPoint& ep) {
  ast::FunctionDecl* fd = ep.decl;
  SourceRange nr = fd->nameRange.valid() ? fd->nameRange : fd->range;
  auto bad = [&](SourceRange r, const std::string& what) {
    diags_.report(DiagId::TessInterface, r, {"hull", ep.name, what});
    throw LowerAbort{};
  };
  const ast::Attribute *domainA = nullptr, *partA = nullptr, *topoA = nullptr, *cpA = nullptr, *pcfA = nullptr;
  for (const ast::Attribute* a : fd->attributes) {
    if (!a || a->invalid) continue;
    switch (sema::AttrId(a->semaId)) {
      case sema::AttrId::Domain: domainA = a; break;
      case sema::AttrId::Partitioning: partA = a; break;
      case sema::AttrId::OutputTopology: topoA = a; break;
      case sema::AttrId::OutputControlPoints: cpA = a; break;
      case sema::AttrId::PatchConstantFunc: pcfA = a; break;
      default: break;
    }
  }
  if (!domainA || !partA || !topoA || !cpA || !pcfA)
    bad(nr, std::string("it needs the [") +
                (!domainA ? "domain"
                 : !partA ? "partitioning"
                 : !topoA ? "outputtopology"
                 : !cpA   ? "outputcontrolpoints"
                          : "patchconstantfunc") +
                "] attribute");
  uint32_t domain = domainMode(stringArg(domainA).value_or(""));
  if (!domain) bad(domainA->range, "[domain] takes \"tri\", \"quad\" or \"isoline\"");
  std::string part = stringArg(partA).value_or("");
  uint32_t spacing = part == "integer"           ? kModeSpacingEqual
                     : part == "fractional_even" ? kModeSpacingFractionalEven
                     : part == "fractional_odd"  ? kModeSpacingFractionalOdd
                                                 : 0u;
  if (part == "pow2") {
    diags_.report(DiagId::SpirvNoPow2Partitioning, partA->range, {});
    throw LowerAbort{};
  }
  if (!spacing)
    bad(partA->range, "[partitioning] takes \"integer\", \"fractional_even\", \"fractional_odd\" or \"pow2\"");
  std::string topo = stringArg(topoA).value_or("");
  uint32_t order = topo == "triangle_cw"    ? kModeVertexOrderCw
                   : topo == "triangle_ccw" ? kModeVertexOrderCcw
                   : topo == "point"        ? kModePointMode
                                            : 0u;
  if (!order && topo != "line")
    bad(topoA->range, "[outputtopology] takes \"point\", \"line\", \"triangle_cw\" or \"triangle_ccw\"");
  int64_t cp = sema_.constValue(cpA->args[0]).asInt();
  if (cp < 1 || cp > 32) bad(cpA->args[0]->range, "[outputcontrolpoints] must be between 1 and 32");
  uint32_t controlPoints = uint32_t(cp);
  std::string pcfName = stringArg(pcfA).value_or("");
  ast::FunctionDecl* pcf = nullptr;
  for (ast::Decl* d : tu_.decls) {
    auto* f = ast::dyn_cast<ast::FunctionDecl>(d);
    if (f && f->body && !f->isMethod && f->name.str() == pcfName) pcf = f;
  }
  if (!pcf) bad(pcfA->range, "no function '" + pcfName + "' with a body for [patchconstantfunc]");

  curEntry_ = ep.name;
  entryDecls_.insert(fd);
  entryDecls_.insert(pcf);
  Handle<ir::Function> inner = declareFunction(fd);
  Handle<ir::Function> pcfFn = declareFunction(pcf);

  // Inputs: InputPatch leaves (one set per patch type), per-primitive built-ins shared by
  // both functions.
  uint32_t nextIn = 0, nextOut = 0;
  struct PatchIn {
    const sema::Type* type;
    std::vector<StageLeaf> leaves;
  };
  std::vector<PatchIn> patches;
  std::map<std::string, StageLeaf> prims;  // upper-case semantic -> its built-in
  auto primLeaf = [&](const sema::Type* t, std::string_view semantic, SourceRange r) -> StageLeaf& {
    std::string up = upperCase(semantic);
    auto it = prims.find(up);
    if (it != prims.end()) return it->second;
    std::vector<StageLeaf> ls;
    stageLeaves(t, "", semantic, {}, 0, r, ls);
    stageGlobal(ls[0], ir::Stage::Hull, true, 0, false, nextIn);
    return prims[up] = ls[0];
  };
  auto patchIn = [&](const ast::ParamDecl* pd) -> PatchIn& {
    for (PatchIn& p : patches)
      if (p.type == pd->type) return p;
    // One input patch per hull shader (DXC's rule and words).
    if (!patches.empty() && patches[0].type->arraySize() != pd->type->arraySize())
      bad(pd->range, "Patch constant function's input patch input should have " +
                         std::to_string(patches[0].type->arraySize()) + " elements, but has " +
                         std::to_string(pd->type->arraySize()) + ".");
    if (!patches.empty())
      bad(pd->range, "the patch constant function's InputPatch must be the control point function's");
    PatchIn p{pd->type, {}};
    stageLeaves(pd->type->elementType(), std::string(pd->name.str()), pd->semantic.str(), pd->attributes, pd->interp,
                pd->range, p.leaves);
    for (StageLeaf& l : p.leaves) stageGlobal(l, ir::Stage::Hull, true, pd->type->arraySize(), false, nextIn);
    patches.push_back(std::move(p));
    return patches.back();
  };
  for (const ast::ParamDecl* pd : fd->params) {
    if (pd->dir == ast::ParamDir::Out || pd->dir == ast::ParamDir::InOut)
      bad(pd->range, "its outputs are its return value, not out parameters");
    std::string pk = patchKind(pd);
    if (pk == "OutputPatch") bad(pd->range, "an OutputPatch is a parameter of the patch constant function");
    if (pk == "InputPatch") {
      patchIn(pd);
      continue;
    }
    if (pd->type->isStruct()) unsupported(pd->range, "a struct parameter of a hull entry point besides its InputPatch");
    primLeaf(pd->type, pd->semantic.str(), pd->semanticRange.valid() ? pd->semanticRange : pd->range);
  }
  for (const ast::ParamDecl* pd : pcf->params) {
    if (pd->dir == ast::ParamDir::InOut) bad(pd->range, "a patch constant function has no inout parameters");
    if (pd->dir == ast::ParamDir::Out) continue;
    std::string pk = patchKind(pd);
    if (pk == "InputPatch") patchIn(pd);
    if (pk.empty()) {
      if (pd->type->isStruct()) unsupported(pd->range, "a struct parameter of a patch constant function");
      primLeaf(pd->type, pd->semantic.str(), pd->semanticRange.valid() ? pd->semanticRange : pd->range);
    }
  }
  // gl_InvocationID: the control point function must take it (DXC's rule and words).
  bool hasId = false;
  for (const ast::ParamDecl* pd : fd->params) hasId |= upperCase(pd->semantic.str()) == "SV_OUTPUTCONTROLPOINTID";
  if (!hasId) bad(nr, "SV_OutputControlPointID semantic must be provided in hull shader");
  Handle<ir::GlobalVariable> invocation = prims.at("SV_OUTPUTCONTROLPOINTID").global;
  // Outputs: per control point (arrays of [outputcontrolpoints]), then per patch.
  std::vector<StageLeaf> cpOut, patchOut;
  if (fd->returnType && !fd->returnType->isVoid()) {
    stageLeaves(fd->returnType, "out.var", fd->returnSemantic.str(), fd->attributes, fd->interp,
                fd->returnSemanticRange.valid() ? fd->returnSemanticRange : fd->range, cpOut);
    for (StageLeaf& l : cpOut) stageGlobal(l, ir::Stage::Hull, false, controlPoints, false, nextOut);
  }
  // The patch constant data: the result, then the out parameters (DXC accepts both).
  if (pcf->returnType && !pcf->returnType->isVoid())
    stageLeaves(pcf->returnType, "out.var", pcf->returnSemantic.str(), pcf->attributes, pcf->interp, pcf->range,
                patchOut);
  for (const ast::ParamDecl* pd : pcf->params)
    if (pd->dir == ast::ParamDir::Out)
      stageLeaves(pd->type, std::string(pd->name.str()), pd->semantic.str(), pd->attributes, pd->interp,
                  pd->semanticRange.valid() ? pd->semanticRange : pd->range, patchOut);
  for (StageLeaf& l : patchOut) stageGlobal(l, ir::Stage::Hull, false, 0, true, nextOut);
  bool outer = false, inner2 = false;
  for (const StageLeaf& l : patchOut) {
    outer |= upperCase(l.semantic) == "SV_TESSFACTOR";
    inner2 |= upperCase(l.semantic) == "SV_INSIDETESSFACTOR";
  }
  if (!outer || (!inner2 && domain != kModeIsolines))
    bad(pcf->range, std::string("the patch constant function's result needs ") +
                        (!outer ? "an SV_TessFactor" : "an SV_InsideTessFactor") + " field");

  Handle<ir::Function> wrapper = mb_->function(ep.name, {}, std::nullopt);
  m_->functions[wrapper].range = fd->range;
  m_->functions[wrapper].declRange = declarationRange(fd);
  m_->functions[inner].name = "src." + ep.name;
  m_->functions[inner].spirvDecorations.clear();
  ir::FunctionBuilder b = mb_->build(wrapper);
  fb_ = &b;
  b.setRange(fd->range);
  executionMode(b, ep.name, fd->range, kCapTessellation, domain);
  executionMode(b, ep.name, fd->range, kCapTessellation, spacing);
  if (order) executionMode(b, ep.name, fd->range, kCapTessellation, order);
  executionMode(b, ep.name, fd->range, kCapTessellation, kModeOutputVertices, controlPoints);
  entryPrologue(b, fd);
  // The input patches, built once.
  std::vector<Handle<Expression>> patchValues;
  for (PatchIn& p : patches) {
    std::vector<Handle<Expression>> loaded;
    for (StageLeaf& l : p.leaves) loaded.push_back(b.load(b.global(l.global)));
    std::vector<Handle<Expression>> cps;
    for (uint32_t i = 0; i < p.type->arraySize(); ++i) {
      size_t cursor = 0;
      cps.push_back(stageValue(p.type->elementType(), p.leaves, loaded, i, cursor, fd->range));
    }
    b.setRange(fd->range);
    patchValues.push_back(b.compose(irType(p.type, fd->range), cps));
  }
  auto patchValue = [&](const sema::Type* t) {
    for (size_t i = 0; i < patches.size(); ++i)
      if (patches[i].type == t) return patchValues[i];
    internal(fd->range, "input patch not built");
  };
  Handle<Expression> id = b.load(b.global(invocation));
  auto primValue = [&](const ast::ParamDecl* pd) {
    const StageLeaf& l = prims.at(upperCase(pd->semantic.str()));
    b.setRange(l.range);
    Handle<Expression> v = l.global == invocation ? id : b.load(b.global(l.global));
    return stageRead(l, v, l.range);
  };
  std::vector<Handle<Expression>> args;
  for (const ast::ParamDecl* pd : fd->params)
    args.push_back(patchKind(pd).empty() ? primValue(pd) : patchValue(pd->type));
  b.setRange(fd->range);
  Handle<Expression> r = b.call(inner, args);
  if (!cpOut.empty()) {
    size_t cursor = 0;
    stageStore(fd->returnType, r, cpOut, id, cursor, fd->range);
  }
  // OpControlBarrier Workgroup Invocation None (DXC), then the patch constant phase.
  b.setRange(fd->range);
  ir::SpirvInstruction barrier;
  barrier.opcode = kOpControlBarrier;
  barrier.declName = ep.name;
  barrier.declRange = fd->range;
  for (uint32_t w : {2u, 4u, 0u}) {
    ir::SpirvOperand o;
    o.kind = ir::SpirvOperand::Kind::Id;
    o.value = b.u32(w);
    barrier.operands.push_back(std::move(o));
  }
  b.spirvInst(std::move(barrier));
  b.ifBegin(b.binary(ir::BinaryOp::Equal, id, b.u32(0)));
  std::vector<Handle<Expression>> pargs;
  std::vector<std::pair<const ast::ParamDecl*, uint32_t>> outLocals;
  for (const ast::ParamDecl* pd : pcf->params) {
    std::string pk = patchKind(pd);
    if (pd->dir == ast::ParamDir::Out) {
      uint32_t tmp = b.addLocal(std::string(pd->name.str()), irType(pd->type, pd->range));
      outLocals.push_back({pd, tmp});
      pargs.push_back(b.local(tmp));
    } else if (pk == "InputPatch") {
      pargs.push_back(patchValue(pd->type));
    } else if (pk == "OutputPatch") {
      if (pd->type->arraySize() != controlPoints || !fd->returnType || pd->type->elementType() != fd->returnType)
        bad(pd->range,
            pd->type->arraySize() != controlPoints
                ? "Patch constant function's output patch input should have " + std::to_string(controlPoints) +
                      " elements, but has " + std::to_string(pd->type->arraySize()) + "."
                : std::string("the OutputPatch must hold values of the control point function's result type"));
      std::vector<Handle<Expression>> loaded;
      for (StageLeaf& l : cpOut) loaded.push_back(b.load(b.global(l.global)));
      std::vector<Handle<Expression>> cps;
      for (uint32_t i = 0; i < controlPoints; ++i) {
        size_t cursor = 0;
        cps.push_back(stageValue(pd->type->elementType(), cpOut, loaded, i, cursor, pd->range));
      }
      pargs.push_back(b.compose(irType(pd->type, pd->range), cps));
    } else {
      pargs.push_back(primValue(pd));
    }
  }
  b.setRange(pcf->range);
  Handle<Expression> pr = b.call(pcfFn, pargs);
  size_t cursor = 0;
  if (pcf->returnType && !pcf->returnType->isVoid()) stageStore(pcf->returnType, pr, patchOut, {}, cursor, pcf->range);
  for (auto [pd, tmp] : outLocals) stageStore(pd->type, b.load(b.local(tmp)), patchOut, {}, cursor, pd->range);
  b.ifEnd();
  b.setRange(fd->range);
  b.ret();
  b.finish();
  fb_ = nullptr;
  m_->entryPoints.push_back(ir::EntryPoint{});
  ir::EntryPoint& e = m_->entryPoints.back();
  e.name = ep.name;
  e.stage = ir::Stage::Hull;
  e.function = wrapper;
  e.range = fd->range;
}

void Lowerer::lowerDomainEntry(const sema::EntryPoint& ep) {
  ast::FunctionDecl* fd = ep.decl;
  SourceRange nr = fd->nameRange.valid() ? fd->nameRange : fd->range;
  auto bad = [&](SourceRange r, const std::string& what) {
    diags_.report(DiagId::TessInterface, r, {"domain", ep.name, what});
    throw LowerAbort{};
  };
  const ast::Attribute* domainA = nullptr;
  for (const ast::Attribute* a : fd->attributes)
    if (a && !a->invalid && a->semaId == uint16_t(sema::AttrId::Domain)) domainA = a;
  if (!domainA) bad(nr, "it needs the [domain] attribute");
  uint32_t domain = domainMode(stringArg(domainA).value_or(""));
  if (!domain) bad(domainA->range, "[domain] takes \"tri\", \"quad\" or \"isoline\"");

  curEntry_ = ep.name;
  entryDecls_.insert(fd);
  Handle<ir::Function> inner = declareFunction(fd);
  // Inputs: the OutputPatch (per vertex) first, then the patch constant data and built-ins.
  uint32_t nextIn = 0, nextOut = 0;
  std::vector<std::vector<StageLeaf>> leavesOf(fd->params.size());
  for (int pass = 0; pass < 2; ++pass)
    for (size_t i = 0; i < fd->params.size(); ++i) {
      const ast::ParamDecl* pd = fd->params[i];
      std::string pk = patchKind(pd);
      if ((pass == 0) != (pk == "OutputPatch")) continue;
      if (pd->dir == ast::ParamDir::Out || pd->dir == ast::ParamDir::InOut)
        bad(pd->range, "its outputs are its return value, not out parameters");
      if (pk == "InputPatch") bad(pd->range, "a domain shader reads an OutputPatch, not an InputPatch");
      SourceRange sr = pd->semanticRange.valid() ? pd->semanticRange : pd->range;
      const sema::Type* t = pk.empty() ? pd->type : pd->type->elementType();
      stageLeaves(t, std::string(pd->name.str()), pd->semantic.str(), pd->attributes, pd->interp, sr, leavesOf[i]);
      for (StageLeaf& l : leavesOf[i]) {
        std::string up = upperCase(l.semantic);
        bool builtinPrim = up == "SV_DOMAINLOCATION" || up == "SV_PRIMITIVEID" || up == "SV_VIEWID";
        stageGlobal(l, ir::Stage::Domain, true, pk.empty() ? 0 : pd->type->arraySize(), pk.empty() && !builtinPrim,
                    nextIn);
      }
    }
  std::vector<StageLeaf> outs;
  if (fd->returnType && !fd->returnType->isVoid()) {
    stageLeaves(fd->returnType, "out.var", fd->returnSemantic.str(), fd->attributes, fd->interp,
                fd->returnSemanticRange.valid() ? fd->returnSemanticRange : fd->range, outs);
    for (StageLeaf& l : outs) stageGlobal(l, ir::Stage::Domain, false, 0, false, nextOut);
  }

  Handle<ir::Function> wrapper = mb_->function(ep.name, {}, std::nullopt);
  m_->functions[wrapper].range = fd->range;
  m_->functions[wrapper].declRange = declarationRange(fd);
  m_->functions[inner].name = "src." + ep.name;
  m_->functions[inner].spirvDecorations.clear();
  ir::FunctionBuilder b = mb_->build(wrapper);
  fb_ = &b;
  b.setRange(fd->range);
  executionMode(b, ep.name, fd->range, kCapTessellation, domain);
  entryPrologue(b, fd);
  std::vector<Handle<Expression>> args;
  for (size_t i = 0; i < fd->params.size(); ++i) {
    const ast::ParamDecl* pd = fd->params[i];
    std::vector<Handle<Expression>> loaded;
    for (StageLeaf& l : leavesOf[i]) loaded.push_back(b.load(b.global(l.global)));
    if (patchKind(pd) == "OutputPatch") {
      std::vector<Handle<Expression>> cps;
      for (uint32_t k = 0; k < pd->type->arraySize(); ++k) {
        size_t cursor = 0;
        cps.push_back(stageValue(pd->type->elementType(), leavesOf[i], loaded, k, cursor, pd->range));
      }
      b.setRange(pd->range);
      args.push_back(b.compose(irType(pd->type, pd->range), cps));
    } else {
      size_t cursor = 0;
      args.push_back(stageValue(pd->type, leavesOf[i], loaded, std::nullopt, cursor, pd->range));
    }
  }
  b.setRange(fd->range);
  Handle<Expression> r = b.call(inner, args);
  if (!outs.empty()) {
    size_t cursor = 0;
    stageStore(fd->returnType, r, outs, {}, cursor, fd->range);
  }
  b.setRange(fd->range);
  b.ret();
  b.finish();
  fb_ = nullptr;
  m_->entryPoints.push_back(ir::EntryPoint{});
  ir::EntryPoint& e = m_->entryPoints.back();
  e.name = ep.name;
  e.stage = ir::Stage::Domain;
  e.function = wrapper;
  e.range = fd->range;
}

// ---------------------------------------------------------------- mesh and amplification
// Mesh and amplification shaders (DXC's SPV_EXT_mesh_shader shapes, meshshading.ext.*):
// the entry wrapper is the compute one (lower_entry.cpp) with these additions.
//  - `out vertices V v[N]`, `out indices uintK i[M]`, `out primitives P p[M]` have one
//    Output global per leaf of their element type, an array of N (or M): SV_Position is
//    Position, [[vk::builtin("PointSize")]] PointSize, the indices
//    PrimitivePointIndicesEXT / PrimitiveLineIndicesEXT / PrimitiveTriangleIndicesEXT, the
//    per-primitive values are PerPrimitiveEXT (SV_PrimitiveID, SV_RenderTargetArrayIndex,
//    SV_ViewportArrayIndex, SV_CullPrimitive (CullPrimitiveEXT), SV_ShadingRate and user
//    semantics), user values take locations in order, vertices then primitives. The body
//    writes them in place: `v[i].f` is an access of f's global at i (LValue::mesh); the
//    wrapper passes a Function temporary for the parameter, as DXC's param_var_v.
//  - `in payload P p` is a TaskPayloadWorkgroupEXT global `in.var.p`, loaded and passed.
//  - The groupshared payload of DispatchMesh in an amplification shader is a
//    TaskPayloadWorkgroupEXT global (lower_decl.cpp); DispatchMesh(x, y, z, p) is
//    OpControlBarrier Workgroup Workgroup AcquireRelease|WorkgroupMemory, then
//    OpEmitMeshTasksEXT x y z p (a block terminator); SetMeshOutputCounts is
//    OpSetMeshOutputsEXT.
//  - [outputtopology] is OutputPoints / OutputLinesEXT / OutputTrianglesEXT, then
//    OutputVertices N and OutputPrimitivesEXT M; LocalSize comes from [numthreads].

namespace {
enum : uint32_t {
  kCapMeshShadingEXT = 5283,
  kCapFragmentShadingRateKHR = 4422,
  kModeOutputLinesEXT = 5269,
  kModeOutputPrimitivesEXT = 5270,
  kModeOutputTrianglesEXT = 5298,
  kDecPerPrimitiveEXT = 5271,
  kBuiltInPointSize = 1,
  kBuiltInPrimitivePointIndicesEXT = 5294,
  kBuiltInPrimitiveLineIndicesEXT = 5295,
  kBuiltInPrimitiveTriangleIndicesEXT = 5296,
  kBuiltInCullPrimitiveEXT = 5299,
  kBuiltInPrimitiveShadingRateKHR = 4432,
  kOpSetMeshOutputsEXT = 5295,
  kOpEmitMeshTasksEXT = 5294,
  kStorageTaskPayloadWorkgroupEXT = 5402,
};

uint32_t leafCount(const sema::Type* t) {
  if (!t->isStruct()) return 1;
  uint32_t n = 0;
  for (const sema::StructField& f : t->fields()) n += leafCount(f.type);
  return n;
}

const char* primName(ast::PrimitiveMod p) {
  switch (p) {
    case ast::PrimitiveMod::Vertices: return "vertices";
    case ast::PrimitiveMod::Indices: return "indices";
    case ast::PrimitiveMod::Primitives: return "primitives";
    default: return "payload";
  }
}
}  // namespace

// DXC's checks of the inputs of a mesh or amplification entry point: the compute ids,
// [[vk::builtin("DrawIndex")]] and (mesh) the payload; any other value is an error in DXC's
// words, at the parameter's name.
void Lowerer::checkTaskInputs(const sema::EntryPoint& ep, bool mesh) {
  for (const sema::EntryParam& p : ep.params) {
    const ast::ParamDecl* pd = p.decl;
    if (pd->prim != ast::PrimitiveMod::None) continue;
    std::function<void(const sema::Type*, std::string_view, std::span<ast::Attribute*>, SourceRange)> check =
        [&](const sema::Type* t, std::string_view sem, std::span<ast::Attribute*> attrs, SourceRange r) {
          if (t && t->isStruct()) {
            for (const sema::StructField& f : t->fields())
              check(f.type, f.decl ? f.decl->semantic.str() : std::string_view(), f.decl ? f.decl->attributes : attrs,
                    f.decl ? f.decl->nameRange : r);
            return;
          }
          std::string up = upperCase(sem);
          bool ok = pd->dir != ast::ParamDir::Out && pd->dir != ast::ParamDir::InOut &&
                    (findVk(attrs, "builtin") || up == "SV_DISPATCHTHREADID" || up == "SV_GROUPID" ||
                     up == "SV_GROUPTHREADID" || up == "SV_GROUPINDEX" || (sem.empty()));
          if (!ok) {
            diags_.report(
                DiagId::MeshInterface, r.valid() ? r : pd->range,
                {"invalid usage of semantic '" + std::string(sem) + "' in shader profile " + (mesh ? "ms" : "as")});
            throw LowerAbort{};
          }
        };
    check(pd->type, pd->semantic.str(), pd->attributes, pd->nameRange.valid() ? pd->nameRange : pd->range);
  }
}

Lowerer::MeshSetup Lowerer::meshSetup(const sema::EntryPoint& ep) {
  ast::FunctionDecl* fd = ep.decl;
  SourceRange nr = fd->nameRange.valid() ? fd->nameRange : fd->range;
  auto fail = [&](SourceRange r, const std::string& what) {
    diags_.report(DiagId::MeshInterface, r.valid() ? r : nr, {what});
    throw LowerAbort{};
  };
  MeshSetup ms;
  const ast::Attribute* topoA = nullptr;
  for (const ast::Attribute* a : fd->attributes)
    if (a && !a->invalid && a->semaId == uint16_t(sema::AttrId::OutputTopology)) topoA = a;
  if (!topoA) fail(nr, "mesh entry point must have a valid outputtopology attribute");
  std::string topo = stringArg(topoA).value_or("");
  for (char& ch : topo) ch = char(ch >= 'A' && ch <= 'Z' ? ch + 32 : ch);
  ms.topologyMode = topo == "point"      ? kModeOutputPoints
                    : topo == "line"     ? kModeOutputLinesEXT
                    : topo == "triangle" ? kModeOutputTrianglesEXT
                                         : 0u;
  if (!ms.topologyMode) fail(topoA->range, "unknown output topology in mesh shader");
  const ast::ParamDecl *verts = nullptr, *indices = nullptr, *prims = nullptr;
  for (const sema::EntryParam& p : ep.params) {
    const ast::ParamDecl* pd = p.decl;
    SourceRange pr = pd->nameRange.valid() ? pd->nameRange : pd->range;
    switch (pd->prim) {
      case ast::PrimitiveMod::None: continue;
      case ast::PrimitiveMod::Payload:
        if (pd->dir == ast::ParamDir::Out || pd->dir == ast::ParamDir::InOut)
          fail(pd->range, "'payload' object must be an in parameter");
        if (ms.payloadParam) fail(pr, "only one object with 'payload' modifier is allowed");
        if (!pd->type || !pd->type->isStruct()) fail(pr, "expected payload of struct type");
        ms.payloadParam = pd;
        continue;
      case ast::PrimitiveMod::Vertices:
      case ast::PrimitiveMod::Indices:
      case ast::PrimitiveMod::Primitives: break;
      default: fail(pd->range, "this primitive type is for geometry shaders");
    }
    std::string what = primName(pd->prim);
    if (pd->dir != ast::ParamDir::Out) fail(pd->range, "'" + what + "' object must be an out parameter");
    const ast::ParamDecl*& slot = pd->prim == ast::PrimitiveMod::Vertices  ? verts
                                  : pd->prim == ast::PrimitiveMod::Indices ? indices
                                                                           : prims;
    if (!pd->type || !pd->type->isArray() || !pd->type->elementType() || pd->type->elementType()->isArray())
      fail(pr, "expected 1D array of indices/vertices/primitives object");
    const sema::Type* et = pd->type->elementType();
    if (pd->prim == ast::PrimitiveMod::Indices) {
      uint32_t want = ms.topologyMode == kModeOutputPoints ? 1 : ms.topologyMode == kModeOutputLinesEXT ? 2 : 3;
      bool ok = et->isScalarOrVector() && !et->isMatrix() && et->componentCount() == want && et->componentType() &&
                et->componentType()->scalarKind() == sema::ScalarKind::Uint &&
                (want == 1 ? et->isScalar() : et->isVector());
      if (!ok)
        fail(pr, std::string("expected 1D array of ") + (want == 1 ? "uint" : want == 2 ? "uint2" : "uint3") + " type");
    } else if (!et->isStruct()) {
      fail(pr, "expected 1D array of struct type");
    }
    if (slot) fail(pr, "only one object with '" + what + "' modifier is allowed");
    slot = pd;
  }
  if (!verts) fail(nr, "expected vertices object declaration");
  if (!indices) fail(nr, "expected indices object declaration");
  if (prims && prims->type->arraySize() != indices->type->arraySize())
    fail(nr, "array size of primitives object should match 'indices' object");
  ms.maxVertices = verts->type->arraySize();
  ms.maxPrimitives = indices->type->arraySize();
  checkTaskInputs(ep, true);
  // DXC's SPV_NV_mesh_shader form (below SPIR-V 1.4, or -fspv-extension without
  // SPV_EXT_mesh_shader): MeshShadingNV, PrimitiveIndicesNV as one flat uint array,
  // PrimitiveCountNV set by SetMeshOutputCounts, the payload as PerTaskNV inputs.
  bool nv = !opts_.nvMeshReason.empty();
  uint32_t meshCap = nv ? 5266u : kCapMeshShadingEXT;  // MeshShadingNV
  const char* meshExt = nv ? "SPV_NV_mesh_shader" : "SPV_EXT_mesh_shader";

  // The stage variables: vertices, then indices, then primitives (DXC's order).
  ir::TypeArena& ty = m_->types;
  uint32_t nextLocation = 0;
  for (const ast::ParamDecl* pd : {verts, indices, prims}) {
    if (!pd) continue;
    auto mo = std::make_unique<MeshOutput>();
    mo->param = pd;
    mo->count = pd->type->arraySize();
    const sema::Type* et = pd->type->elementType();
    bool perPrim = pd->prim == ast::PrimitiveMod::Primitives;
    auto add = [&](ir::GlobalVariable gv, Handle<ir::Type> declType, Handle<ir::Type> ioType) {
      gv.space = ir::AddressSpace::Output;
      gv.type = ty.array(ioType, mo->count);
      gv.spirvRequirements.capabilities.push_back(meshCap);
      gv.spirvRequirements.extensions.push_back(meshExt);
      if (perPrim) gv.spirvDecorations.push_back({{}, kDecPerPrimitiveEXT, {}, {}});
      mo->globals.push_back(mb_->global(gv));
      mo->declTypes.push_back(declType);
      mo->ioTypes.push_back(ioType);
      mo->clipOffsets.push_back(-1);
    };
    // SV_ClipDistanceN / SV_CullDistanceN vertex values: one float array per vertex each,
    // the values at offsets in the order of their semantic index N (DXC's layout).
    struct ClipLeaf {
      bool cull;
      uint32_t index, count;
      size_t leaf;
    };
    std::vector<ClipLeaf> clips;
    if (pd->prim == ast::PrimitiveMod::Indices && nv) {
      // One flat uint array of every primitive's vertex indices (DXC's NV shape).
      uint32_t width = ms.topologyMode == kModeOutputPoints ? 1 : ms.topologyMode == kModeOutputLinesEXT ? 2 : 3;
      ir::GlobalVariable gv;
      gv.name = "gl_PrimitiveIndicesNV";
      gv.space = ir::AddressSpace::Output;
      gv.type = ty.array(ty.scalar(ir::Scalar::u32()), mo->count * width);
      gv.range = pd->range;
      gv.spirvBuiltin = 5276u;  // PrimitiveIndicesNV
      gv.spirvRequirements.capabilities.push_back(meshCap);
      gv.spirvRequirements.extensions.push_back(meshExt);
      mo->globals.push_back(mb_->global(gv));
      mo->declTypes.push_back(irType(et, pd->range));
      mo->ioTypes.push_back(mo->declTypes.back());
      mo->clipOffsets.push_back(-1);
      mo->flatWidth = width;
      meshOutputs_[pd] = std::move(mo);
      continue;
    }
    if (pd->prim == ast::PrimitiveMod::Indices) {
      ir::GlobalVariable gv;
      gv.range = pd->range;
      gv.spirvBuiltin = ms.topologyMode == kModeOutputPoints     ? kBuiltInPrimitivePointIndicesEXT
                        : ms.topologyMode == kModeOutputLinesEXT ? kBuiltInPrimitiveLineIndicesEXT
                                                                 : kBuiltInPrimitiveTriangleIndicesEXT;
      gv.name = ms.topologyMode == kModeOutputPoints     ? "gl_PrimitivePointIndicesEXT"
                : ms.topologyMode == kModeOutputLinesEXT ? "gl_PrimitiveLineIndicesEXT"
                                                         : "gl_PrimitiveTriangleIndicesEXT";
      add(gv, irType(et, pd->range), irType(et, pd->range));
      meshOutputs_[pd] = std::move(mo);
      continue;
    }
    std::vector<StageLeaf> leaves;
    std::function<void(const sema::Type*, std::string_view, std::span<ast::Attribute*>, uint8_t, SourceRange)> walk =
        [&](const sema::Type* t, std::string_view sem, std::span<ast::Attribute*> attrs, uint8_t interp,
            SourceRange r) {
          if (t->isStruct()) {
            for (const sema::StructField& f : t->fields()) {
              if (!f.decl) internal(r, "struct field without a declaration");
              walk(f.type, f.decl->semantic.str(), f.decl->attributes, uint8_t(interp | f.decl->interp),
                   f.decl->semanticRange.valid() ? f.decl->semanticRange : f.decl->range);
            }
            return;
          }
          const ast::Attribute* bi = findVk(attrs, "builtin");
          if (sem.empty() && !bi) {
            diags_.report(DiagId::MissingSemantic, r, {std::string(pd->name.str()), curEntry_});
            throw LowerAbort{};
          }
          if (!t->isNumeric() && !(t->isArray() && t->elementType() && t->elementType()->isNumeric()))
            unsupported(r, "a mesh shader output of type '" + t->toString() + "'");
          std::string up = upperCase(sem);
          Handle<ir::Type> declType = irType(t, r), ioType = declType;
          ir::GlobalVariable gv;
          gv.range = r;
          gv.spirvDecorations = decorationsOf(attrs, r);
          auto builtin = [&](uint32_t b, const char* name, bool okType) {
            if (!okType) {
              diags_.report(DiagId::InvalidEntryParam, r, {std::string(sem), t->toString()});
              throw LowerAbort{};
            }
            gv.spirvBuiltin = b;
            gv.name = name;
          };
          bool int32 = t->isScalar() && t->isIntegral() && !t->isBool();
          if (bi) {
            auto* lit = bi->args.size() == 1 ? ast::dyn_cast<ast::StringLiteralExpr>(bi->args[0]) : nullptr;
            std::string name = lit ? std::string(lit->value) : std::string();
            const sema::Type* e = t->isArray() ? t->elementType() : nullptr;
            if (name == "PointSize" && !perPrim) {
              builtin(kBuiltInPointSize, "gl_PointSize", t->isScalar() && t->isFloating());
            } else if (name == "ViewportMaskNV" && perPrim) {
              // DXC's rule: a primitives output of int[N] (SPV_NV_viewport_array2).
              builtin(5253u, "gl_ViewportMaskNV", e && e->isScalar() && e->scalarKind() == sema::ScalarKind::Int);
              gv.spirvRequirements.capabilities.push_back(5255u);  // ShaderViewportMaskNV
              gv.spirvRequirements.extensions.push_back("SPV_NV_viewport_array2");
            } else
              unsupported(bi->range, "[[vk::builtin(\"" + name + "\")]] on a mesh shader output");
          } else if ((up.rfind("SV_CLIPDISTANCE", 0) == 0 || up.rfind("SV_CULLDISTANCE", 0) == 0) && !perPrim) {
            if (!t->isScalarOrVector() || t->isMatrix() || !t->componentType() || !t->componentType()->isFloating() ||
                irScalar(t->componentType(), r) != ir::Scalar::f32()) {
              diags_.report(DiagId::InvalidEntryParam, r, {std::string(sem), t->toString()});
              throw LowerAbort{};
            }
            uint32_t index = 0;
            for (size_t k = 15; k < up.size(); ++k) index = index * 10 + uint32_t(up[k] - '0');
            clips.push_back({up[3] == 'C' && up[4] == 'U', index, t->componentCount(), mo->globals.size()});
            mo->globals.push_back({});  // the shared array, made below
            mo->declTypes.push_back(declType);
            mo->ioTypes.push_back(declType);
            mo->clipOffsets.push_back(0);
            return;
          } else if (up == "SV_POSITION" && !perPrim) {
            builtin(kBuiltInPosition, "gl_Position", t->isVector() && t->componentCount() == 4 && t->isFloating());
          } else if (up == "SV_PRIMITIVEID" && perPrim) {
            builtin(kBuiltInPrimitiveId, "gl_PrimitiveID", int32);
          } else if (up == "SV_RENDERTARGETARRAYINDEX" && perPrim) {
            builtin(kBuiltInLayer, "gl_Layer", int32);
          } else if (up == "SV_VIEWPORTARRAYINDEX" && perPrim) {
            builtin(kBuiltInViewportIndex, "gl_ViewportIndex", int32);
          } else if (nv && perPrim && (up == "SV_CULLPRIMITIVE" || up == "SV_SHADINGRATE")) {
            diags_.report(DiagId::SpirvNvMeshShader, r,
                          {"the semantic '" + std::string(sem) + "'", opts_.nvMeshReason});
            throw LowerAbort{};
          } else if (up == "SV_CULLPRIMITIVE" && perPrim) {
            // A bool in SPIR-V; DXC also takes an int / uint (stored as != 0).
            builtin(kBuiltInCullPrimitiveEXT, "gl_CullPrimitiveEXT", t->isScalar() && (t->isBool() || int32));
            ioType = ty.scalar(ir::Scalar::boolean());
          } else if (up == "SV_SHADINGRATE" && perPrim) {
            builtin(kBuiltInPrimitiveShadingRateKHR, "gl_PrimitiveShadingRateEXT", int32);
            gv.spirvRequirements.capabilities.push_back(kCapFragmentShadingRateKHR);
            gv.spirvRequirements.extensions.push_back("SPV_KHR_fragment_shading_rate");
          } else if (up.rfind("SV_", 0) == 0) {
            unsupported(r,
                        "the semantic '" + std::string(sem) + "' in a mesh shader " + primName(pd->prim) + " output");
          } else {
            if (t->isBool() || (t->componentType() && t->componentType()->isBool()))
              unsupported(r, "a bool mesh shader output");
            gv.name = "out.var." + std::string(sem);
            bool placed = false;
            for (const ir::SpirvDecoration& d : gv.spirvDecorations)
              placed |= d.decoration == kDecLocation || d.decoration == kDecBuiltIn;
            uint32_t loc = nextLocation;
            if (const ast::Attribute* a = findVk(attrs, "location")) {
              loc = uint32_t(sema_.constValue(a->args[0]).asUint());
            } else if (!placed) {
              if (opts_.alphabeticalStageIo) unsupported(r, "-fvk-stage-io-order=alpha in a mesh shader interface");
              nextLocation += slotsOf(ty, declType);
            }
            if (!placed)
              gv.spirvDecorations.insert(gv.spirvDecorations.begin(), ir::SpirvDecoration{{}, kDecLocation, {loc}, {}});
            if (interp & ast::IF_Nointerpolation)
              gv.spirvDecorations.push_back({{}, kDecFlat, {}, {}});
            else if (interp & ast::IF_Noperspective)
              gv.spirvDecorations.push_back({{}, kDecNoPerspective, {}, {}});
            if (interp & ast::IF_Sample) {
              gv.spirvDecorations.push_back({{}, kDecSample, {}, {}});
              gv.spirvRequirements.capabilities.push_back(kCapSampleRateShading);
            } else if (interp & ast::IF_Centroid) {
              gv.spirvDecorations.push_back({{}, kDecCentroid, {}, {}});
            }
          }
          add(gv, declType, ioType);
        };
    walk(et, "", {}, 0, pd->range);
    for (bool cull : {false, true}) {
      std::vector<ClipLeaf*> mine;
      for (ClipLeaf& c : clips)
        if (c.cull == cull) mine.push_back(&c);
      if (mine.empty()) continue;
      std::stable_sort(mine.begin(), mine.end(),
                       [](const ClipLeaf* a, const ClipLeaf* b) { return a->index < b->index; });
      uint32_t total = 0;
      for (ClipLeaf* c : mine) {
        mo->clipOffsets[c->leaf] = int32_t(total);
        total += c->count;
      }
      ir::GlobalVariable gv;
      gv.name = cull ? "gl_CullDistance" : "gl_ClipDistance";
      gv.space = ir::AddressSpace::Output;
      gv.type = ty.array(ty.array(ty.scalar(ir::Scalar::f32()), total), mo->count);
      gv.range = pd->range;
      gv.spirvBuiltin = cull ? 4u : 3u;                               // CullDistance / ClipDistance
      gv.spirvRequirements.capabilities.push_back(cull ? 33u : 32u);  // CullDistance / ClipDistance
      Handle<ir::GlobalVariable> g = mb_->global(gv);
      for (ClipLeaf* c : mine) mo->globals[c->leaf] = g;
    }
    meshOutputs_[pd] = std::move(mo);
  }
  if (nv) {
    ir::GlobalVariable gv;
    gv.name = "gl_PrimitiveCountNV";
    gv.space = ir::AddressSpace::Output;
    gv.type = ty.scalar(ir::Scalar::u32());
    gv.range = fd->range;
    gv.spirvBuiltin = 5275u;  // PrimitiveCountNV
    gv.spirvRequirements.capabilities.push_back(meshCap);
    gv.spirvRequirements.extensions.push_back(meshExt);
    primitiveCountNV_ = mb_->global(gv);
  }
  if (ms.payloadParam && nv) {
    ms.payloadLeaves = perTaskVariables(ms.payloadParam->type, "in.var.", true, ms.payloadParam->range);
  } else if (ms.payloadParam) {
    ir::GlobalVariable gv;
    gv.name = "in.var." + std::string(ms.payloadParam->name.str());
    gv.space = ir::AddressSpace::SpirvClass;
    gv.spirvClass = kStorageTaskPayloadWorkgroupEXT;
    gv.type = irType(ms.payloadParam->type, ms.payloadParam->range);
    gv.range = ms.payloadParam->range;
    gv.spirvRequirements.capabilities.push_back(kCapMeshShadingEXT);
    gv.spirvRequirements.extensions.push_back("SPV_EXT_mesh_shader");
    ms.payload = mb_->global(gv);
  }
  return ms;
}

// The execution modes after LocalSize (DXC's order), in the wrapper being built.
void Lowerer::meshExecutionModes(const MeshSetup& ms, const sema::EntryPoint& ep) {
  ir::FunctionBuilder& b = *fb_;
  SourceRange r = ep.decl->range;
  uint32_t cap = opts_.nvMeshReason.empty() ? kCapMeshShadingEXT : 5266u;
  executionMode(b, ep.name, r, cap, ms.topologyMode);
  executionMode(b, ep.name, r, cap, kModeOutputVertices, ms.maxVertices);
  executionMode(b, ep.name, r, cap, kModeOutputPrimitivesEXT, ms.maxPrimitives);
}

namespace {
// std430-like offsets of the 32-bit leaves of `t` (DXC's PerTaskNV Offsets: float[10] at
// 0, a float4 after it at 48): scalars 4 bytes, vectors 4 * n aligned to 8 or 16, arrays
// of their element's size rounded to its alignment, structs aligned to their largest member.
struct LeafLayout {
  uint32_t size = 0, align = 4;
};
LeafLayout layoutOf(const sema::Type* t) {
  if (t->isStruct()) {
    LeafLayout l;
    for (const sema::StructField& f : t->fields()) {
      LeafLayout m = layoutOf(f.type);
      l.size = (l.size + m.align - 1) / m.align * m.align + m.size;
      l.align = std::max(l.align, m.align);
    }
    l.size = (l.size + l.align - 1) / l.align * l.align;
    return l;
  }
  if (t->isArray()) {
    LeafLayout e = layoutOf(t->elementType());
    uint32_t stride = (e.size + e.align - 1) / e.align * e.align;
    return {stride * t->arraySize(), e.align};
  }
  if (t->isMatrix()) return {t->rows() * (t->cols() == 3 ? 16u : 4u * t->cols()), t->cols() == 2 ? 8u : 16u};
  uint32_t n = t->componentCount();
  return {4 * n, n == 1 ? 4u : n == 2 ? 8u : 16u};
}
}  // namespace

std::vector<Handle<ir::GlobalVariable>> Lowerer::perTaskVariables(const sema::Type* t, const std::string& prefix,
                                                                  bool input, SourceRange r) {
  std::vector<Handle<ir::GlobalVariable>> out;
  uint32_t offset = 0;
  for (const sema::StructField& f : t->fields()) {
    LeafLayout m = layoutOf(f.type);
    offset = (offset + m.align - 1) / m.align * m.align;
    const sema::Type* c = f.type;
    while (c->isArray()) c = c->elementType();
    if (f.type->isStruct() || c->isStruct() || f.type->isMatrix() || !c->componentType() ||
        irScalar(c->componentType(), r).width != 32)
      unsupported(f.decl ? f.decl->range : r,
                  "a payload field of type '" + f.type->toString() + "' with SPV_NV_mesh_shader");
    ir::GlobalVariable gv;
    gv.name = prefix + std::string(f.name.str());
    gv.space = input ? ir::AddressSpace::Input : ir::AddressSpace::Output;
    gv.type = irType(f.type, r);
    if (c->isBool()) unsupported(f.decl ? f.decl->range : r, "a bool payload field with SPV_NV_mesh_shader");
    gv.range = f.decl ? f.decl->range : r;
    gv.spirvDecorations.push_back({{}, 5273u, {}, {}});      // PerTaskNV
    gv.spirvDecorations.push_back({{}, 35u, {offset}, {}});  // Offset
    gv.spirvRequirements.capabilities.push_back(5266u);      // MeshShadingNV
    gv.spirvRequirements.extensions.push_back("SPV_NV_mesh_shader");
    out.push_back(mb_->global(gv));
    offset += m.size;
  }
  return out;
}

// The payload argument of a mesh entry point: the TaskPayloadWorkgroupEXT variable, or the
// struct made of the PerTaskNV inputs.
Handle<Expression> Lowerer::meshPayloadValue(const MeshSetup& ms, SourceRange r) {
  ir::FunctionBuilder& b = *fb_;
  b.setRange(r);
  if (ms.payload.valid()) return b.load(b.global(ms.payload));
  std::vector<Handle<Expression>> parts;
  for (Handle<ir::GlobalVariable> g : ms.payloadLeaves) parts.push_back(b.load(b.global(g)));
  return b.compose(irType(ms.payloadParam->type, r), parts);
}

// `v[i]`: the element's leaves, or the one stage variable's element when it has no fields.
LValue Lowerer::meshElement(const LValue& base, Handle<Expression> index, const sema::Type* t, SourceRange r) {
  LValue lv;
  lv.type = t;
  lv.mesh = base.mesh;
  lv.meshIndex = index;
  lv.meshLeaf = 0;
  if (!t->isStruct()) {
    fb_->setRange(r);
    if (uint32_t w = base.mesh->flatWidth; w > 1) {
      // SPV_NV_mesh_shader indices: values i * w .. i * w + w - 1 of the flat array.
      lv.ptr = fb_->global(base.mesh->globals[0]);
      lv.meshClip = true;
      Handle<Expression> i = castLayout(index, m_->types.scalar(ir::Scalar::u32()), r);
      lv.meshFlatBase = fb_->binary(ir::BinaryOp::Multiply, i, fb_->u32(w));
      lv.swizzleLen = uint8_t(w);
      for (uint8_t k = 0; k < w; ++k) lv.swizzle[k] = k;
      return lv;
    }
    lv.ptr = fb_->access(fb_->global(base.mesh->globals[0]), index);
  }
  return lv;
}

// `v[i].f`: field `field` of the struct element (or struct field) `base`.
LValue Lowerer::meshField(const LValue& base, uint32_t field, const sema::Type* t, SourceRange r) {
  if (!base.meshIndex.valid() || !base.type || !base.type->isStruct())
    unsupported(r, "a field of a mesh shader output array that is not indexed");
  uint32_t leaf = base.meshLeaf;
  for (uint32_t k = 0; k < field && k < base.type->fields().size(); ++k) leaf += leafCount(base.type->fields()[k].type);
  LValue lv;
  lv.type = t;
  lv.mesh = base.mesh;
  lv.meshIndex = base.meshIndex;
  lv.meshLeaf = leaf;
  if (!t->isStruct()) {
    if (leaf >= base.mesh->globals.size()) internal(r, "mesh output leaves out of step");
    fb_->setRange(r);
    lv.ptr = fb_->access(fb_->global(base.mesh->globals[leaf]), base.meshIndex);
    if (int32_t off = base.mesh->clipOffsets[leaf]; off >= 0) {
      lv.meshClip = true;
      lv.swizzleLen = uint8_t(t->componentCount());
      for (uint8_t k = 0; k < lv.swizzleLen; ++k) lv.swizzle[k] = uint8_t(off + k);
    }
  }
  return lv;
}

Handle<Expression> Lowerer::meshLoad(const LValue& lv, SourceRange r) {
  if (!lv.meshIndex.valid())
    unsupported(r, "a mesh shader '" + std::string(primName(lv.mesh->param->prim)) + "' array used as a whole");
  ir::FunctionBuilder& b = *fb_;
  uint32_t leaf = lv.meshLeaf;
  std::function<Handle<Expression>(const sema::Type*)> build = [&](const sema::Type* t) -> Handle<Expression> {
    if (t->isStruct()) {
      std::vector<Handle<Expression>> parts;
      for (const sema::StructField& f : t->fields()) parts.push_back(build(f.type));
      b.setRange(r);
      return b.compose(irType(t, r), parts);
    }
    b.setRange(r);
    int32_t off = lv.mesh->clipOffsets.at(leaf);
    Handle<ir::Type> declType = lv.mesh->declTypes.at(leaf);
    Handle<Expression> v = b.load(b.access(b.global(lv.mesh->globals.at(leaf++)), lv.meshIndex));
    if (off < 0) return castLayout(v, declType, r);
    uint32_t n = t->componentCount();
    std::vector<Handle<Expression>> comps;
    for (uint32_t k = 0; k < n; ++k) comps.push_back(b.accessIndex(v, uint32_t(off) + k));
    return n == 1 ? comps[0] : b.compose(m_->types.vector(ir::Scalar::f32(), n), comps);
  };
  return build(lv.type);
}

void Lowerer::meshStore(const LValue& lv, Handle<Expression> v, SourceRange r) {
  if (!lv.meshIndex.valid())
    unsupported(r, "a mesh shader '" + std::string(primName(lv.mesh->param->prim)) + "' array assigned as a whole");
  ir::FunctionBuilder& b = *fb_;
  uint32_t leaf = lv.meshLeaf;
  std::function<void(Handle<Expression>, const sema::Type*)> put = [&](Handle<Expression> x, const sema::Type* t) {
    if (t->isStruct()) {
      for (uint32_t k = 0; k < t->fields().size(); ++k) put(b.accessIndex(x, k), t->fields()[k].type);
      return;
    }
    b.setRange(r);
    int32_t off = lv.mesh->clipOffsets.at(leaf);
    Handle<Expression> ptr = b.access(b.global(lv.mesh->globals.at(leaf++)), lv.meshIndex);
    if (off >= 0) {
      uint32_t n = t->componentCount();
      for (uint32_t k = 0; k < n; ++k) b.store(b.accessIndex(ptr, uint32_t(off) + k), n == 1 ? x : b.accessIndex(x, k));
      return;
    }
    b.store(ptr, castLayout(x, irT(typeOf(ptr)).base, r));
  };
  put(v, lv.type);
}

// SetMeshOutputCounts(v, p): OpSetMeshOutputsEXT. DispatchMesh(x, y, z, payload):
// OpControlBarrier Workgroup Workgroup (AcquireRelease | WorkgroupMemory), then
// OpEmitMeshTasksEXT x y z payload (DXC's shape).
Handle<Expression> Lowerer::meshIntrinsic(const ast::CallExpr* c) {
  ir::FunctionBuilder& b = *fb_;
  SourceRange r = c->range;
  bool dispatch = IntrinsicId(c->intrinsic) == IntrinsicId::DispatchMesh;
  auto barrierOp = [&]() {
    ir::SpirvInstruction barrier;
    barrier.opcode = kOpControlBarrier;
    barrier.declName = "DispatchMesh";
    barrier.declRange = r;
    for (uint32_t w : {2u, 2u, 264u}) {
      ir::SpirvOperand o;
      o.kind = ir::SpirvOperand::Kind::Id;
      o.value = b.u32(w);
      barrier.operands.push_back(std::move(o));
    }
    b.spirvInst(std::move(barrier));
  };
  if (!opts_.nvMeshReason.empty()) {
    // SPV_NV_mesh_shader (DXC): SetMeshOutputCounts stores the primitive count in
    // PrimitiveCountNV; DispatchMesh copies the payload to PerTaskNV outputs and stores
    // x * y * z in TaskCountNV.
    if (!dispatch) {
      if (!primitiveCountNV_.valid()) unsupported(r, "SetMeshOutputCounts outside a mesh shader");
      Handle<Expression> p = expr(c->args[1]);
      (void)expr(c->args[0]);
      b.setRange(r);
      b.store(b.global(primitiveCountNV_), p);
      return {};
    }
    Handle<Expression> x = expr(c->args[0]), y = expr(c->args[1]), z = expr(c->args[2]);
    const ast::Expr* p = c->args[3];
    while (p && p->kind == ast::ExprKind::Paren) p = static_cast<const ast::ParenExpr*>(p)->sub;
    auto* ref = p ? ast::dyn_cast<ast::DeclRefExpr>(p) : nullptr;
    auto it = ref ? globals_.find(ref->decl) : globals_.end();
    if (it == globals_.end() || !p->type || !p->type->isStruct())
      unsupported(c->args[3]->range, "this DispatchMesh payload");
    std::vector<Handle<ir::GlobalVariable>>& outs = taskOutputsNV_[ref->decl];
    if (outs.empty()) outs = perTaskVariables(p->type, "out.var.", false, c->args[3]->range);
    b.setRange(r);
    barrierOp();
    Handle<Expression> v = b.load(b.global(it->second.global));
    for (uint32_t k = 0; k < outs.size(); ++k) b.store(b.global(outs[k]), b.accessIndex(v, k));
    ir::GlobalVariable gv;
    gv.name = "gl_TaskCountNV";
    gv.space = ir::AddressSpace::Output;
    gv.type = m_->types.scalar(ir::Scalar::u32());
    gv.range = r;
    gv.spirvBuiltin = 5274u;  // TaskCountNV
    gv.spirvRequirements.capabilities.push_back(5266u);
    gv.spirvRequirements.extensions.push_back("SPV_NV_mesh_shader");
    Handle<ir::GlobalVariable> count = mb_->global(gv);
    b.store(b.global(count), b.binary(ir::BinaryOp::Multiply, b.binary(ir::BinaryOp::Multiply, x, y), z));
    return {};
  }
  ir::SpirvInstruction in;
  in.declName = dispatch ? "DispatchMesh" : "SetMeshOutputCounts";
  in.declRange = r;
  in.requirements.capabilities.push_back(kCapMeshShadingEXT);
  in.requirements.extensions.push_back("SPV_EXT_mesh_shader");
  size_t counts = dispatch ? 3 : 2;
  for (size_t i = 0; i < counts; ++i) {
    ir::SpirvOperand o;
    o.kind = ir::SpirvOperand::Kind::Id;
    o.value = expr(c->args[i]);
    in.operands.push_back(std::move(o));
  }
  b.setRange(r);
  if (!dispatch) {
    in.opcode = kOpSetMeshOutputsEXT;
    b.spirvInst(std::move(in));
    return {};
  }
  const ast::Expr* p = c->args[3];
  while (p && p->kind == ast::ExprKind::Paren) p = static_cast<const ast::ParenExpr*>(p)->sub;
  auto* ref = p ? ast::dyn_cast<ast::DeclRefExpr>(p) : nullptr;
  auto it = ref ? globals_.find(ref->decl) : globals_.end();
  if (it == globals_.end() || m_->globals[it->second.global].space != ir::AddressSpace::SpirvClass)
    unsupported(c->args[3]->range, "this DispatchMesh payload");
  barrierOp();
  ir::SpirvOperand po;
  po.kind = ir::SpirvOperand::Kind::Id;
  po.value = b.global(it->second.global);
  in.operands.push_back(std::move(po));
  in.opcode = kOpEmitMeshTasksEXT;
  b.spirvInst(std::move(in));
  return {};
}

}  // namespace oneshader::lower
