// Declaration parsing: globals, resources, functions, structs, cbuffers, typedef/using,
// namespaces, enums, templates, attributes and the `: SEMANTIC` / register / packoffset
// annotations.
#include <string>

#include "syntax/parser.hpp"

namespace oneshader {

using namespace ast;

// ---------------------------------------------------------------------------
// Attributes
// ---------------------------------------------------------------------------
namespace {
bool isWord(const Token& t) {
  if (t.kind == Tok::identifier) return true;
  return t.kind >= Tok::kw_struct && !t.text.empty() &&
         ((t.text[0] >= 'a' && t.text[0] <= 'z') || (t.text[0] >= 'A' && t.text[0] <= 'Z') || t.text[0] == '_');
}
}  // namespace

// Contextual keywords that are also common identifiers (`float sample;`, `int line;`).
bool Parser::isSoftKeyword(Tok k) {
  switch (k) {
    case Tok::kw_point:
    case Tok::kw_line:
    case Tok::kw_triangle:
    case Tok::kw_lineadj:
    case Tok::kw_triangleadj:
    case Tok::kw_indices:
    case Tok::kw_vertices:
    case Tok::kw_primitives:
    case Tok::kw_payload:
    case Tok::kw_sample:
    case Tok::kw_linear:
    case Tok::kw_centroid:
    case Tok::kw_shared: return true;
    default: return false;
  }
}

Attribute* Parser::parseOneAttribute(bool dbl) {
  SourceLoc begin = startLoc();
  auto* a = ctx_.make<Attribute>();
  a->doubleBracket = dbl;
  if (!isWord(tok())) {
    errorExpected("attribute name");
    return nullptr;
  }
  a->name = identOf(consume());
  if (at(Tok::coloncolon) && isWord(peek(1))) {
    consume();
    a->ns = a->name;
    a->name = identOf(consume());
  }
  if (at(Tok::l_paren)) {
    std::vector<Expr*> args;
    parseCallArgs(args);
    a->args = ctx_.copy(args);
  }
  a->range = rangeFrom(begin);
  return a;
}

std::span<Attribute*> Parser::parseAttributes() {
  std::vector<Attribute*> attrs;
  while (at(Tok::l_square)) {
    bool dbl = peek(1).kind == Tok::l_square;
    consume();
    if (dbl) consume();
    for (;;) {
      Attribute* a = parseOneAttribute(dbl);
      if (!a) break;
      attrs.push_back(a);
      if (!dbl || !tryConsume(Tok::comma)) break;
    }
    bool ok = expect(Tok::r_square);
    if (ok && dbl) ok = expect(Tok::r_square);
    if (!ok) {
      skipTo({Tok::r_square, Tok::semi, Tok::l_brace}, false);
      tryConsume(Tok::r_square);
      if (dbl) tryConsume(Tok::r_square);
    }
  }
  return ctx_.copy(attrs);
}

// ---------------------------------------------------------------------------
// Specifiers and types
// ---------------------------------------------------------------------------
bool Parser::parseDeclSpecifiers(DeclSpec& ds) {
  bool any = false;
  for (;;) {
    Tok k = tok().kind;
    if (!isDeclSpecifierKeyword(k)) return any;
    // A soft keyword is a specifier only when a type or another specifier follows.
    if (isSoftKeyword(k) && !softKeywordIsSpecifier()) return any;
    consume();
    any = true;
    switch (k) {
      case Tok::kw_static: ds.storage |= SF_Static; break;
      case Tok::kw_uniform: ds.storage |= SF_Uniform; break;
      case Tok::kw_extern: ds.storage |= SF_Extern; break;
      case Tok::kw_groupshared: ds.storage |= SF_Groupshared; break;
      case Tok::kw_shared: ds.storage |= SF_Shared; break;
      case Tok::kw_precise: ds.storage |= SF_Precise; break;
      case Tok::kw_inline: ds.storage |= SF_Inline; break;
      case Tok::kw_export: ds.storage |= SF_Export; break;
      case Tok::kw_constexpr:
        ds.storage |= SF_Constexpr | SF_Const;
        ds.typeMods |= TM_Const;
        break;
      case Tok::kw_const:
        ds.storage |= SF_Const;
        ds.typeMods |= TM_Const;
        break;
      case Tok::kw_volatile:
        ds.storage |= SF_Volatile;
        ds.typeMods |= TM_Volatile;
        break;
      case Tok::kw_row_major: ds.typeMods |= TM_RowMajor; break;
      case Tok::kw_column_major: ds.typeMods |= TM_ColumnMajor; break;
      case Tok::kw_snorm: ds.typeMods |= TM_Snorm; break;
      case Tok::kw_unorm: ds.typeMods |= TM_Unorm; break;
      case Tok::kw_globallycoherent: ds.typeMods |= TM_GloballyCoherent; break;
      case Tok::kw_in:
        ds.dir = ds.dir == ParamDir::Out ? ParamDir::InOut : (ds.dir == ParamDir::None ? ParamDir::In : ds.dir);
        break;
      case Tok::kw_out:
        ds.dir = ds.dir == ParamDir::In ? ParamDir::InOut : (ds.dir == ParamDir::None ? ParamDir::Out : ds.dir);
        break;
      case Tok::kw_inout: ds.dir = ParamDir::InOut; break;
      case Tok::kw_nointerpolation: ds.interp |= IF_Nointerpolation; break;
      case Tok::kw_linear: ds.interp |= IF_Linear; break;
      case Tok::kw_centroid: ds.interp |= IF_Centroid; break;
      case Tok::kw_noperspective: ds.interp |= IF_Noperspective; break;
      case Tok::kw_sample: ds.interp |= IF_Sample; break;
      case Tok::kw_point: ds.prim = PrimitiveMod::Point; break;
      case Tok::kw_line: ds.prim = PrimitiveMod::Line; break;
      case Tok::kw_triangle: ds.prim = PrimitiveMod::Triangle; break;
      case Tok::kw_lineadj: ds.prim = PrimitiveMod::LineAdj; break;
      case Tok::kw_triangleadj: ds.prim = PrimitiveMod::TriangleAdj; break;
      case Tok::kw_indices: ds.prim = PrimitiveMod::Indices; break;
      case Tok::kw_vertices: ds.prim = PrimitiveMod::Vertices; break;
      case Tok::kw_primitives: ds.prim = PrimitiveMod::Primitives; break;
      case Tok::kw_payload: ds.prim = PrimitiveMod::Payload; break;
      default: break;
    }
  }
}

// Whether argument `index` of template `tmpl` is a value (so that a lone undeclared name
// there is an expression, e.g. RayQuery<RAY_FLAG_NONE>, rather than a type).
bool Parser::templateArgIsValue(Ident tmpl, size_t index) {
  auto it = templateParamIsType_.find(tmpl.entry());
  if (it != templateParamIsType_.end()) return index < it->second.size() && !it->second[index];
  std::string_view n = tmpl.str();
  if (n == "RayQuery") return true;
  if (n == "vector" || n == "InputPatch" || n == "OutputPatch" || n == "integral_constant" ||
      n.find("Texture2DMS") != std::string_view::npos)
    return index == 1;
  if (n == "matrix") return index >= 1;
  if (n == "SpirvType") return index <= 2;
  if (n == "SpirvOpaqueType") return index == 0;
  return false;
}

bool Parser::parseTemplateArgList(std::vector<TemplateArg>& out, Ident tmpl) {
  // at '<'
  DepthGuard g(*this);
  consume();
  if (!g.ok) {
    skipTo({Tok::greater, Tok::semi}, true);
    return false;
  }
  bool saved = noGreater_;
  if (at(Tok::greater) || at(Tok::greatergreater)) {
    expectCloseAngle();
    return true;
  }
  for (;;) {
    TemplateArg arg;
    uint32_t e = scanType(0);
    Tok after = e ? peek(e).kind : Tok::eof;
    auto closes = [](Tok t) {
      return t == Tok::comma || t == Tok::greater || t == Tok::greatergreater || t == Tok::l_square ||
             t == Tok::greaterequal || t == Tok::greatergreaterequal;
    };
    // (A value parameter takes an expression even where one scans as a type name:
    // `vk::integral_constant<Scope, Scope::Subgroup>` with an enum class.)
    // A lone name declared as a type (a template type parameter, a typedef) is a type even
    // where the template's name suggests a value parameter: overloads of one name may take
    // a type or a value first (`coop_op::Load<ComponentType>(p)` beside a member
    // `Load<layout>(...)`), and a type name is never a value.
    NameKind lone;
    bool loneType = e == 1 && at(Tok::identifier) && lookupName(identOf(tok()), lone) && lone == NameKind::Type;
    bool isType = (e && closes(after) && (!templateArgIsValue(tmpl, out.size()) || loneType)) || at(Tok::kw_typename);
    if (!e && at(Tok::identifier)) {
      // A known type name whose argument list is too long to scan, or a name never
      // declared at all (values must be declared before use, so it names a type).
      NameKind k;
      bool known = lookupName(identOf(tok()), k);
      if (known && (k == NameKind::Type || k == NameKind::Template) && peek(1).kind != Tok::l_paren &&
          !templateArgIsValue(tmpl, out.size()))
        isType = true;
      if (!known && closes(peek(1).kind) && !templateArgIsValue(tmpl, out.size())) isType = true;
    }
    if (isType) {
      noGreater_ = true;
      arg.type = parseTypeSpec(0, false);
      std::span<Expr*> dims = parseArrayDims();
      if (!dims.empty()) arg.type->arrayDims = dims;
    } else {
      noGreater_ = true;
      arg.expr = parseConditional();
    }
    out.push_back(arg);
    if (!tryConsume(Tok::comma)) break;
  }
  noGreater_ = saved;
  if (!expectCloseAngle()) {
    skipTo({Tok::greater, Tok::semi, Tok::l_brace, Tok::r_paren}, false);
    tryConsume(Tok::greater);
    return false;
  }
  return true;
}

TypeSpec* Parser::parseTypeSpec(uint16_t mods, bool allowInlineStruct) {
  (void)allowInlineStruct;
  SourceLoc begin = startLoc();
  auto* ts = ctx_.make<TypeSpec>();
  for (;;) {
    switch (tok().kind) {
      case Tok::kw_const: mods |= TM_Const; break;
      case Tok::kw_row_major: mods |= TM_RowMajor; break;
      case Tok::kw_column_major: mods |= TM_ColumnMajor; break;
      case Tok::kw_snorm: mods |= TM_Snorm; break;
      case Tok::kw_unorm: mods |= TM_Unorm; break;
      case Tok::kw_volatile: mods |= TM_Volatile; break;
      case Tok::kw_globallycoherent: mods |= TM_GloballyCoherent; break;
      default: goto done_mods;
    }
    consume();
  }
done_mods:
  // `typename` before a qualified name (`typename T::type`, `typename S<T, N>::type`): the
  // name is a type. A template-id followed by `::member` (with or without `typename`, and
  // `::template X<U>` for a member template) makes the path so far the scope type of a new
  // TypeSpec; Sema looks the member up when the template is instantiated.
  tryConsume(Tok::kw_typename);
  if (tryConsume(Tok::kw_unsigned)) {
    mods |= TM_Unsigned;
    if (at(Tok::identifier) && isBuiltinScalarTypeName(tok().text))
      ts->name = identOf(consume());
    else
      ts->name = ctx_.ident("int");
  } else if (at(Tok::kw_void)) {
    ts->name = identOf(consume());
  } else if ((at(Tok::kw_struct) || at(Tok::kw_class) || at(Tok::kw_interface)) && peek(1).kind == Tok::identifier) {
    consume();  // elaborated `struct S x;`
    ts->name = identOf(consume());
  } else if (at(Tok::identifier) || (at(Tok::coloncolon) && peek(1).kind == Tok::identifier)) {
    if (tryConsume(Tok::coloncolon)) ts->leadingGlobalScope = true;
    auto memberFollows = [&] {
      return at(Tok::coloncolon) &&
             (peek(1).kind == Tok::identifier || (peek(1).kind == Tok::kw_template && peek(2).kind == Tok::identifier));
    };
    std::vector<Ident> quals;
    Ident name = identOf(consume());
    bool templateKw = false;  // `::template X<U>`
    for (;;) {
      while (memberFollows()) {
        consume();
        templateKw = tryConsume(Tok::kw_template);
        quals.push_back(name);
        name = identOf(consume());
      }
      ts->name = name;
      ts->qualifiers = ctx_.copy(quals);
      if (!at(Tok::less)) break;
      bool isTmpl;
      NameKind k;
      if (templateKw) {
        isTmpl = true;
      } else if (quals.empty() && !ts->scopeType) {
        isTmpl = isTemplateName(name);
      } else {
        Ident container = quals.empty() ? ts->scopeType->name : quals.back();
        isTmpl = (lookupMember(container, name, k) && k == NameKind::Template) || scanTemplateArgs(0) != 0;
      }
      if (!isTmpl) break;
      std::vector<TemplateArg> args;
      parseTemplateArgList(args, name);
      ts->templateArgs = ctx_.copy(args);
      ts->hasTemplateArgs = true;
      if (!memberFollows()) break;
      ts->range = rangeFrom(begin);
      auto* member = ctx_.make<TypeSpec>();
      member->scopeType = ts;
      ts = member;
      quals.clear();
      consume();  // ::
      templateKw = tryConsume(Tok::kw_template);
      name = identOf(consume());
    }
  } else {
    error(DiagId::ExpectedType, tok().range());
  }
  // Trailing `const` (`float const x`).
  while (at(Tok::kw_const)) {
    consume();
    mods |= TM_Const;
  }
  ts->mods = mods;
  ts->range = rangeFrom(begin);
  return ts;
}

std::span<Expr*> Parser::parseArrayDims() {
  std::vector<Expr*> dims;
  while (at(Tok::l_square)) {
    consume();
    bool saved = noGreater_;
    noGreater_ = false;
    if (at(Tok::r_square))
      dims.push_back(nullptr);
    else
      dims.push_back(parseExpression());
    noGreater_ = saved;
    if (!expect(Tok::r_square)) {
      skipTo({Tok::r_square, Tok::semi}, false);
      tryConsume(Tok::r_square);
    }
  }
  return ctx_.copy(dims);
}

Expr* Parser::parseInitializer() {
  if (at(Tok::l_brace)) return parseInitList();
  return parseAssignment();
}

// ---------------------------------------------------------------------------
// register(...) / packoffset(...) / semantics
// ---------------------------------------------------------------------------
namespace {
bool parseUInt(std::string_view s, uint32_t& out) {
  if (s.empty() || s.size() > 9) return false;
  uint32_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint32_t>(c - '0');
  }
  out = v;
  return true;
}
char lower(char c) { return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c; }
}  // namespace

