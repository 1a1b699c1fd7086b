// -fspv-debug=vulkan / vulkan-with-source: NonSemantic.Shader.DebugInfo.100, the rich
// debug information RenderDoc and Nsight read (DXC's SPIR-V.rst "Debugging"; operand order
// from SPIRV-Headers' extinst.nonsemantic.shader.debuginfo.100.grammar.json, where every
// operand is an <id>: numbers are 32-bit OpConstant %uint).
//
// What the module gets, added to the code it has without the option (nothing else changes):
//  - OpExtInstImport "NonSemantic.Shader.DebugInfo.100" (with SPV_KHR_non_semantic_info
//    below SPIR-V 1.6);
//  - after the types, constants and variables: DebugSource per file (its text with
//    vulkan-with-source, continued by DebugSourceContinued past one instruction's size),
//    DebugCompilationUnit, the types (DebugTypeBasic / Vector / Matrix / Array / Composite
//    with DebugTypeMember / Pointer / Function), DebugFunction per function with its
//    DebugLexicalBlock per compound statement, DebugLocalVariable per named local and
//    parameter, DebugGlobalVariable per named global, DebugEntryPoint;
//  - in each function: DebugScope + DebugFunctionDefinition + DebugDeclare (one per
//    variable) after the first block's OpVariables, then a DebugScope where the scope changes
//    and a DebugLine (line and column ranges) where the source position changes; each block
//    starts again (a DebugScope and a DebugLine hold to the end of their block).
// Lines and columns are physical ones of each file (the text DebugSource embeds); a
// DebugLine's end column is the last character of the range. The cost is linear in the
// module's size plus a binary search over a function's scopes per instruction.
#include <algorithm>
#include <map>
#include <spirv/unified1/NonSemanticShaderDebugInfo100.h>

#include "backend/spirv/emitter.hpp"
#include "syntax/source.hpp"

namespace oneshader::spirv {

using namespace ir;

namespace {
constexpr uint32_t kFlagIsPublic = NonSemanticShaderDebugInfo100FlagIsPublic;
constexpr uint32_t kFlagIsLocal = NonSemanticShaderDebugInfo100FlagIsLocal;
constexpr uint32_t kFlagIsDefinition = NonSemanticShaderDebugInfo100FlagIsDefinition;
constexpr uint32_t kNone = ~0u;
}  // namespace

class DebugInfoEmitter {
 public:
  DebugInfoEmitter(Emitter& e, Section& globals)
      : e_(e), out_(globals), sm_(e.diags_.sourceManager()),
        set_(e.extImport(Emitter::kDebugInfoSet)) {}
  void run();

 private:
  Emitter& e_;
  Section& out_;
  const SourceManager* sm_;
  uint32_t set_;
  uint32_t unit_ = 0, mainSource_ = 0, expression_ = 0, none_ = 0;
  std::unordered_map<FileId, uint32_t> sources_;
  std::vector<uint32_t> types_;  // by IR type (0: not made yet, kNone: being made)
  std::map<std::vector<uint32_t>, uint32_t> functionTypes_;  // DebugTypeFunction by operands

  struct Position {
    uint32_t source, line, column, lineEnd, columnEnd;
    friend bool operator==(const Position& a, const Position& b) {
      return a.source == b.source && a.line == b.line && a.column == b.column && a.lineEnd == b.lineEnd &&
             a.columnEnd == b.columnEnd;
    }
  };
  // Per emitted function: its DebugFunction, its scopes' ids and the scopes sorted by start.
  struct FunctionInfo {
    uint32_t debugFunction = 0;
    std::vector<uint32_t> scopes;                        // by ir::Function::scopes index
    std::vector<std::pair<uint32_t, uint32_t>> byStart;  // (begin, scope index)
    std::vector<std::pair<uint32_t, uint32_t>> declares; // (DebugLocalVariable, variable id)
  };
  std::vector<FunctionInfo> functions_;

