#include "backend/common/locals.hpp"

#include "backend/common/namer.hpp"  // kMaxInlineText

#include "passes/rewrite.hpp"  // forEachOperand

namespace oneshader::text {

using namespace ir;

namespace {
struct Walk {
  Walk(const Function& fn, const std::vector<int32_t>& r) : f(fn), root(r) {}
  const Function& f;
  const std::vector<int32_t>& root;
  uint32_t pos = 0;
  // Per local.
  std::vector<uint32_t> first, last, stores;
  std::vector<Handle<Statement>> firstStmt;
  std::vector<uint8_t> firstWhole, taken;
  std::vector<uint32_t> blockEnd;  // per block visited: end position (filled after)

  void ref(Handle<Expression> h, Handle<Statement> s, bool store, bool address, Handle<Block> inBlock,
           std::vector<std::pair<uint32_t, Handle<Block>>>& pendingEnds) {
    if (!h.valid() || h.index >= root.size() || root[h.index] < 0) return;
    uint32_t l = uint32_t(root[h.index]);
    if (first[l] == ~0u) {
      first[l] = pos;
      firstStmt[l] = s;
      firstWhole[l] = store && f.expressions[h].kind == ExprKind::LocalVariable;
      pendingEnds.push_back({l, inBlock});
    }
    last[l] = pos;
    if (store) ++stores[l];
    if (address) taken[l] = 1;
  }

  std::vector<std::pair<uint32_t, Handle<Block>>> ends;  // (local, block of its first reference)

