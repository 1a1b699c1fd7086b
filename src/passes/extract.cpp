// extractEntryPoint: the module of one entry point (pass.hpp).
#include <algorithm>
#include <unordered_map>

#include "ir/util.hpp"
#include "passes/pass.hpp"

namespace oneshader::passes {

using namespace ir;

namespace {

// Old handle index -> new handle, for what the entry point uses, with the used indices in
// the order they were first marked. A module of one entry point (what the MSL and WGSL
// writers cut, twice each) gets tables by index: sized by that module, they are what it
// reaches, and cost no hashing. A file of many entry points is cut once per entry point,
// where each cut must cost what that entry point reaches, not the file (issue 11): hash
// maps there.
template <class T>
class IndexMap {
 public:
  void init(bool dense, uint32_t size) {
    dense_ = dense;
    if (dense) slot_.assign(size, kAbsent);
  }
  // Adds `old`, not mapped yet; false when it was there.
  bool mark(uint32_t old) {
    if (dense_) {
      if (slot_[old] != kAbsent) return false;
      slot_[old] = kMarked;
    } else if (!hash_.emplace(old, Handle<T>{}).second) {
      return false;
    }
    keys_.push_back(old);
    return true;
  }
  // The new handle of `old`; invalid when it is not used (or not mapped yet).
  Handle<T> at(uint32_t old) const {
    if (dense_) return old < slot_.size() && slot_[old] < kMarked ? Handle<T>(slot_[old]) : Handle<T>{};
    auto it = hash_.find(old);
    return it == hash_.end() ? Handle<T>{} : it->second;
  }
  void set(uint32_t old, Handle<T> now) {
    if (dense_)
      slot_[old] = now.index;
    else
      hash_[old] = now;
  }
  // The used indices in their old order (which is dependency order for types and constants).
  std::vector<uint32_t> inOldOrder() const {
    std::vector<uint32_t> v = keys_;
    std::sort(v.begin(), v.end());
    return v;
  }
  const std::vector<uint32_t>& keys() const { return keys_; }

 private:
  static constexpr uint32_t kAbsent = ~0u, kMarked = ~0u - 1;
  bool dense_ = false;
  std::vector<uint32_t> slot_;
  std::unordered_map<uint32_t, Handle<T>> hash_;
  std::vector<uint32_t> keys_;
};

class Extractor {
 public:
  Extractor(const Module& m, bool keepPartners) : m_(m), keepPartners_(keepPartners) {
    const bool dense = m.entryPoints.size() <= 1;
    typeMap_.init(dense, m.types.size());
    constMap_.init(dense, m.constants.size());
    globalMap_.init(dense, m.globals.size());
    fnMap_.init(dense, m.functions.size());
  }
  Module run(const EntryPoint& ep) { return build(ep, mark(ep)); }
  // Marks what `ep` reaches; the functions in call order.
  std::vector<uint32_t> mark(const EntryPoint& ep);
  // The module of what mark() found.
  Module build(const EntryPoint& ep, const std::vector<uint32_t>& fns);
  // Whether mark() found every type, constant and global of the module.
  bool reachesAll() const {
    return typeMap_.keys().size() == m_.types.size() && constMap_.keys().size() == m_.constants.size() &&
           globalMap_.keys().size() == m_.globals.size();
  }
  // The entry point's functions of `m` (the marked module) moved into call order, their
  // calls renumbered; with reachesAll(), what build() would give.
  void cutFunctions(Module& m, const EntryPoint& ep, const std::vector<uint32_t>& fns);

 private:
  const Module& m_;
  bool keepPartners_;
  Module out_;
  IndexMap<Type> typeMap_;
  IndexMap<Constant> constMap_;
  IndexMap<GlobalVariable> globalMap_;
  IndexMap<Function> fnMap_;
  // The work lists of markType and markConstant, kept between calls: they run for every
  // expression, and a list allocated per call was most of the extraction's allocations
  // (issue 11). markType never calls markConstant, so the two lists stay apart.
  std::vector<Handle<Type>> typeWork_;
  std::vector<Handle<Constant>> constWork_;

