// Parser infrastructure: token stream, diagnostics and recovery, name scopes, built-in
// type names and the lookahead scanners that disambiguate declarations, casts and templates.
#include "syntax/parser.hpp"

#include <array>
#include <cmath>
#include <string>

#include "syntax/preprocessor.hpp"

namespace oneshader {

using namespace ast;

// ---------------------------------------------------------------------------
// Built-in type names
// ---------------------------------------------------------------------------
namespace {

constexpr std::array<std::string_view, 24> kScalars = {
    "bool",       "int",      "uint",      "dword",     "half",      "float",           "double",         "min16float",
    "min10float", "min16int", "min12int",  "min16uint", "int16_t",   "uint16_t",        "int32_t",        "uint32_t",
    "int64_t",    "uint64_t", "float16_t", "float32_t", "float64_t", "uint8_t4_packed", "int8_t4_packed", "string",
};

// Object types that take template arguments (most have defaults, so may appear bare).
constexpr std::array<std::string_view, 50> kTemplates = {
    "vector",
    "matrix",
    "Buffer",
    "RWBuffer",
    "StructuredBuffer",
    "RWStructuredBuffer",
    "AppendStructuredBuffer",
    "ConsumeStructuredBuffer",
    "ConstantBuffer",
    "TextureBuffer",
    "Texture1D",
    "Texture1DArray",
    "Texture2D",
    "Texture2DArray",
    "Texture2DMS",
    "Texture2DMSArray",
    "Texture3D",
    "TextureCube",
    "TextureCubeArray",
    "RWTexture1D",
    "RWTexture1DArray",
    "RWTexture2D",
    "RWTexture2DArray",
    "RWTexture3D",
    "RasterizerOrderedBuffer",
    "RasterizerOrderedStructuredBuffer",
    "RasterizerOrderedTexture1D",
    "RasterizerOrderedTexture1DArray",
    "RasterizerOrderedTexture2D",
    "RasterizerOrderedTexture2DArray",
    "RasterizerOrderedTexture3D",
    "InputPatch",
    "OutputPatch",
    "PointStream",
    "LineStream",
    "TriangleStream",
    "FeedbackTexture2D",
    "FeedbackTexture2DArray",
    "RayQuery",
    "SubpassInput",
    "SubpassInputMS",
    "RWTexture2DMS",
    "RWTexture2DMSArray",
    "NodeOutput",
    "DispatchNodeInputRecord",
    "RWDispatchNodeInputRecord",
    "GroupNodeInputRecords",
    "RWGroupNodeInputRecords",
    "ThreadNodeInputRecord",
    "RWThreadNodeInputRecord",
};

constexpr std::array<std::string_view, 17> kObjects = {
    "SamplerState",
    "SamplerComparisonState",
    "sampler",
    "sampler1D",
    "sampler2D",
    "sampler3D",
    "samplerCUBE",
    "sampler_state",
    "texture",
    "ByteAddressBuffer",
    "RWByteAddressBuffer",
    "RasterizerOrderedByteAddressBuffer",
    "RaytracingAccelerationStructure",
    "RayDesc",
    "BuiltInTriangleIntersectionAttributes",
    "EmptyNodeInput",
    "NodeOutputArray",
};

// Members of the built-in `vk` namespace that are type templates (the SampledTexture ones
// may appear bare: vk::SampledTexture2D = vk::SampledTexture2D<float4>).
constexpr std::array<std::string_view, 16> kVkTemplates = {
    "SpirvType",
    "SpirvOpaqueType",
    "BufferPointer",
    "Literal",
    "integral_constant",
    "ext_result_id",
    "ext_type",
    "SampledTexture1D",
    "SampledTexture1DArray",
    "SampledTexture2D",
    "SampledTexture2DArray",
    "SampledTexture2DMS",
    "SampledTexture2DMSArray",
    "SampledTexture3D",
    "SampledTextureCUBE",
    "SampledTextureCUBEArray",
};

bool isDigit(char c) { return c >= '0' && c <= '9'; }

// `float4`, `int3x2`: scalar + [1-4] or scalar + [1-4]x[1-4].
bool isVectorOrMatrixName(std::string_view s) {
  if (s.size() < 2) return false;
  size_t n = s.size();
  std::string_view base;
  if (n >= 4 && s[n - 2] == 'x' && isDigit(s[n - 1]) && isDigit(s[n - 3])) {
    if (s[n - 1] < '1' || s[n - 1] > '4' || s[n - 3] < '1' || s[n - 3] > '4') return false;
    base = s.substr(0, n - 3);
  } else if (isDigit(s[n - 1])) {
    if (s[n - 1] < '1' || s[n - 1] > '4') return false;
    base = s.substr(0, n - 1);
  } else {
    return false;
  }
  for (auto sc : kScalars)
    if (sc == base && sc != "string" && sc != "uint8_t4_packed" && sc != "int8_t4_packed") return true;
  return false;
}

}  // namespace

bool isBuiltinScalarTypeName(std::string_view s) {
  for (auto sc : kScalars)
    if (sc == s) return true;
  return false;
}

bool isBuiltinTemplateTypeName(std::string_view s) {
  for (auto t : kTemplates)
    if (t == s) return true;
  return false;
}

bool isBuiltinTypeName(std::string_view s) {
  if (isBuiltinScalarTypeName(s) || isBuiltinTemplateTypeName(s) || isVectorOrMatrixName(s)) return true;
  for (auto o : kObjects)
    if (o == s) return true;
  return false;
}

// ---------------------------------------------------------------------------
// Construction and token stream
// ---------------------------------------------------------------------------
Parser::Parser(Preprocessor& pp, AstContext& ctx, DiagEngine& diags)
    : Parser([](void* u) { return static_cast<Preprocessor*>(u)->next(); }, &pp, ctx, diags) {}

Parser::Parser(NextTokenFn next, void* user, AstContext& ctx, DiagEngine& diags)
    : next_(next), user_(user), ctx_(ctx), diags_(diags) {
  scopes_.emplace_back();  // global scope
  vkEntry_ = ctx_.ident("vk").entry();
  scopes_.back().names[vkEntry_] = NameKind::Namespace;
}

void Parser::declareVkMembers() {
  vkMembersDeclared_ = true;
  auto& vk = memberScopes_[vkEntry_];
  for (auto t : kVkTemplates) vk.names.emplace(ctx_.ident(t).entry(), NameKind::Template);
}

const Token& Parser::peekRead(uint32_t n) {
  while (pos_ + n >= toks_.size()) {
    if (sawEof_) return toks_.back();
    Token t = next_(user_);
    if (t.kind == Tok::eof) sawEof_ = true;
    toks_.push_back(t);
    read_ = toks_.size();
  }
  return toks_[pos_ + n];
}

bool Parser::atIdent(std::string_view s) { return tok().kind == Tok::identifier && tok().text == s; }

Token Parser::consume() {
  Token t = tok();
  if (t.kind != Tok::eof) {
    ++pos_;
    prevEnd_ = t.loc + t.length;
  }
  return t;
}

bool Parser::tryConsume(Tok k) {
  if (!at(k)) return false;
  consume();
  return true;
}

std::string Parser::quoted(Tok k) {
  switch (k) {
    // clang-format off
#define TOK(name, spelling) \
  case Tok::name: return std::string("'") + spelling + "'";
#include "syntax/tokens.def"
    // clang-format on
    default: break;
  }
  return "token";
}

std::string Parser::describe(const Token& t) {
  switch (t.kind) {
    case Tok::eof: return "end of file";
    case Tok::identifier: return "identifier '" + std::string(t.text) + "'";
    case Tok::int_literal:
    case Tok::float_literal: return "number '" + std::string(t.text) + "'";
    case Tok::string_literal: return "string literal";
    default: return "'" + std::string(t.text) + "'";
  }
}

bool Parser::expect(Tok k) {
  if (tryConsume(k)) return true;
  errorExpected(quoted(k));
  return false;
}

bool Parser::expectCloseAngle() {
  (void)peek(0);
  Token& cur = toks_[pos_];
  auto split = [&](Tok rest, std::string_view restText) {
    // Consume the leading '>' and leave the rest of the token in place.
    prevEnd_ = cur.loc + 1;
    cur.kind = rest;
    cur.loc = cur.loc + 1;
    cur.length = cur.length > 0 ? cur.length - 1 : 0;
    cur.text = restText;
  };
  switch (cur.kind) {
    case Tok::greater: consume(); return true;
    case Tok::greatergreater: split(Tok::greater, ">"); return true;
    case Tok::greaterequal: split(Tok::equal, "="); return true;
    case Tok::greatergreaterequal: split(Tok::greaterequal, ">="); return true;
    default: errorExpected("'>'"); return false;
  }
}

// ---------------------------------------------------------------------------
// Diagnostics and recovery
// ---------------------------------------------------------------------------
void Parser::error(DiagId id, SourceRange r, std::vector<std::string> args) {
  (void)peek(0);
  if (lastErrorTok_ == pos_) return;  // one error per token: cascades stay quiet
  lastErrorTok_ = pos_;
  diags_.report(id, r, std::move(args));
}

// "expected X" points at the offending token; when that token starts a new line, the
// missing piece belongs to the previous line, so it points just after the previous token
// (like clang: `int a = 1` + newline reports the column after `1`).
void Parser::errorExpected(std::string what) {
  SourceRange r = tok().range();
  if ((tok().flags & Token::AtLineStart) && prevEnd_.valid()) r = SourceRange{prevEnd_, prevEnd_};
  error(DiagId::ExpectedToken, r, {std::move(what)});
}

// Skips tokens, keeping (), [] and {} balanced, until one of `stops` at nesting 0.
// Never skips past an unbalanced closer (that belongs to an enclosing construct).
void Parser::skipTo(std::initializer_list<Tok> stops, bool consumeStop) {
  int paren = 0, brace = 0, square = 0;
  while (!at(Tok::eof)) {
    Tok k = tok().kind;
    if (paren == 0 && brace == 0 && square == 0) {
      for (Tok s : stops)
        if (k == s) {
          if (consumeStop) consume();
          return;
        }
    }
    switch (k) {
      case Tok::l_paren: ++paren; break;
      case Tok::l_square: ++square; break;
      case Tok::l_brace: ++brace; break;
      case Tok::r_paren:
        if (paren == 0) return;
        --paren;
        break;
      case Tok::r_square:
        if (square == 0) return;
        --square;
        break;
      case Tok::r_brace:
        if (brace == 0) return;
        --brace;
        break;
      default: break;
    }
    consume();
  }
}

void Parser::skipStatement() {
  uint32_t before = pos_;
  skipTo({Tok::semi, Tok::r_brace}, false);
  if (at(Tok::semi)) consume();
  // Always make progress: an unbalanced ')' or ']' would otherwise stop us in place.
  if (pos_ == before && !at(Tok::eof) && !at(Tok::r_brace)) consume();
}

// Skips a broken declaration: to after the next ';' or before a '}' at nesting 0 (which
// closes an enclosing struct/namespace/cbuffer). Unbalanced ')' and ']' are skipped.
void Parser::skipTopLevel() {
  int brace = 0;
  while (!at(Tok::eof)) {
    Tok k = tok().kind;
    if (brace == 0 && k == Tok::semi) {
      consume();
      return;
    }
    if (k == Tok::l_brace) ++brace;
    if (k == Tok::r_brace) {
      if (brace == 0) return;
      if (--brace == 0) {
        consume();
        // `void f() { ... }` style bodies end a declaration; so does `};`.
        tryConsume(Tok::semi);
        return;
      }
    }
    consume();
  }
}

Parser::DepthGuard::DepthGuard(Parser& parser) : p(parser) {
  ok = ++p.depth_ <= kMaxDepth;
  if (!ok && !p.depthReported_) {
    p.depthReported_ = true;
    p.diags_.report(DiagId::NestingTooDeep, p.tok().range(), {std::to_string(kMaxDepth)});
    p.lastErrorTok_ = p.pos_;
  }
}

bool Parser::deeper() {
  if (++treeDepth_ <= kMaxTreeDepth) return true;
  if (!depthReported_) {
    depthReported_ = true;
    diags_.report(DiagId::NestingTooDeep, tok().range(), {std::to_string(kMaxTreeDepth)});
    lastErrorTok_ = pos_;
  }
  return false;
}

// ---------------------------------------------------------------------------
// Scopes
// ---------------------------------------------------------------------------
void Parser::pushScope(Ident owner) {
  scopes_.emplace_back();
  scopes_.back().owner = owner.entry();
}

void Parser::popScope() {
  if (scopes_.size() > 1) scopes_.pop_back();
}

void Parser::declareName(Ident name, NameKind k) {
  if (!name) return;
  Scope& s = scopes_.back();
  auto [it, inserted] = s.names.emplace(name.entry(), k);
  if (!inserted) {
    // A type/namespace name stays a type when a value of the same name is redeclared
    // (e.g. a function named like a struct); a later type wins over a value.
    if (k != NameKind::Value) it->second = k;
  }
  if (s.owner) {
    needMemberScope(s.owner);
    auto& ms = memberScopes_[s.owner];
    auto [mit, mins] = ms.names.emplace(name.entry(), k);
    if (!mins && k != NameKind::Value) mit->second = k;
  }
}

bool Parser::lookupName(Ident name, NameKind& out) {
  for (size_t i = scopes_.size(); i-- > 0;) {
    auto it = scopes_[i].names.find(name.entry());
    if (it != scopes_[i].names.end()) {
      out = it->second;
      return true;
    }
    // Inside a namespace or struct body, its earlier members (from a previous opening) count.
    if (scopes_[i].owner) {
      needMemberScope(scopes_[i].owner);
      auto ms = memberScopes_.find(scopes_[i].owner);
      if (ms != memberScopes_.end()) {
        auto mit = ms->second.names.find(name.entry());
        if (mit != ms->second.names.end()) {
          out = mit->second;
          return true;
        }
      }
    }
  }
  std::string_view s = name.str();
  if (isBuiltinTemplateTypeName(s)) {
    out = NameKind::Template;
    return true;
  }
  if (isBuiltinTypeName(s)) {
    out = NameKind::Type;
    return true;
  }
  return false;
}

bool Parser::lookupMember(Ident container, Ident name, NameKind& out) {
  needMemberScope(container.entry());
  auto it = memberScopes_.find(container.entry());
  if (it == memberScopes_.end()) return false;
  auto mit = it->second.names.find(name.entry());
  if (mit == it->second.names.end()) return false;
  out = mit->second;
  return true;
}

bool Parser::isTypeName(Ident name) {
  NameKind k;
  return lookupName(name, k) && (k == NameKind::Type || k == NameKind::Template);
}

bool Parser::isTemplateName(Ident name) {
  NameKind k;
  return lookupName(name, k) && k == NameKind::Template;
}

bool Parser::isFunctionTemplateName(Ident name) {
  NameKind k;
  return lookupName(name, k) && k == NameKind::FunctionTemplate;
}

bool Parser::isNamespaceOrTypeName(Ident name) {
  NameKind k;
  return lookupName(name, k) && k != NameKind::Value && k != NameKind::FunctionTemplate && k != NameKind::VarTemplate;
}

bool Parser::isVarTemplateName(Ident name, std::span<const Ident> quals) {
  NameKind k;
  return (quals.empty() ? lookupName(name, k) : lookupMember(quals.back(), name, k)) && k == NameKind::VarTemplate;
}

// ---------------------------------------------------------------------------
// Lookahead scanners
// ---------------------------------------------------------------------------
bool Parser::isTypeModifierKeyword(Tok k) {
  switch (k) {
    case Tok::kw_const:
    case Tok::kw_row_major:
    case Tok::kw_column_major:
    case Tok::kw_snorm:
    case Tok::kw_unorm:
    case Tok::kw_volatile:
    case Tok::kw_globallycoherent: return true;
    default: return false;
  }
}

bool Parser::isDeclSpecifierKeyword(Tok k) {
  switch (k) {
    case Tok::kw_static:
    case Tok::kw_uniform:
    case Tok::kw_extern:
    case Tok::kw_groupshared:
    case Tok::kw_shared:
    case Tok::kw_precise:
    case Tok::kw_inline:
    case Tok::kw_export:
    case Tok::kw_constexpr:
    case Tok::kw_in:
    case Tok::kw_out:
    case Tok::kw_inout:
    case Tok::kw_nointerpolation:
    case Tok::kw_linear:
    case Tok::kw_centroid:
    case Tok::kw_noperspective:
    case Tok::kw_sample:
    case Tok::kw_point:
    case Tok::kw_line:
    case Tok::kw_triangle:
    case Tok::kw_lineadj:
    case Tok::kw_triangleadj:
    case Tok::kw_indices:
    case Tok::kw_vertices:
    case Tok::kw_primitives:
    case Tok::kw_payload: return true;
    default: return isTypeModifierKeyword(k);
  }
}

// n at '<'. Skips a balanced template argument list; returns the index after '>' or 0.
// Parentheses/brackets nest; inside them '>' is an operator.
uint32_t Parser::scanTemplateArgs(uint32_t n) {
  int angle = 0, paren = 0;
  for (uint32_t i = n;; ++i) {
    Tok k = peek(i).kind;
    switch (k) {
      case Tok::eof:
      case Tok::semi:
      case Tok::l_brace:
      case Tok::r_brace: return 0;
      case Tok::less:
        if (paren == 0) ++angle;
        break;
      case Tok::greater:
        if (paren == 0 && --angle == 0) return i + 1;
        break;
      case Tok::greatergreater:
        if (paren == 0) {
          angle -= 2;
          if (angle <= 0) return angle == 0 ? i + 1 : 0;  // `>>` closing two lists at once
        }
        break;
      case Tok::l_paren:
      case Tok::l_square: ++paren; break;
      case Tok::r_paren:
      case Tok::r_square:
        if (--paren < 0) return 0;
        break;
      default: break;
    }
    if (i - n > 4096) return 0;
  }
}

// If a type begins at token n (modifiers, `unsigned`, `struct X`, qualified name, template
// args), returns the index just after it; otherwise 0. Only known type names count.
uint32_t Parser::scanType(uint32_t n) {
  uint32_t i = n;
  bool sawMod = false;
  while (isTypeModifierKeyword(peek(i).kind)) {
    ++i;
    sawMod = true;
  }
  if (peek(i).kind == Tok::kw_unsigned) {
    ++i;
    if (peek(i).kind == Tok::identifier && isBuiltinScalarTypeName(peek(i).text)) ++i;
    return i;
  }
  if (peek(i).kind == Tok::kw_void) return i + 1;
  if (peek(i).kind == Tok::kw_typename) {
    // `typename A::B<args>::template C<args>::D`: a type whatever the names are.
    ++i;
    if (peek(i).kind == Tok::coloncolon) ++i;
    if (peek(i).kind != Tok::identifier) return 0;
    ++i;
    for (;;) {
      if (peek(i).kind == Tok::less) {
        uint32_t e = scanTemplateArgs(i);
        if (!e) return 0;
        i = e;
      }
      if (peek(i).kind != Tok::coloncolon) break;
      if (peek(i + 1).kind == Tok::kw_template) ++i;
      if (peek(i + 1).kind != Tok::identifier) return 0;
      i += 2;
    }
    return i;
  }
  if (peek(i).kind == Tok::kw_struct || peek(i).kind == Tok::kw_class) {
    if (peek(i + 1).kind == Tok::identifier) return i + 2;
    return 0;
  }
  if (peek(i).kind == Tok::coloncolon) ++i;
  if (peek(i).kind != Tok::identifier) return 0;
  (void)sawMod;
  // Qualified name: A::B::C
  Ident first = ctx_.ident(peek(i).text);
  Ident last = first;
  Ident container;
  bool known = false;
  NameKind kind = NameKind::Value;
  known = lookupName(first, kind);
  while (peek(i + 1).kind == Tok::coloncolon && peek(i + 2).kind == Tok::identifier) {
    if (!known || kind == NameKind::Value || kind == NameKind::FunctionTemplate || kind == NameKind::VarTemplate)
      return 0;
    container = last;
    last = ctx_.ident(peek(i + 2).text);
    known = lookupMember(container, last, kind);
    if (!known) {
      // Unknown member of a template/struct parameter (T::Inner): assume a type only
      // when the container is a type (dependent name), not for namespaces, and not when
      // a call follows: `Op::combine(a, b)` calls a static member function (HLSL has no
      // constructor calls of user types for it to be a functional cast).
      NameKind ck;
      if (lookupName(container, ck) && ck == NameKind::Type && peek(i + 3).kind != Tok::l_paren) {
        known = true;
        kind = NameKind::Type;
      }
    }
    i += 2;
  }
  if (!known || (kind != NameKind::Type && kind != NameKind::Template)) return 0;
  ++i;
  while (kind == NameKind::Template && peek(i).kind == Tok::less) {
    uint32_t e = scanTemplateArgs(i);
    if (!e) return 0;
    i = e;
    // `Tmpl<args>::member` without `typename`: a type when the template declares `member`
    // as a type (a member typedef, alias or struct); a static value or function otherwise.
    uint32_t m = peek(i).kind == Tok::coloncolon && peek(i + 1).kind == Tok::kw_template ? i + 2 : i + 1;
    if (peek(i).kind != Tok::coloncolon || peek(m).kind != Tok::identifier) break;
    NameKind mk;
    Ident member = ctx_.ident(peek(m).text);
    if (!lookupMember(last, member, mk) || (mk != NameKind::Type && mk != NameKind::Template)) break;
    last = member;
    kind = mk;
    i = m + 1;
  }
  return i;
}

// At statement start: is this a declaration (rather than an expression statement)?
bool Parser::startsDeclaration() {
  Tok k = tok().kind;
  switch (k) {
    case Tok::kw_struct:
    case Tok::kw_class:
    case Tok::kw_interface:
    case Tok::kw_typedef:
    case Tok::kw_using:
    case Tok::kw_enum:
    case Tok::kw_static_assert:
    case Tok::kw_unsigned:
    case Tok::kw_void: return true;
    default: break;
  }
  if (isSoftKeyword(k)) return softKeywordIsSpecifier();
  if (isDeclSpecifierKeyword(k)) return true;
  uint32_t e = scanType(0);
  if (!e) {
    // `Unknown x;` cannot be an expression: a declaration with an unknown type (Sema reports it).
    return k == Tok::identifier && (peek(1).kind == Tok::identifier || isSoftKeyword(peek(1).kind));
  }
  // `Type name` is a declaration; `Type(...)`, `Type::x`, `Type.x` are expressions.
  return peek(e).kind == Tok::identifier || isSoftKeyword(peek(e).kind) || peek(e).kind == Tok::kw_operator;
}

// At a soft keyword (`line`, `sample`, ...): is it a specifier here? It is when a type,
// another specifier, or an (unknown) type name followed by a declarator name follows.
bool Parser::softKeywordIsSpecifier() {
  Tok n = peek(1).kind;
  if (scanType(1) || n == Tok::kw_void || n == Tok::kw_unsigned) return true;
  if (isDeclSpecifierKeyword(n) && (!isSoftKeyword(n) || n == tok().kind)) return true;
  if (isSoftKeyword(n)) return peek(2).kind == Tok::identifier || scanType(2) != 0;
  return n == Tok::identifier && (peek(2).kind == Tok::identifier || isSoftKeyword(peek(2).kind));
}

// At '(' : does a type follow, closed by ')' (a C-style cast)?
bool Parser::isCastAhead() {
  uint32_t e = scanType(1);
  if (!e || peek(e).kind != Tok::r_paren) {
    // `(float[4])x` style casts with array dims.
    if (e && peek(e).kind == Tok::l_square) {
      uint32_t i = e;
      while (peek(i).kind == Tok::l_square) {
        int depth = 0;
        do {
          if (peek(i).kind == Tok::l_square)
            ++depth;
          else if (peek(i).kind == Tok::r_square)
            --depth;
          else if (peek(i).kind == Tok::eof || peek(i).kind == Tok::semi)
            return false;
          ++i;
        } while (depth > 0);
      }
      return peek(i).kind == Tok::r_paren;
    }
    return false;
  }
  return true;
}

// ---------------------------------------------------------------------------
// Entry points
// ---------------------------------------------------------------------------
TranslationUnit* Parser::parseTranslationUnit() {
  auto* tu = ctx_.make<TranslationUnit>();
  SourceLoc begin = startLoc();
  std::vector<Decl*> decls;
  while (!at(Tok::eof)) {
    uint32_t before = pos_;
    if (at(Tok::r_brace)) {
      error(DiagId::UnexpectedToken, tok().range(), {"'}'"});
      consume();
      continue;
    }
    parseTopLevel(decls, nullptr);
    if (pos_ == before) {
      // No progress: report and skip one token so we never loop forever.
      error(DiagId::ExpectedDeclaration, tok().range());
      consume();
    }
  }
  tu->decls = ctx_.copy(decls);
  tu->range = SourceRange{begin, prevEnd_};
  return tu;
}

Expr* Parser::parseStandaloneExpression() {
  Expr* e = parseExpression();
  if (!at(Tok::eof)) errorExpected("end of expression");
  return e;
}

}  // namespace oneshader