  void block(Handle<Block> b) {
    if (!f.blocks.contains(b)) return;
    for (Handle<Statement> hs : f.blocks[b].stmts) statement(hs, b);
    blockEnd[b.index] = pos;
  }
  void statement(Handle<Statement> hs, Handle<Block> in) {
    const Statement& s = f.statements[hs];
    ++pos;
    switch (s.kind) {
      case StmtKind::Emit:
        for (uint32_t i = s.range.first; i < s.range.first + s.range.count && i < f.expressions.size(); ++i) {
          const Expression& x = f.expressions.raw()[i];
          if (x.kind == ExprKind::Load)
            ref(x.a, hs, false, false, in, ends);
          else if (x.kind != ExprKind::Access && x.kind != ExprKind::AccessIndex) {
            Expression c = x;
            forEachOperand(c, [&](Handle<Expression>& h) { ref(h, hs, false, true, in, ends); });
            if (x.kind == ExprKind::Compose)
              for (uint32_t k = 0; k < x.operands.count; ++k)
                ref(f.operands[x.operands.first + k], hs, false, true, in, ends);
          }
        }
        break;
      case StmtKind::Store: ref(s.a, hs, true, false, in, ends); break;
      case StmtKind::Atomic: ref(s.a, hs, true, true, in, ends); break;
      case StmtKind::Call:
      case StmtKind::Debug:
        for (uint32_t k = 0; k < s.range.count; ++k) ref(f.operands[s.range.first + k], hs, true, true, in, ends);
        break;
      case StmtKind::SpirvInst:
        if (s.index < f.spirvInsts.size())
          for (const SpirvOperand& o : f.spirvInsts[s.index].operands) ref(o.value, hs, true, true, in, ends);
        break;
      default:
        ref(s.a, hs, true, true, in, ends), ref(s.b, hs, true, true, in, ends), ref(s.c, hs, true, true, in, ends);
        break;
    }
    if (s.block0.valid()) block(s.block0);
    if (s.block1.valid()) block(s.block1);
    if (s.kind == StmtKind::Switch)
      for (uint32_t k = 0; k < s.range.count; ++k) block(f.cases[s.range.first + k].body);
  }
};
}  // namespace

LocalPlan planLocals(const Module& m, const Function& f) {
  (void)m;
  LocalPlan p;
  const uint32_t n = uint32_t(f.locals.size());
  p.root.assign(f.expressions.size(), -1);
  for (uint32_t i = 0; i < f.expressions.size(); ++i) {
    const Expression& x = f.expressions.raw()[i];
    if (x.kind == ExprKind::LocalVariable)
      p.root[i] = int32_t(x.local);
    else if ((x.kind == ExprKind::Access || x.kind == ExprKind::AccessIndex) && x.a.valid() && x.a.index < i)
      p.root[i] = p.root[x.a.index];
  }
  p.declareAt.assign(n, {});
  p.once.assign(n, 0);
  p.declares.assign(f.statements.size(), -1);
  if (!n || !f.body.valid()) return p;
  Walk w(f, p.root);
  w.first.assign(n, ~0u);
  w.last.assign(n, 0);
  w.stores.assign(n, 0);
  w.firstStmt.assign(n, {});
  w.firstWhole.assign(n, 0);
  w.taken.assign(n, 0);
  w.blockEnd.assign(f.blocks.size(), 0);
  w.block(f.body);
  for (auto [l, b] : w.ends) {
    // The first reference must be a Store statement of the whole local (not a call that
    // writes it through an out argument).
    if (f.locals[l].init.valid() || !w.firstWhole[l] || f.statements[w.firstStmt[l]].kind != StmtKind::Store) continue;
    if (w.last[l] > w.blockEnd[b.index]) continue;  // a reference after that block
    p.declareAt[l] = w.firstStmt[l];
    p.declares[w.firstStmt[l].index] = int32_t(l);
    p.once[l] = w.stores[l] == 1 && !w.taken[l];
  }
  return p;
}

void Pending::consume(Handle<Expression> h, Entry& into) {
  Entry& e = entry_[h.index];
  if (!e.flags) return;
  into.flags |= e.flags;
  for (uint32_t l : e.locals) into.locals.push_back(l);
  e = Entry{};
}

bool Pending::defer(Handle<Expression> h, Entry e) {
  if (!e.flags) return true;
  if (e.locals.size() > kMaxLocals) return false;
  entry_[h.index] = std::move(e);
  live_.push_back(h.index);
  return true;
}

std::vector<uint32_t> Pending::overflow() {
  // Drop entries already consumed, then flush the oldest beyond the bound.
  std::vector<uint32_t> keep;
  for (uint32_t h : live_)
    if (entry_[h].flags) keep.push_back(h);
  live_ = std::move(keep);
  std::vector<uint32_t> out;
  if (live_.size() <= kMaxLive) return out;
  size_t extra = live_.size() - kMaxLive;
  for (size_t i = 0; i < extra; ++i) {
    out.push_back(live_[i]);
    entry_[live_[i]] = Entry{};
  }
  live_.erase(live_.begin(), live_.begin() + long(extra));
  return out;
}

std::vector<uint32_t> Pending::beforeStatement(const Function& f, const LocalPlan& plan, Handle<Statement> hs) {
  const Statement& s = f.statements[hs];
  std::vector<uint32_t> own;  // operands the statement prints once: a pending result may be one
  bool control = false, memory = false;
  auto rootOf = [&](Handle<Expression> p) { return p.valid() && p.index < plan.root.size() ? plan.root[p.index] : -1; };
  std::vector<int32_t> locals;  // locals the statement may write
  switch (s.kind) {
    case StmtKind::Store:
      own = {s.b.index};
      if (rootOf(s.a) >= 0)
        locals.push_back(rootOf(s.a));
      else
        memory = true;
      break;
    case StmtKind::If:
    case StmtKind::Switch:
      own = {s.a.index};
      control = true;
      break;
    case StmtKind::Loop:
    case StmtKind::Block: control = true; break;
    case StmtKind::Return: own = {s.a.index}; break;
    case StmtKind::Call:
      for (uint32_t k = 0; k < s.range.count; ++k) {
        Handle<Expression> a = f.operands[s.range.first + k];
        own.push_back(a.index);
        if (rootOf(a) >= 0) locals.push_back(rootOf(a));
      }
      memory = true;
      break;
    case StmtKind::Atomic:
      if (AtomicOp(s.op) != AtomicOp::CompareExchange) own = {s.b.index};
      if (rootOf(s.a) >= 0) locals.push_back(rootOf(s.a));
      memory = true;
      break;
    case StmtKind::ImageStore:
    case StmtKind::Barrier:
    case StmtKind::Kill: memory = true; break;
    case StmtKind::Subgroup:
      // A ballot's condition is read again where its bits are counted (both writers count
      // the condition): it gets a name now.
      if (SubgroupOp(s.op) == SubgroupOp::Ballot && s.a.valid() && pending(s.a))
        return take([&](uint32_t h, const Entry& e) { return h == s.a.index || (e.flags & Effect); });
      break;
    default: break;
  }
  auto isOwn = [&](uint32_t h) { return std::find(own.begin(), own.end(), h) != own.end(); };
  auto operand = [&](uint32_t h) { return isOwn(h) || h == s.a.index || h == s.b.index || h == s.c.index; };
  return take([&](uint32_t h, const Entry& e) {
    if (control || (e.flags & Effect)) return !isOwn(h);
    if (operand(h)) return false;
    if (memory && (e.flags & ReadsMemory)) return true;
    for (int32_t l : locals)
      if (reads(e, uint32_t(l))) return true;
    return false;
  });
}

std::vector<uint32_t> Pending::beforeExpression(const TypeArena& types, const Function& f, Handle<Expression> h) {
  const Expression& x = f.expressions[h];
  bool reads = x.kind == ExprKind::Load || x.kind == ExprKind::ArrayLength || x.kind == ExprKind::ImageSample ||
               x.kind == ExprKind::ImageLoad || x.kind == ExprKind::ImageQuerySize ||
               x.kind == ExprKind::ImageQueryLevels || x.kind == ExprKind::ImageQuerySamples ||
               x.kind == ExprKind::ImageQueryLod;
  bool takesEffect = false, takesPending = false;
  Expression c = x;
  auto see = [&](Handle<Expression> o) {
    if (!pending(o)) return;
    takesPending = true;
    if (entry(o).flags & Effect) takesEffect = true;
  };
  forEachOperand(c, see);
  if (x.kind == ExprKind::Compose)
    for (uint32_t k = 0; k < x.operands.count; ++k) see(f.operands[x.operands.first + k]);
  std::vector<uint32_t> out;
  if (reads || takesEffect) out = effects();
  if (types[x.type].kind == TypeKind::Pointer && takesPending) {
    std::vector<uint32_t> more = take([&](uint32_t o, const Entry&) { return o == x.a.index || o == x.b.index; });
    out.insert(out.end(), more.begin(), more.end());
  }
  return out;
}

FunctionLocals::FunctionLocals(const Module& m, const Function& f, std::vector<std::string>& text, Declare declare)
    : m_(m), f_(f), text_(text), declare_(std::move(declare)), plan_(planLocals(m, f)) {
  pend_.reset(f.expressions.size());
  declValue_.assign(f.expressions.size(), 0);
  const auto& st = f.statements.raw();
  for (uint32_t i = 0; i < st.size() && i < plan_.declares.size(); ++i)
    if (st[i].kind == StmtKind::Store && plan_.declares[i] >= 0 && st[i].b.valid() && st[i].b.index < declValue_.size())
      declValue_[st[i].b.index] = 1;
}

void FunctionLocals::flush(const std::vector<uint32_t>& hs) {
  for (uint32_t i : hs) text_[i] = declare_(Handle<Expression>(i), text_[i]);
}

bool FunctionLocals::load(Handle<Expression> h, Handle<Expression> ptr, const std::string& t, uint32_t uses) {
  int32_t l = ptr.index < plan_.root.size() ? plan_.root[ptr.index] : -1;
  if ((l >= 0 && once(uint32_t(l))) || uses == 0) {
    text_[h.index] = t;
    return true;
  }
  // Writable memory waits only for a declaring store (`let v = B[i];`, not `let _eN = B[i];
  // let v = _eN;`): any write to memory, call, atomic, barrier or block in between names it.
  if (uses != 1 || t.size() > kMaxInlineText || (l < 0 && !readOnlyRoot(m_, f_, ptr) && !declValue_[h.index]))
    return false;
  Pending::Entry e = acc_;
  e.flags |= l >= 0 ? Pending::ReadsLocal : Pending::ReadsMemory;
  if (l >= 0) e.locals.push_back(uint32_t(l));
  if (!pend_.defer(h, std::move(e))) return false;
  text_[h.index] = t;
  flush(pend_.overflow());
  return true;
}

void FunctionLocals::inlineValue(Handle<Expression> h, const std::string& t, uint32_t uses) {
  text_[h.index] = t;
  if (uses == 1 && acc_.flags && !pend_.defer(h, acc_)) text_[h.index] = declare_(h, t);
  flush(pend_.overflow());
}

bool FunctionLocals::result(Handle<Expression> r, const std::string& call, uint32_t uses) {
  if (uses == 0) return false;
  if (uses > 1) {
    text_[r.index] = declare_(r, call);
    return true;
  }
  text_[r.index] = call;
  Pending::Entry e;
  e.flags = Pending::Effect;
  pend_.defer(r, std::move(e));
  flush(pend_.overflow());
  return true;
}

bool readOnlyRoot(const Module& m, const Function& f, Handle<Expression> ptr) {
  Handle<Expression> p = ptr;
  while (p.valid() && (f.expressions[p].kind == ExprKind::Access || f.expressions[p].kind == ExprKind::AccessIndex))
    p = f.expressions[p].a;
  if (!p.valid() || f.expressions[p].kind != ExprKind::GlobalVariable) return false;
  const GlobalVariable& g = m.globals[f.expressions[p].global];
  switch (g.space) {
    case AddressSpace::Uniform:
    case AddressSpace::PushConstant: return true;
    case AddressSpace::Storage: return g.access == StorageAccess::Load;
    default: return false;
  }
}

}  // namespace oneshader::text
