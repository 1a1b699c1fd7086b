// EvaluateAttributeAtSample / EvaluateAttributeCentroid / EvaluateAttributeSnapped: a pixel
// shader input interpolated again, at a sample, the centroid or an offset (GLSL.std.450
// InterpolateAtSample / InterpolateAtCentroid / InterpolateAtOffset, capability
// InterpolationFunction). The instruction takes a pointer to the Input variable, so the
// first argument must name an input: DXC accepts what its legalization reduces to a load of
// an Input variable (fully inlined, local copies forwarded); OneShader follows the argument
// through the source instead (docs/design.md "Interpolated inputs"):
//
//  - an entry parameter of a pixel shader, or a field or constant element of one: its leaf
//    becomes an Input global with the leaf's Location, which the SPIR-V backend makes the
//    entry point's own variable for that location (emitter_inline.cpp);
//  - a [[vk::ext_builtin_input]] global (its Input variable);
//  - a local variable initialised with one of these (a copy: `float4 c = color;`);
//  - a parameter of a helper function: the helper is specialised per input passed, the way
//    resource parameters are (ResourceArg::interpolant), when it interpolates that parameter
//    itself or passes it on to one that does.
//
// Anything else is OSH0007 naming the intrinsic. The instruction is carried as an inline
// SPIR-V instruction (OpExtInst), so the text targets never see it: the driver refuses these
// intrinsics for MSL and WGSL before lowering (portability.cpp).
#include <algorithm>

#include "lower/lower_impl.hpp"
#include "syntax/ast_walk.hpp"

