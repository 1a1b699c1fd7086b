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
  attrDiag(DiagId::NotSupportedYet, req->range, {shown + " on a typedef or using alias of a type that is not an inline SPIR-V type"});
}

}  // namespace oneshader::sema
