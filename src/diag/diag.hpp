// Diagnostics engine: coded diagnostics with source ranges, notes and suggestions.
#pragma once
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "syntax/source.hpp"

namespace oneshader {

enum class Severity : uint8_t { Note, Warning, Error, Fatal };

enum class DiagId : uint16_t {
#define DIAG(name, code, sev, msg) name,
#include "diag/diagnostics.def"
#undef DIAG
  Count
};

struct DiagInfo {
  DiagId id;
  uint16_t code;  // the NNNN of OSHNNNN
  Severity severity;
  const char* name;
  const char* message;  // fmt template, {0}.. are string arguments
};

const DiagInfo& diagInfo(DiagId id);
std::string diagCodeString(DiagId id);  // "OSH0350"

struct DiagNote {
  SourceRange range;  // may be invalid (no location)
  std::string message;
};

struct Diagnostic {
  DiagId id;
  Severity severity;
  SourceRange range;
  std::string message;                   // formatted
  std::vector<DiagNote> notes;           // "note: ..."
  std::vector<std::string> suggestions;  // "suggestion: ..."
};

class DiagEngine {
 public:
  explicit DiagEngine(const SourceManager* sm = nullptr) : sm_(sm) {}
  void setSourceManager(const SourceManager* sm) { sm_ = sm; }
  const SourceManager* sourceManager() const { return sm_; }

  // Report a diagnostic; returns a reference so notes/suggestions can be attached.
  Diagnostic& report(DiagId id, SourceRange range, std::vector<std::string> args = {});
  Diagnostic& report(DiagId id, SourceLoc loc, std::vector<std::string> args = {}) {
    return report(id, SourceRange{loc, loc}, std::move(args));
  }

  bool hasErrors() const { return errorCount_ > 0; }
  uint32_t errorCount() const { return errorCount_; }
  uint32_t warningCount() const { return warningCount_; }
  const std::vector<Diagnostic>& diagnostics() const { return diags_; }
  // Warnings become errors (-WX).
  void setWarningsAsErrors(bool v) { werror_ = v; }
  void setSuppressWarnings(bool v) { nowarn_ = v; }
  // Stop recording after this many errors (a final "too many errors" is implied).
  void setErrorLimit(uint32_t n) { errorLimit_ = n; }
  // Drop every later diagnostic (after an error that ends reading the input, OSH1024).
  void stopReporting() { stopped_ = true; }
  // Drop warnings with this id (-Wno-GROUP, see warningGroup()).
  void suppress(DiagId id) { suppressed_.push_back(id); }

  // Render one diagnostic like clang: "file:line:col: error OSHnnnn: msg", source line, caret.
  std::string render(const Diagnostic& d, bool color = false) const;
  std::string renderAll(bool color = false) const;
  // Once more errors were reported than the limit records: note OSH9006 saying how many.
  std::optional<Diagnostic> errorLimitNote() const;

 private:
  const SourceManager* sm_;
  std::vector<Diagnostic> diags_;
  Diagnostic dropped_;  // sink once errorLimit is hit
  uint32_t errorCount_ = 0, warningCount_ = 0, errorLimit_ = 200;
  bool werror_ = false, nowarn_ = false, stopped_ = false;
  std::vector<DiagId> suppressed_;
};

// The warnings of one of DXC's (clang's) warning group names, as -Wno-GROUP names them
// ("conversion": OSH0008, OSH0009, OSH0051, OSH0052; "vk-ignored-features": OSH0044; ...),
// or of one code ("OSH0044"). Empty for a name that is no group.
std::vector<DiagId> warningGroup(std::string_view name);

}  // namespace oneshader