namespace oneshader::lower {

using ir::Expression;
using ir::Handle;

namespace {

constexpr uint32_t kInterpolateAtCentroid = 76, kInterpolateAtSample = 77, kInterpolateAtOffset = 78;  // GLSL.std.450
constexpr uint32_t kCapInterpolationFunction = 52, kDecLocation = 30;

// EvaluateAttribute* and GetAttributeAtVertex: the intrinsics whose first argument is an input.
bool isInterpolation(uint32_t id) {
  return id == uint32_t(IntrinsicId::EvaluateAttributeAtSample) ||
         id == uint32_t(IntrinsicId::EvaluateAttributeCentroid) ||
         id == uint32_t(IntrinsicId::EvaluateAttributeSnapped) || id == uint32_t(IntrinsicId::GetAttributeAtVertex);
}

// The declaration an interpolant expression starts from and the constant field / element
// indices below it: through parentheses, no-op casts, member and constant element accesses
// and the initializers of (non-static) local variables. False, with the reason in `why`,
// for anything else.
struct Steps {
  const ast::Decl* decl = nullptr;
  std::vector<uint32_t> path;
};

}  // namespace

static bool interpolantSteps(Lowerer& L, const sema::Sema& sema, const ast::Expr* e, Steps& out, std::string* why,
                             int depth = 0) {
  auto fail = [&](const char* w) {
    if (why) *why = w;
    return false;
  };
  e = stripNoOps(e);
  if (!e || depth > 64) return fail("this expression");
  switch (e->kind) {
    case ast::ExprKind::DeclRef: {
      const ast::Decl* d = static_cast<const ast::DeclRefExpr*>(e)->decl;
      const auto* v = d ? ast::dyn_cast<ast::VarDecl>(d) : nullptr;
      // A local copy that is never written afterwards: what its initializer reads.
      if (v && d->kind == ast::DeclKind::Var && v->init && !(v->storage & ast::SF_Static) && !L.isGlobalDecl(d)) {
        if (L.writtenLocal(d)) return fail("a local variable written after its initialization");
        return interpolantSteps(L, sema, v->init, out, why, depth + 1);
      }
      out.decl = d;
      return d != nullptr || fail("this expression");
    }
    case ast::ExprKind::Member: {
      const auto* m = static_cast<const ast::MemberExpr*>(e);
      if (m->swizzleLen || !m->field) return fail("a swizzle");
      if (!interpolantSteps(L, sema, m->base, out, why, depth + 1)) return false;
      out.path.push_back(m->field->index);
      return true;
    }
    case ast::ExprKind::Index: {
      const auto* i = static_cast<const ast::IndexExpr*>(e);
      sema::ConstValue k = sema.constValue(i->index);
      if (!k.valid()) return fail("an element taken at a run-time index");
      if (!interpolantSteps(L, sema, i->base, out, why, depth + 1)) return false;
      out.path.push_back(uint32_t(k.asUint()));
      return true;
    }
    default: return fail("a value that is not a pixel shader input");
  }
}

bool Lowerer::isGlobalDecl(const ast::Decl* d) const { return globals_.count(d) != 0; }

// The declaration an assigned expression names: through parentheses, no-op casts, members
// (swizzles included) and elements.
static const ast::Decl* writtenDecl(const ast::Expr* e) {
  for (int depth = 0; e && depth < 256; ++depth) {
    e = stripNoOps(e);
    if (const auto* r = ast::dyn_cast<ast::DeclRefExpr>(e)) return r->decl;
    if (const auto* m = ast::dyn_cast<ast::MemberExpr>(e))
      e = m->base;
    else if (const auto* i = ast::dyn_cast<ast::IndexExpr>(e))
      e = i->base;
    else
      return nullptr;
  }
  return nullptr;
}

bool Lowerer::writtenLocal(const ast::Decl* d) {
  if (!writtenLocals_) {
    writtenLocals_.emplace();
    auto& w = *writtenLocals_;
    ast::AstWalk walk{
        [&](const ast::Expr* e) {
          if (const auto* b = ast::dyn_cast<ast::BinaryExpr>(e)) {
            if (ast::isAssignment(b->op))
              if (const ast::Decl* t = writtenDecl(b->lhs)) w.insert(t);
          } else if (const auto* u = ast::dyn_cast<ast::UnaryExpr>(e)) {
            if (u->op == ast::UnaryOp::PreInc || u->op == ast::UnaryOp::PreDec || u->op == ast::UnaryOp::PostInc ||
                u->op == ast::UnaryOp::PostDec)
              if (const ast::Decl* t = writtenDecl(u->sub)) w.insert(t);
          } else if (const auto* c = ast::dyn_cast<ast::CallExpr>(e)) {
            if (!c->callee) return;
            for (size_t i = 0; i < c->args.size() && i < c->callee->params.size(); ++i)
              if (c->callee->params[i]->dir == ast::ParamDir::Out || c->callee->params[i]->dir == ast::ParamDir::InOut)
                if (const ast::Decl* t = writtenDecl(c->args[i])) w.insert(t);
          }
        },
        {}};
    std::unordered_set<const ast::FunctionDecl*> seen;
    for (const sema::EntryPoint& ep : program_.entryPoints)
      for (const ast::FunctionDecl* fd : ep.callGraph)
        if (fd && seen.insert(fd).second) walk.stmt(fd->body);
  }
  return writtenLocals_->count(d) != 0;
}

std::optional<Lowerer::Interpolant> Lowerer::interpolant(const ast::Expr* e, std::string* why) {
  Steps s;
  if (!interpolantSteps(*this, sema_, e, s, why)) return std::nullopt;
  if (auto it = interpolantParams_.find(s.decl); it != interpolantParams_.end()) {
    Interpolant in = it->second;
    in.path.insert(in.path.end(), s.path.begin(), s.path.end());
    return in;
  }
  if (auto it = pixelInputs_.find(s.decl); it != pixelInputs_.end()) {
    for (PixelInput& leaf : it->second) {
      if (leaf.fields.size() > s.path.size() || !std::equal(leaf.fields.begin(), leaf.fields.end(), s.path.begin()))
        continue;
      if (!leaf.global.valid()) {
        // The leaf's Input variable: the backend makes it the entry point's own (one per
        // Location, emitter_inline.cpp).
        ir::GlobalVariable gv;
        gv.name = leaf.name;
        gv.space = ir::AddressSpace::Input;
        gv.type = leaf.type;
        gv.range = leaf.range;
        gv.spirvDecorations.push_back(ir::SpirvDecoration{{}, kDecLocation, {leaf.binding.location}, {}});
        leaf.global = mb_->global(gv);
        if (leaf.perVertex) perVertexGlobals_.insert(leaf.global.index);
      }
      return Interpolant{leaf.global, std::vector<uint32_t>(s.path.begin() + long(leaf.fields.size()), s.path.end())};
    }
    if (why) *why = "a pixel shader input that is a struct or a system value";
    return std::nullopt;
  }
  if (auto it = globals_.find(s.decl); it != globals_.end() && it->second.member < 0 && it->second.global.valid() &&
                                       m_->globals[it->second.global].space == ir::AddressSpace::Input)
    return Interpolant{it->second.global, s.path};
  if (why)
    *why = s.decl->kind == ast::DeclKind::Param ? "a parameter that its callers do not pass a pixel shader input"
                                                : "a value that is not a pixel shader input";
  return std::nullopt;
}

// Whether `fd` interpolates its by-value parameter `param`, itself or through the helpers it
// passes it to (HLSL has no recursion; the memo also ends a cycle).
bool Lowerer::interpolatesParam(const ast::FunctionDecl* fd, uint32_t param) {
  auto key = std::make_pair(fd, param);
  if (auto it = interpolatesParam_.find(key); it != interpolatesParam_.end()) return it->second;
  interpolatesParam_[key] = false;
  if (!fd || !fd->body || param >= fd->params.size()) return false;
  const ast::ParamDecl* p = fd->params[param];
  if (p->dir == ast::ParamDir::Out || p->dir == ast::ParamDir::InOut) return false;
  bool found = false;
  auto from = [&](const ast::Expr* a) {
    Steps s;
    return interpolantSteps(*this, sema_, a, s, nullptr) && s.decl == p;
  };
  ast::AstWalk walk{[&](const ast::Expr* e) {
                      const auto* c = ast::dyn_cast<ast::CallExpr>(e);
                      if (found || !c) return;
                      if (isInterpolation(c->intrinsic)) {
                        found = !c->args.empty() && from(c->args[0]);
                        return;
                      }
                      if (c->intrinsic != ~0u || !c->callee) return;
                      for (size_t i = 0; i < c->args.size() && i < c->callee->params.size() && !found; ++i)
                        found = from(c->args[i]) && interpolatesParam(c->callee, uint32_t(i));
                    },
                    {}};
  walk.stmt(fd->body);
  return interpolatesParam_[key] = found;
}

// A call passing an input to a parameter its callee interpolates: the callee's copy for
// that input (ResourceArg::interpolant).
void Lowerer::interpolantArgs(const ast::CallExpr* c, ResourceArgs& out) {
  for (size_t i = 0; i < c->args.size() && i < c->callee->params.size(); ++i) {
    if (!interpolatesParam(c->callee, uint32_t(i))) continue;
    std::optional<Interpolant> in = interpolant(c->args[i], nullptr);
    if (!in) continue;  // (the callee's own copy reports it at the intrinsic)
    ResourceArg a;
    a.param = c->callee->params[i];
    a.ref.global = in->global;
    a.path = in->path;
    a.interpolant = true;
    out.push_back(std::move(a));
  }
}

// The pointer to the value an interpolation intrinsic reads: `base` (the Input variable, or
// one vertex's element of it) then the constant indices of `path`; its type must be the
// intrinsic's value type.
Handle<Expression> Lowerer::interpolantPointer(const ast::CallExpr* c, Handle<Expression> base,
                                               const std::vector<uint32_t>& path) {
  std::string name(intrinsicInfo(IntrinsicId(c->intrinsic)).name);
  Handle<Expression> ptr = base;
  for (uint32_t k : path) {
    const ir::Type pt = irT(irT(typeOf(ptr)).base);
    if (pt.kind != ir::TypeKind::Array && pt.kind != ir::TypeKind::Vector && pt.kind != ir::TypeKind::Struct)
      unsupported(c->args[0]->range, "this access into the input of '" + name + "'");
    ptr = fb_->accessIndex(ptr, k);
  }
  if (irT(typeOf(ptr)).base != irType(c->type, c->range))
    unsupported(c->args[0]->range, "an input whose stage type differs from its declared type with '" + name + "'");
  return ptr;
}

Handle<Expression> Lowerer::evaluateAttribute(const ast::CallExpr* c) {
  IntrinsicId id = IntrinsicId(c->intrinsic);
  std::string name(intrinsicInfo(id).name);
  SourceRange r = c->range;
  if (c->args.empty() || !c->type) internal(r, "EvaluateAttribute without its arguments");
  std::string why;
  std::optional<Interpolant> in = interpolant(c->args[0], &why);
  if (!in)
    unsupported(c->args[0]->range,
                "interpolating " + why + " with '" + name +
                    "' (its first argument must be a pixel shader input, or a field or element of one)");
  ir::FunctionBuilder& f = *fb_;
  Handle<Expression> operand;
  if (id == IntrinsicId::EvaluateAttributeAtSample) {
    operand = expr(c->args[1]);
  } else if (id == IntrinsicId::EvaluateAttributeSnapped) {
    // DXC converts the int2 offset to float2 as it is (OpConvertSToF).
    Handle<Expression> o = expr(c->args[1]);
    f.setRange(r);
    operand = f.convert(o, ir::Scalar::f32());
  }
  f.setRange(r);
  Handle<Expression> ptr = interpolantPointer(c, f.global(in->global), in->path);
  Handle<ir::Type> vt = irT(typeOf(ptr)).base;
  ir::SpirvInstruction inst;
  inst.opcode = id == IntrinsicId::EvaluateAttributeAtSample   ? kInterpolateAtSample
                : id == IntrinsicId::EvaluateAttributeCentroid ? kInterpolateAtCentroid
                                                               : kInterpolateAtOffset;
  inst.set = "GLSL.std.450";
  inst.hasResult = true;
  inst.resultType = vt;
  inst.operands.push_back(ir::SpirvOperand{ir::SpirvOperand::Kind::Id, ptr, {}, {}});
  if (operand.valid()) inst.operands.push_back(ir::SpirvOperand{ir::SpirvOperand::Kind::Id, operand, {}, {}});
  inst.requirements.capabilities.push_back(kCapInterpolationFunction);
  inst.declName = name;
  inst.declRange = r;
  return f.spirvInst(std::move(inst));
}

// GetAttributeAtVertex(v, vertex): the value of a nointerpolation input at one of the
// primitive's vertices, read from its per-vertex Input array (lower_entry.cpp makes a pixel
// shader's nointerpolation inputs PerVertexKHR arrays when it reaches this intrinsic).
Handle<Expression> Lowerer::attributeAtVertex(const ast::CallExpr* c) {
  SourceRange r = c->range;
  if (c->args.size() != 2 || !c->type) internal(r, "GetAttributeAtVertex without its arguments");
  std::string why;
  std::optional<Interpolant> in = interpolant(c->args[0], &why);
  if (!in)
    unsupported(c->args[0]->range, "reading per-vertex values of " + why +
                                       " with 'GetAttributeAtVertex' (its first argument must be a nointerpolation "
                                       "pixel shader input, or a field or element of one)");
  if (!perVertexGlobals_.count(in->global.index))
    unsupported(c->args[0]->range, "'GetAttributeAtVertex' of an input that is not declared nointerpolation");
  Handle<Expression> vertex = expr(c->args[1]);
  ir::FunctionBuilder& f = *fb_;
  f.setRange(r);
  Handle<Expression> ptr = interpolantPointer(c, f.access(f.global(in->global), vertex), in->path);
  return f.load(ptr);
}

bool Lowerer::usesAttributeAtVertex(const sema::EntryPoint& ep) {
  bool found = false;
  ast::AstWalk walk{[&](const ast::Expr* e) {
                      if (const auto* c = ast::dyn_cast<ast::CallExpr>(e))
                        found |= c->intrinsic == uint32_t(IntrinsicId::GetAttributeAtVertex);
                    },
                    {}};
  for (const ast::FunctionDecl* fd : ep.callGraph)
    if (fd && !found) walk.stmt(fd->body);
  return found;
}

}  // namespace oneshader::lower
