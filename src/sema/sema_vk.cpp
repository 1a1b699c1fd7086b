// Sema: the implicit `vk` namespace of DXC's SPIR-V path (shared/design/inline-spirv.md
// sections 3, 5, 7, 11): its constants (vk::DeviceScope, ...), its built-in functions
// (vk::ext_execution_mode[_id], vk::ReadClock, vk::RawBufferLoad/Store) and its built-in
// templates. A user `namespace vk { ... }` (DXC's headers write one) reopens the same
// namespace. The checks DXC makes while generating code (constant operands, argument
// counts, alignments) are lowering's, for the calls that are emitted.
#include "sema/sema_impl.hpp"

namespace oneshader::sema {

namespace {
struct VkConstant {
  const char* name;
  uint32_t value;
};
// DXC's utils/hct/gen_intrin_main.txt, namespace VkIntrinsics (SPIR-V Scope values).
constexpr VkConstant kVkConstants[] = {
    {"CrossDeviceScope", 0}, {"DeviceScope", 1},     {"WorkgroupScope", 2},
    {"SubgroupScope", 3},    {"InvocationScope", 4}, {"QueueFamilyScope", 5},
};

struct VkFunction {
  const char* name;
  VkBuiltin id;
};
constexpr VkFunction kVkFunctions[] = {
    {"ext_execution_mode", VkBuiltin::ExtExecutionMode},
    {"ext_execution_mode_id", VkBuiltin::ExtExecutionModeId},
    {"ReadClock", VkBuiltin::ReadClock},
    {"RawBufferLoad", VkBuiltin::RawBufferLoad},
    {"RawBufferStore", VkBuiltin::RawBufferStore},
    {"static_pointer_cast", VkBuiltin::StaticPointerCast},
    {"reinterpret_pointer_cast", VkBuiltin::ReinterpretPointerCast},
    {"CooperativeMatrixLength", VkBuiltin::CooperativeMatrixLength},
};
}  // namespace

const char* vkBuiltinName(uint32_t id) {
  if (id == uint32_t(VkBuiltin::BufferPointerGet)) return "BufferPointer::Get";
  for (const VkFunction& f : kVkFunctions)
    if (uint32_t(f.id) == id) return f.name;
  return "?";
}

void SemaImpl::declareVkNamespace() {
  auto* ns = ctx.make<NamespaceDecl>();
  ns->name = ctx.ident("vk");
  vkNamespace = ns;
  declare(ns);
  vkScope = newScope(Scope::Kind::Namespace, ns);
  for (const VkConstant& c : kVkConstants) {
    auto* v = ctx.make<VarDecl>();
    v->name = ctx.ident(c.name);
    v->storage = SF_Static | SF_Const;
    v->type = types.uintType();
    v->parent = ns;
    checkedDecls.insert(v);
    ConstValue cv;
    cv.kind = ConstValue::Kind::Uint;
    cv.u = c.value;
    cv.i = c.value;
    constVars[v] = cv;
    vkScope->add(v->name, v);
  }
}

bool SemaImpl::inVkNamespace(std::span<Ident> quals) const { return quals.size() == 1 && quals[0].str() == "vk"; }

// vk:: built-in functions. Returns nullptr when `e` names none of them.
const Type* SemaImpl::checkVkCall(CallExpr* e) {
  if (!inVkNamespace(e->qualifiers)) return nullptr;
  const VkFunction* fn = nullptr;
  for (const VkFunction& f : kVkFunctions)
    if (e->name.str() == f.name) fn = &f;
  if (!fn) return nullptr;
  SourceRange nr = e->nameRange.valid() ? e->nameRange : e->range;
  e->intrinsic = uint32_t(fn->id);
  auto args = e->args;
  auto templateType = [&](const Type* dflt) -> const Type* {
    if (e->templateArgs.empty()) return dflt;
    if (e->templateArgs.size() > 1 || !e->templateArgs[0].type) {
      error(DiagId::TemplateDeduction, nr, {std::string("vk::") + fn->name});
      return types.errorType();
    }
    return resolveType(e->templateArgs[0].type);
  };
  switch (fn->id) {
    case VkBuiltin::ExtExecutionMode:
    case VkBuiltin::ExtExecutionModeId:
      // void ext_execution_mode(uint mode, ...): the operands' checks are lowering's.
      if (args.empty()) {
        error(DiagId::WrongArgCount, nr, {std::string("vk::") + fn->name, "at least 1", "0"});
        return types.errorType();
      }
      for (Expr*& a : e->args) finalizeLiteral(a);
      return types.voidType();
    case VkBuiltin::ReadClock:
      // uint64_t ReadClock(uint scope)
      if (args.size() != 1) {
        error(DiagId::WrongArgCount, nr, {"vk::ReadClock", "1", std::to_string(args.size())});
        return types.errorType();
      }
      if (!convert(e->args[0], types.uintType())) return types.errorType();
      return types.scalar(ScalarKind::Uint64);
    case VkBuiltin::RawBufferLoad: {
      // T RawBufferLoad<T = uint>(uint64_t address [, uint alignment = 4])
      const Type* t = templateType(types.uintType());
      if (t->isError()) return t;
      if (args.empty()) {
        error(DiagId::WrongArgCount, nr, {"vk::RawBufferLoad", "1 or 2", "0"});
        return types.errorType();
      }
      if (!convert(e->args[0], types.scalar(ScalarKind::Uint64))) return types.errorType();
      for (size_t i = 1; i < args.size(); ++i)
        if (!convert(e->args[i], types.uintType())) return types.errorType();
      return t;
    }
    case VkBuiltin::RawBufferStore: {
      // void RawBufferStore<T = uint>(uint64_t address, T value [, uint alignment = 4])
      if (args.size() < 2) {
        error(DiagId::WrongArgCount, nr, {"vk::RawBufferStore", "2 or 3", std::to_string(args.size())});
        return types.errorType();
      }
      const Type* t = templateType(nullptr);
      if (t && t->isError()) return t;
      if (!t) t = defaultLiteralType(e->args[1]);
      if (!convert(e->args[0], types.scalar(ScalarKind::Uint64))) return types.errorType();
      if (!convert(e->args[1], t)) return types.errorType();
      for (size_t i = 2; i < args.size(); ++i)
        if (!convert(e->args[i], types.uintType())) return types.errorType();
      return types.voidType();
    }
    case VkBuiltin::BufferPointerGet: break;  // a method (checkMethodCall)
    case VkBuiltin::StaticPointerCast:
    case VkBuiltin::ReinterpretPointerCast: {
      // BufferPointer<T, A> static_pointer_cast<T, A = 0>(BufferPointer<U, B> p) and the same
      // for reinterpret_pointer_cast (proposal 0010).
      std::string name = std::string("vk::") + fn->name;
      if (e->templateArgs.empty() || e->templateArgs.size() > 2 || !e->templateArgs[0].type ||
          (e->templateArgs.size() == 2 && !e->templateArgs[1].expr)) {
        error(DiagId::TemplateDeduction, nr, {name});
        return types.errorType();
      }
      if (args.size() != 1) {
        error(DiagId::WrongArgCount, nr, {name, "1", std::to_string(args.size())});
        return types.errorType();
      }
      const Type* to = resolveType(e->templateArgs[0].type);
      if (to->isError()) return to;
      uint32_t align = 0;
      if (e->templateArgs.size() == 2) {
        Expr* ae = e->templateArgs[1].expr;
        checkExpr(ae);
        e->templateArgs[1].expr = ae;
        ConstValue v = eval(ae);
        if (!v.valid() || v.kind == ConstValue::Kind::Float || v.asInt() < 0 || v.asInt() > 0x7fffffff) {
          error(DiagId::InvalidAttributeArg, ae->range, {name, "expected a constant alignment"});
          return types.errorType();
        }
        align = uint32_t(v.asInt());
      }
      const Type* from = checkExpr(e->args[0]);
      if (from->isError()) return from;
      if (!from->isBufferPointer()) {
        error(DiagId::TypeMismatch, e->args[0]->range, {typeName(from), "a vk::BufferPointer"});
        return types.errorType();
      }
      // DXC (SemaHLSL): a static cast goes to a base struct (or the same type); the
      // alignment may not grow.
      if (fn->id == VkBuiltin::StaticPointerCast && to != from->pointeeType()) {
        bool base = false;
        const Type* d = from->pointeeType();
        while (d && d->isStruct() && !d->structDecl()->bases.empty() && !base) {
          d = d->structDecl()->bases[0]->resolved;
          base = d == to;
        }
        if (!base) {
          error(DiagId::BufferPointerStaticCast, e->range);
          return types.errorType();
        }
      }
      if (align > from->pointerAlignment()) {
        error(DiagId::BufferPointerCastAlignment, e->range);
        return types.errorType();
      }
      return types.bufferPointer(to, align);
    }
    case VkBuiltin::CooperativeMatrixLength: {
      // uint CooperativeMatrixLength<T>(): OpCooperativeMatrixLengthKHR of the inline type T
      // (vk::SpirvOpaqueType<OpTypeCooperativeMatrixKHR, ...>; DXC's header reaches it as
      // __builtin_spv_CooperativeMatrixLengthKHR<T>(), whose operand is a type, not a value).
      if (e->templateArgs.size() != 1 || !e->templateArgs[0].type) {
        error(DiagId::TemplateDeduction, nr, {"vk::CooperativeMatrixLength"});
        return types.errorType();
      }
      if (!args.empty()) {
        error(DiagId::WrongArgCount, nr, {"vk::CooperativeMatrixLength", "0", std::to_string(args.size())});
        return types.errorType();
      }
      const Type* t = resolveType(e->templateArgs[0].type);
      if (t->isError()) return t;
      if (!t->isSpirvType() || t->spirvOpcode() != 4456 /* OpTypeCooperativeMatrixKHR */) {
        error(DiagId::TypeMismatch, e->templateArgs[0].type->range,
              {typeName(t),
               "a cooperative matrix type (vk::SpirvOpaqueType</* OpTypeCooperativeMatrixKHR */ 4456, ...>)"});
        return types.errorType();
      }
      return types.uintType();
    }
  }
  return nullptr;
}

bool SemaImpl::isResultIdSpec(const TypeSpec* ts) {
  return ts && ts->qualifiers.size() == 1 && ts->qualifiers[0].str() == "vk" && ts->name.str() == "ext_result_id";
}

// vk:: built-in templates. vk::ext_result_id<T> is T (section 5: a variable of it is bound to
// its initializer's id, lowering's business).
const Type* SemaImpl::resolveVkType(TypeSpec* ts) {
  std::string_view n = ts->name.str();
  if (n == "ext_result_id") {
    if (ts->templateArgs.size() != 1 || !ts->templateArgs[0].type) {
      error(DiagId::TemplateDeduction, ts->range, {"vk::ext_result_id"});
      return types.errorType();
    }
    return resolveType(ts->templateArgs[0].type);
  }
  if (n == "BufferPointer") return resolveBufferPointer(ts);
  // vk::SampledTexture1D .. vk::SampledTextureCUBEArray<T = float4> (DXC): the Texture kind
  // of the same shape, marked as a combined image sampler (type.hpp).
  static constexpr struct {
    const char* name;
    ResourceKind kind;
  } kSampled[] = {
      {"SampledTexture1D", ResourceKind::Texture1D},
      {"SampledTexture1DArray", ResourceKind::Texture1DArray},
      {"SampledTexture2D", ResourceKind::Texture2D},
      {"SampledTexture2DArray", ResourceKind::Texture2DArray},
      {"SampledTexture2DMS", ResourceKind::Texture2DMS},
      {"SampledTexture2DMSArray", ResourceKind::Texture2DMSArray},
      {"SampledTexture3D", ResourceKind::Texture3D},
      {"SampledTextureCUBE", ResourceKind::TextureCube},
      {"SampledTextureCUBEArray", ResourceKind::TextureCubeArray},
  };
  for (const auto& st : kSampled) {
    if (n != st.name) continue;
    const Type* elem = types.vector(types.floatType(), 4);
    if (ts->hasTemplateArgs && !ts->templateArgs.empty()) {
      if (ts->templateArgs.size() > 1 || !ts->templateArgs[0].type) {
        error(DiagId::TemplateDeduction, ts->range, {std::string("vk::") + st.name});
        return types.errorType();
      }
      elem = resolveType(ts->templateArgs[0].type);
      if (elem->isError()) return elem;
      // DXC: a numeric scalar or vector of up to four components.
      if (!elem->isScalarOrVector() || elem->isBool() || elem->componentCount() > 4) {
        error(DiagId::TypeMismatch, ts->range, {typeName(elem), "a numeric scalar or vector"});
        return types.errorType();
      }
    }
    return types.resource(st.kind, elem, true);
  }
  if (n == "SpirvType" || n == "SpirvOpaqueType") return resolveSpirvType(ts, n == "SpirvOpaqueType");
  if (n == "integral_constant") return resolveIntegralConstant(ts);
  if (n == "Literal") return resolveSpirvLiteral(ts);
  if (n == "ext_type") return resolveExtType(ts);
  return nullptr;
}

// vk::BufferPointer<T, Alignment = 0> (section 11.2): T may be a struct declared later (a
// linked list's node); the alignment is a constant.
const Type* SemaImpl::resolveBufferPointer(TypeSpec* ts) {
  auto args = ts->templateArgs;
  if (args.empty() || args.size() > 2 || !args[0].type || (args.size() == 2 && !args[1].expr)) {
    error(DiagId::TemplateDeduction, ts->range, {"vk::BufferPointer"});
    return types.errorType();
  }
  bool saved = allowIncompleteStruct;
  allowIncompleteStruct = true;
  const Type* t = resolveType(args[0].type);
  allowIncompleteStruct = saved;
  if (t->isError()) return t;
  if (t->isVoid() || t->isResource() || t->isString() || t->isFunction()) {
    error(DiagId::TypeMismatch, args[0].type->range, {typeName(t), "a vk::BufferPointer pointee type"});
    return types.errorType();
  }
  uint32_t align = 0;
  if (args.size() == 2) {
    Expr* e = args[1].expr;
    checkExpr(e);
    args[1].expr = e;
    ConstValue v = eval(e);
    if (!v.valid() || v.kind == ConstValue::Kind::Float || v.asInt() < 0 || v.asInt() > 0x7fffffff) {
      error(DiagId::InvalidAttributeArg, e->range, {"vk::BufferPointer", "expected a constant alignment"});
      return types.errorType();
    }
    align = uint32_t(v.asInt());
  }
  return types.bufferPointer(t, align);
}

}  // namespace oneshader::sema