bool Parser::parseRegister(std::vector<RegisterAnnot>& out) {
  SourceLoc begin = startLoc();
  consume();  // register
  RegisterAnnot r;
  if (!expect(Tok::l_paren)) return false;
  bool ok = true;
  std::vector<Token> items;
  while (!at(Tok::r_paren) && !at(Tok::eof) && !at(Tok::semi)) {
    if (!at(Tok::identifier)) {
      errorExpected("register name");
      ok = false;
      break;
    }
    items.push_back(consume());
    // register(b0[2]): an optional subscript is accepted and ignored by the syntax.
    if (at(Tok::l_square)) parseArrayDims();
    if (!tryConsume(Tok::comma)) break;
  }
  if (ok && !expect(Tok::r_paren)) ok = false;
  if (!ok) {
    skipTo({Tok::r_paren, Tok::semi}, false);
    tryConsume(Tok::r_paren);
    return false;
  }
  for (size_t i = 0; i < items.size(); ++i) {
    std::string_view s = items[i].text;
    uint32_t n;
    if (s.size() > 5 && s.substr(0, 5) == "space" && parseUInt(s.substr(5), n)) {
      r.hasSpace = true;
      r.space = n;
    } else if (s.size() >= 2 && std::string_view("tubsc").find(lower(s[0])) != std::string_view::npos &&
               parseUInt(s.substr(1), n) && !r.slot) {
      r.slot = identOf(items[i]);
      r.regClass = lower(s[0]);
      r.index = n;
    } else if (i == 0 && items.size() > 1) {
      r.profile = identOf(items[i]);
    } else {
      error(DiagId::ExpectedToken, items[i].range(), {"register name like 't0', 'u1' or 'space2'"});
      return false;
    }
  }
  r.range = rangeFrom(begin);
  out.push_back(r);
  return true;
}

