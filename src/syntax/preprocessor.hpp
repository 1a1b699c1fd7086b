// The C-style preprocessor: #include, macros (object- and function-like, #, ##,
// variadic), conditionals with a full constant-expression evaluator, #line, #pragma.
// The parser pulls fully expanded tokens with next().
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <utility>
#include <vector>

#include "diag/diag.hpp"
#include "syntax/lexer.hpp"
#include "syntax/source.hpp"
#include "syntax/token.hpp"

namespace oneshader {

struct PPOptions {
  // -D: NAME (value absent: defined as 1) or NAME=VALUE; NAME may be "F(x)" for a
  // function-like macro. Applied in order, then the undefines in order.
  std::vector<std::pair<std::string, std::optional<std::string>>> defines;
  std::vector<std::string> undefines;  // -U NAME
  uint32_t hlslVersion = 2021;         // __HLSL_VERSION (-HV)
  uint32_t maxIncludeDepth = 200;
  // Guards against runaway expansion (OSH1018).
  uint32_t maxExpansionDepth = 256;        // nested argument pre-expansions / contexts
  uint64_t maxExpansionTokens = 1u << 22;  // tokens produced by one top-level expansion
  // Tokens of the whole translation unit after preprocessing (OSH1024, -fmax-tokens).
  uint64_t maxTokens = 1u << 24;
};

class Preprocessor {
 public:
  Preprocessor(SourceManager& sm, DiagEngine& diags, const PPOptions& opts = {});
  ~Preprocessor();
  Preprocessor(const Preprocessor&) = delete;
  Preprocessor& operator=(const Preprocessor&) = delete;

  void enterMainFile(FileId f);
  // Next fully expanded token; Tok::eof at the end (repeatable). Tokens from macro
  // expansions carry the location of the outermost macro use and Token::FromMacro.
  Token next();
  // Convenience: all tokens up to and including eof.
  std::vector<Token> tokenizeAll();
  // #pragma lines not consumed by the preprocessor ("pack_matrix(row_major)"), with the
  // location of the pragma's first token. The text is the pragma's tokens separated by
  // single spaces where the source had whitespace.
  const std::vector<std::pair<SourceLoc, std::string>>& pragmas() const { return pragmas_; }

  // Queries (for tools and tests).
  bool isDefined(std::string_view name) const;
  // Storage for synthesized spellings; lives as long as the preprocessor.
  StringPool& strings() { return pool_; }

 private:
  struct Macro {
    std::string_view name;
    std::vector<Token> body;
    std::vector<int16_t> bodyParam;        // per body token: parameter index or -1
    std::vector<std::string_view> params;  // the variadic one is last ("__VA_ARGS__")
    SourceRange defRange;
    enum class Builtin : uint8_t { None, Line, File, Counter, HasFeature } builtin = Builtin::None;
    bool functionLike = false;
    bool variadic = false;
    bool disabled = false;  // being rescanned: its name is not expanded (painted instead)
  };
  struct Context {
    bool isFile = false;
    // File contexts.
    std::unique_ptr<Lexer> lexer;
    FileId file = 0;
    uint32_t condBase = 0;
    bool hasPending = false;
    Token pending;
    // Token contexts: [begin, end) of tokBuf_.
    uint32_t begin = 0, end = 0, pos = 0;
    int32_t macro = -1;    // macro re-enabled when this context is popped
    bool barrier = false;  // end yields an end marker instead of falling through
  };
  struct Cond {
    SourceRange range;  // the #if/#ifdef/#ifndef directive
    bool taken;         // some group of this conditional was included
    bool sawElse;
  };

  // Token sources.
  Token lexRaw();
  Token lexExpanded();
  bool nextIsLParen();
  void pushTokens(const Token* toks, size_t n, int32_t macro, bool barrier);
  void popContext();
  void pushFile(FileId f);
  bool endOfFile();

  // Directives.
  bool dirTok(Token& t);
  void skipLine();
  void readLine(std::vector<Token>& out);
  void handleDirective(const Token& hash);
  void handleDefine(const Token& hash);
  void handleUndef();
  void handleInclude(const Token& hash, const Token& kw);
  void handleIf(const Token& hash, const Token& kw, int kind);
  void handleElif(const Token& hash, const Token& kw);
  void handleElse(const Token& hash, const Token& kw);
  void handleEndif(const Token& hash, const Token& kw);
  void handleLine(const Token& kw, bool lineMarker);
  void handleMessage(const Token& hash, const Token& kw, bool isError);
  void handlePragma(const Token& kw);
  void skipGroup();
  bool evalCondition(const Token& kw);
  bool expandLine(const std::vector<Token>& line, std::vector<Token>& out, bool forIf);
  void checkExtra(const char* directive);
  uint32_t fileCondBase() const;

  // Macros.
  Macro* findMacro(std::string_view name);
  // Per-nesting-level scratch for macro expansion (reused: no allocation per expansion).
  struct ExpandFrame {
    std::vector<std::vector<Token>> args, expanded;
    std::vector<char> state;  // per argument: 0 not needed yet, 1 expanded, 2 same as raw
  };
  std::vector<std::unique_ptr<ExpandFrame>> frames_;
  uint32_t frameDepth_ = 0;
  bool argNeedsExpansion(const std::vector<Token>& in);
  bool expandMacro(uint32_t mi, const Token& site);
  bool collectArgs(uint32_t mi, const Token& site, std::vector<std::vector<Token>>& args);
  void expandArg(const std::vector<Token>& in, std::vector<Token>& out, const Token& site);
  Token stringify(const std::vector<Token>& arg, uint8_t flags);
  void paste(std::vector<Token>& out, const Token& rhs, const Token& site);
  Token builtinToken(const Macro& m, const Token& site);
  bool limitHit(const Token& site, const char* what);

  // A cheap pre-filter in front of macroIndex_: one bit per (first char, last char,
  // length) class of every name ever defined (bits are never cleared).
  static uint32_t filterBit(std::string_view n) {
    return (static_cast<uint8_t>(n[0]) * 7u + static_cast<uint8_t>(n.back()) + static_cast<uint32_t>(n.size()) * 13u) &
           255u;
  }
  void noteName(std::string_view n) {
    uint32_t b = filterBit(n);
    nameFilter_[b >> 6] |= uint64_t{1} << (b & 63);
  }
  bool mayBeMacro(std::string_view n) const {
    if (n.empty()) return false;
    uint32_t b = filterBit(n);
    return (nameFilter_[b >> 6] >> (b & 63)) & 1;
  }
  uint64_t nameFilter_[4] = {0, 0, 0, 0};

  SourceManager& sm_;
  DiagEngine& diags_;
  PPOptions opts_;
  StringPool pool_;

  std::vector<Macro> macros_;
  std::unordered_map<std::string_view, uint32_t> macroIndex_;
  std::vector<Context> ctx_;
  std::vector<Token> tokBuf_;  // token storage of the Tokens contexts, used as a stack
  std::vector<Cond> conds_;
  std::unordered_set<FileId> onceFiles_;
  std::vector<std::pair<SourceLoc, std::string>> pragmas_;
  uint32_t fileDepth_ = 0;
  uint32_t argDepth_ = 0;
  uint64_t expTokens_ = 0;  // tokens produced since the last read from a file
  uint64_t outTokens_ = 0;  // tokens next() has returned (the limit: opts_.maxTokens)
  uint32_t counter_ = 0;    // __COUNTER__
  bool abort_ = false;      // an expansion limit was hit: unwind to file level
  SourceLoc lastDirLoc_;    // location of the last token read by dirTok
  Token eof_;
};

}  // namespace oneshader
