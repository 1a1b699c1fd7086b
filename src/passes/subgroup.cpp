// passes::countBallots (subgroup.hpp): one walk over each function's statements finds the
// Ballots and the BallotBitCounts of their results; only functions with such a count are
// rebuilt.
#include "passes/subgroup.hpp"

#include "diag/diag.hpp"
#include "passes/rewrite.hpp"

namespace oneshader::passes {

using namespace ir;

namespace {

bool isSubgroup(const Statement& s, SubgroupOp op) { return s.kind == StmtKind::Subgroup && SubgroupOp(s.op) == op; }

class CountBallots : public Rewriter {
 public:
  // ballot: per old expression, the Ballot statement whose result it is (or invalid);
  // drop: per old statement, a Ballot every use of which is counted.
  CountBallots(Module& m, Handle<Function> f, std::vector<Handle<Statement>> ballot, std::vector<uint8_t> drop)
      : Rewriter(m, f), ballot_(std::move(ballot)), drop_(std::move(drop)) {}

 protected:
  void statement(Handle<Statement> old) override {
    const Statement& s = source().stmt(old);
    if (drop_[old.index]) return;
    if (!isSubgroup(s, SubgroupOp::BallotBitCount) || !s.a.valid() || !ballot_[s.a.index].valid())
      return Rewriter::statement(old);
    const Statement& bs = source().stmt(ballot_[s.a.index]);
    b().setRange(source().stmtRange(old));
    Handle<Expression> c = bs.a.valid() ? map(bs.a) : b().literal(Literal::boolean(true));
    Handle<Expression> n = b().convert(c, Scalar::u32());
    replace(s.result, b().subgroup(SubgroupOp::Add, s.collective, n));
  }

 private:
  std::vector<Handle<Statement>> ballot_;
  std::vector<uint8_t> drop_;
};

}  // namespace

bool countBallots(Module& m, PassContext& ctx) {
  for (uint32_t fi = 0; fi < m.functions.size(); ++fi) {
    Handle<Function> fh(fi);
    const Function& f = m.functions[fh];
    std::vector<Handle<Statement>> ballot(f.expressions.size());
    for (uint32_t i = 0; i < f.statements.size(); ++i) {
      const Statement& s = f.statements.raw()[i];
      if (isSubgroup(s, SubgroupOp::Ballot) && s.result.valid()) ballot[s.result.index] = Handle<Statement>(i);
    }
    std::vector<uint32_t> counted(f.expressions.size(), 0);
    bool any = false;
    for (const Statement& s : f.statements)
      if (isSubgroup(s, SubgroupOp::BallotBitCount) && s.a.valid() && ballot[s.a.index].valid()) {
        ++counted[s.a.index];
        any = true;
      }
    if (!any) continue;
    const std::vector<uint32_t> uses = countExpressionUses(f);
    std::vector<uint8_t> drop(f.statements.size(), 0);
    for (uint32_t i = 0; i < f.statements.size(); ++i) {
      const Statement& s = f.statements.raw()[i];
      if (isSubgroup(s, SubgroupOp::Ballot) && s.result.valid() && counted[s.result.index] &&
          counted[s.result.index] == uses[s.result.index])
        drop[i] = 1;
    }
    if (!CountBallots(m, fh, std::move(ballot), std::move(drop)).run()) {
      ctx.diags.report(DiagId::InternalError, m.functions[fh].range,
                       {"count-ballots: an expression is used before it is evaluated"});
      return false;
    }
  }
  return true;
}

}  // namespace oneshader::passes
