// Recursive-descent parser for HLSL 2021: tokens (from the Preprocessor) -> AST.
//
// The parser tracks type names (structs, typedefs, enums, templates, namespaces and the
// built-in types) in scopes to tell declarations from expressions (`Foo x;` vs `a * b;`),
// casts from parenthesized expressions (`(float3)x` vs `(a)`), and template argument lists
// from comparisons (`Buffer<float>` vs `a < b`).
//
// Errors are coded diagnostics (OSH2xxx); after one the parser skips to a sync point
// (`;`, `}`, the next declaration) and continues, so one run reports several errors.
// Nesting is limited (kMaxDepth) so absurd input cannot overflow the stack.
#pragma once
#include <cstdint>
#include <deque>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "diag/diag.hpp"
#include "syntax/ast.hpp"
#include "syntax/token.hpp"

namespace oneshader {

class Preprocessor;

// Built-in type names the parser knows without declarations.
bool isBuiltinScalarTypeName(std::string_view s);    // float, uint, min16float, int64_t, ...
bool isBuiltinTypeName(std::string_view s);          // scalars, float4, int3x2, Texture2D, SamplerState, ...
bool isBuiltinTemplateTypeName(std::string_view s);  // vector, matrix, Buffer, Texture2D, RWStructuredBuffer, ...

class Parser {
 public:
  static constexpr uint32_t kMaxDepth = 256;
  static constexpr uint32_t kMaxTreeDepth = 100000;

  // Pulls tokens with pp.next() until Tok::eof.
  Parser(Preprocessor& pp, ast::AstContext& ctx, DiagEngine& diags);
  // Any other token producer (tests, tools): next(user) is called until it returns eof.
  using NextTokenFn = Token (*)(void* user);
  Parser(NextTokenFn next, void* user, ast::AstContext& ctx, DiagEngine& diags);

  ast::TranslationUnit* parseTranslationUnit();

  // Parses one expression (until eof); for tests and tools.
  ast::Expr* parseStandaloneExpression();

  // After a parse: the tokens read, and whether a template was declared. Every level of
  // recursion in a later phase consumes at least one token, but a template instantiated
  // within itself multiplies (the driver's bound of the stack a compile needs: driver.cpp).
  size_t tokensRead() const { return toks_.size(); }
  bool declaredTemplates() const { return !templateParamIsType_.empty(); }

 private:
  using Ident = ast::Ident;
  // ---- token stream (parser.cpp) ----
  const Token& tok() { return peek(0); }
  const Token& peek(uint32_t n) {
    if (pos_ + n < read_) [[likely]]
      return toks_[pos_ + n];
    return peekRead(n);
  }
  const Token& peekRead(uint32_t n);
  bool at(Tok k) { return tok().kind == k; }
  bool atIdent(std::string_view s);
  Token consume();
  bool tryConsume(Tok k);
  bool expect(Tok k);       // reports OSH2001 "expected 'k'" if missing
  bool expectCloseAngle();  // '>' splitting '>>', '>=', '>>='
  SourceLoc startLoc() { return tok().loc; }
  SourceRange rangeFrom(SourceLoc begin) const { return SourceRange{begin, prevEnd_}; }
  Ident identOf(const Token& t) { return ctx_.ident(t.text); }

  // ---- diagnostics and recovery ----
  void error(DiagId id, SourceRange r, std::vector<std::string> args = {});
  void errorExpected(std::string what);  // at the current token
  static std::string quoted(Tok k);
  static std::string describe(const Token& t);                      // "identifier 'x'", "';'", "end of file"
  void skipTo(std::initializer_list<Tok> stops, bool consumeStop);  // balanced skip
  void skipStatement();                                             // to after ';' or before '}'
  void skipTopLevel();                                              // to after ';' / '}' at depth 0

  struct DepthGuard {
    Parser& p;
    bool ok;
    explicit DepthGuard(Parser& parser);
    ~DepthGuard() { --p.depth_; }
  };