PackOffsetAnnot* Parser::parsePackOffset() {
  SourceLoc begin = startLoc();
  consume();  // packoffset
  auto* p = ctx_.make<PackOffsetAnnot>();
  bool ok = expect(Tok::l_paren);
  if (ok) {
    std::string_view s = at(Tok::identifier) ? tok().text : std::string_view();
    uint32_t n;
    if (s.size() >= 2 && lower(s[0]) == 'c' && parseUInt(s.substr(1), n)) {
      consume();
      p->reg = n;
      if (tryConsume(Tok::period)) {
        std::string_view c = at(Tok::identifier) ? tok().text : std::string_view();
        int comp = c.size() == 1 ? static_cast<int>(std::string_view("xyzw").find(c[0])) : -1;
        if (comp < 0 && c.size() == 1) comp = static_cast<int>(std::string_view("rgba").find(c[0]));
        if (comp >= 0) {
          consume();
          p->component = static_cast<uint8_t>(comp);
          p->hasComponent = true;
        } else {
          errorExpected("component 'x', 'y', 'z' or 'w'");
          ok = false;
        }
      }
    } else {
      errorExpected("constant register like 'c0'");
      ok = false;
    }
    if (ok) ok = expect(Tok::r_paren);
  }
  if (!ok) {
    skipTo({Tok::r_paren, Tok::semi}, false);
    tryConsume(Tok::r_paren);
  }
  p->range = rangeFrom(begin);
  return p;
}

void Parser::parsePostAnnotations(VarDecl* v, FieldDecl* field) {
  std::vector<RegisterAnnot> regs;
  std::vector<Attribute*> access;  // ray payload access qualifiers: `: read(caller) : write(miss)`
  while (at(Tok::colon)) {
    consume();
    if (at(Tok::identifier) && peek(1).kind == Tok::l_paren && (atIdent("read") || atIdent("write"))) {
      if (Attribute* a = parseOneAttribute(false)) {
        a->ns = ctx_.ident("payload");
        access.push_back(a);
      }
    } else if (at(Tok::kw_register)) {
      parseRegister(regs);
    } else if (at(Tok::kw_packoffset)) {
      v->packOffset = parsePackOffset();
    } else if (field && !at(Tok::identifier)) {
      field->bitWidth = parseConditional();  // bitfield: `uint a : 4;`
    } else if (isWord(tok())) {
      v->semanticRange = tok().range();
      v->semantic = identOf(consume());
    } else {
      errorExpected("semantic, 'register' or 'packoffset'");
      break;
    }
  }
  v->registers = ctx_.copy(regs);
  if (at(Tok::less)) parseEffectAnnotations();
  if (!access.empty()) {
    std::vector<Attribute*> all(v->attributes.begin(), v->attributes.end());
    all.insert(all.end(), access.begin(), access.end());
    v->attributes = ctx_.copy(all);
  }
}

