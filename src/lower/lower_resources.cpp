// Resources as values (DXC's SPIR-V legalization, done while lowering): a resource-typed
// local, static global, struct member, parameter or function result is an alias of one
// global resource or of one element of an array of them. See lower_impl.hpp (ResVal).
//
// DXC lowers such variables to pointers to the globals and relies on spirv-opt's
// legalization (inlining, constant folding, SSA rewriting) to make every use name one
// global; where that fails DXC's output does not validate and it refuses the shader. The
// cases it accepts are those where, after inlining, each use sees one resource on every
// path: that is what the alias tracking here computes per program point.
#include "lower/lower_impl.hpp"

namespace oneshader::lower {

using ir::Expression;
using ir::Handle;
using ResVal = Lowerer::ResVal;
using ResSlot = Lowerer::ResSlot;

static std::string nameOf(const ast::Expr* e) {
  e = stripNoOps(e);
  if (!e) return "?";
  if (auto* d = ast::dyn_cast<ast::DeclRefExpr>(e)) return d->decl ? std::string(d->decl->name.str()) : "?";
  if (auto* m = ast::dyn_cast<ast::MemberExpr>(e)) return nameOf(m->base) + "." + std::string(m->member.str());
  if (auto* c = ast::dyn_cast<ast::CallExpr>(e)) return std::string(c->name.str()) + "(...)";
  if (e->kind == ast::ExprKind::Conditional) return "?:";
  return "this resource expression";
}

bool Lowerer::holdsResource(const sema::Type* t) {
  if (!t) return false;
  if (t->isResource()) return true;
  if (t->isArray()) return holdsResource(t->elementType());
  if (t->isStruct()) {
    for (const sema::StructField& f : t->fields())
      if (holdsResource(f.type)) return true;
  }
  return false;
}

std::optional<Lowerer::ResKey> Lowerer::resKey(const ast::Expr* e) {
  e = stripNoOps(e);
  if (!e) return std::nullopt;
  if (auto* d = ast::dyn_cast<ast::DeclRefExpr>(e)) {
    if (!d->decl) return std::nullopt;
    // A global resource is itself, not an alias (a resource parameter bound to one is an
    // alias once assigned: its slot then wins).
    if (d->decl->kind != ast::DeclKind::Param && !staticResDecls_.count(d->decl) && !resourceStructs_.count(d->decl)) {
      if (auto it = globals_.find(d->decl); it != globals_.end() && it->second.resource) return std::nullopt;
      if (d->decl->kind == ast::DeclKind::Var && !locals_.count(d->decl) && !staticResDecls_.count(d->decl) &&
          !(d->type && d->type->isResource()))
        return std::nullopt;
    }
    return ResKey{d->decl, {}};
  }
  if (auto* m = ast::dyn_cast<ast::MemberExpr>(e)) {
    if (!m->field || m->swizzleLen) return std::nullopt;
    auto k = resKey(m->base);
    if (!k) return std::nullopt;
    k->second.push_back(m->field->index);
    return k;
  }
  if (auto* ix = ast::dyn_cast<ast::IndexExpr>(e)) {
    // An element of an array of structs holding resources, at a constant index (an element
    // of an array of resources is resolved from the array's slot: resourceRef).
    if (!e->type || e->type->isResource() || !holdsResource(e->type)) return std::nullopt;
    sema::ConstValue cv = sema_.constValue(ix->index);
    if (!cv.valid()) return std::nullopt;
    auto k = resKey(ix->base);
    if (!k) return std::nullopt;
    k->second.push_back(uint32_t(cv.asUint()));
    return k;
  }
  return std::nullopt;
}

void Lowerer::resourceStruct(const sema::GlobalVar& g, SourceRange r) {
  // DXC (vk.binding.global-struct-of-resource*): the struct is flattened into one resource
  // variable per resource inside it (an array of resources stays one), named after the
  // access path, on consecutive bindings in declaration order, an array of N taking N. It
  // refuses structs that also hold other data, and buffers inside them.
  std::vector<StructResource>& out = resourceStructs_[g.decl];
  uint32_t offset = 0;
  auto walk = [&](auto&& self, const sema::Type* t, std::vector<uint32_t>& path, const std::string& name) -> void {
    if (t->isArray() && t->elementType() && t->elementType()->isResource()) {
      if (t->isUnsizedArray() || t->arraySize() == 0)
        unsupported(r, "a runtime-sized array of resources in a struct ('" + name + "')");
      if (opts_.bindings.flattenArrays)
        unsupported(r, "an array of resources in a struct with -fspv-flatten-resource-arrays ('" + name + "')");
    }
    const sema::Type* rt = t->isArray() && t->elementType() && t->elementType()->isResource() ? t->elementType() : t;
    if (rt->isResource()) {
      switch (rt->resourceKind()) {
        case sema::ResourceKind::Buffer:
        case sema::ResourceKind::RWBuffer:
        case sema::ResourceKind::Texture1D:
        case sema::ResourceKind::Texture1DArray:
        case sema::ResourceKind::Texture2D:
        case sema::ResourceKind::Texture2DArray:
        case sema::ResourceKind::Texture2DMS:
        case sema::ResourceKind::Texture2DMSArray:
        case sema::ResourceKind::Texture3D:
        case sema::ResourceKind::TextureCube:
        case sema::ResourceKind::TextureCubeArray:
        case sema::ResourceKind::RWTexture1D:
        case sema::ResourceKind::RWTexture1DArray:
        case sema::ResourceKind::RWTexture2D:
        case sema::ResourceKind::RWTexture2DArray:
        case sema::ResourceKind::RWTexture3D:
        case sema::ResourceKind::SamplerState:
        case sema::ResourceKind::SamplerComparisonState: break;
        default:  // DXC: "global structures containing buffers are not supported"
          unsupported(r, "a global struct holding a '" + std::string(sema::resourceKindName(rt->resourceKind())) +
                             "' ('" + name + "')");
      }
      if (rt->isSampledTexture()) unsupported(r, "a global struct holding a '" + rt->toString() + "' ('" + name + "')");
      uint32_t n = rt == t ? 0 : t->arraySize();
      // Bounded so that a huge array of structs cannot make millions of globals or bindings.
      if (out.size() >= kMaxStructBindings || uint64_t(offset) + std::max(n, 1u) > kMaxStructBindings)
        unsupported(
            r, "a global struct of resources taking more than " + std::to_string(kMaxStructBindings) + " bindings");
      StructResource x;
      x.path = path;
      x.global = resourceVariable(name, rt, n, 0, r);
      x.resource = rt;
      x.arraySize = n;
      x.offset = offset;
      sema::GlobalVar leaf = g;
      leaf.type = t;
      m_->globals[x.global].userType = reflectUserType(leaf);
      offset += std::max(n, 1u);
      out.push_back(x);
      return;
    }
    if (t->isArray()) {
      if (!holdsResource(t->elementType())) {  // no resource in any element: check one (an empty struct adds nothing)
        path.push_back(0);
        self(self, t->elementType(), path, name + "[0]");
        path.pop_back();
        return;
      }
      for (uint32_t k = 0; k < t->arraySize(); ++k) {
        path.push_back(k);
        self(self, t->elementType(), path, name + "[" + std::to_string(k) + "]");
        path.pop_back();
      }
      return;
    }
    if (t->isStruct()) {
      uint32_t fi = 0;
      for (const sema::StructField& f : t->fields()) {
        path.push_back(f.decl ? f.decl->index : fi);
        ++fi;
        self(self, f.type, path, name + "." + std::string(f.name.str()));
        path.pop_back();
      }
      return;
    }
    // DXC: "global structures containing both resources and non-resources are not supported"
    unsupported(r,
                "a global struct holding both resources and other data ('" + name + "' is a '" + t->toString() + "')");
  };
  std::vector<uint32_t> path;
  walk(walk, g.type, path, g.name);
  // The variable itself, for what uses it as a value (an argument, a copy): its resource
  // members are placeholders (irType), never read.
  ir::GlobalVariable gv;
  gv.name = g.name;
  gv.space = ir::AddressSpace::Private;
  gv.type = irType(g.type, r);
  gv.range = r;
  globals_[g.decl] = GlobalRef::of(mb_->global(gv), -1, nullptr);
}

void Lowerer::structResourceArgs(const ast::ParamDecl* p, const ast::Expr* arg, ResourceArgs& out) {
  if (p->dir == ast::ParamDir::Out || p->dir == ast::ParamDir::InOut)
    unsupported(arg->range, "an out or inout parameter of a struct holding resources");
  auto k = resKey(arg);
  if (!k) unsupported(arg->range, "passing this struct holding resources to a function");
  const std::vector<uint32_t>& prefix = k->second;
  bool any = false;
  for (auto it = res_.slots.lower_bound(*k); it != res_.slots.end() && it->first.first == k->first; ++it) {
    const std::vector<uint32_t>& path = it->first.second;
    if (path.size() < prefix.size() || !std::equal(prefix.begin(), prefix.end(), path.begin())) {
      if (path > prefix) break;
      continue;
    }
    ResVal v = slotValue(it->first, it->second, arg);
    if (v.index == ResVal::Index::Local)
      unsupported(arg->range, "passing a struct holding an element of an array of resources taken at a run-time index");
    ResourceArg a{p, GlobalRef::of(v.global, -1, v.resource, v.arraySize),
                  std::vector<uint32_t>(path.begin() + prefix.size(), path.end())};
    if (a.path.empty()) internal(arg->range, "a struct argument that is a resource");
    if (v.index == ResVal::Index::Literal) a.literal = v.literal;
    out.push_back(std::move(a));
    any = true;
  }
  if (!any) unsupported(arg->range, "passing a struct holding resources that are not given yet");
}

void Lowerer::seedResourceArgs(const ResourceArgs& args) {
  for (const ResourceArg& a : args) {
    if (a.path.empty() || a.interpolant) continue;
    ResVal v;
    v.global = a.ref.global;
    v.resource = a.ref.resource;
    v.arraySize = a.ref.arraySize;
    if (a.literal != ~0u) {
      v.index = ResVal::Index::Literal;
      v.literal = a.literal;
    }
    setSlot(ResKey{a.param, a.path}, v);
  }
}

GlobalRef Lowerer::refOf(const ResVal& v) {
  GlobalRef r = GlobalRef::of(v.global, -1, v.resource, v.arraySize);
  r.nonUniform = v.nonUniform;
  if (v.index == ResVal::Index::Literal)
    r.index = fb_->u32(v.literal);
  else if (v.index == ResVal::Index::Local)
    r.index = fb_->load(fb_->local(v.local));
  return r;
}

ResVal Lowerer::valOf(const GlobalRef& r, SourceRange range) {
  ResVal v;
  v.global = r.global;
  v.resource = r.resource;
  v.arraySize = r.arraySize;
  v.nonUniform = r.nonUniform;
  if (!r.isElement()) return v;
  const Expression& ix = fb_->fn().expressions[r.index];
  if (ix.kind == ir::ExprKind::Literal && !r.nonUniform) {
    v.index = ResVal::Index::Literal;
    v.literal = uint32_t(ix.literal.u);
    return v;
  }
  // The index is taken now: later uses read it back (the alias keeps naming this element).
  v.index = ResVal::Index::Local;
  fb_->setRange(range);
  v.local = fb_->addLocal("", typeOf(r.index));
  fb_->store(fb_->local(v.local), r.index);
  return v;
}

const Lowerer::ResSlot* Lowerer::findSlot(const ResKey& k) {
  auto it = res_.slots.find(k);
  return it == res_.slots.end() ? nullptr : &it->second;
}

[[noreturn]] static void notResolved(Lowerer& L, const ast::Expr* use, const std::string& why) {
  std::string name = nameOf(use);
  if (L.reported_.insert({uint32_t(DiagId::ResourceNotResolved), use->range.begin.raw, use->range.end.raw, why}).second)
    L.diags_.report(DiagId::ResourceNotResolved, use->range, {name, why});
  throw LowerAbort{};
}

ResVal Lowerer::slotValue(const ResKey& k, const ResSlot& s, const ast::Expr* use) {
  switch (s.state) {
    case ResSlot::State::Known: return s.val;
    case ResSlot::State::Pending:
      for (ResLoop& lp : resLoops_)
        if (!lp.usedPending.count(k)) lp.usedPending[k] = use->range;
      return s.val;
    case ResSlot::State::Conflict:
      if (dead_) return s.val;
      notResolved(*this, use,
                  "it holds different resources on different paths (DXC's legalization refuses this too: "
                  "make the choice depend on compile-time constants only)");
    case ResSlot::State::Unset: break;
  }
  notResolved(*this, use, "it is used before it is given a resource");
}

void Lowerer::setSlot(const ResKey& k, const ResVal& v) {
  ResSlot s;
  s.state = ResSlot::State::Known;
  s.val = v;
  res_.slots[k] = s;
}

void Lowerer::copySlots(const ResKey& dst, const ResKey& src) {
  // Every slot below `src` (a struct holding resources) is copied below `dst`.
  std::vector<std::pair<ResKey, ResSlot>> add;
  for (auto it = res_.slots.lower_bound(src); it != res_.slots.end(); ++it) {
    if (it->first.first != src.first) break;
    const std::vector<uint32_t>& p = it->first.second;
    if (p.size() < src.second.size() || !std::equal(src.second.begin(), src.second.end(), p.begin())) {
      if (p > src.second) break;
      continue;
    }
    ResKey k = dst;
    k.second.insert(k.second.end(), p.begin() + src.second.size(), p.end());
    add.push_back({k, it->second});
  }
  // The destination's old slots go.
  for (auto it = res_.slots.lower_bound(dst); it != res_.slots.end();) {
    if (it->first.first != dst.first) break;
    const std::vector<uint32_t>& p = it->first.second;
    if (p.size() >= dst.second.size() && std::equal(dst.second.begin(), dst.second.end(), p.begin())) {
      it = res_.slots.erase(it);
      continue;
    }
    ++it;
  }
  for (auto& [k, s] : add) res_.slots[k] = s;
}

void Lowerer::assignResource(const ResKey& dst, const sema::Type* t, const ast::Expr* src) {
  if (t->isResource()) {
    // A call or a run-time ?: whose resource does not resolve is an error only where the
    // variable is used (DXC: an unused one is removed before its legalization checks).
    const ast::Expr* s = stripNoOps(src);
    if (auto* c = ast::dyn_cast<ast::CallExpr>(s); c && c->intrinsic == ~0u && c->callee && !c->object) {
      lastCallee_ = {};
      call(c);
      if (lastCallee_.valid()) {
        res_.slots[dst] = returnedResource(lastCallee_, c->range);
        return;
      }
    }
    if (auto* c = ast::dyn_cast<ast::ConditionalExpr>(s); c && !sema_.constValue(c->cond).valid()) {
      expr(c->cond);
      ResVal a = resVal(c->thenExpr);
      ResVal b = resVal(c->elseExpr);
      setSlot(dst, a);
      if (!(a == b)) {
        res_.slots[dst].state = ResSlot::State::Conflict;
        res_.slots[dst].where = c->range;
      }
      return;
    }
    ResVal v = resVal(src);
    setSlot(dst, v);
    return;
  }
  // A struct holding resources: its resources are copied from the source's.
  auto sk = resKey(src);
  if (!sk) unsupported(src->range, "this initializer of a struct holding resources");
  copySlots(dst, *sk);
}

std::optional<ResVal> Lowerer::resValOpt(const ast::Expr* e) {
  e = stripNoOps(e);
  if (!e) return std::nullopt;
  switch (e->kind) {
    case ast::ExprKind::DeclRef:
    case ast::ExprKind::Member: {
      auto k = resKey(e);
      if (k) {
        if (const ResSlot* s = findSlot(*k)) return slotValue(*k, *s, e);
      }
      if (auto* d = ast::dyn_cast<ast::DeclRefExpr>(e)) {
        auto it = globals_.find(d->decl);
        if (it != globals_.end() && it->second.resource && it->second.member < 0) {
          if (it->second.arraySize) unsupported(e->range, "an array of resources used as a whole (index it)");
          return valOf(it->second, e->range);
        }
      }
      if (k) notResolved(*this, e, "it is used before it is given a resource");
      return std::nullopt;
    }
    case ast::ExprKind::Index: {
      auto* ix = static_cast<const ast::IndexExpr*>(e);
      if (!e->type || !e->type->isResource()) return std::nullopt;
      std::optional<GlobalRef> r = resourceRef(e);
      if (!r) return std::nullopt;
      (void)ix;
      return valOf(*r, e->range);
    }
    case ast::ExprKind::Call: {
      auto* c = static_cast<const ast::CallExpr*>(e);
      if (c->intrinsic != ~0u || !c->callee || c->object) return std::nullopt;
      lastCallee_ = {};
      call(c);
      if (!lastCallee_.valid()) return std::nullopt;
      ResSlot s = returnedResource(lastCallee_, c->range);
      return slotValue(ResKey{c->callee, {~0u}}, s, e);
    }
    case ast::ExprKind::Conditional: {
      auto* c = static_cast<const ast::ConditionalExpr*>(e);
      sema::ConstValue cv = sema_.constValue(c->cond);
      if (cv.valid()) return resVal(cv.asBool() ? c->thenExpr : c->elseExpr);
      expr(c->cond);
      ResVal a = resVal(c->thenExpr);
      ResVal b = resVal(c->elseExpr);
      if (a == b) return a;
      notResolved(*this, e,
                  "the condition chooses between different resources at run time (DXC's legalization refuses "
                  "this too)");
    }
    case ast::ExprKind::Cast: {  // `(T)r`: r itself (Sema allows no other resource cast)
      auto* c = static_cast<const ast::CastExpr*>(e);
      if (!c->sub || c->sub->type != e->type) return std::nullopt;
      return resValOpt(c->sub);
    }
    case ast::ExprKind::ImplicitCast: {  // a descriptor heap entry (lower_heap.cpp)
      auto* c = static_cast<const ast::ImplicitCastExpr*>(e);
      if (c->castKind != ast::CastKind::HeapToResource) return std::nullopt;
      return heapResVal(c);
    }
    case ast::ExprKind::Binary: {
      auto* b = static_cast<const ast::BinaryExpr*>(e);
      if (b->op == ast::BinaryOp::Comma) {
        expr(b->lhs);
        return resVal(b->rhs);
      }
      if (b->op == ast::BinaryOp::Assign) {
        resourceAssign(b);
        return resVal(b->lhs);
      }
      return std::nullopt;
    }
    default: return std::nullopt;
  }
}

ResVal Lowerer::resVal(const ast::Expr* e) {
  if (auto v = resValOpt(e)) return *v;
  unsupported(e->range, "this resource expression");
}

Handle<Expression> Lowerer::resourceAssign(const ast::BinaryExpr* b) {
  auto k = resKey(b->lhs);
  if (!k) unsupported(b->lhs->range, "assigning to this resource expression");
  assignResource(*k, b->lhs->type, b->rhs);
  if (!b->lhs->type->isResource()) return {};
  return resourceValue(refOf(res_.slots[*k].val));
}

// ---------------------------------------------------------------- control flow

Lowerer::ResState Lowerer::mergeRes(const ResState& a, const ResState& b, SourceRange where) {
  if (!a.reachable) return b;
  if (!b.reachable) return a;
  ResState out;
  out.slots = a.slots;
  for (const auto& [k, sb] : b.slots) {
    auto it = out.slots.find(k);
    if (it == out.slots.end() || it->second.state == ResSlot::State::Unset) {
      out.slots[k] = sb;  // unset on the other path: as DXC's undef, it folds away
      continue;
    }
    ResSlot& sa = it->second;
    if (sb.state == ResSlot::State::Unset) continue;
    if (sa.state == ResSlot::State::Conflict) continue;
    if (sb.state == ResSlot::State::Conflict) {
      sa = sb;
      continue;
    }
    if (sa.val == sb.val) {
      if (sb.state == ResSlot::State::Pending) sa = sb;
      continue;
    }
    sa.state = ResSlot::State::Conflict;
    sa.where = where;
  }
  return out;
}

void Lowerer::resetResourceState() {
  res_ = ResState{};
  dead_ = false;
  resBreaks_.clear();
  resContinues_.clear();
  resBreakIsLoop_.clear();
  resLoops_.clear();
  // Global structs of resources: what each of their slots names.
  for (const auto& [decl, rs] : resourceStructs_)
    for (const StructResource& x : rs) {
      ResVal v;
      v.global = x.global;
      v.resource = x.resource;
      v.arraySize = x.arraySize;
      setSlot(ResKey{decl, x.path}, v);
    }
  // Static resources: their initializers, evaluated in this function.
  for (const sema::GlobalVar& g : program_.globals) {
    if (!g.decl || !staticResDecls_.count(g.decl) || !g.decl->init) continue;
    setSlot(ResKey{g.decl, {}}, resVal(g.decl->init));
  }
}

ResSlot Lowerer::returnedResource(Handle<ir::Function> f, SourceRange r) {
  if (auto it = returnedRes_.find(f.index); it != returnedRes_.end()) return it->second;
  // Lower the body now, with the caller's lowering state put aside.
  const PendingBody* pb = nullptr;
  for (const PendingBody& p : pendingBodies_)
    if (p.f == f) pb = &p;
  if (!pb) internal(r, "a function returning a resource without a body");
  PendingBody body = *pb;
  if (loweredBodies_.count(f.index)) internal(r, "a function returning a resource used while it is lowered");
  ir::FunctionBuilder* savedFb = fb_;
  auto savedLocals = std::move(locals_);
  auto savedPtrArgs = std::move(ptrArgs_);
  const sema::Type* savedRet = returnType_;
  Handle<ir::Type> savedRetIr = returnIrType_;
  bool savedHasThis = hasThis_;
  const sema::Type* savedThis = thisType_;
  ResState savedRes = std::move(res_);
  bool savedDead = dead_;
  auto savedBreaks = std::move(resBreaks_);
  auto savedConts = std::move(resContinues_);
  auto savedIsLoop = std::move(resBreakIsLoop_);
  auto savedLoops = std::move(resLoops_);
  ResSlot* savedCur = curReturn_;
  InlineReturn* savedInline = inlineReturn_;
  uint32_t savedScope = scope_;
  inlineReturn_ = nullptr;
  lowerFunctionBody(body.fd, body.f, body.resources);
  scope_ = savedScope;
  fb_ = savedFb;
  locals_ = std::move(savedLocals);
  ptrArgs_ = std::move(savedPtrArgs);
  returnType_ = savedRet;
  returnIrType_ = savedRetIr;
  hasThis_ = savedHasThis;
  thisType_ = savedThis;
  res_ = std::move(savedRes);
  dead_ = savedDead;
  resBreaks_ = std::move(savedBreaks);
  resContinues_ = std::move(savedConts);
  resBreakIsLoop_ = std::move(savedIsLoop);
  resLoops_ = std::move(savedLoops);
  curReturn_ = savedCur;
  inlineReturn_ = savedInline;
  fb_->setRange(r);
  return returnedRes_[f.index];
}

void Lowerer::resourceReturn(const ast::ReturnStmt* r) {
  if (!curReturn_) internal(r->range, "a resource return outside a function");
  if (r->value && !dead_) {
    ResVal v = resVal(r->value);
    if (v.index == ResVal::Index::Local)
      unsupported(r->value->range, "returning an element of an array of resources at a run-time index");
    ResSlot s;
    s.state = ResSlot::State::Known;
    s.val = v;
    if (curReturn_->state == ResSlot::State::Unset) {
      *curReturn_ = s;
    } else if (curReturn_->state == ResSlot::State::Known && !(curReturn_->val == v)) {
      curReturn_->state = ResSlot::State::Conflict;
      curReturn_->where = r->range;
    }
  }
  fb_->setRange(r->range);
  fb_->ret();
  res_.reachable = false;
}

// ---------------------------------------------------------------- loops

void Lowerer::collectAssignedExpr(const ast::Expr* e, std::set<ResKey>& out) {
  if (!e) return;
  switch (e->kind) {
    case ast::ExprKind::Binary: {
      auto* b = static_cast<const ast::BinaryExpr*>(e);
      if (b->op == ast::BinaryOp::Assign && holdsResource(b->lhs->type))
        if (auto k = resKey(b->lhs)) out.insert(*k);
      collectAssignedExpr(b->lhs, out);
      collectAssignedExpr(b->rhs, out);
      return;
    }
    case ast::ExprKind::Paren: collectAssignedExpr(static_cast<const ast::ParenExpr*>(e)->sub, out); return;
    case ast::ExprKind::ImplicitCast:
      collectAssignedExpr(static_cast<const ast::ImplicitCastExpr*>(e)->sub, out);
      return;
    case ast::ExprKind::Conditional: {
      auto* c = static_cast<const ast::ConditionalExpr*>(e);
      collectAssignedExpr(c->cond, out);
      collectAssignedExpr(c->thenExpr, out);
      collectAssignedExpr(c->elseExpr, out);
      return;
    }
    case ast::ExprKind::Call:
      for (const ast::Expr* a : static_cast<const ast::CallExpr*>(e)->args) collectAssignedExpr(a, out);
      return;
    default: return;
  }
}

void Lowerer::collectAssigned(const ast::Stmt* s, std::set<ResKey>& out) {
  if (!s) return;
  switch (s->kind) {
    case ast::StmtKind::Compound:
      for (const ast::Stmt* c : static_cast<const ast::CompoundStmt*>(s)->body) collectAssigned(c, out);
      return;
    case ast::StmtKind::Decl:
      for (const ast::Decl* d : static_cast<const ast::DeclStmt*>(s)->decls)
        if (d->kind == ast::DeclKind::Var) {
          auto* v = static_cast<const ast::VarDecl*>(d);
          if (holdsResource(v->type)) out.insert(ResKey{v, {}});
          collectAssignedExpr(v->init, out);
        }
      return;
    case ast::StmtKind::Expr: collectAssignedExpr(static_cast<const ast::ExprStmt*>(s)->expr, out); return;
    case ast::StmtKind::If: {
      auto* i = static_cast<const ast::IfStmt*>(s);
      collectAssignedExpr(i->cond, out);
      collectAssigned(i->thenStmt, out);
      collectAssigned(i->elseStmt, out);
      return;
    }
    case ast::StmtKind::For: {
      auto* f = static_cast<const ast::ForStmt*>(s);
      collectAssigned(f->init, out);
      collectAssignedExpr(f->cond, out);
      collectAssignedExpr(f->inc, out);
      collectAssigned(f->body, out);
      return;
    }
    case ast::StmtKind::While: {
      auto* w = static_cast<const ast::WhileStmt*>(s);
      collectAssignedExpr(w->cond, out);
      collectAssigned(w->body, out);
      return;
    }
    case ast::StmtKind::DoWhile: {
      auto* d = static_cast<const ast::DoWhileStmt*>(s);
      collectAssignedExpr(d->cond, out);
      collectAssigned(d->body, out);
      return;
    }
    case ast::StmtKind::Switch: {
      auto* sw = static_cast<const ast::SwitchStmt*>(s);
      collectAssignedExpr(sw->cond, out);
      for (const ast::CaseStmt* c : sw->cases)
        for (const ast::Stmt* b : c->body) collectAssigned(b, out);
      return;
    }
    case ast::StmtKind::Return: collectAssignedExpr(static_cast<const ast::ReturnStmt*>(s)->value, out); return;
    default: return;
  }
}

// At a loop's head a resource assigned in the loop holds its value from before the loop
// or from the previous iteration: Pending until the back edge is known (loopTail).
void Lowerer::loopHead(const ast::Stmt* body, const ast::Expr* inc, ResLoop& lp, ResState& entry) {
  std::set<ResKey> assigned;
  collectAssigned(body, assigned);
  collectAssignedExpr(inc, assigned);
  entry = res_;
  lp.id = ++nextResLoop_;
  for (const ResKey& k : assigned) {
    auto it = res_.slots.find(k);
    if (it == res_.slots.end()) continue;
    // Keys below an assigned struct go pending too.
    for (auto jt = res_.slots.lower_bound(k); jt != res_.slots.end() && jt->first.first == k.first; ++jt) {
      const std::vector<uint32_t>& p = jt->first.second;
      if (p.size() < k.second.size() || !std::equal(k.second.begin(), k.second.end(), p.begin())) continue;
      if (jt->second.state == ResSlot::State::Known) {
        jt->second.state = ResSlot::State::Pending;
        jt->second.loop = lp.id;
      }
    }
  }
  resBreaks_.push_back({});
  resBreakIsLoop_.push_back(true);
  resContinues_.push_back({});
  resLoops_.push_back(std::move(lp));
}

void Lowerer::loopTail(ResLoop& lpOut, const ResState& entry, SourceRange where) {
  ResLoop lp = std::move(resLoops_.back());
  resLoops_.pop_back();
  std::vector<ResState> breaks = std::move(resBreaks_.back());
  resBreaks_.pop_back();
  resBreakIsLoop_.pop_back();
  resContinues_.pop_back();
  // res_ is the back edge's state.
  std::set<ResKey> changed;
  // The head's pending slots: compare with the back edge.
  auto headSlot = [&](const ResKey& k) -> const ResSlot* {
    auto it = entry.slots.find(k);
    return it == entry.slots.end() ? nullptr : &it->second;
  };
  if (res_.reachable) {
    for (const auto& [k, s] : res_.slots) {
      const ResSlot* e = headSlot(k);
      if (!e || e->state != ResSlot::State::Known) continue;
      bool same = (s.state == ResSlot::State::Known || s.state == ResSlot::State::Pending) && s.val == e->val;
      if (!same) changed.insert(k);
    }
  }
  for (const ResKey& k : changed) {
    if (auto it = lp.usedPending.find(k); it != lp.usedPending.end() && !dead_) {
      std::string name(k.first->name.str());
      if (reported_.insert({uint32_t(DiagId::ResourceNotResolved), it->second.begin.raw, it->second.end.raw, name})
              .second)
        diags_.report(DiagId::ResourceNotResolved, it->second,
                      {name,
                       "it holds different resources in different iterations of the loop (DXC's "
                       "legalization refuses this too)"});
      throw LowerAbort{};
    }
  }
  auto settle = [&](ResState& st) {
    for (auto& [k, s] : st.slots) {
      if (s.state != ResSlot::State::Pending || s.loop != lp.id) continue;
      if (changed.count(k)) {
        s.state = ResSlot::State::Conflict;
        s.where = where;
      } else {
        s.state = ResSlot::State::Known;
      }
    }
  };
  ResState out;
  out.reachable = false;
  for (ResState& b : breaks) {
    settle(b);
    out = mergeRes(out, b, where);
  }
  res_ = out;
  lpOut = std::move(lp);
}

}  // namespace oneshader::lower