  // ---- names and scopes ----
  // VarTemplate: a variable template (`template <class T> static const T pi = T(3.14);`),
  // whose name with arguments is a value (`pi<float>`).
  enum class NameKind : uint8_t { Value, Type, Template, Namespace, FunctionTemplate, VarTemplate };
  struct Scope {
    std::unordered_map<const ast::IdentEntry*, NameKind> names;
    const ast::IdentEntry* owner = nullptr;  // namespace/struct name whose members these are
  };
  void pushScope(Ident owner = Ident());
  void popScope();
  void declareName(Ident name, NameKind k);
  // Kind of an unqualified name (innermost scope first; then built-ins); nullptr-like false if unknown.
  bool lookupName(Ident name, NameKind& out);
  bool lookupMember(Ident container, Ident name, NameKind& out);
  // The built-in `vk` namespace's template names (kVkTemplates) are declared into its member
  // scope before the first access to that scope, not for every file: call before reading or
  // writing memberScopes_[e].
  void needMemberScope(const ast::IdentEntry* e) {
    if (e == vkEntry_ && !vkMembersDeclared_) declareVkMembers();
  }
  void declareVkMembers();
  const ast::IdentEntry* vkEntry_ = nullptr;
  bool vkMembersDeclared_ = false;
  bool isTypeName(Ident name);
  bool isTemplateName(Ident name);  // type template (built-in or declared)
  bool isFunctionTemplateName(Ident name);
  bool isNamespaceOrTypeName(Ident name);

  // ---- lookahead scanners (no nodes, no diagnostics) ----
  // If a type starts at token n, returns the index after it; else 0.
  uint32_t scanType(uint32_t n);
  uint32_t scanTemplateArgs(uint32_t n);  // n at '<'; returns index after '>' or 0
  bool startsDeclaration();               // at statement start
  bool softKeywordIsSpecifier();
  bool isTypeModifierKeyword(Tok k);
  bool isDeclSpecifierKeyword(Tok k);

  // ---- declarations (parser_decl.cpp) ----
  void parseTopLevel(std::vector<ast::Decl*>& out, ast::Decl* parent, bool inStruct = false);
  void parseDeclOrDef(std::vector<ast::Decl*>& out, ast::Decl* parent, std::span<ast::Attribute*> attrs,
                      SourceLoc begin, bool inStruct);
  bool isSoftKeyword(Tok k);
  bool atStructDefinition();
  std::span<ast::Attribute*> parseAttributes();
  ast::Attribute* parseOneAttribute(bool dbl);
  struct DeclSpec {
    uint32_t storage = 0;
    uint8_t interp = 0;
    ast::ParamDir dir = ast::ParamDir::None;
    ast::PrimitiveMod prim = ast::PrimitiveMod::None;
    uint16_t typeMods = 0;
  };
  bool parseDeclSpecifiers(DeclSpec& ds);  // returns true if any consumed
  ast::TypeSpec* parseTypeSpec(uint16_t mods, bool allowInlineStruct);
  // `tmpl` names the template (for telling type from value arguments); may be empty.
  bool parseTemplateArgList(std::vector<ast::TemplateArg>& out, Ident tmpl);
  bool templateArgIsValue(Ident tmpl, size_t index);
  void parseDeclaration(std::vector<ast::Decl*>& out, ast::Decl* parent, std::span<ast::Attribute*> attrs,
                        bool inStruct, std::span<ast::TemplateParamDecl*> tparams, bool isTemplate,
                        SourceLoc begin = SourceLoc());
  bool parseOperatorName(Tok& op, Ident& name);
  void skipOwnTemplateArgs(Ident tmpl, std::span<ast::TemplateParamDecl*> tparams);
  ast::FunctionDecl* parseFunctionRest(ast::FunctionDecl* fn, SourceLoc begin);
  void parsePostAnnotations(ast::VarDecl* v, ast::FieldDecl* field);
  void parseEffectAnnotations();
  bool parseRegister(std::vector<ast::RegisterAnnot>& out);
  ast::PackOffsetAnnot* parsePackOffset();
  std::span<ast::Expr*> parseArrayDims();
  ast::Expr* parseInitializer();
  ast::StructDecl* parseStructBody(ast::StructDecl* sd);
  ast::StructDecl* parseStruct(std::span<ast::Attribute*> attrs, ast::Decl* parent,
                               std::span<ast::TemplateParamDecl*> tparams, bool isTemplate);
  ast::Decl* parseCBuffer(std::span<ast::Attribute*> attrs, ast::Decl* parent);
  ast::Decl* parseNamespace(ast::Decl* parent);
  ast::Decl* parseNamespaceRest(ast::Decl* parent, SourceLoc begin);
  ast::Decl* parseEnum(ast::Decl* parent);
  void parseTypedef(std::vector<ast::Decl*>& out, ast::Decl* parent);
  void parseUsing(std::vector<ast::Decl*>& out, ast::Decl* parent, std::span<ast::TemplateParamDecl*> tparams,
                  bool isTemplate);
  ast::Decl* parseStaticAssert();
  void parseTemplate(std::vector<ast::Decl*>& out, ast::Decl* parent, std::span<ast::Attribute*> attrs, bool inStruct);
  std::span<ast::ParamDecl*> parseParams(ast::FunctionDecl* fn);