// Effect annotations after a declarator (`string s < string arg1 = "WIREFRAME"; > = "";`):
// the FX syntax DXC parses and ignores with a warning (-Wno-effects-syntax). Each is
// `type name = value;`; they are parsed, then ignored with warning OSH0044.
void Parser::parseEffectAnnotations() {
  SourceLoc begin = startLoc();
  consume();  // <
  bool saved = noGreater_;
  noGreater_ = true;
  while (!at(Tok::greater) && !at(Tok::eof)) {
    uint32_t before = pos_;
    parseTypeSpec(0, false);
    if (at(Tok::identifier) || isSoftKeyword(tok().kind))
      consume();
    else
      errorExpected("identifier");
    parseArrayDims();
    if (tryConsume(Tok::equal)) {
      if (at(Tok::l_brace))
        parseInitList();
      else
        parseConditional();
    }
    if (!expect(Tok::semi)) {
      skipTo({Tok::semi, Tok::greater}, false);
      tryConsume(Tok::semi);
    }
    if (pos_ == before) consume();
  }
  noGreater_ = saved;
  expectCloseAngle();
  diags_.report(DiagId::AttributeIgnored, rangeFrom(begin),
                {"annotations", "effect annotations have no meaning in HLSL; DXC also ignores them"});
}

// ---------------------------------------------------------------------------
// Top level and declarations
// ---------------------------------------------------------------------------
void Parser::parseTopLevel(std::vector<Decl*>& out, Decl* parent, bool inStruct) {
  TreeDepthScope tree(*this);
  SourceLoc begin = startLoc();
  std::span<Attribute*> attrs = parseAttributes();
  parseDeclOrDef(out, parent, attrs, begin, inStruct);
}

void Parser::parseDeclOrDef(std::vector<Decl*>& out, Decl* parent, std::span<Attribute*> attrs, SourceLoc begin,
                            bool inStruct) {
  // Declarations whose parser takes no attributes get them afterwards, so that Sema sees
  // (and checks) every attribute that was written.
  size_t first = out.size();
  auto attach = [&] {
    if (attrs.empty()) return;
    for (size_t i = first; i < out.size(); ++i)
      if (out[i] && out[i]->attributes.empty()) out[i]->attributes = attrs;
  };
  switch (tok().kind) {
    case Tok::semi: consume(); return;
    case Tok::kw_namespace:
      if (peek(1).kind != Tok::identifier) break;
      out.push_back(parseNamespace(parent));
      attach();
      return;
    case Tok::kw_cbuffer:
    case Tok::kw_tbuffer:
      if (Decl* d = parseCBuffer(attrs, parent)) out.push_back(d);
      return;
    case Tok::kw_typedef:
      parseTypedef(out, parent);
      attach();
      return;
    case Tok::kw_using:
      parseUsing(out, parent, {}, false);
      attach();
      return;
    case Tok::kw_enum:
      if (Decl* d = parseEnum(parent)) out.push_back(d);
      attach();
      return;
    case Tok::kw_template: parseTemplate(out, parent, attrs, inStruct); return;
    case Tok::kw_static_assert:
      if (Decl* d = parseStaticAssert()) out.push_back(d);
      attach();
      return;
    case Tok::kw_public:
    case Tok::kw_private:
    case Tok::kw_protected:
      if (inStruct && peek(1).kind == Tok::colon) {  // access specifiers are accepted and ignored
        consume();
        consume();
        return;
      }
      break;
    default: break;
  }
  parseDeclaration(out, parent, attrs, inStruct, {}, false, begin);
}

namespace {
bool isStructDefinitionAhead(Tok k0, Tok k1, Tok k2) {
  if (k0 != Tok::kw_struct && k0 != Tok::kw_class && k0 != Tok::kw_interface) return false;
  if (k1 == Tok::l_brace) return true;   // anonymous
  if (k1 == Tok::l_square) return true;  // struct [raypayload] S { ... }
  return k1 == Tok::identifier && (k2 == Tok::l_brace || k2 == Tok::colon || k2 == Tok::semi || k2 == Tok::less);
}
}  // namespace

// At `operator`: the operator's name (`operator*`, `operator[]`, `operator()`) and token.
bool Parser::parseOperatorName(Tok& op, Ident& name) {
  consume();  // operator
  Token t = tok();
  std::string spelled = "operator";
  if (at(Tok::l_paren) && peek(1).kind == Tok::r_paren) {
    consume();
    consume();
    op = Tok::l_paren;
    spelled += "()";
  } else if (at(Tok::l_square) && peek(1).kind == Tok::r_square) {
    consume();
    consume();
    op = Tok::l_square;
    spelled += "[]";
  } else if (t.kind >= Tok::l_paren && t.kind < Tok::kw_struct && t.kind != Tok::semi && t.kind != Tok::l_brace) {
    consume();
    op = t.kind;
    spelled += t.text;
  } else {
    errorExpected("overloadable operator");
    return false;
  }
  name = ctx_.ident(spelled);
  return true;
}

// At '<' after `Tmpl` in the declarator of `template<typename T> const T Tmpl<T>::m = ...;`
// (a member of class template Tmpl defined out of line): the arguments are the template's
// own parameters, so the definition is the primary template's and the qualifier is `Tmpl`.
// Other arguments name a specialization's member: OSH0007.
void Parser::skipOwnTemplateArgs(Ident tmpl, std::span<TemplateParamDecl*> tparams) {
  uint32_t end = scanTemplateArgs(0);
  if (!end || peek(end).kind != Tok::coloncolon) return;
  SourceLoc begin = startLoc();
  std::vector<TemplateArg> args;
  parseTemplateArgList(args, tmpl);
  bool own = args.size() == tparams.size();
  for (size_t i = 0; own && i < args.size(); ++i) {
    Ident n;
    if (TypeSpec* t = args[i].type; t && t->qualifiers.empty() && !t->hasTemplateArgs && !t->leadingGlobalScope)
      n = t->name;
    else if (auto* d = args[i].expr ? dyn_cast<DeclRefExpr>(args[i].expr) : nullptr; d && d->qualifiers.empty())
      n = d->name;
    own = n && n == tparams[i]->name;
  }
  if (!own)
    error(DiagId::NotSupportedYet, rangeFrom(begin), {"a member definition for a specialization of a class template"});
}

bool Parser::atStructDefinition() { return isStructDefinitionAhead(tok().kind, peek(1).kind, peek(2).kind); }

