// extractEntryPoint: the module of one entry point (pass.hpp).
#include <algorithm>
#include <unordered_map>

#include "ir/util.hpp"
#include "passes/pass.hpp"

namespace oneshader::passes {

using namespace ir;

namespace {

class Extractor {
 public:
  Extractor(const Module& m, bool keepPartners) : m_(m), keepPartners_(keepPartners) {}
  Module run(const EntryPoint& ep);

 private:
  // Old handle index -> new handle, for what the entry point uses. Hash maps, not tables
  // sized by the module: a file of many entry points is cut once per entry point, and each
  // cut costs what that entry point reaches (issue 11).
  template <class T>
  using Map = std::unordered_map<uint32_t, Handle<T>>;

  const Module& m_;
  bool keepPartners_;
  Module out_;
  Map<Type> typeMap_;
  Map<Constant> constMap_;
  Map<GlobalVariable> globalMap_;
  Map<Function> fnMap_;
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
  static Handle<T> mapped(const Map<T>& map, Handle<T> h) {
    if (!h.valid()) return h;
    auto it = map.find(h.index);
    return it == map.end() ? Handle<T>{} : it->second;
  }
  Handle<Type> type(Handle<Type> t) const { return mapped(typeMap_, t); }
  Handle<Constant> constant(Handle<Constant> c) const { return mapped(constMap_, c); }
  // The used indices of a map in their old order (which is dependency order for types and
  // constants).
  template <class T>
  static std::vector<uint32_t> inOldOrder(const Map<T>& map) {
    std::vector<uint32_t> v;
    v.reserve(map.size());
    for (const auto& kv : map) v.push_back(kv.first);
    std::sort(v.begin(), v.end());
    return v;
  }
};

void Extractor::markType(Handle<Type> t) {
  // Iterative: a type's parts are marked with it.
  std::vector<Handle<Type>>& work = typeWork_;
  work.assign(1, t);
  while (!work.empty()) {
    Handle<Type> h = work.back();
    work.pop_back();
    if (!m_.types.contains(h) || !typeMap_.emplace(h.index, Handle<Type>{}).second) continue;
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
    if (!m_.constants.contains(h) || !constMap_.emplace(h.index, Handle<Constant>{}).second) continue;
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
  if (!m_.globals.contains(h) || !globalMap_.emplace(h.index, Handle<GlobalVariable>{}).second) return;
  const GlobalVariable& g = m_.globals[h];
  markType(g.type);
  if (g.init.valid()) markConstant(g.init);
  if (keepPartners_) {
    markGlobal(g.combined);  // each global once (the map), so a pair ends
    markGlobal(g.counter);
  }
}

Module Extractor::run(const EntryPoint& ep) {
  std::vector<uint32_t> fns = callOrder(m_, ep.function);
  for (uint32_t fi : fns) markFunction(m_.functions[Handle<Function>(fi)]);
  for (Handle<Constant> w : ep.workgroupSizeSpec)
    if (w.valid()) markConstant(w);

  // Types in their old order, which is dependency order (a type is interned after its parts).
  for (uint32_t i : inOldOrder(typeMap_)) {
    Type t = m_.types[Handle<Type>(i)];
    t.base = type(t.base);
    for (StructMember& sm : t.members) sm.type = type(sm.type);
    for (SpirvTypeOperand& o : t.spirvOperands) o.type = type(o.type);
    typeMap_[i] = out_.types.intern(t);
  }
  out_.structSources = m_.structSources;  // by the new handles in remapTypes below
  for (uint32_t i : inOldOrder(constMap_)) {
    Constant k = m_.constants[Handle<Constant>(i)];
    if (k.kind == Constant::Kind::Composite || k.kind == Constant::Kind::SpecOp) {
      Range r{uint32_t(out_.constantComponents.size()), k.components.count};
      for (uint32_t j = 0; j < k.components.count; ++j)
        out_.constantComponents.push_back(constant(m_.constantComponents[k.components.first + j]));
      k.components = r;
    }
    constMap_[i] = out_.constants.append(std::move(k));
  }
  for (uint32_t i : inOldOrder(globalMap_)) {
    GlobalVariable g = m_.globals[Handle<GlobalVariable>(i)];
    g.init = constant(g.init);
    globalMap_[i] = out_.globals.append(std::move(g));
  }
  for (GlobalVariable& g : out_.globals) {  // the partner of a combined image sampler, when it is used too
    g.combined = mapped(globalMap_, g.combined);
    g.counter = mapped(globalMap_, g.counter);
  }
  for (uint32_t k = 0; k < fns.size(); ++k) fnMap_[fns[k]] = Handle<Function>(k);
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
  for (const auto& [old, now] : typeMap_) types[old] = now;
  remapTypes(out_, types);
  EntryPoint e = ep;
  e.function = fnMap_[ep.function.index];
  for (Handle<Constant>& w : e.workgroupSizeSpec) w = constant(w);
  out_.entryPoints.push_back(e);
  return std::move(out_);
}

}  // namespace

Module extractEntryPoint(const Module& m, const EntryPoint& ep, bool keepPartners) {
  return Extractor(m, keepPartners).run(ep);
}

}  // namespace oneshader::passes
