// Sema: the inline SPIR-V type templates of the implicit `vk` namespace
// (shared/design/inline-spirv.md section 9):
//
//   template <uint opcode, uint size, uint alignment, typename... operands> class SpirvType;
//   template <uint opcode, typename... operands>                            class SpirvOpaqueType;
//   template <typename T, T v>                                              class integral_constant;
//   template <typename T>                                                   class Literal;
//
// They are interned sema types (type.hpp), so two spellings of one instance are one type,
// aliases and template arguments work, and partial specialisations match them
// (sema_call.cpp, matchSpecArg). integral_constant's value has the type T (proposal 0011;
// DXC declares it uint, so enum classes fail there, DXC issue #5554). integral_constant and
// Literal are operands only: a declaration of such a type is OSH0077.
#include "sema/sema_impl.hpp"
#include "syntax/ast_walk.hpp"

namespace oneshader::sema {

// A constant template argument of a vk:: template (opcode, size, alignment).
bool SemaImpl::vkValueArg(TemplateArg& a, const char* tmpl, int64_t& out) {
  if (!a.expr) {
    error(DiagId::TemplateDeduction, a.type ? a.type->range : SourceRange{}, {tmpl});
    return false;
  }
  checkExpr(a.expr);
  ConstValue v = eval(a.expr);
  if (!v.valid() || v.kind == ConstValue::Kind::Float || v.asInt() < 0 || v.asInt() > 0xffffffffll) {
    error(DiagId::NotConstant, a.expr->range);
    return false;
  }
  out = v.asInt();
  return true;
}

const Type* SemaImpl::resolveSpirvType(TypeSpec* ts, bool opaque) {
  const char* name = opaque ? "vk::SpirvOpaqueType" : "vk::SpirvType";
  auto args = ts->templateArgs;
  size_t fixed = opaque ? 1 : 3;
  if (args.size() < fixed) {
    error(DiagId::TemplateDeduction, ts->range, {name});
    return types.errorType();
  }
  int64_t v[3] = {0, 0, 0};
  for (size_t i = 0; i < fixed; ++i)
    if (!vkValueArg(args[i], name, v[i])) return types.errorType();
  std::vector<const Type*> operands;
  for (size_t i = fixed; i < args.size(); ++i) {
    if (!args[i].type) {
      // A bare integer or enumerator: the operand pack holds types (DXC rejects it in Sema).
      Expr* e = args[i].expr;
      std::string shown = "?";
      if (e) {
        checkExpr(e);
        ConstValue cv = eval(e);
        shown = cv.valid() ? std::to_string(cv.asInt()) : std::string("an expression");
      }
      error(DiagId::SpirvTypeOperand, e ? e->range : ts->range, {name, shown});
      return types.errorType();
    }
    const Type* t = resolveType(args[i].type);
    if (t->isError()) return t;
    if (t->isVoid() || t->isFunction() || t->isString()) {
      error(DiagId::TypeMismatch, args[i].type->range, {typeName(t), std::string("an operand of ") + name});
      return types.errorType();
    }
    operands.push_back(t);
  }
  return types.spirvType(uint32_t(v[0]), opaque ? 0 : uint32_t(v[1]), opaque ? 0 : uint32_t(v[2]), opaque, operands);
}

const Type* SemaImpl::resolveIntegralConstant(TypeSpec* ts) {
  auto args = ts->templateArgs;
  if (args.size() != 2 || !args[0].type || !args[1].expr) {
    error(DiagId::TemplateDeduction, ts->range, {"vk::integral_constant"});
    return types.errorType();
  }
  const Type* t = resolveType(args[0].type);
  if (t->isError()) return t;
  if (!t->isEnum() && !(t->isScalar() && (t->isBool() || t->isIntegral()) && !t->isLiteral())) {
    error(DiagId::IntegralConstantType, args[0].type->range, {typeName(t)});
    return types.errorType();
  }
  int64_t value = 0;
  if (!templateValueArg(args[1].expr, t, value, true)) return types.errorType();
  if (t->isBool()) value = value != 0;
  return types.integralConstant(t, value);
}

const Type* SemaImpl::resolveSpirvLiteral(TypeSpec* ts) {
  auto args = ts->templateArgs;
  if (args.size() != 1 || !args[0].type) {
    error(DiagId::SpirvLiteralArg, args.empty() || !args[0].expr ? ts->range : args[0].expr->range);
    return types.errorType();
  }
  const Type* c = resolveType(args[0].type);
  if (c->isError()) return c;
  if (!c->isIntegralConstant()) {
    error(DiagId::SpirvLiteralArg, args[0].type->range);
    return types.errorType();
  }
  return types.spirvLiteral(c);
}

const Type* SemaImpl::rejectSpirvOperandType(const Type* t, SourceRange r) {
  const Type* leaf = t;
  while (leaf->isArray()) leaf = leaf->elementType();
  if (!leaf->isSpirvOperandOnly()) return t;
  error(DiagId::SpirvOperandUse, r, {typeName(leaf)});
  return types.errorType();
}

// [[vk::ext_capability]] / [[vk::ext_extension]] on `using A [[...]] = T` or `typedef T A`:
// when T is an inline SPIR-V type (or an array of one), the requirements go with T wherever it
// is emitted (lowering reads Program::spirvTypeAliases). On an alias of any other type they
// would need every declaration spelled with the alias tracked: not supported yet.
void SemaImpl::recordSpirvTypeAlias(TypedefDecl* td) {
  const Attribute* req = nullptr;
  for (const Attribute* a : td->attributes) {
    const AttrInfo* info = attrOf(a);
    if (a && !a->invalid && info && (info->id == AttrId::VkExtCapability || info->id == AttrId::VkExtExtension))
      req = a;
  }
  if (!req || !td->type || td->type->isError()) return;
  const Type* leaf = td->type;
  while (leaf->isArray()) leaf = leaf->elementType();
  if (leaf->isSpirvType()) {
    program.spirvTypeAliases[leaf].push_back(td);
    return;
  }
  std::string shown = std::string("[[vk::") + std::string(attrOf(req)->spelling) + "]]";
  attrDiag(DiagId::NotSupportedYet, req->range,
           {shown + " on a typedef or using alias of a type that is not an inline SPIR-V type"});
}

}  // namespace oneshader::sema