void Parser::parseDeclaration(std::vector<Decl*>& out, Decl* parent, std::span<Attribute*> attrs, bool inStruct,
                              std::span<TemplateParamDecl*> tparams, bool isTemplate, SourceLoc begin) {
  if (!begin.valid()) begin = startLoc();
  DeclSpec ds;
  parseDeclSpecifiers(ds);
  TypeSpec* ts;
  if (atStructDefinition()) {
    SourceLoc sb = startLoc();
    StructDecl* sd = parseStruct(attrs, parent, tparams, isTemplate);
    if (!sd) return;
    out.push_back(sd);
    if (tryConsume(Tok::semi)) return;
    // `struct S {...} x;` declares variables; anything else means the ';' is missing.
    if (!((at(Tok::identifier) && !isTypeName(identOf(tok()))) || isSoftKeyword(tok().kind))) {
      errorExpected("';'");
      return;
    }
    ts = ctx_.make<TypeSpec>();
    ts->name = sd->name;
    ts->inlineStruct = sd;
    ts->mods = ds.typeMods;
    ts->range = rangeFrom(sb);
    attrs = {};
  } else {
    bool typeAhead = scanType(0) != 0 || at(Tok::kw_void) || at(Tok::kw_unsigned) ||
                     (at(Tok::identifier) && isTypeName(identOf(tok())));
    if (!typeAhead) {
      // An unknown name followed by a declarator (`Foo x;`) is still a declaration whose
      // type Sema will report; anything else is not a declaration.
      bool unknownTypeName = at(Tok::identifier) && (peek(1).kind == Tok::identifier || isSoftKeyword(peek(1).kind));
      if (!unknownTypeName) {
        if (ds.storage || ds.typeMods || ds.interp || ds.dir != ParamDir::None)
          error(DiagId::ExpectedType, tok().range());
        else
          error(DiagId::ExpectedDeclaration, tok().range());
        skipTopLevel();
        return;
      }
    }
    ts = parseTypeSpec(ds.typeMods, false);
  }
  // Declarators.
  for (;;) {
    SourceLoc nameBegin = startLoc();
    Ident name;
    std::vector<Ident> quals;
    Tok op = Tok::eof;
    if (at(Tok::kw_operator)) {
      if (!parseOperatorName(op, name)) {
        skipTopLevel();
        return;
      }
    } else if (at(Tok::identifier) || isSoftKeyword(tok().kind)) {
      name = identOf(consume());
      for (;;) {
        if (isTemplate && at(Tok::less) && isTemplateName(name)) skipOwnTemplateArgs(name, tparams);
        if (!(at(Tok::coloncolon) && (peek(1).kind == Tok::identifier || peek(1).kind == Tok::kw_operator))) break;
        consume();
        quals.push_back(name);
        if (at(Tok::kw_operator)) {  // `S::operator+` out of line
          if (!parseOperatorName(op, name)) {
            skipTopLevel();
            return;
          }
          break;
        }
        name = identOf(consume());
      }
    } else {
      errorExpected("identifier");
      skipTopLevel();
      return;
    }
    SourceRange nameRange = rangeFrom(nameBegin);
    // A variable template's partial or explicit specialization: `template <class T> static
    // const bool is_same_v<T, T> = true;`, `template <> static const int w<int> = 4;`.
    std::vector<TemplateArg> varSpecArgs;
    bool varSpec = false;
    if (isTemplate && !inStruct && quals.empty() && at(Tok::less) && isVarTemplateName(name, {})) {
      parseTemplateArgList(varSpecArgs, name);
      varSpec = true;
    }

    if (at(Tok::l_paren) && !varSpec) {
      auto* fn = ctx_.make<FunctionDecl>();
      fn->name = name;
      fn->nameRange = nameRange;
      fn->qualifiers = ctx_.copy(quals);
      fn->attributes = attrs;
      fn->returnTypeSpec = ts;
      fn->storage = ds.storage;
      fn->interp = ds.interp;
      fn->templateParams = tparams;
      fn->isTemplate = isTemplate;
      fn->overloadedOp = op;
      fn->parent = parent;
      if (inStruct && curStruct_) {
        fn->isMethod = true;
        fn->owner = curStruct_;
      } else if (!quals.empty()) {
        fn->isMethod = true;  // out-of-line method definition; Sema resolves the owner
      }
      declareName(name, isTemplate ? NameKind::FunctionTemplate : NameKind::Value);
      parseFunctionRest(fn, begin);
      out.push_back(fn);
      return;
    }

    const bool varTemplate = isTemplate && quals.empty() && (!tparams.empty() || varSpec);
    if (varTemplate && inStruct) {
      error(DiagId::NotSupportedYet, rangeFrom(begin), {"a static data member template"});
      skipTopLevel();
      return;
    }
    if (varTemplate && !(ds.storage & SF_Static)) {
      error(DiagId::NotSupportedYet, rangeFrom(begin), {"a variable template that is not 'static'"});
      skipTopLevel();
      return;
    }
    VarDecl* v;
    FieldDecl* field = nullptr;
    if (inStruct && !(ds.storage & SF_Static)) {
      field = ctx_.make<FieldDecl>();
      v = field;
    } else {
      v = ctx_.make<VarDecl>();
    }
    v->name = name;
    v->nameRange = nameRange;
    v->qualifiers = ctx_.copy(quals);
    v->attributes = attrs;
    v->typeSpec = ts;
    v->storage = ds.storage;
    v->interp = ds.interp;
    v->dir = ds.dir;
    v->prim = ds.prim;
    v->parent = parent;
    v->arrayDims = parseArrayDims();
    parsePostAnnotations(v, field);
    if (tryConsume(Tok::equal)) v->init = parseInitializer();
    v->range = rangeFrom(begin);
    if (varTemplate) {
      // The variable template becomes a struct template (or its specialization) whose one
      // static member is the variable: Sema instantiates, specializes and folds it as it
      // does any class template's static member (`pi<float>` is `pi<float>::pi`).
      auto* sd = ctx_.make<StructDecl>();
      sd->name = name;
      sd->nameRange = nameRange;
      sd->range = v->range;
      sd->parent = parent;
      sd->templateParams = tparams;
      sd->isTemplate = true;
      sd->specArgs = ctx_.copy(varSpecArgs);
      sd->isSpecialization = varSpec;
      sd->isDefinition = true;
      v->parent = sd;
      std::vector<Decl*> members{v};
      sd->members = ctx_.copy(members);
      varTemplates_.insert(sd);
      declareName(name, NameKind::VarTemplate);
      out.push_back(sd);
      if (tryConsume(Tok::comma)) continue;
      if (!expect(Tok::semi)) skipTopLevel();
      return;
    }
    declareName(name, NameKind::Value);
    out.push_back(v);
    if (tryConsume(Tok::comma)) continue;
    if (!expect(Tok::semi)) skipTopLevel();
    return;
  }
}