  void markType(Handle<Type> t);
  void markConstant(Handle<Constant> c);
  void markFunction(const Function& f);
  void markGlobal(Handle<GlobalVariable> h);
  template <class T>
  static Handle<T> mapped(const IndexMap<T>& map, Handle<T> h) {
    if (!h.valid()) return h;
    return map.at(h.index);
  }
  Handle<Type> type(Handle<Type> t) const { return mapped(typeMap_, t); }
  Handle<Constant> constant(Handle<Constant> c) const { return mapped(constMap_, c); }
};

void Extractor::markType(Handle<Type> t) {
  // Iterative: a type's parts are marked with it.
  std::vector<Handle<Type>>& work = typeWork_;
  work.assign(1, t);
  while (!work.empty()) {
    Handle<Type> h = work.back();
    work.pop_back();
    if (!m_.types.contains(h) || !typeMap_.mark(h.index)) continue;
    const Type& x = m_.types[h];
    if (x.base.valid()) work.push_back(x.base);
    for (const StructMember& sm : x.members) work.push_back(sm.type);
    for (const SpirvTypeOperand& o : x.spirvOperands)
      if (o.type.valid()) work.push_back(o.type);
  }
}

void Extractor::markConstant(Handle<Constant> c) {
  std::vector<Handle<Constant>>& work = constWork_;
  work.assign(1, c);
  while (!work.empty()) {
    Handle<Constant> h = work.back();
    work.pop_back();
    if (!m_.constants.contains(h) || !constMap_.mark(h.index)) continue;
    const Constant& k = m_.constants[h];
    markType(k.type);
    if (k.kind == Constant::Kind::Composite || k.kind == Constant::Kind::SpecOp)
      for (uint32_t i = 0; i < k.components.count; ++i) work.push_back(m_.constantComponents[k.components.first + i]);
  }
}

void Extractor::markFunction(const Function& f) {
  for (const FunctionArgument& a : f.arguments) markType(a.type);
  if (f.result) markType(f.result->type);
  for (const LocalVariable& l : f.locals) {
    markType(l.type);
    if (l.init.valid()) markConstant(l.init);
  }
  for (const SpirvInstruction& in : f.spirvInsts) markType(in.resultType);
  for (const Expression& x : f.expressions) {
    markType(x.type);
    if (x.constant.valid()) markConstant(x.constant);
    if (x.offset.valid()) markConstant(x.offset);
    if (x.kind == ExprKind::GlobalVariable) markGlobal(x.global);
  }
}

void Extractor::markGlobal(Handle<GlobalVariable> h) {
  if (!m_.globals.contains(h) || !globalMap_.mark(h.index)) return;
  const GlobalVariable& g = m_.globals[h];
  markType(g.type);
  if (g.init.valid()) markConstant(g.init);
  if (keepPartners_) {
    markGlobal(g.combined);  // each global once (the map), so a pair ends
    markGlobal(g.counter);
  }
}

std::vector<uint32_t> Extractor::mark(const EntryPoint& ep) {
  std::vector<uint32_t> fns = callOrder(m_, ep.function);
  for (uint32_t fi : fns) markFunction(m_.functions[Handle<Function>(fi)]);
  for (Handle<Constant> w : ep.workgroupSizeSpec)
    if (w.valid()) markConstant(w);
  return fns;
}

Module Extractor::build(const EntryPoint& ep, const std::vector<uint32_t>& fns) {
  // Types in their old order, which is dependency order (a type is interned after its parts).
  for (uint32_t i : typeMap_.inOldOrder()) {
    Type t = m_.types[Handle<Type>(i)];
    t.base = type(t.base);
    for (StructMember& sm : t.members) sm.type = type(sm.type);
    for (SpirvTypeOperand& o : t.spirvOperands) o.type = type(o.type);
    typeMap_.set(i, out_.types.intern(t));
  }
  out_.structSources = m_.structSources;  // by the new handles in remapTypes below
  for (uint32_t i : constMap_.inOldOrder()) {
    Constant k = m_.constants[Handle<Constant>(i)];
    if (k.kind == Constant::Kind::Composite || k.kind == Constant::Kind::SpecOp) {
      Range r{uint32_t(out_.constantComponents.size()), k.components.count};
      for (uint32_t j = 0; j < k.components.count; ++j)
        out_.constantComponents.push_back(constant(m_.constantComponents[k.components.first + j]));
      k.components = r;
    }
    constMap_.set(i, out_.constants.append(std::move(k)));
  }
  for (uint32_t i : globalMap_.inOldOrder()) {
    GlobalVariable g = m_.globals[Handle<GlobalVariable>(i)];
    g.init = constant(g.init);
    globalMap_.set(i, out_.globals.append(std::move(g)));
  }
  for (GlobalVariable& g : out_.globals) {  // the partner of a combined image sampler, when it is used too
    g.combined = mapped(globalMap_, g.combined);
    g.counter = mapped(globalMap_, g.counter);
  }
  for (uint32_t k = 0; k < fns.size(); ++k) {
    fnMap_.mark(fns[k]);
    fnMap_.set(fns[k], Handle<Function>(k));
  }
  for (uint32_t fi : fns) {
    Function f = m_.functions[Handle<Function>(fi)];
    for (LocalVariable& l : f.locals) l.init = constant(l.init);
    for (Expression& x : f.expressions) {
      x.constant = constant(x.constant);
      x.offset = constant(x.offset);
      if (x.global.valid()) x.global = mapped(globalMap_, x.global);
      if (x.function.valid()) x.function = mapped(fnMap_, x.function);
    }
    for (Statement& s : f.statements)
      if (s.function.valid()) s.function = mapped(fnMap_, s.function);
    out_.functions.append(std::move(f));
  }
  // remapTypes takes a table by old type index: the one table here sized by the module (its
  // types, which interning keeps few).
  std::vector<Handle<Type>> types(m_.types.size());
  for (uint32_t old : typeMap_.keys()) types[old] = typeMap_.at(old);
  remapTypes(out_, types);
  EntryPoint e = ep;
  e.function = fnMap_.at(ep.function.index);
  for (Handle<Constant>& w : e.workgroupSizeSpec) w = constant(w);
  out_.entryPoints.push_back(e);
  return std::move(out_);
}

void Extractor::cutFunctions(Module& m, const EntryPoint& ep, const std::vector<uint32_t>& fns) {
  for (uint32_t k = 0; k < fns.size(); ++k) {
    fnMap_.mark(fns[k]);
    fnMap_.set(fns[k], Handle<Function>(k));
  }
  Arena<Function> functions;
  for (uint32_t fi : fns) {
    Function f = std::move(m.functions[Handle<Function>(fi)]);
    for (Expression& x : f.expressions)
      if (x.function.valid()) x.function = mapped(fnMap_, x.function);
    for (Statement& st : f.statements)
      if (st.function.valid()) st.function = mapped(fnMap_, st.function);
    functions.append(std::move(f));
  }
  m.functions = std::move(functions);
  EntryPoint e = ep;
  e.function = fnMap_.at(ep.function.index);
  m.entryPoints.assign(1, std::move(e));
}

// Whether build() would lay the composite constants' components out as they are: in
// constant order, each constant's right after the one before, nothing else.
bool componentsInOrder(const Module& m) {
  uint32_t next = 0;
  for (const Constant& k : m.constants) {
    if (k.kind != Constant::Kind::Composite && k.kind != Constant::Kind::SpecOp) continue;
    if (k.components.first != next) return false;
    next += k.components.count;
  }
  return next == m.constantComponents.size();
}

}  // namespace

void cutToEntryPoint(Module& m) {
  if (m.entryPoints.size() != 1) return;
  const EntryPoint ep = m.entryPoints[0];
  Extractor x(m, false);
  std::vector<uint32_t> fns = x.mark(ep);
  // Every type, constant and global still used (inline-entry-wrapper only stops calling one
  // function): build() would copy each to the same handle (types were interned, so none
  // merges; the others keep their order), so they stay where they are.
  if (x.reachesAll() && componentsInOrder(m)) {
    x.cutFunctions(m, ep, fns);
    if (m.structSources.size() > m.types.size()) m.structSources.resize(m.types.size());  // as remapTypes
    return;
  }
  Module cut = x.build(ep, fns);
  m = std::move(cut);
}

Module extractEntryPoint(const Module& m, const EntryPoint& ep, bool keepPartners) {
  return Extractor(m, keepPartners).run(ep);
}

}  // namespace oneshader::passes