// ---- legacy types: [[vk::ext_type_def(N, opcode)]] and vk::ext_type<N> (section 10)

namespace oneshader::sema {

namespace {

// An integer written as a literal (`32`, `-1`, `(4)`, `true`): the legacy forms' ids,
// opcodes and ext_literal arguments, read before any declaration is checked.
bool literalValue(const Expr* e, int64_t& out) {
  bool neg = false;
  for (;;) {
    if (!e) return false;
    if (e->kind == ExprKind::Paren) {
      e = static_cast<const ParenExpr*>(e)->sub;
    } else if (e->kind == ExprKind::Unary && (static_cast<const UnaryExpr*>(e)->op == UnaryOp::Minus ||
                                              static_cast<const UnaryExpr*>(e)->op == UnaryOp::Plus)) {
      neg ^= static_cast<const UnaryExpr*>(e)->op == UnaryOp::Minus;
      e = static_cast<const UnaryExpr*>(e)->sub;
    } else {
      break;
    }
  }
  if (e->kind == ExprKind::IntLiteral)
    out = int64_t(static_cast<const IntLiteralExpr*>(e)->value);
  else if (e->kind == ExprKind::BoolLiteral)
    out = static_cast<const BoolLiteralExpr*>(e)->value ? 1 : 0;
  else
    return false;
  if (neg) out = -out;
  return true;
}

const Attribute* namedAttr(std::span<Attribute*> attrs, std::string_view name) {
  for (const Attribute* a : attrs)
    if (a && a->ns.str() == "vk" && a->name.str() == name) return a;
  return nullptr;
}

}  // namespace

void SemaImpl::collectExtTypeDefs(TranslationUnit* tu) {
  if (!tu) return;
  std::vector<FunctionDecl*> fns;
  std::function<void(std::span<Decl*>)> scan = [&](std::span<Decl*> decls) {
    for (Decl* d : decls) {
      if (auto* f = dyn_cast<FunctionDecl>(d))
        fns.push_back(f);
      else if (auto* n = dyn_cast<NamespaceDecl>(d))
        scan(n->decls);
    }
  };
  scan(tu->decls);
  std::unordered_map<std::string, int64_t> byName;
  for (FunctionDecl* f : fns) {
    const Attribute* a = namedAttr(f->attributes, "ext_type_def");
    int64_t id = 0;
    if (!a || a->args.size() != 2 || !literalValue(a->args[0], id)) continue;
    if (!extTypeDefs.count(id)) extTypeDefs[id].fn = f;
    byName.emplace(std::string(f->name.str()), id);
  }
  if (byName.empty()) return;
  ast::AstWalk walk;
  walk.onExpr = [&](const Expr* e) {
    if (e->kind != ExprKind::Call) return;
    auto* c = const_cast<CallExpr*>(static_cast<const CallExpr*>(e));
    if (c->object || !c->qualifiers.empty()) return;
    auto it = byName.find(std::string(c->name.str()));
    if (it == byName.end()) return;
    ExtTypeDef& d = extTypeDefs[it->second];
    if (!d.call && d.fn && d.fn->name.str() == c->name.str()) d.call = c;
  };
  for (FunctionDecl* f : fns)
    if (f->body) walk.stmt(f->body);
}

// vk::ext_type<N>: the type the [[vk::ext_type_def(N, opcode)]] function defines, its
// parameters being the operands: an ext_literal parameter the literal its call passes, any
// other parameter its type (an ext_reference one names a vk::ext_type, as in DXC's tests).
// It is an opaque inline type; its function's capabilities and extensions go with it.
const Type* SemaImpl::resolveExtType(TypeSpec* ts) {
  auto args = ts->templateArgs;
  int64_t id = 0;
  if (args.size() != 1 || !vkValueArg(args[0], "vk::ext_type", id)) {
    if (args.size() != 1) error(DiagId::TemplateDeduction, ts->range, {"vk::ext_type"});
    return types.errorType();
  }
  if (auto it = extTypes.find(id); it != extTypes.end()) return it->second;
  auto def = extTypeDefs.find(id);
  if (def == extTypeDefs.end() || !def->second.fn) {
    error(DiagId::UnknownType, ts->range,
          {"vk::ext_type<" + std::to_string(id) + "> (no [[vk::ext_type_def(" + std::to_string(id) +
           ", ...)]] function declares it)"});
    return types.errorType();
  }
  extTypes[id] = types.errorType();  // (a definition that names itself)
  FunctionDecl* f = def->second.fn;
  CallExpr* call = def->second.call;
  const Attribute* a = namedAttr(f->attributes, "ext_type_def");
  int64_t opcode = 0;
  if (!literalValue(a->args[1], opcode) || opcode < 0) {
    error(DiagId::InlineAttrNotConstant, a->range, {"ext_type_def"});
    return types.errorType();
  }
  std::vector<const Type*> operands;
  for (size_t i = 0; i < f->params.size(); ++i) {
    ParamDecl* p = f->params[i];
    if (namedAttr(p->attributes, "ext_literal")) {
      int64_t v = 0;
      const Expr* arg = call && i < call->args.size() ? call->args[i] : nullptr;
      if (!arg || !literalValue(arg, v)) {
        error(DiagId::ExtLiteralNotConstant, arg ? arg->range : (call ? call->range : p->range));
        return types.errorType();
      }
      operands.push_back(types.spirvLiteral(types.integralConstant(types.uintType(), v)));
      continue;
    }
    const Type* t = p->typeSpec ? resolveType(p->typeSpec) : types.errorType();
    if (t->isError()) return t;
    operands.push_back(t);
  }
  const Type* t = types.spirvType(uint32_t(opcode), 0, 0, true, operands);
  extTypes[id] = t;
  legacyExtTypes.insert(t);
  // The function's [[vk::ext_capability]] / [[vk::ext_extension]] go with the type (lowering
  // reads them as an alias's, Program::spirvTypeAliases).
  bool reqs = false;
  for (const Attribute* x : f->attributes)
    reqs |= x && x->ns.str() == "vk" && (x->name.str() == "ext_capability" || x->name.str() == "ext_extension");
  if (reqs) {
    auto* td = ctx.make<TypedefDecl>();
    td->range = f->range;
    td->name = f->name;
    td->attributes = f->attributes;
    td->type = t;
    program.spirvTypeAliases[t].push_back(td);
  }
  return t;
}

}  // namespace oneshader::sema