std::span<ParamDecl*> Parser::parseParams(FunctionDecl* fn) {
  std::vector<ParamDecl*> params;
  consume();  // '('
  if (at(Tok::kw_void) && peek(1).kind == Tok::r_paren) consume();
  while (!at(Tok::r_paren) && !at(Tok::eof)) {
    SourceLoc begin = startLoc();
    auto* p = ctx_.make<ParamDecl>();
    p->attributes = parseAttributes();
    DeclSpec ds;
    parseDeclSpecifiers(ds);
    bool typeAhead = scanType(0) != 0 || at(Tok::identifier) || at(Tok::kw_unsigned);
    if (!typeAhead) {
      error(DiagId::ExpectedType, tok().range());
      skipTo({Tok::comma, Tok::r_paren, Tok::semi, Tok::l_brace}, false);
      if (tryConsume(Tok::comma)) continue;
      break;
    }
    p->typeSpec = parseTypeSpec(ds.typeMods, false);
    p->storage = ds.storage;
    p->interp = ds.interp;
    p->dir = ds.dir;
    p->prim = ds.prim;
    p->parent = fn;
    p->index = static_cast<uint32_t>(params.size());
    if (at(Tok::identifier) || isSoftKeyword(tok().kind)) {
      p->nameRange = tok().range();
      p->name = identOf(consume());
    }
    p->arrayDims = parseArrayDims();
    parsePostAnnotations(p, nullptr);
    if (tryConsume(Tok::equal)) p->init = parseAssignment();
    p->range = rangeFrom(begin);
    declareName(p->name, NameKind::Value);
    params.push_back(p);
    if (!tryConsume(Tok::comma)) break;
  }
  if (!expect(Tok::r_paren)) {
    skipTo({Tok::r_paren, Tok::semi, Tok::l_brace}, false);
    tryConsume(Tok::r_paren);
  }
  return ctx_.copy(params);
}

FunctionDecl* Parser::parseFunctionRest(FunctionDecl* fn, SourceLoc begin) {
  // Out-of-line methods see the struct's members.
  bool ownerScope = !fn->qualifiers.empty();
  if (ownerScope) pushScope(fn->qualifiers.back());
  pushScope();
  FunctionDecl* savedFn = curFunction_;
  curFunction_ = fn;
  fn->params = parseParams(fn);
  if (at(Tok::kw_const)) {
    consume();
    fn->isConstMethod = true;
  }
  while (at(Tok::colon)) {
    consume();
    if (isWord(tok()) && !at(Tok::kw_register)) {
      fn->returnSemanticRange = tok().range();
      fn->returnSemantic = identOf(consume());
    } else {
      errorExpected("semantic");
      break;
    }
  }
  if (at(Tok::l_brace)) {
    fn->body = parseCompound();
  } else if (!tryConsume(Tok::semi)) {
    errorExpected("'{' or ';'");
    skipTopLevel();
  }
  curFunction_ = savedFn;
  popScope();
  if (ownerScope) popScope();
  fn->range = rangeFrom(begin);
  return fn;
}

// ---------------------------------------------------------------------------
// struct / class / interface
// ---------------------------------------------------------------------------
StructDecl* Parser::parseStruct(std::span<Attribute*> attrs, Decl* parent, std::span<TemplateParamDecl*> tparams,
                                bool isTemplate) {
  SourceLoc begin = startLoc();
  auto* sd = ctx_.make<StructDecl>();
  Tok k = consume().kind;
  sd->tag = k == Tok::kw_class ? TagKind::Class : k == Tok::kw_interface ? TagKind::Interface : TagKind::Struct;
  sd->attributes = attrs;
  sd->parent = parent;
  sd->templateParams = tparams;
  sd->isTemplate = isTemplate;
  if (at(Tok::l_square)) {  // attributes after the keyword: struct [raypayload] S
    std::vector<Attribute*> all(attrs.begin(), attrs.end());
    for (Attribute* a : parseAttributes()) all.push_back(a);
    sd->attributes = ctx_.copy(all);
  }
  if (at(Tok::identifier)) {
    sd->nameRange = tok().range();
    sd->name = identOf(consume());
    declareName(sd->name, isTemplate ? NameKind::Template : NameKind::Type);
  }
  if (at(Tok::less)) {  // explicit specialization `template<> struct S<int> {...}`
    std::vector<TemplateArg> args;
    parseTemplateArgList(args, sd->name);
    sd->specArgs = ctx_.copy(args);
    sd->isSpecialization = true;
  }
  if (tryConsume(Tok::colon)) {
    std::vector<TypeSpec*> bases;
    for (;;) {
      tryConsume(Tok::kw_public);
      bases.push_back(parseTypeSpec(0, false));
      if (!tryConsume(Tok::comma)) break;
    }
    sd->bases = ctx_.copy(bases);
  }
  if (at(Tok::semi)) {  // forward declaration
    sd->range = rangeFrom(begin);
    return sd;
  }
  if (!at(Tok::l_brace)) {
    errorExpected("'{'");
    skipTopLevel();
    sd->range = rangeFrom(begin);
    return sd;
  }
  parseStructBody(sd);
  sd->range = rangeFrom(begin);
  return sd;
}

StructDecl* Parser::parseStructBody(StructDecl* sd) {
  DepthGuard g(*this);
  consume();  // '{'
  sd->isDefinition = true;
  if (!g.ok) {
    skipTo({Tok::r_brace}, true);
    return sd;
  }
  StructDecl* savedStruct = curStruct_;
  curStruct_ = sd;
  pushScope(sd->name);
  std::vector<Decl*> members;
  while (!at(Tok::r_brace) && !at(Tok::eof)) {
    uint32_t before = pos_;
    parseTopLevel(members, sd, true);
    if (pos_ == before) {
      error(DiagId::ExpectedDeclaration, tok().range());
      consume();
    }
  }
  expect(Tok::r_brace);
  popScope();
  curStruct_ = savedStruct;
  std::vector<FieldDecl*> fields;
  std::vector<FunctionDecl*> methods;
  for (Decl* d : members) {
    if (auto* f = dyn_cast<FieldDecl>(d)) {
      f->index = static_cast<uint32_t>(fields.size());
      fields.push_back(f);
    } else if (auto* m = dyn_cast<FunctionDecl>(d)) {
      methods.push_back(m);
    }
  }
  sd->members = ctx_.copy(members);
  sd->fields = ctx_.copy(fields);
  sd->methods = ctx_.copy(methods);
  return sd;
}

