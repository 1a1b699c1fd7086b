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
//
// -fspv-debug=rich / rich-with-source: the same information as OpenCL.DebugInfo.100 (SPIRV-Headers'
// extinst.opencl.debuginfo.100.grammar.json), DXC's older form, from the same code. The shared
// instructions have the same opcodes and operand order; what differs is parametrized here:
//  - numbers the OpenCL set takes as literals (flags, lines, columns, encodings, tags, storage
//    classes, vector counts, argument numbers; lit()) are OpConstant ids in the Vulkan set
//    (sizes, offsets and array counts are ids in both: u());
//  - DebugTypeBasic has no Flags operand; DebugTypeMember names its parent composite, so the
//    composite comes first and lists its members by forward reference (as the OpenCL set's
//    validation allows); DebugFunction names its OpFunction (a forward reference too), where
//    the Vulkan set has DebugFunctionDefinition in the body;
//  - a matrix is a DebugTypeArray of its scalar with the row and column counts (the set has
//    no DebugTypeMatrix; DXC's choice); no DebugEntryPoint; source positions are core OpLine
//    (file, line, column) where the Vulkan set has DebugLine; a file's text is one OpString
//    (there is no DebugSourceContinued: a longer text is OSH3007);
//  - SPIRV-Tools 2023.1 validates this set's operands: a runtime array (count 0) and inline
//    SPIR-V's types are opaque classes, not DebugInfoNone, which it refuses as a member's or a
//    variable's type (in both sets, a pointer to anything but a scalar is one too: its
//    DebugTypePointer must point to a DebugTypeBasic); optimizeSpirv renumbers the ids of a
//    module with this set before any pass (its dead code elimination crashes otherwise).
#include <algorithm>
#include <cctype>
#include <map>
#include <spirv/unified1/NonSemanticShaderDebugInfo100.h>
#include <spirv/unified1/OpenCLDebugInfo100.h>

#include "backend/spirv/emitter.hpp"
#include "syntax/source.hpp"

namespace oneshader::spirv {

using namespace ir;

namespace {
constexpr uint32_t kFlagIsPublic = NonSemanticShaderDebugInfo100FlagIsPublic;
constexpr uint32_t kFlagIsLocal = NonSemanticShaderDebugInfo100FlagIsLocal;
constexpr uint32_t kFlagIsDefinition = NonSemanticShaderDebugInfo100FlagIsDefinition;
constexpr uint32_t kNone = ~0u;
// The instructions both sets have share their opcodes and enumerants: the Vulkan set's names
// serve both.
static_assert(uint32_t(NonSemanticShaderDebugInfo100DebugSource) == uint32_t(OpenCLDebugInfo100DebugSource));
static_assert(uint32_t(NonSemanticShaderDebugInfo100DebugTypeMember) == uint32_t(OpenCLDebugInfo100DebugTypeMember));
static_assert(uint32_t(NonSemanticShaderDebugInfo100DebugFunction) == uint32_t(OpenCLDebugInfo100DebugFunction));
static_assert(uint32_t(NonSemanticShaderDebugInfo100DebugScope) == uint32_t(OpenCLDebugInfo100DebugScope));
static_assert(uint32_t(NonSemanticShaderDebugInfo100DebugExpression) == uint32_t(OpenCLDebugInfo100DebugExpression));
static_assert(uint32_t(NonSemanticShaderDebugInfo100Class) == uint32_t(OpenCLDebugInfo100Class));
static_assert(uint32_t(NonSemanticShaderDebugInfo100Unsigned) == uint32_t(OpenCLDebugInfo100Unsigned));
static_assert(kFlagIsPublic == uint32_t(OpenCLDebugInfo100FlagIsPublic));
static_assert(kFlagIsDefinition == uint32_t(OpenCLDebugInfo100FlagIsDefinition));
}  // namespace

class DebugInfoEmitter {
 public:
  DebugInfoEmitter(Emitter& e, Section& globals)
      : e_(e),
        out_(globals),
        sm_(e.diags_.sourceManager()),
        opencl_(e.opt_.debugInfoOpenCL),
        set_(e.extImport(e.debugInfoSet())) {}
  void run();

