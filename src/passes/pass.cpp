#include "passes/pass.hpp"

#include "diag/diag.hpp"
#include "ir/util.hpp"

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

std::vector<uint8_t> retypeGlobalUses(ir::Module& m, ir::Function& f, std::span<const uint8_t> retyped) {
  using namespace ir;
  std::vector<uint8_t> state(f.expressions.size(), 0);  // 0 unseen, 1 not rooted, 2 rooted
  auto fix = [&](auto& self, uint32_t i) -> bool {
    if (state[i]) return state[i] == 2;
    state[i] = 1;
    Expression& x = f.expressions.raw()[i];
    if (x.kind == ExprKind::GlobalVariable && m.globals.contains(x.global) && x.global.index < retyped.size() &&
        retyped[x.global.index]) {
      const GlobalVariable& g = m.globals[x.global];
      x.type = g.space == AddressSpace::Handle ? g.type : m.types.pointer(g.type, g.space, g.spirvClass);
      state[i] = 2;
    } else if ((x.kind == ExprKind::Access || x.kind == ExprKind::AccessIndex) && f.expressions.contains(x.a) &&
               self(self, x.a.index)) {
      x.type = accessResultType(m.types, f.expressions[x.a].type, x.index, x.kind == ExprKind::Access);
      state[i] = 2;
    }
    return state[i] == 2;
  };
  for (uint32_t i = 0; i < f.expressions.size(); ++i) fix(fix, i);
  for (uint8_t& s : state) s = s == 2;
  return state;
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