// ---------------------------------------------------------------------------
// cbuffer / tbuffer
// ---------------------------------------------------------------------------
Decl* Parser::parseCBuffer(std::span<Attribute*> attrs, Decl* parent) {
  SourceLoc begin = startLoc();
  auto* cb = ctx_.make<CBufferDecl>();
  cb->isTBuffer = consume().kind == Tok::kw_tbuffer;
  cb->attributes = attrs;
  cb->parent = parent;
  if (at(Tok::identifier)) {
    cb->nameRange = tok().range();
    cb->name = identOf(consume());
  } else {
    errorExpected("identifier");
  }
  std::vector<RegisterAnnot> regs;
  while (at(Tok::colon)) {
    consume();
    if (at(Tok::kw_register)) {
      parseRegister(regs);
    } else {
      errorExpected("'register'");
      break;
    }
  }
  cb->registers = ctx_.copy(regs);
  if (!at(Tok::l_brace)) {
    errorExpected("'{'");
    skipTopLevel();
    cb->range = rangeFrom(begin);
    return cb;
  }
  DepthGuard g(*this);
  consume();
  std::vector<Decl*> members;
  while (g.ok && !at(Tok::r_brace) && !at(Tok::eof)) {
    uint32_t before = pos_;
    parseTopLevel(members, cb, false);
    if (pos_ == before) {
      error(DiagId::ExpectedDeclaration, tok().range());
      consume();
    }
  }
  if (!expect(Tok::r_brace)) skipTo({Tok::r_brace}, true);
  tryConsume(Tok::semi);
  cb->members = ctx_.copy(members);
  cb->range = rangeFrom(begin);
  return cb;
}

// ---------------------------------------------------------------------------
// namespace, enum, typedef, using, static_assert, template
// ---------------------------------------------------------------------------
Decl* Parser::parseNamespace(Decl* parent) {
  SourceLoc begin = startLoc();
  consume();  // namespace
  return parseNamespaceRest(parent, begin);
}

// At the namespace's name. `namespace A::B { ... }` is `namespace A { namespace B { ... } }`.
Decl* Parser::parseNamespaceRest(Decl* parent, SourceLoc begin) {
  auto* ns = ctx_.make<NamespaceDecl>();
  ns->parent = parent;
  ns->nameRange = tok().range();
  ns->name = identOf(consume());
  declareName(ns->name, NameKind::Namespace);
  pushScope(ns->name);
  std::vector<Decl*> decls;
  DepthGuard g(*this);
  if (!g.ok) {
    skipTopLevel();
  } else if (at(Tok::coloncolon) && peek(1).kind == Tok::identifier) {
    consume();
    decls.push_back(parseNamespaceRest(ns, begin));
  } else if (expect(Tok::l_brace)) {
    while (!at(Tok::r_brace) && !at(Tok::eof)) {
      uint32_t before = pos_;
      parseTopLevel(decls, ns, false);
      if (pos_ == before) {
        error(DiagId::ExpectedDeclaration, tok().range());
        consume();
      }
    }
    expect(Tok::r_brace);
    tryConsume(Tok::semi);
  } else {
    skipTopLevel();
  }
  popScope();
  ns->decls = ctx_.copy(decls);
  ns->range = rangeFrom(begin);
  return ns;
}

Decl* Parser::parseEnum(Decl* parent) {
  SourceLoc begin = startLoc();
  consume();  // enum
  auto* ed = ctx_.make<EnumDecl>();
  ed->parent = parent;
  if (at(Tok::kw_class) || at(Tok::kw_struct)) {
    consume();
    ed->isScoped = true;
  }
  if (at(Tok::identifier)) {
    ed->nameRange = tok().range();
    ed->name = identOf(consume());
    declareName(ed->name, NameKind::Type);
  }
  if (tryConsume(Tok::colon)) ed->underlying = parseTypeSpec(0, false);
  if (!at(Tok::l_brace)) {
    if (!tryConsume(Tok::semi)) {
      errorExpected("'{'");
      skipTopLevel();
    }
    ed->range = rangeFrom(begin);
    return ed;
  }
  consume();
  std::vector<EnumConstantDecl*> items;
  while (at(Tok::identifier)) {
    auto* c = ctx_.make<EnumConstantDecl>();
    SourceLoc cb = startLoc();
    c->nameRange = tok().range();
    c->name = identOf(consume());
    c->parent = ed;
    if (tryConsume(Tok::equal)) c->value = parseConditional();
    c->range = rangeFrom(cb);
    items.push_back(c);
    if (!ed->isScoped) declareName(c->name, NameKind::Value);
    if (ed->name) {
      needMemberScope(ed->name.entry());
      memberScopes_[ed->name.entry()].names[c->name.entry()] = NameKind::Value;
    }
    if (!tryConsume(Tok::comma)) break;
  }
  if (!expect(Tok::r_brace)) skipTo({Tok::r_brace}, true);
  ed->enumerators = ctx_.copy(items);
  if (!expect(Tok::semi)) skipTopLevel();
  ed->range = rangeFrom(begin);
  return ed;
}

void Parser::parseTypedef(std::vector<Decl*>& out, Decl* parent) {
  SourceLoc begin = startLoc();
  consume();  // typedef
  DeclSpec ds;
  parseDeclSpecifiers(ds);
  TypeSpec* ts;
  if (atStructDefinition()) {
    SourceLoc sb = startLoc();
    StructDecl* sd = parseStruct({}, parent, {}, false);
    out.push_back(sd);
    ts = ctx_.make<TypeSpec>();
    ts->name = sd->name;
    ts->inlineStruct = sd;
    ts->mods = ds.typeMods;
    ts->range = rangeFrom(sb);
  } else {
    // `typedef struct S T;` before S is defined (C's forward declaration, used for linked
    // lists of vk::BufferPointer): it declares S.
    if ((at(Tok::kw_struct) || at(Tok::kw_class)) && peek(1).kind == Tok::identifier && !isTypeName(identOf(peek(1)))) {
      auto* sd = ctx_.make<StructDecl>();
      sd->tag = at(Tok::kw_class) ? TagKind::Class : TagKind::Struct;
      sd->parent = parent;
      sd->nameRange = peek(1).range();
      sd->name = identOf(peek(1));
      sd->range = sd->nameRange;
      declareName(sd->name, NameKind::Type);
      out.push_back(sd);
    }
    ts = parseTypeSpec(ds.typeMods, false);
  }
  for (;;) {
    if (!at(Tok::identifier)) {
      errorExpected("identifier");
      skipTopLevel();
      return;
    }
    auto* td = ctx_.make<TypedefDecl>();
    td->parent = parent;
    td->typeSpec = ts;
    td->nameRange = tok().range();
    td->name = identOf(consume());
    td->arrayDims = parseArrayDims();
    td->range = rangeFrom(begin);
    declareName(td->name, NameKind::Type);
    out.push_back(td);
    if (!tryConsume(Tok::comma)) break;
  }
  if (!expect(Tok::semi)) skipTopLevel();
}

