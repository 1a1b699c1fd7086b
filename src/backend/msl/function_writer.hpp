// Internal: writes one IR function as MSL (statements in write_function.cpp, expressions
// in write_expr.cpp).
#pragma once
#include <map>
#include "backend/common/locals.hpp"
#include "backend/msl/writer.hpp"

namespace oneshader::msl {

class FunctionWriter {
 public:
  FunctionWriter(Writer& w, ir::Handle<ir::Function> fh, bool isEntry, std::string& out);
  void run();

 private:
  Writer& w_;
  ir::Handle<ir::Function> fh_;
  const ir::Function& f_;
  bool entry_;
  std::string& out_;
  std::string body_;
  int indent_ = 1;
  friend class Writer;
  Namer names_;
  SourceRange range_;
  std::vector<std::string> text_;  // per expression: a name or an inlinable text
  std::vector<uint32_t> uses_;     // per expression
  std::vector<std::string> localNames_;
  std::vector<std::string> argNames_;
  std::string outStruct_;  // entry: the output struct's name ("" = none)
  std::vector<std::string> outMembers_;
  std::map<size_t, uint32_t> cArrayMembers_;  // output member -> its C array size ([[clip_distance]])
  // Readable output (backend/common/locals.hpp): where each local is declared, and the
  // values waiting for their one use.
  text::FunctionLocals locals_;
  // `T _eN = text;` here; the name.
  std::string bind(ir::Handle<ir::Expression> h, const std::string& text);

  const ir::Expression& ex(ir::Handle<ir::Expression> h) const { return f_.expressions[h]; }
  const ir::Type& ty(ir::Handle<ir::Type> h) const { return w_.types_[h]; }
  const ir::Type& tyOf(ir::Handle<ir::Expression> h) const { return w_.types_[ex(h).type]; }
  void line(const std::string& s);
  void error(const std::string& what) { w_.error(range_, what); }
  // `what` takes derivatives: true (after OSH4170) outside a fragment function. Metal's
  // dfdx/dfdy, implicit-LOD sampling and calculate_*_lod are fragment-only; a kernel has no
  // quad derivatives (HLSL SM 6.6's compute derivatives).
  bool derivativesUnavailable(const std::string& what);
  std::string temp(ir::Handle<ir::Expression> h);

  // expressions (write_expr.cpp)
  void countUses();
  std::string operand(ir::Handle<ir::Expression> h);
  std::string literal(const ir::Literal& l);
  std::string constant(ir::Handle<ir::Constant> c);
  std::string build(ir::Handle<ir::Expression> h);
  std::string binary(const ir::Expression& x);
  std::string math(const ir::Expression& x);
  std::string convert(const ir::Expression& x);
  std::string access(ir::Handle<ir::Expression> h);
  std::string image(const ir::Expression& x);
  std::string vectorValue(const std::string& text, ir::Handle<ir::Type> type);
  std::string depthTexel(const std::string& d, ir::Handle<ir::Type> type);
  void evaluate(ir::Handle<ir::Expression> h);
  bool bakes(ir::Handle<ir::Expression> h) const;
  bool bakeable(ir::Handle<ir::Expression> h) const;  // can be held in a local

  // statements (write_function.cpp)
  void block(ir::Handle<ir::Block> b);
  void statement(ir::Handle<ir::Statement> s);
  void subgroup(const ir::Statement& s);
  void wave64(const ir::Statement& s);
  void store(ir::Handle<ir::Expression> pointer, const std::string& value);
  void mathWithOutput(ir::Handle<ir::Expression> h);
  void atomic(const ir::Statement& s);
  void barrier(const ir::Statement& s);
  void call(const ir::Statement& s);
  void ret(const ir::Statement& s);
  std::string signature(std::string& prologue);
  std::string entrySignature(std::string& prologue);
};

}  // namespace oneshader::msl
