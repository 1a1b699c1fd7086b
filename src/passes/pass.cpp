#include "passes/pass.hpp"

#include "diag/diag.hpp"

namespace oneshader::passes {

bool runPasses(ir::Module& m, std::span<const Pass> passes, PassContext& ctx) {
#ifndef NDEBUG
  const bool validate = true;
#else
  const bool validate = ctx.validateEach;
#endif
  for (const Pass& p : passes) {
    if (!p.run(m, ctx)) return false;
    if (!validate) continue;
    DiagEngine local;
    if (!ir::validate(m, local)) {
      std::string first = local.diagnostics().empty() ? std::string() : local.diagnostics()[0].message;
      ctx.diags.report(DiagId::InternalError, SourceRange{},
                       {std::string("the IR after pass '") + p.name + "' is invalid: " + first});
      return false;
    }
  }
  return true;
}

ir::Handle<ir::GlobalVariable> rootGlobal(const ir::Function& f, ir::Handle<ir::Expression> h) {
  using namespace ir;
  while (f.expressions.contains(h)) {
    const Expression& x = f.expressions[h];
    if (x.kind == ExprKind::GlobalVariable) return x.global;
    if (x.kind != ExprKind::Access && x.kind != ExprKind::AccessIndex) break;
    h = x.a;
  }
  return {};
}

void remapTypes(ir::Module& m, std::span<const ir::Handle<ir::Type>> map) {
  using namespace ir;
  auto ty = [&](Handle<Type> h) { return h.valid() && h.index < map.size() ? map[h.index] : h; };
  std::vector<Module::StructSource> sources;
  for (uint32_t i = 0; i < m.structSources.size() && i < map.size(); ++i) {
    if (!map[i].valid()) continue;
    if (sources.size() <= map[i].index) sources.resize(map[i].index + 1);
    sources[map[i].index] = m.structSources[i];
  }
  m.structSources = std::move(sources);
  for (Constant& k : m.constants) k.type = ty(k.type);
  for (GlobalVariable& g : m.globals) g.type = ty(g.type);
  for (Function& f : m.functions) {
    for (FunctionArgument& a : f.arguments) a.type = ty(a.type);
    if (f.result) f.result->type = ty(f.result->type);
    for (LocalVariable& l : f.locals) l.type = ty(l.type);
    for (Expression& x : f.expressions) x.type = ty(x.type);
    for (SpirvInstruction& in : f.spirvInsts) in.resultType = ty(in.resultType);
  }
}

}  // namespace oneshader::passes
