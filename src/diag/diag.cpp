#include "diag/diag.hpp"

#include <algorithm>

#include <fmt/args.h>
#include <fmt/format.h>

namespace oneshader {

namespace {
const DiagInfo kTable[] = {
#define DIAG(name, code, sev, msg) {DiagId::name, code, Severity::sev, #name, msg},
#include "diag/diagnostics.def"
#undef DIAG
};

const char* severityWord(Severity s) {
  switch (s) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
    case Severity::Fatal: return "fatal error";
  }
  return "error";
}
}  // namespace

const DiagInfo& diagInfo(DiagId id) { return kTable[static_cast<size_t>(id)]; }

std::string diagCodeString(DiagId id) { return fmt::format("OSH{:04}", diagInfo(id).code); }

Diagnostic& DiagEngine::report(DiagId id, SourceRange range, std::vector<std::string> args) {
  const DiagInfo& info = diagInfo(id);
  Severity sev = info.severity;
  if (stopped_) {
    dropped_ = Diagnostic{};
    return dropped_;
  }
  if (sev == Severity::Warning) {
    bool off = nowarn_;
    for (DiagId d : suppressed_) off |= d == id;
    if (off) {
      dropped_ = Diagnostic{};
      return dropped_;
    }
    if (werror_) sev = Severity::Error;
  }
  if ((sev == Severity::Error || sev == Severity::Fatal) && errorCount_ >= errorLimit_) {
    ++errorCount_;
    dropped_ = Diagnostic{};
    return dropped_;
  }
  fmt::dynamic_format_arg_store<fmt::format_context> store;
  for (auto& a : args) store.push_back(a);
  std::string msg;
  try {
    msg = fmt::vformat(info.message, store);
  } catch (const fmt::format_error&) {
    msg = info.message;
  }
  if (sev == Severity::Error || sev == Severity::Fatal)
    ++errorCount_;
  else if (sev == Severity::Warning)
    ++warningCount_;
  diags_.push_back(Diagnostic{id, sev, range, std::move(msg), {}, {}});
  return diags_.back();
}

static void renderLocated(std::string& out, const SourceManager* sm, SourceRange range, const char* sevWord,
                          const std::string& codePart, const std::string& msg) {
  PresumedLoc p;
  if (sm && range.valid()) p = sm->presumedLoc(range.begin);
  if (p.valid()) out += fmt::format("{}:{}:{}: ", p.file, p.line, p.column);
  out += sevWord;
  if (!codePart.empty()) out += " " + codePart;
  out += ": " + msg + "\n";
  if (!sm || !range.valid()) return;
  std::string_view line = sm->lineText(range.begin);
  PresumedLoc phys = sm->physicalLoc(range.begin);
  if (!phys.valid()) return;
  uint32_t col = phys.column - 1;
  uint32_t endCol = col + 1;  // one past the last underlined column (0-based)
  if (range.end.valid() && sm->fileOf(range.end) == sm->fileOf(range.begin)) {
    PresumedLoc e = sm->physicalLoc(range.end);
    if (e.line == phys.line && e.column > phys.column + 1) endCol = e.column - 1;
  }
  // A long line (generated code, a minified file) is shown as a window of kWindow
  // characters around the caret, so that each diagnostic stays small however long the
  // line: "..." marks what is cut.
  constexpr size_t kWindow = 160;
  size_t from = 0, to = line.size();
  if (line.size() > kWindow) {
    from = col > kWindow / 4 ? std::min<size_t>(col - kWindow / 4, line.size() - kWindow) : 0;
    to = from + kWindow;
  }
  out += from ? "  ..." : "  ";
  out.append(line.substr(from, to - from));
  if (to < line.size()) out += "...";
  out += from ? "\n     " : "\n  ";
  for (size_t i = from; i < col && i < to; ++i) out += (line[i] == '\t' ? '\t' : ' ');
  out += '^';
  // Underline to the end of the range while it stays on this line (and in the window).
  for (size_t i = size_t(col) + 1; i < endCol && i < to && i < line.size(); ++i) out += '~';
  out += "\n";
}

std::string DiagEngine::render(const Diagnostic& d, bool /*color*/) const {
  std::string out;
  renderLocated(out, sm_, d.range, severityWord(d.severity), diagCodeString(d.id), d.message);
  for (const auto& n : d.notes) renderLocated(out, sm_, n.range, "note", "", n.message);
  for (const auto& s : d.suggestions) out += "  suggestion: " + s + "\n";
  return out;
}

std::vector<DiagId> warningGroup(std::string_view name) {
  // DXC reports these warnings under clang's group names; a build line's -Wno-GROUP means
  // the same warnings here.
  static constexpr struct {
    const char* group;
    DiagId ids[4];
    int n;
  } kGroups[] = {
      {"conversion",
       {DiagId::ImplicitTruncation, DiagId::ImplicitNarrowing, DiagId::ConstantConversion, DiagId::ConstantOverflow},
       4},
      {"vector-conversion", {DiagId::ImplicitTruncation}, 1},
      {"constant-conversion", {DiagId::ConstantConversion, DiagId::ConstantOverflow}, 2},
      {"literal-conversion", {DiagId::ConstantConversion}, 1},
      {"literal-range", {DiagId::ConstantOverflow}, 1},
      {"unknown-attributes", {DiagId::UnknownAttribute}, 1},
      {"ignored-attributes", {DiagId::AttributeIgnored}, 1},
      {"vk-ignored-features", {DiagId::AttributeIgnored}, 1},
      {"division-by-zero", {DiagId::DivisionByZero}, 1},
      {"macro-redefined", {DiagId::PPMacroRedefined}, 1},
      {"extra-tokens", {DiagId::PPExtraTokens}, 1},
      {"#warnings", {DiagId::PPWarningDirective}, 1},
  };
  for (const auto& g : kGroups)
    if (name == g.group) return std::vector<DiagId>(g.ids, g.ids + g.n);
  if (name.size() == 7 && name.substr(0, 3) == "OSH") {
    for (size_t i = 0; i < size_t(DiagId::Count); ++i)
      if (diagCodeString(DiagId(i)) == name && kTable[i].severity == Severity::Warning) return {DiagId(i)};
  }
  return {};
}

std::string DiagEngine::renderAll(bool color) const {
  std::string out;
  for (const auto& d : diags_) out += render(d, color);
  if (auto note = errorLimitNote()) out += render(*note, color);
  return out;
}

std::optional<Diagnostic> DiagEngine::errorLimitNote() const {
  if (errorCount_ <= errorLimit_) return std::nullopt;
  std::string msg = fmt::format(fmt::runtime(diagInfo(DiagId::ErrorLimitReached).message), errorCount_);
  return Diagnostic{DiagId::ErrorLimitReached, Severity::Note, SourceRange{}, std::move(msg), {}, {}};
}

}  // namespace oneshader