void Parser::parseUsing(std::vector<Decl*>& out, Decl* parent, std::span<TemplateParamDecl*> tparams, bool isTemplate) {
  SourceLoc begin = startLoc();
  consume();  // using
  if (tryConsume(Tok::kw_namespace)) {
    auto* u = ctx_.make<UsingNamespaceDecl>();
    u->parent = parent;
    std::vector<Ident> path;
    tryConsume(Tok::coloncolon);
    while (at(Tok::identifier)) {
      path.push_back(identOf(consume()));
      if (!tryConsume(Tok::coloncolon)) break;
    }
    if (path.empty()) errorExpected("namespace name");
    u->path = ctx_.copy(path);
    if (!path.empty()) u->name = path.back();
    // Names of the used namespace become visible unqualified.
    if (!path.empty()) {
      needMemberScope(path.back().entry());
      auto it = memberScopes_.find(path.back().entry());
      if (it != memberScopes_.end()) {
        auto names = it->second.names;  // copy: declareName may touch memberScopes_
        for (auto& [id, kind] : names) declareName(Ident(id), kind);
      }
    }
    if (!expect(Tok::semi)) skipTopLevel();
    u->range = rangeFrom(begin);
    out.push_back(u);
    return;
  }
  // `using A = T;`, also with attributes after the name: `using A [[vk::ext_capability(39)]] = T;`
  if (!at(Tok::identifier) || (peek(1).kind != Tok::equal && peek(1).kind != Tok::l_square)) {
    errorExpected("'namespace' or alias name");
    skipTopLevel();
    return;
  }
  auto* td = ctx_.make<TypedefDecl>();
  td->isUsing = true;
  td->parent = parent;
  td->templateParams = tparams;
  td->isTemplate = isTemplate;
  td->nameRange = tok().range();
  td->name = identOf(consume());
  if (at(Tok::l_square)) td->attributes = parseAttributes();
  if (!expect(Tok::equal)) {
    skipTopLevel();
    return;
  }
  DeclSpec ds;
  parseDeclSpecifiers(ds);
  td->typeSpec = parseTypeSpec(ds.typeMods, false);
  td->arrayDims = parseArrayDims();
  declareName(td->name, isTemplate ? NameKind::Template : NameKind::Type);
  if (!expect(Tok::semi)) skipTopLevel();
  td->range = rangeFrom(begin);
  out.push_back(td);
}

Decl* Parser::parseStaticAssert() {
  SourceLoc begin = startLoc();
  consume();
  auto* sa = ctx_.make<StaticAssertDecl>();
  if (!expect(Tok::l_paren)) {
    skipTopLevel();
    return nullptr;
  }
  sa->cond = parseAssignment();
  if (tryConsume(Tok::comma)) {
    if (at(Tok::string_literal))
      sa->message = cast<StringLiteralExpr>(parseStringLiteral());
    else
      errorExpected("string literal");
  }
  if (!expect(Tok::r_paren)) skipTo({Tok::r_paren, Tok::semi}, false), tryConsume(Tok::r_paren);
  if (!expect(Tok::semi)) skipTopLevel();
  sa->range = rangeFrom(begin);
  return sa;
}

void Parser::parseTemplate(std::vector<Decl*>& out, Decl* parent, std::span<Attribute*> attrs, bool inStruct) {
  SourceLoc begin = startLoc();
  consume();  // template
  if (!expect(Tok::less)) {
    skipTopLevel();
    return;
  }
  pushScope();
  std::vector<TemplateParamDecl*> params;
  while (!at(Tok::greater) && !at(Tok::eof)) {
    SourceLoc pb = startLoc();
    auto* tp = ctx_.make<TemplateParamDecl>();
    tp->index = static_cast<uint32_t>(params.size());
    // (`typename enable_if<B, int>::type N = 0`, `typename T::type N`: a non-type parameter
    // whose type is a member type.)
    const bool typenameType = at(Tok::kw_typename) && peek(1).kind == Tok::identifier &&
                              (peek(2).kind == Tok::less || peek(2).kind == Tok::coloncolon);
    if ((at(Tok::kw_typename) || at(Tok::kw_class)) && !typenameType) {
      consume();
      tp->isType = true;
      if (at(Tok::identifier)) {
        tp->nameRange = tok().range();
        tp->name = identOf(consume());
      }
      if (tryConsume(Tok::equal)) tp->defaultType = parseTypeSpec(0, false);
      declareName(tp->name, NameKind::Type);
    } else {
      tp->isType = false;
      tp->typeSpec = parseTypeSpec(0, false);
      if (at(Tok::identifier)) {
        tp->nameRange = tok().range();
        tp->name = identOf(consume());
      } else if (!at(Tok::equal) && !at(Tok::comma) && !at(Tok::greater)) {  // (unnamed: `int = 0`)
        errorExpected("identifier");
      }
      if (tryConsume(Tok::equal)) {
        bool saved = noGreater_;
        noGreater_ = true;
        tp->defaultValue = parseConditional();
        noGreater_ = saved;
      }
      declareName(tp->name, NameKind::Value);
    }
    tp->range = rangeFrom(pb);
    params.push_back(tp);
    if (!tryConsume(Tok::comma)) break;
  }
  if (!expectCloseAngle()) {
    skipTo({Tok::greater, Tok::semi, Tok::l_brace}, false);
    tryConsume(Tok::greater);
  }
  std::span<TemplateParamDecl*> tparams = ctx_.copy(params);
  std::span<Attribute*> more = parseAttributes();
  if (!more.empty()) attrs = more;
  size_t first = out.size();
  if (at(Tok::kw_using)) {
    parseUsing(out, parent, tparams, true);
  } else if (at(Tok::kw_template)) {
    parseTemplate(out, parent, attrs, inStruct);  // member templates of templates: params nest
  } else {
    parseDeclaration(out, parent, attrs, inStruct, tparams, true, begin);
  }
  popScope();
  // The template's own name lives in the enclosing scope.
  std::vector<bool> kinds;
  for (TemplateParamDecl* tp : tparams) kinds.push_back(tp->isType);
  for (size_t i = first; i < out.size(); ++i) {
    Decl* d = out[i];
    // (A partial specialisation's parameters are not the primary template's.)
    auto* sd = dyn_cast<StructDecl>(d);
    if (d->name && !tparams.empty() && !(sd && sd->isSpecialization)) templateParamIsType_[d->name.entry()] = kinds;
    if (sd && varTemplates_.count(sd))
      declareName(d->name, NameKind::VarTemplate);
    else if (isa<StructDecl>(d) || isa<TypedefDecl>(d))
      declareName(d->name, NameKind::Template);
    else if (isa<FunctionDecl>(d))
      declareName(d->name, NameKind::FunctionTemplate);
    else
      declareName(d->name, NameKind::Value);
    if (auto* f = dyn_cast<FunctionDecl>(d)) f->range.begin = begin;
  }
}

}  // namespace oneshader