 private:
  Emitter& e_;
  Section& out_;
  const SourceManager* sm_;
  bool opencl_;  // OpenCL.DebugInfo.100 (rich), else NonSemantic.Shader.DebugInfo.100
  uint32_t set_;
  uint32_t unit_ = 0, mainSource_ = 0, expression_ = 0, none_ = 0;
  std::unordered_map<FileId, uint32_t> sources_;
  std::unordered_map<uint32_t, uint32_t> fileNames_;         // DebugSource -> its file's OpString (OpLine)
  std::vector<uint32_t> types_;                              // by IR type (0: not made yet, kNone: being made)
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
    std::vector<uint32_t> scopes;                         // by ir::Function::scopes index
    std::vector<std::pair<uint32_t, uint32_t>> byStart;   // (begin, scope index)
    std::vector<std::pair<uint32_t, uint32_t>> declares;  // (DebugLocalVariable, variable id)
  };
  std::vector<FunctionInfo> functions_;

  uint32_t u(uint32_t v) { return e_.constantU32(v); }
  // A number the OpenCL set takes as a literal and the Vulkan set as a constant's id.
  uint32_t lit(uint32_t v) { return opencl_ ? v : u(v); }
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
  uint32_t undescribed(const std::string& name);
  uint32_t opaque(const std::string& display, const std::string& name);
  uint32_t source(FileId f);
  Position position(SourceRange r);
  uint32_t type(Handle<Type> t);
  uint32_t typeBits(Handle<Type> t);
  uint32_t scopeAt(const FunctionInfo& fi, const Function& f, SourceLoc loc) const;
  SourceRange nameIn(SourceRange r, const std::string& name) const;
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
    pieces = Emitter::textPieces(sm_->text(f), 1, 1,
                                 e_.opt_.debugInfoSourcePiece && !opencl_ ? e_.opt_.debugInfoSourcePiece : ~size_t(0));
  if (opencl_ && pieces.size() > 1) {
    // OpenCL.DebugInfo.100 has no DebugSourceContinued: the text must be one OpString.
    e_.error(DiagId::SpirvInstructionTooLong, SourceRange{sm_->startOf(f), sm_->startOf(f) + 1},
             {"the text of '" + sm_->path(f) +
                  "' in one OpString of an OpenCL.DebugInfo.100 DebugSource (which has no "
                  "continuation; -fspv-debug=vulkan-with-source continues it)",
              std::to_string(2 + (sm_->text(f).size() + 4) / 4)});
    pieces.clear();
  }
  if (!pieces.empty()) ops.push_back(str(std::string(pieces[0])));
  uint32_t r = inst(NonSemanticShaderDebugInfo100DebugSource, ops);
  fileNames_[r] = ops[0];
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

// A type the module cannot describe: DebugInfoNone in the Vulkan set. The OpenCL set's
// validation (SPIRV-Tools 2023.1) wants a debug type wherever a type goes, and its optimizer
// refuses DebugInfoNone as a member's or a variable's type: there it is an opaque class
// named `name`, the shape of a handle.
uint32_t DebugInfoEmitter::undescribed(const std::string& name) { return opencl_ ? opaque(name, name) : none(); }

// An opaque handle: a class without members or size, shown as `display`.
uint32_t DebugInfoEmitter::opaque(const std::string& display, const std::string& name) {
  return inst(NonSemanticShaderDebugInfo100DebugTypeComposite,
              {str(display), lit(NonSemanticShaderDebugInfo100Class), mainSource_, lit(0), lit(0), unit_, str(name),
               none(), lit(kFlagIsPublic)});
}

uint32_t DebugInfoEmitter::type(Handle<Type> h) {
  if (!e_.types_.contains(h)) return undescribed("@unknown");
  if (types_.size() <= h.index) types_.resize(e_.types_.size(), 0);
  if (types_[h.index] == kNone)  // a struct reached again through a pointer
    return undescribed(e_.types_[h].kind == TypeKind::Struct ? e_.types_[h].name : "@unknown");
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
        case ScalarKind::Bool:
          name = "bool";
          encoding = NonSemanticShaderDebugInfo100Boolean;
          break;
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
      std::vector<uint32_t> ops{str(name), u(t.scalar.width), lit(encoding)};
      if (!opencl_) ops.push_back(u(0));  // Flags: the Vulkan set's only
      r = inst(NonSemanticShaderDebugInfo100DebugTypeBasic, ops);
      break;
    }
    case TypeKind::Vector:
      r = inst(NonSemanticShaderDebugInfo100DebugTypeVector, {type(e_.types_.scalar(t.scalar)), lit(t.size)});
      break;
    case TypeKind::Matrix:
      // IR columns are HLSL rows (ir.hpp): DXC's vector type and count; column major 1. The
      // OpenCL set has no matrix type: an array of the scalar, rows by columns (DXC's).
      if (opencl_)
        r = inst(NonSemanticShaderDebugInfo100DebugTypeArray,
                 {type(e_.types_.scalar(t.scalar)), u(t.columns), u(t.size)});
      else
        r = inst(NonSemanticShaderDebugInfo100DebugTypeMatrix,
                 {type(e_.types_.vector(t.scalar, t.size)), u(t.columns), u(1)});
      break;
    case TypeKind::Array: {
      // Nested arrays are one DebugTypeArray with the counts outermost first, as declared.
      // A runtime array's count is 0, which the OpenCL set's validation refuses (SPIRV-Tools
      // 2023.1: a count is a nonzero constant; an array without counts crashes its optimizer).
      if (opencl_ && t.arraySize == 0) {
        r = undescribed("@runtime_array");
        break;
      }
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
      // The Vulkan set's DebugTypeMember has no parent operand: the members come first, no
      // forward reference. The OpenCL set's names its parent: the composite comes first and
      // lists the members' ids ahead of them. Either way the members' types come before.
      // Positions from lowering's record of the declaration (ir::Module::structSources).
      const Module::StructSource* decl = h.index < e_.m_.structSources.size() ? &e_.m_.structSources[h.index] : nullptr;
      std::vector<std::vector<uint32_t>> members;  // each member's operands before and after the parent
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
        members.push_back({str(m.name), type(m.type), mp.source, lit(mp.line), lit(mp.column), 0, u(at), u(bits),
                           lit(kFlagIsPublic)});
      }
      Position p = position(decl ? decl->name : SourceRange{});
      std::vector<uint32_t> ops{str(t.name),       lit(NonSemanticShaderDebugInfo100Structure),
                                p.source,          lit(p.line),
                                lit(p.column),     unit_,
                                str(t.name),       u(typeBits(h)),
                                lit(kFlagIsPublic)};
      constexpr size_t kParent = 5;  // DebugTypeMember's Parent operand (the OpenCL set's only)
      if (opencl_) {
        r = e_.id();
        std::vector<uint32_t> ids;
        for (std::vector<uint32_t>& m : members) {
          m[kParent] = r;
          ids.push_back(e_.id());
        }
        ops.insert(ops.end(), ids.begin(), ids.end());
        encode(out_, NonSemanticShaderDebugInfo100DebugTypeComposite, r, ops);
        for (size_t k = 0; k < members.size(); ++k)
          encode(out_, NonSemanticShaderDebugInfo100DebugTypeMember, ids[k], members[k]);
      } else {
        for (std::vector<uint32_t>& m : members) {
          m.erase(m.begin() + kParent);
          ops.push_back(inst(NonSemanticShaderDebugInfo100DebugTypeMember, m));
        }
        r = inst(NonSemanticShaderDebugInfo100DebugTypeComposite, ops);
      }
      break;
    }
    case TypeKind::Pointer: {
      // SPIRV-Tools 2023.1 validates DebugTypePointer (both sets) only to a DebugTypeBasic: a
      // pointer to anything else (vk::BufferPointer<S>) is an opaque class.
      bool basic = e_.types_.contains(t.base) &&
                   (e_.types_[t.base].kind == TypeKind::Scalar || e_.types_[t.base].kind == TypeKind::Atomic);
      if (!basic) {
        r = opaque("@pointer", "@pointer");
        break;
      }
      r = inst(NonSemanticShaderDebugInfo100DebugTypePointer,
               {type(t.base), lit(uint32_t(e_.storageClassOf(t))), lit(0)});
      break;
    }
    case TypeKind::SpirvType: r = undescribed("@spirv_type"); break;  // inline SPIR-V's own type
    case TypeKind::Image:
    case TypeKind::Sampler:
    case TypeKind::AccelerationStructure:
    case TypeKind::RayQuery: {
      // An opaque handle (DXC's shape for resources; for ray queries and acceleration
      // structures DXC's names, rayquery_debug.hlsl).
      std::string name = t.kind == TypeKind::Sampler                 ? "type.sampler"
                         : t.kind == TypeKind::Image                 ? "type.image"
                         : t.kind == TypeKind::AccelerationStructure ? "accelerationStructureKHR"
                                                                     : "rayQueryKHR";
      r = opaque(t.kind == TypeKind::Image || t.kind == TypeKind::Sampler ? name : "@" + name, name);
      break;
    }
  }
  if (!r) r = undescribed("@unknown");
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
  std::vector<uint32_t> sig{lit(kFlagIsPublic), !entry && f.result ? type(f.result->type) : e_.voidTypeId()};
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
  std::vector<uint32_t> fops{str(name), fnType,    p.source,           lit(p.line),   lit(p.column),
                             unit_,     str(name), lit(kFlagIsPublic), lit(scopeLine)};
  if (opencl_) fops.push_back(ef.id);  // the OpFunction (the Vulkan set: DebugFunctionDefinition)
  fi.debugFunction = inst(NonSemanticShaderDebugInfo100DebugFunction, fops);
  if (entry && !opencl_) {
    std::string signature = "OneShader " + e_.opt_.toolVersion;
    inst(NonSemanticShaderDebugInfo100DebugEntryPoint,
         {fi.debugFunction, unit_, str(signature), str(e_.opt_.commandLine)});
  }
  fi.scopes.resize(f.scopes.size());
  for (size_t s = 0; s < f.scopes.size(); ++s) {
    Position sp = position(f.scopes[s].range);
    uint32_t parent = f.scopes[s].parent < s ? fi.scopes[f.scopes[s].parent] : fi.debugFunction;
    fi.scopes[s] =
        inst(NonSemanticShaderDebugInfo100DebugLexicalBlock, {sp.source, lit(sp.line), lit(sp.column), parent});
    if (f.scopes[s].range.valid()) fi.byStart.push_back({f.scopes[s].range.begin.raw, uint32_t(s)});
  }
  std::stable_sort(fi.byStart.begin(), fi.byStart.end());
  auto variable = [&](const std::string& nm, Handle<Type> t, SourceRange decl, uint32_t argument, uint32_t var) {
    Position vp = position(decl);
    std::vector<uint32_t> ops{
        str(nm), type(t), vp.source, lit(vp.line), lit(vp.column), scopeAt(fi, f, decl.begin), lit(kFlagIsLocal)};
    if (argument) ops.push_back(lit(argument));
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

// Where `name` is written in `r` (a declaration's range), for DXC's position of a global, its
// name's: the first whole-word occurrence; `r` itself when the text does not spell it (a
// made-up name such as $Globals).
SourceRange DebugInfoEmitter::nameIn(SourceRange r, const std::string& name) const {
  if (!sm_ || !r.valid() || !r.end.valid() || !(r.begin < r.end) || name.empty()) return r;
  FileId f = sm_->fileOf(r.begin);
  if (!f || sm_->fileOf(SourceLoc{r.end.raw - 1}) != f) return r;
  std::string_view text = sm_->text(f);
  size_t b = sm_->offsetOf(r.begin), e = std::min<size_t>(b + (r.end.raw - r.begin.raw), text.size());
  auto ident = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
  for (size_t at = text.find(name, b); at != std::string_view::npos && at + name.size() <= e;
       at = text.find(name, at + 1))
    if ((at == 0 || !ident(text[at - 1])) && (at + name.size() >= text.size() || !ident(text[at + name.size()])))
      return {r.begin + uint32_t(at - b), r.begin + uint32_t(at - b + name.size())};
  return r;
}

void DebugInfoEmitter::globals() {
  for (uint32_t g = 0; g < e_.m_.globals.size() && g < e_.globalIds_.size(); ++g) {
    const GlobalVariable& gv = e_.m_.globals[Handle<GlobalVariable>(g)];
    uint32_t var = e_.globalIds_[g];
    if (!var || gv.name.empty() || gv.space == AddressSpace::Input || gv.space == AddressSpace::Output) continue;
    Position p = position(nameIn(gv.range, gv.name));
    inst(NonSemanticShaderDebugInfo100DebugGlobalVariable,
         {str(gv.name), type(gv.type), p.source, lit(p.line), lit(p.column), unit_, str(gv.name), var,
          lit(kFlagIsDefinition)});
  }
}

void DebugInfoEmitter::bodies() {
  size_t k = 0;  // the function being walked (emitted_ index + 1; 0: none yet)
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
      if (!opencl_)
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
    if (opencl_) p.lineEnd = p.columnEnd = 0;  // OpLine has the start only
    if (haveLine && p == line) return;
    if (opencl_)
      out.insert(out.end(), {(4u << 16) | uint32_t(spv::Op::OpLine), fileNames_[p.source], p.line, p.column});
    else
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
               {lit(1), lit(4), mainSource_, lit(uint32_t(spv::SourceLanguage::HLSL))});
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
