// Shared by the end-to-end lowering tests (tests/unit/driver/lower_*_test.cpp): HLSL text
// through preprocessing, parsing, Sema and lowering, keeping every stage's state and the
// diagnostics for the checks; SPIR-V emission and validation of the lowered module.
#pragma once

#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "backend/spirv/spirv.hpp"
#include "diag/diag.hpp"
#include "ir/ir.hpp"
#include "lower/lower.hpp"
#include "sema/sema.hpp"
#include "syntax/parser.hpp"
#include "syntax/preprocessor.hpp"

namespace oneshader::lowertest {

struct Compiled {
  SourceManager sm;
  DiagEngine diags{&sm};
  ast::AstContext ctx;
  sema::TypeContext types;
  std::unique_ptr<sema::Sema> sema;
  std::unique_ptr<ir::Module> module;
  std::string ir;  // the printed module
  bool semaOk = false;
  std::string messages() const { return diags.renderAll(); }
  const Diagnostic* find(const char* code) const {
    for (const Diagnostic& d : diags.diagnostics())
      if (diagCodeString(d.id) == code) return &d;
    return nullptr;
  }
  bool hasCode(const char* code) const { return find(code) != nullptr; }
  size_t count(const char* code) const {
    size_t n = 0;
    for (const Diagnostic& d : diags.diagnostics()) n += diagCodeString(d.id) == code;
    return n;
  }
  // "OSHnnnn@line:column" per diagnostic, in order.
  std::vector<std::string> codes() const {
    std::vector<std::string> out;
    for (const Diagnostic& d : diags.diagnostics()) {
      PresumedLoc p = sm.presumedLoc(d.range.begin);
      out.push_back(diagCodeString(d.id) + "@" + std::to_string(p.line) + ":" + std::to_string(p.column));
    }
    return out;
  }
};

// Stops at the first stage with errors; `module` is set only when lowering succeeded.
inline std::unique_ptr<Compiled> lowerSource(const std::string& src, const sema::SemaOptions& so = {},
                                             const lower::LowerOptions& lo = {}) {
  auto c = std::make_unique<Compiled>();
  FileId f = c->sm.addBuffer("test.hlsl", src);
  Preprocessor pp(c->sm, c->diags);
  pp.enterMainFile(f);
  Parser parser(pp, c->ctx, c->diags);
  ast::TranslationUnit* tu = parser.parseTranslationUnit();
  if (!tu || c->diags.hasErrors()) return c;
  c->sema = std::make_unique<sema::Sema>(c->ctx, c->types, c->diags, so);
  c->semaOk = c->sema->check(tu);
  if (!c->semaOk) return c;
  c->module = lower::lowerProgram(*tu, c->sema->program(), *c->sema, lo, c->diags);
  if (c->module) c->ir = ir::print(*c->module);
  return c;
}

// Emits SPIR-V for `entry` and validates it; the disassembly, or "" (with a test failure)
// when emission or validation fails.
inline std::string validatedSpirv(Compiled& c, const std::string& entry,
                                  spirv::VulkanEnv env = spirv::VulkanEnv::Vulkan1_2) {
  spirv::SpirvOptions so;
  so.env = env;
  auto words = spirv::emitSpirv(*c.module, entry, so, c.diags);
  if (!words) {
    ADD_FAILURE() << c.messages();
    return "";
  }
  std::string err;
  std::string dis = spirv::disassembleSpirv(*words);
  if (!spirv::validateSpirv(*words, so.env, &err)) {
    ADD_FAILURE() << err << "\n" << dis;
    return "";
  }
  return dis;
}

inline size_t occurrences(const std::string& hay, const std::string& needle) {
  size_t n = 0;
  for (size_t p = hay.find(needle); p != std::string::npos; p = hay.find(needle, p + 1)) ++n;
  return n;
}

}  // namespace oneshader::lowertest
