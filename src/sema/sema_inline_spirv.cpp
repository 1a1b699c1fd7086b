// Sema: DXC's inline SPIR-V attributes (shared/design/inline-spirv.md sections 2-8).
// The arguments are checked here with DXC's texts (OSH3114 / OSH3115); what each
// attribute does is lowering's (src/lower/lower_inline_spirv.cpp) and the SPIR-V backend's.
// The checks of section 4 (ext_reference / ext_literal arguments) belong to emitted calls
// only, as in DXC, so lowering reports them.
#include "sema/sema_impl.hpp"

namespace oneshader::sema {

namespace {
bool isString(const Expr* e) { return e && e->kind == ExprKind::StringLiteral; }
}  // namespace

bool isInlineSpirvAttr(AttrId id) {
  switch (id) {
    case AttrId::VkExtInstruction:
    case AttrId::VkExtLiteral:
    case AttrId::VkExtReference:
    case AttrId::VkExtCapability:
    case AttrId::VkExtExtension:
    case AttrId::VkExtDecorate:
    case AttrId::VkExtDecorateId:
    case AttrId::VkExtDecorateString:
    case AttrId::VkExtStorageClass:
    case AttrId::VkExtBuiltinInput:
    case AttrId::VkExtBuiltinOutput:
    case AttrId::VkSpvExecutionMode:
    case AttrId::VkExtTypeDef: return true;
    default: return false;
  }
}

// DXC's ValidateAttributeIntArg: a C++11 constant expression; a negative value, or a float
// that is negative or not exactly an integer, is the OSH3115 warning (the value is kept);
// anything else is error OSH3114 and the attribute is dropped.
void SemaImpl::inlineIntArg(Attribute* a, size_t i) {
  std::string bare(a->name.str());
  Expr*& e = a->args[i];
  if (!e || isString(e)) {
    a->invalid = true;
    attrDiag(DiagId::InlineAttrNotConstant, a->range, {bare});
    return;
  }
  checkExpr(e);
  finalizeLiteral(e);
  ConstValue v = eval(e);
  if (!v.valid()) {
    a->invalid = true;
    attrDiag(DiagId::InlineAttrNotConstant, a->range, {bare});
    return;
  }
  bool warn = false;
  if (v.kind == ConstValue::Kind::Float)
    warn = v.f < 0 || v.f != double(int64_t(v.f));
  else if (v.kind == ConstValue::Kind::Int)
    warn = v.i < 0;
  if (warn) attrDiag(DiagId::InlineAttrNotUint, a->range, {bare});
}

void SemaImpl::checkInlineSpirvAttr(Attribute* a, const AttrInfo& info, uint32_t subject) {
  std::string shown = attrDisplayName(info);
  auto stringArg = [&](size_t i) {
    if (!isString(a->args[i])) {
      a->invalid = true;
      attrDiag(DiagId::InvalidAttributeArg, a->args[i] ? a->args[i]->range : a->range,
               {shown, "expected a string literal"});
    }
  };
  switch (info.id) {
    case AttrId::VkExtInstruction:
      inlineIntArg(a, 0);
      if (!a->invalid && a->args.size() > 1) stringArg(1);
      break;
    case AttrId::VkExtExtension: stringArg(0); break;
    case AttrId::VkExtCapability:
    case AttrId::VkSpvExecutionMode:
    case AttrId::VkExtStorageClass:
    case AttrId::VkExtBuiltinInput:
    case AttrId::VkExtBuiltinOutput:
    case AttrId::VkExtTypeDef:
    case AttrId::VkExtDecorate:
      for (size_t i = 0; i < a->args.size() && !a->invalid; ++i) inlineIntArg(a, i);
      break;
    case AttrId::VkExtDecorateString:
      inlineIntArg(a, 0);
      for (size_t i = 1; i < a->args.size() && !a->invalid; ++i) stringArg(i);
      break;
    case AttrId::VkExtDecorateId:
      inlineIntArg(a, 0);
      for (size_t i = 1; i < a->args.size() && !a->invalid; ++i) {
        checkExpr(a->args[i]);
        finalizeLiteral(a->args[i]);
      }
      break;
    default: break;
  }
  if (a->invalid) return;
  // Carriers that have no effect yet are a coded error, never a silent drop.
  bool decorate =
      info.id == AttrId::VkExtDecorate || info.id == AttrId::VkExtDecorateId || info.id == AttrId::VkExtDecorateString;
  // (Capabilities and extensions on an alias: recordSpirvTypeAlias, once the type is known.)
  if (decorate && subject == AS_Typedef) {
    a->invalid = true;
    attrDiag(DiagId::NotSupportedYet, a->range, {shown + " on a typedef or using alias"});
  }
}

// [[vk::ext_literal]] / [[vk::ext_reference]] mean something only on the parameters of an
// [[vk::ext_instruction]] (or [[vk::ext_type_def]]) function: elsewhere they are OSH0044.
void SemaImpl::checkInlineSpirvParams(FunctionDecl* f) {
  // Section 8.1: only the literal form decorates a function (OpDecorate %fn); DXC reports the
  // other two at the function's name.
  for (Attribute* a : f->attributes) {
    const AttrInfo* info = attrOf(a);
    if (!info || (info->id != AttrId::VkExtDecorateId && info->id != AttrId::VkExtDecorateString)) continue;
    a->invalid = true;
    attrDiag(info->id == AttrId::VkExtDecorateId ? DiagId::DecorateIdOnFunction : DiagId::DecorateStringOnFunction,
             f->nameRange.valid() ? f->nameRange : f->range, {});
  }
  for (ParamDecl* p : f->params)
    if (const Attribute* a = findAttr(p->attributes, AttrId::VkExtStorageClass))
      attrDiag(DiagId::AttributeIgnored, a->range,
               {"[[vk::ext_storage_class]]", "a parameter is always a value or a Function-storage pointer"});
  bool instruction = findAttr(f->attributes, AttrId::VkExtInstruction) || findAttr(f->attributes, AttrId::VkExtTypeDef);
  if (instruction) {
    // DXC: every call is the instruction; a body is never emitted.
    if (f->body)
      attrDiag(DiagId::ExtInstructionBody, f->nameRange.valid() ? f->nameRange : f->range,
               {std::string(f->name.str())});
    return;
  }
  for (ParamDecl* p : f->params)
    for (Attribute* a : p->attributes) {
      const AttrInfo* info = attrOf(a);
      if (!info || (info->id != AttrId::VkExtLiteral && info->id != AttrId::VkExtReference)) continue;
      attrDiag(DiagId::AttributeIgnored, a->range,
               {attrDisplayName(*info), "it has an effect only on parameters of [[vk::ext_instruction]] functions"});
    }
}

// Sections 8.2 and 8.3 on a global: [[vk::ext_storage_class(N)]] takes it out of $Globals
// (or Private) into storage class N; [[vk::ext_builtin_input(B)]] on a `static const` and
// [[vk::ext_builtin_output(B)]] on a `static` make it the Input / Output built-in B, one
// direction per built-in (DXC's texts).
void SemaImpl::checkInlineSpirvGlobal(VarDecl* v, GlobalVar& g) {
  const Attribute* in = findAttr(v->attributes, AttrId::VkExtBuiltinInput);
  const Attribute* out = findAttr(v->attributes, AttrId::VkExtBuiltinOutput);
  SourceRange nr = v->nameRange.valid() ? v->nameRange : v->range;
  if (in && out) {
    error(DiagId::BuiltinInputAndOutput, nr);
    return;
  }
  if (const Attribute* b = in ? in : out) {
    bool isConst = (v->storage & SF_Const) || (v->typeSpec && (v->typeSpec->mods & TM_Const));
    if (!(v->storage & SF_Static)) {
      error(DiagId::BuiltinNotStatic, nr);
      return;
    }
    if (in && !isConst) {
      error(DiagId::BuiltinInputNotConst, nr);
      return;
    }
    uint32_t id = uint32_t(attrInt(b, 0));
    auto it = spirvBuiltins.find(id);
    if (it != spirvBuiltins.end() && it->second.output != (out != nullptr)) {
      Diagnostic& d = error(DiagId::BuiltinRedefined, b->range, {std::to_string(id), out ? "output" : "input"});
      const VarDecl* prev = it->second.decl;
      d.notes.push_back({prev->nameRange.valid() ? prev->nameRange : prev->range, "previous definition is here"});
      return;
    }
    if (it == spirvBuiltins.end()) spirvBuiltins[id] = {v, out != nullptr};
    g.kind = GlobalKind::SpirvBuiltin;
    g.spirvValue = id;
    g.spirvOutput = out != nullptr;
    return;
  }
  if (const Attribute* sc = findAttr(v->attributes, AttrId::VkExtStorageClass)) {
    g.kind = GlobalKind::SpirvStorageClass;
    g.spirvValue = uint32_t(attrInt(sc, 0));
  }
}

// [[vk::ext_capability]] / [[vk::ext_extension]] are the only statement attributes of
// inline SPIR-V; they have an effect only on a vk::ext_execution_mode[_id] call.
void SemaImpl::checkInlineSpirvStmtAttrs(Stmt* s) {
  bool modeCall = false;
  if (s->kind == StmtKind::Expr) {
    auto* c = dyn_cast<CallExpr>(skipParens(static_cast<ExprStmt*>(s)->expr));
    modeCall = c && c->qualifiers.size() == 1 && c->qualifiers[0].str() == "vk" &&
               (c->name.str() == "ext_execution_mode" || c->name.str() == "ext_execution_mode_id");
  }
  if (modeCall) return;
  for (Attribute* a : s->attributes) {
    const AttrInfo* info = attrOf(a);
    if (!info || (info->id != AttrId::VkExtCapability && info->id != AttrId::VkExtExtension)) continue;
    attrDiag(DiagId::AttributeIgnored, a->range,
             {attrDisplayName(*info), "on a statement it has an effect only on a vk::ext_execution_mode call"});
  }
}

}  // namespace oneshader::sema