  // ---- statements (parser_stmt.cpp) ----
  ast::Stmt* parseStatement();
  ast::CompoundStmt* parseCompound();
  ast::Stmt* parseDeclStmt(std::span<ast::Attribute*> attrs);
  ast::Stmt* parseIf();
  ast::Stmt* parseFor();
  ast::Stmt* parseWhile();
  ast::Stmt* parseDoWhile();
  ast::Stmt* parseSwitch();
  ast::Stmt* parseSwitchBody(ast::SwitchStmt* s);
  // `decl` non-null: a condition declaration (`if (int x = e)`) is allowed there.
  ast::Expr* parseParenCondition(ast::DeclStmt** decl = nullptr);
  ast::Expr* parseConditionDecl(ast::DeclStmt*& out);
  ast::CompoundStmt* wrapConditionDecl(ast::DeclStmt* decl, ast::Stmt* stmt);
  ast::Stmt* conditionDeclLoopBody(ast::DeclStmt* decl, ast::Expr* use, ast::Stmt* body);

  // ---- expressions (parser_expr.cpp) ----
  ast::Expr* parseExpression();  // includes the comma operator
  ast::Expr* parseAssignment();
  ast::Expr* parseConditional();
  ast::Expr* parseBinary(int minPrec);
  ast::Expr* parseUnary();
  ast::Expr* parsePostfix(ast::Expr* e);
  ast::Expr* parsePrimary();
  ast::Expr* parseNameExpr();
  ast::Expr* parseIntLiteral(const Token& t);
  ast::Expr* parseFloatLiteral(const Token& t);
  ast::Expr* parseStringLiteral();
  ast::Expr* parseInitList();
  bool parseCallArgs(std::vector<ast::Expr*>& out);  // at '('
  ast::Expr* makeError(SourceRange r);
  ast::Expr* tooDeep();
  bool isCastAhead();  // at '(' : is this `(type)`?

  // ---- state ----
  NextTokenFn next_;
  void* user_;
  ast::AstContext& ctx_;
  DiagEngine& diags_;
  std::deque<Token> toks_;  // deque: references stay valid while it grows
  size_t read_ = 0;         // toks_.size(), kept for peek's fast path
  uint32_t pos_ = 0;
  bool sawEof_ = false;
  SourceLoc prevEnd_;
  uint32_t depth_ = 0;
  bool depthReported_ = false;
  // An upper bound of the tree depth at the current point: statement nesting, `else if`
  // links and binary-operator links, which the parser builds in loops but every later phase
  // walks recursively. Links accumulate over one statement (or top-level declaration), so
  // that the operators of a long chain count even though its first operand, parsed first,
  // ends up deepest. Past kMaxTreeDepth: OSH2005. The driver compiles on a thread whose
  // stack holds that depth (driver.cpp).
  uint32_t treeDepth_ = 0;
  bool deeper();           // one more level; false (after OSH2005, once) past the limit
  struct TreeDepthScope {  // restores treeDepth_ at the end of a statement / declaration
    Parser& p;
    uint32_t saved;
    explicit TreeDepthScope(Parser& parser) : p(parser), saved(parser.treeDepth_) {}
    ~TreeDepthScope() { p.treeDepth_ = saved; }
  };
  uint32_t lastErrorTok_ = ~0u;  // token index of the last error (dedupe)
  bool noGreater_ = false;       // inside template args: '>' closes the list
  std::vector<Scope> scopes_;
  std::unordered_map<const ast::IdentEntry*, Scope> memberScopes_;  // namespace/struct -> members
  std::vector<Ident> ownerStack_;
  ast::StructDecl* curStruct_ = nullptr;
  ast::FunctionDecl* curFunction_ = nullptr;
  // Declared templates: which parameters are types (true) or values (false).
  std::unordered_map<const ast::IdentEntry*, std::vector<bool>> templateParamIsType_;
  // Variable templates, parsed as a struct template of one static member named like the
  // variable (`pi<float>` reads `pi<float>::pi`), so that instances, partial and explicit
  // specializations are those of class templates.
  std::unordered_set<const ast::StructDecl*> varTemplates_;
  bool isVarTemplateName(Ident name, std::span<const Ident> quals);
};

}  // namespace oneshader
