// extractEntryPoint: the module of one entry point (pass.hpp).
#include <algorithm>

#include "ir/util.hpp"
#include "passes/pass.hpp"

namespace oneshader::passes {

using namespace ir;

namespace {

class Extractor {
 public:
  Extractor(const Module& m) : m_(m) {}
  Module run(const EntryPoint& ep);

 private:
  const Module& m_;
  Module out_;
  std::vector<uint8_t> typeUsed_, constUsed_, globalUsed_;
  std::vector<Handle<Type>> typeMap_;
  std::vector<Handle<Constant>> constMap_;
  std::vector<Handle<GlobalVariable>> globalMap_;
  std::vector<Handle<Function>> fnMap_;

  void markType(Handle<Type> t);
  void markConstant(Handle<Constant> c);
  void markFunction(const Function& f);
  Handle<Type> type(Handle<Type> t) const { return t.valid() ? typeMap_[t.index] : t; }
  Handle<Constant> constant(Handle<Constant> c) const { return c.valid() ? constMap_[c.index] : c; }
};

void Extractor::markType(Handle<Type> t) {
  // Iterative: a type's parts are marked with it.
  std::vector<Handle<Type>> work{t};
  while (!work.empty()) {
    Handle<Type> h = work.back();
    work.pop_back();
    if (!m_.types.contains(h) || typeUsed_[h.index]) continue;
    typeUsed_[h.index] = 1;
    const Type& x = m_.types[h];
    if (x.base.valid()) work.push_back(x.base);
    for (const StructMember& sm : x.members) work.push_back(sm.type);
    for (const SpirvTypeOperand& o : x.spirvOperands)
      if (o.type.valid()) work.push_back(o.type);
  }
}

void Extractor::markConstant(Handle<Constant> c) {
  std::vector<Handle<Constant>> work{c};
  while (!work.empty()) {
    Handle<Constant> h = work.back();
    work.pop_back();
    if (!m_.constants.contains(h) || constUsed_[h.index]) continue;
    constUsed_[h.index] = 1;
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
    if (x.kind == ExprKind::GlobalVariable && m_.globals.contains(x.global) && !globalUsed_[x.global.index]) {
      globalUsed_[x.global.index] = 1;
      const GlobalVariable& g = m_.globals[x.global];
      markType(g.type);
      if (g.init.valid()) markConstant(g.init);
    }
  }
}

Module Extractor::run(const EntryPoint& ep) {
  typeUsed_.assign(m_.types.size(), 0);
  constUsed_.assign(m_.constants.size(), 0);
  globalUsed_.assign(m_.globals.size(), 0);
  std::vector<uint32_t> fns = callOrder(m_, ep.function);
  for (uint32_t fi : fns) markFunction(m_.functions[Handle<Function>(fi)]);
  for (Handle<Constant> w : ep.workgroupSizeSpec)
    if (w.valid()) markConstant(w);

  // Types in their old order, which is dependency order (a type is interned after its parts).
  typeMap_.assign(m_.types.size(), Handle<Type>{});
  for (uint32_t i = 0; i < m_.types.size(); ++i) {
    if (!typeUsed_[i]) continue;
    Type t = m_.types[Handle<Type>(i)];
    t.base = type(t.base);
    for (StructMember& sm : t.members) sm.type = type(sm.type);
    for (SpirvTypeOperand& o : t.spirvOperands) o.type = type(o.type);
    typeMap_[i] = out_.types.intern(t);
  }
  out_.structSources = m_.structSources;  // by the new handles in remapTypes below
  constMap_.assign(m_.constants.size(), Handle<Constant>{});
  for (uint32_t i = 0; i < m_.constants.size(); ++i) {
    if (!constUsed_[i]) continue;
    Constant k = m_.constants[Handle<Constant>(i)];
    if (k.kind == Constant::Kind::Composite || k.kind == Constant::Kind::SpecOp) {
      Range r{uint32_t(out_.constantComponents.size()), k.components.count};
      for (uint32_t j = 0; j < k.components.count; ++j)
        out_.constantComponents.push_back(constant(m_.constantComponents[k.components.first + j]));
      k.components = r;
    }
    constMap_[i] = out_.constants.append(std::move(k));
  }
  globalMap_.assign(m_.globals.size(), Handle<GlobalVariable>{});
  for (uint32_t i = 0; i < m_.globals.size(); ++i) {
    if (!globalUsed_[i]) continue;
    GlobalVariable g = m_.globals[Handle<GlobalVariable>(i)];
    g.init = constant(g.init);
    globalMap_[i] = out_.globals.append(std::move(g));
  }
  for (GlobalVariable& g : out_.globals)  // the partner of a combined image sampler, when it is used too
  {
    if (g.combined.valid()) g.combined = g.combined.index < globalMap_.size() ? globalMap_[g.combined.index] : Handle<GlobalVariable>{};
    if (g.counter.valid()) g.counter = g.counter.index < globalMap_.size() ? globalMap_[g.counter.index] : Handle<GlobalVariable>{};
  }
  fnMap_.assign(m_.functions.size(), Handle<Function>{});
  for (uint32_t k = 0; k < fns.size(); ++k) fnMap_[fns[k]] = Handle<Function>(k);
  for (uint32_t fi : fns) {
    Function f = m_.functions[Handle<Function>(fi)];
    for (LocalVariable& l : f.locals) l.init = constant(l.init);
    for (Expression& x : f.expressions) {
      x.constant = constant(x.constant);
      x.offset = constant(x.offset);
      if (x.global.valid() && x.global.index < globalMap_.size()) x.global = globalMap_[x.global.index];
      if (x.function.valid() && x.function.index < fnMap_.size()) x.function = fnMap_[x.function.index];
    }
    for (Statement& s : f.statements)
      if (s.function.valid() && s.function.index < fnMap_.size()) s.function = fnMap_[s.function.index];
    out_.functions.append(std::move(f));
  }
  remapTypes(out_, typeMap_);
  EntryPoint e = ep;
  e.function = fnMap_[ep.function.index];
  for (Handle<Constant>& w : e.workgroupSizeSpec) w = constant(w);
  out_.entryPoints.push_back(e);
  return std::move(out_);
}

}  // namespace

Module extractEntryPoint(const Module& m, const EntryPoint& ep) { return Extractor(m).run(ep); }

}  // namespace oneshader::passes