  uint32_t u(uint32_t v) { return e_.constantU32(v); }
  uint32_t str(const std::string& s) { return e_.stringId(s); }
  uint32_t inst(NonSemanticShaderDebugInfo100Instructions op, const std::vector<uint32_t>& operands) {
    uint32_t r = e_.id();
    encode(out_, op, r, operands);
    return r;
  }
  void encode(std::vector<uint32_t>& words, NonSemanticShaderDebugInfo100Instructions op, uint32_t r,
              const std::vector<uint32_t>& operands) {
    words.push_back(uint32_t(5 + operands.size()) << 16 | uint32_t(spv::Op::OpExtInst));
    words.insert(words.end(), {e_.voidTypeId(), r, set_, uint32_t(op)});
    words.insert(words.end(), operands.begin(), operands.end());
  }
  void encode(Section& s, NonSemanticShaderDebugInfo100Instructions op, uint32_t r,
              const std::vector<uint32_t>& operands) {
    encode(s.words, op, r, operands);
    ++s.count;
  }
  uint32_t none() {
    if (!none_) none_ = inst(NonSemanticShaderDebugInfo100DebugInfoNone, {});
    return none_;
  }
  uint32_t source(FileId f);
  Position position(SourceRange r);
  uint32_t type(Handle<Type> t);
  uint32_t typeBits(Handle<Type> t);
  uint32_t scopeAt(const FunctionInfo& fi, const Function& f, SourceLoc loc) const;
  void function(size_t k);
  void globals();
  void bodies();
};

uint32_t DebugInfoEmitter::source(FileId f) {
  if (auto it = sources_.find(f); it != sources_.end()) return it->second;
  std::vector<uint32_t> ops{str(sm_ && f ? sm_->path(f) : std::string())};
  std::vector<std::string_view> pieces;
  // The text's OpString holds the result id and the string; so does each continuation's.
  if (e_.opt_.debugInfoSource && sm_ && f)
    pieces = Emitter::textPieces(sm_->text(f), 1, 1, e_.opt_.debugInfoSourcePiece ? e_.opt_.debugInfoSourcePiece : ~size_t(0));
  if (!pieces.empty()) ops.push_back(str(std::string(pieces[0])));
  uint32_t r = inst(NonSemanticShaderDebugInfo100DebugSource, ops);
  for (size_t p = 1; p < pieces.size(); ++p)
    inst(NonSemanticShaderDebugInfo100DebugSourceContinued, {str(std::string(pieces[p]))});
  return sources_[f] = r;
}

DebugInfoEmitter::Position DebugInfoEmitter::position(SourceRange r) {
  FileId f = sm_ && r.valid() ? sm_->fileOf(r.begin) : 0;
  if (!f) return {mainSource_, 0, 0, 0, 0};
  PresumedLoc b = sm_->physicalLoc(r.begin);
  PresumedLoc e = b;
  if (r.end.valid() && r.begin < r.end && sm_->fileOf(SourceLoc{r.end.raw - 1}) == f)
    e = sm_->physicalLoc(SourceLoc{r.end.raw - 1});
  return {source(f), b.line, b.column, e.line, e.column};
}

// The size in bits of a value of `t`: laid-out structs and arrays from their layout,
// others packed (DXC's sizes for function-scope values).
uint32_t DebugInfoEmitter::typeBits(Handle<Type> h) {
  const Type& t = e_.types_[h];
  switch (t.kind) {
    case TypeKind::Scalar:
    case TypeKind::Atomic: return t.scalar.width;
    case TypeKind::Vector: return t.scalar.width * t.size;
    case TypeKind::Matrix: return t.scalar.width * t.size * t.columns;
    case TypeKind::Array:
      if (t.stride) return t.stride * 8 * t.arraySize;
      return typeBits(t.base) * t.arraySize;
    case TypeKind::Struct: {
      if (t.structSize) return t.structSize * 8;
      uint32_t bits = 0;
      for (const StructMember& m : t.members) bits += typeBits(m.type);
      return bits;
    }
    case TypeKind::Pointer: return 64;
    default: return 0;
  }
}

uint32_t DebugInfoEmitter::type(Handle<Type> h) {
  if (!e_.types_.contains(h)) return none();
  if (types_.size() <= h.index) types_.resize(e_.types_.size(), 0);
  if (types_[h.index] == kNone) return none();  // a struct reached again through a pointer
  if (types_[h.index]) return types_[h.index];
  types_[h.index] = kNone;
  const Type t = e_.types_[h];  // a copy: making types may intern more
  uint32_t r = 0;
  switch (t.kind) {
    case TypeKind::Scalar:
    case TypeKind::Atomic: {
      const char* name = "float";
      uint32_t encoding = NonSemanticShaderDebugInfo100Float;
      switch (t.scalar.kind) {
        case ScalarKind::Bool: name = "bool"; encoding = NonSemanticShaderDebugInfo100Boolean; break;
        case ScalarKind::Sint:
          name = t.scalar.width == 64 ? "int64_t" : t.scalar.width == 16 ? "int16_t" : "int";
          encoding = NonSemanticShaderDebugInfo100Signed;
          break;
        case ScalarKind::Uint:
          name = t.scalar.width == 64 ? "uint64_t" : t.scalar.width == 16 ? "uint16_t" : "uint";
          encoding = NonSemanticShaderDebugInfo100Unsigned;
          break;
        case ScalarKind::Float: name = t.scalar.width == 64 ? "double" : t.scalar.width == 16 ? "half" : "float"; break;
      }
      r = inst(NonSemanticShaderDebugInfo100DebugTypeBasic, {str(name), u(t.scalar.width), u(encoding), u(0)});
      break;
    }
    case TypeKind::Vector:
      r = inst(NonSemanticShaderDebugInfo100DebugTypeVector, {type(e_.types_.scalar(t.scalar)), u(t.size)});
      break;
    case TypeKind::Matrix:
      // IR columns are HLSL rows (ir.hpp): DXC's vector type and count; column major 1.
      r = inst(NonSemanticShaderDebugInfo100DebugTypeMatrix,
               {type(e_.types_.vector(t.scalar, t.size)), u(t.columns), u(1)});
      break;
    case TypeKind::Array: {
      // Nested arrays are one DebugTypeArray with the counts outermost first, as declared.
      std::vector<uint32_t> counts{u(t.arraySize)};
      Handle<Type> base = t.base;
      while (e_.types_.contains(base) && e_.types_[base].kind == TypeKind::Array) {
        counts.push_back(u(e_.types_[base].arraySize));
        base = e_.types_[base].base;
      }
      std::vector<uint32_t> ops{type(base)};
      ops.insert(ops.end(), counts.begin(), counts.end());
      r = inst(NonSemanticShaderDebugInfo100DebugTypeArray, ops);
      break;
    }
    case TypeKind::Struct: {
      // DebugTypeMember has no parent operand: the members come first, no forward reference.
      // Positions from lowering's record of the declaration (ir::Module::structSources).
      const Module::StructSource* decl = h.index < e_.m_.structSources.size() ? &e_.m_.structSources[h.index] : nullptr;
      std::vector<uint32_t> members;
      uint32_t offset = 0;
      for (size_t k = 0; k < t.members.size(); ++k) {
        const StructMember& m = t.members[k];
        uint32_t bits = typeBits(m.type);
        const Type& mt = e_.types_[m.type];
        if (mt.kind == TypeKind::Matrix && m.matrixStride)  // its vectors in memory, one stride each
          bits = m.matrixStride * 8 * (m.matrixLayout == MatrixLayout::RowMajor ? mt.size : mt.columns);
        uint32_t at = t.structSize ? m.offset * 8 : offset;  // packed without a layout
        offset = at + bits;
        Position mp = position(decl && k < decl->members.size() ? decl->members[k] : SourceRange{});
        members.push_back(inst(NonSemanticShaderDebugInfo100DebugTypeMember,
                               {str(m.name), type(m.type), mp.source, u(mp.line), u(mp.column), u(at), u(bits),
                                u(kFlagIsPublic)}));
      }
      Position p = position(decl ? decl->name : SourceRange{});
      std::vector<uint32_t> ops{str(t.name), u(NonSemanticShaderDebugInfo100Structure), p.source, u(p.line), u(p.column),
                                unit_, str(t.name), u(typeBits(h)), u(kFlagIsPublic)};
      ops.insert(ops.end(), members.begin(), members.end());
      r = inst(NonSemanticShaderDebugInfo100DebugTypeComposite, ops);
      break;
    }
    case TypeKind::Pointer:
      r = inst(NonSemanticShaderDebugInfo100DebugTypePointer,
               {type(t.base), u(uint32_t(e_.storageClassOf(t))), u(0)});
      break;
    case TypeKind::SpirvType: break;  // inline SPIR-V's own type: DebugInfoNone
    case TypeKind::Image:
    case TypeKind::Sampler:
    case TypeKind::AccelerationStructure:
    case TypeKind::RayQuery: {
      // An opaque handle: a class without members or size (DXC's shape for resources; for
      // ray queries and acceleration structures DXC's names, rayquery_debug.hlsl).
      std::string name = t.kind == TypeKind::Sampler                 ? "type.sampler"
                         : t.kind == TypeKind::Image                 ? "type.image"
                         : t.kind == TypeKind::AccelerationStructure ? "accelerationStructureKHR"
                                                                     : "rayQueryKHR";
      std::string display = t.kind == TypeKind::Image || t.kind == TypeKind::Sampler ? name : "@" + name;
      r = inst(NonSemanticShaderDebugInfo100DebugTypeComposite,
               {str(display), u(NonSemanticShaderDebugInfo100Class), mainSource_, u(0), u(0), unit_, str(name), none(),
                u(kFlagIsPublic)});
      break;
    }
  }
  if (!r) r = none();
  if (types_.size() <= h.index) types_.resize(h.index + 1, 0);
  return types_[h.index] = r;
}

// The innermost scope of `f` holding `loc` (its DebugLexicalBlock), else the function.
uint32_t DebugInfoEmitter::scopeAt(const FunctionInfo& fi, const Function& f, SourceLoc loc) const {
  if (!loc.valid() || fi.byStart.empty()) return fi.debugFunction;
  auto it = std::upper_bound(fi.byStart.begin(), fi.byStart.end(), std::make_pair(loc.raw, ~0u));
  if (it == fi.byStart.begin()) return fi.debugFunction;
  uint32_t s = std::prev(it)->second;
  // Walk out to the first enclosing scope that holds loc (parents come before children).
  for (uint32_t steps = 0; s < f.scopes.size() && steps <= f.scopes.size(); ++steps) {
    const SourceRange& r = f.scopes[s].range;
    if (!(loc < r.begin) && loc < r.end) return fi.scopes[s];
    s = f.scopes[s].parent;
  }
  return fi.debugFunction;
}

void DebugInfoEmitter::function(size_t k) {
  const Emitter::EmittedFunction& ef = e_.emitted_[k];
  const Function& f = e_.m_.functions[Handle<Function>(ef.index)];
  bool entry = ef.index == e_.ep_.function.index;
  FunctionInfo& fi = functions_[k];
  // DebugTypeFunction: flags, the return type (OpTypeVoid itself for none), the parameters.
  std::vector<uint32_t> sig{u(kFlagIsPublic), !entry && f.result ? type(f.result->type) : e_.voidTypeId()};
  if (!entry)
    for (const FunctionArgument& a : f.arguments) {
      const Type& at = e_.types_[a.type];
      sig.push_back(type(at.kind == TypeKind::Pointer && at.space == AddressSpace::Function ? at.base : a.type));
    }
  uint32_t& fnType = functionTypes_[sig];  // one per signature
  if (!fnType) fnType = inst(NonSemanticShaderDebugInfo100DebugTypeFunction, sig);
  Position p = position(f.declRange.valid() ? f.declRange : f.range);
  uint32_t scopeLine = f.scopes.empty() ? p.line : position(f.scopes[0].range).line;
  // The entry point's wrapper (stage inputs and outputs around the HLSL function, lowering's
  // "src.NAME") has a name of its own; the HLSL function has its HLSL name.
  std::string name = entry ? e_.ep_.name + ".entry" : f.name == "src." + e_.ep_.name ? e_.ep_.name : f.name;
  fi.debugFunction = inst(NonSemanticShaderDebugInfo100DebugFunction,
                          {str(name), fnType, p.source, u(p.line), u(p.column), unit_, str(name), u(kFlagIsPublic),
                           u(scopeLine)});
  if (entry) {
    std::string signature = "OneShader " + e_.opt_.toolVersion;
    inst(NonSemanticShaderDebugInfo100DebugEntryPoint,
         {fi.debugFunction, unit_, str(signature), str(e_.opt_.commandLine)});
  }
  fi.scopes.resize(f.scopes.size());
  for (size_t s = 0; s < f.scopes.size(); ++s) {
    Position sp = position(f.scopes[s].range);
    uint32_t parent = f.scopes[s].parent < s ? fi.scopes[f.scopes[s].parent] : fi.debugFunction;
    fi.scopes[s] = inst(NonSemanticShaderDebugInfo100DebugLexicalBlock, {sp.source, u(sp.line), u(sp.column), parent});
    if (f.scopes[s].range.valid()) fi.byStart.push_back({f.scopes[s].range.begin.raw, uint32_t(s)});
  }
  std::stable_sort(fi.byStart.begin(), fi.byStart.end());
  auto variable = [&](const std::string& nm, Handle<Type> t, SourceRange decl, uint32_t argument, uint32_t var) {
    Position vp = position(decl);
    std::vector<uint32_t> ops{str(nm), type(t), vp.source, u(vp.line), u(vp.column), scopeAt(fi, f, decl.begin),
                              u(kFlagIsLocal)};
    if (argument) ops.push_back(u(argument));
    fi.declares.push_back({inst(NonSemanticShaderDebugInfo100DebugLocalVariable, ops), var});
  };
  // Out / inout parameters: the OpFunctionParameter pointer is the variable.
  for (size_t a = 0; a < f.arguments.size() && a < ef.parameters.size(); ++a) {
    const FunctionArgument& arg = f.arguments[a];
    const Type& at = e_.types_[arg.type];
    if (arg.declRange.valid() && at.kind == TypeKind::Pointer && at.space == AddressSpace::Function)
      variable(arg.name, at.base, arg.declRange, uint32_t(a + 1), ef.parameters[a]);
  }
  for (size_t l = 0; l < f.locals.size() && l < ef.locals.size(); ++l)
    if (f.locals[l].declRange.valid())
      variable(f.locals[l].name, f.locals[l].type, f.locals[l].declRange, f.locals[l].parameter, ef.locals[l]);
}

void DebugInfoEmitter::globals() {
  for (uint32_t g = 0; g < e_.m_.globals.size() && g < e_.globalIds_.size(); ++g) {
    const GlobalVariable& gv = e_.m_.globals[Handle<GlobalVariable>(g)];
    uint32_t var = e_.globalIds_[g];
    if (!var || gv.name.empty() || gv.space == AddressSpace::Input || gv.space == AddressSpace::Output) continue;
    Position p = position(gv.range);
    inst(NonSemanticShaderDebugInfo100DebugGlobalVariable,
         {str(gv.name), type(gv.type), p.source, u(p.line), u(p.column), unit_, str(gv.name), var,
          u(kFlagIsDefinition)});
  }
}

void DebugInfoEmitter::bodies() {
  size_t k = 0;       // the function being walked (emitted_ index + 1; 0: none yet)
  bool defined = false;
  uint32_t scope = 0;
  Position line{};
  bool haveLine = false;
  e_.insertBefore([&](spv::Op op, spv::Op previous, SourceRange r, std::vector<uint32_t>& out) {
    if (op == spv::Op::OpFunction) {
      ++k;
      defined = false;
    }
    if (op == spv::Op::OpFunction || op == spv::Op::OpLabel) {
      // A DebugScope and a DebugLine end with their block.
      scope = 0;
      haveLine = false;
    }
    if (k == 0 || k > functions_.size() || !Emitter::mayPrecede(op, previous)) return;
    const FunctionInfo& fi = functions_[k - 1];
    const Function& f = e_.m_.functions[Handle<Function>(e_.emitted_[k - 1].index)];
    if (!defined) {
      // After the first block's variables: the function's definition and its variables.
      encode(out, NonSemanticShaderDebugInfo100DebugScope, e_.id(), {fi.debugFunction});
      encode(out, NonSemanticShaderDebugInfo100DebugFunctionDefinition, e_.id(),
             {fi.debugFunction, e_.emitted_[k - 1].id});
      for (const auto& [variable, var] : fi.declares)
        encode(out, NonSemanticShaderDebugInfo100DebugDeclare, e_.id(), {variable, var, expression_});
      scope = fi.debugFunction;
      defined = true;
    }
    uint32_t s = r.valid() ? scopeAt(fi, f, r.begin) : (scope ? scope : fi.debugFunction);
    if (s != scope) {
      encode(out, NonSemanticShaderDebugInfo100DebugScope, e_.id(), {s});
      scope = s;
    }
    if (!r.valid()) return;
    Position p = position(r);
    if (haveLine && p == line) return;
    encode(out, NonSemanticShaderDebugInfo100DebugLine, e_.id(),
           {p.source, u(p.line), u(p.lineEnd), u(p.column), u(p.columnEnd)});
    line = p;
    haveLine = true;
  });
}

void DebugInfoEmitter::run() {
  FileId mainFile = sm_ && e_.ep_.range.valid() ? sm_->fileOf(e_.ep_.range.begin) : 0;
  mainSource_ = source(mainFile);
  // Version 1, DWARF version 4, language HLSL (SPIR-V SourceLanguage 5), as DXC writes them.
  unit_ = inst(NonSemanticShaderDebugInfo100DebugCompilationUnit,
               {u(1), u(4), mainSource_, u(uint32_t(spv::SourceLanguage::HLSL))});
  expression_ = inst(NonSemanticShaderDebugInfo100DebugExpression, {});
  functions_.resize(e_.emitted_.size());
  for (size_t k = 0; k < e_.emitted_.size(); ++k) function(k);
  globals();
  bodies();
}

void Emitter::debugInfo(Section& globals) {
  DebugInfoEmitter d(*this, globals);
  d.run();
}

}  // namespace oneshader::spirv
