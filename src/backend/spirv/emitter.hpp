// Internal: the SPIR-V emitter class (module-level parts in emitter.cpp, function bodies
// in emit_function.cpp).
#pragma once
#include <functional>
#include <map>
#include <memory>
#include <set>
#include <spirv/unified1/spirv.hpp11>
#include <string>
#include <string_view>
#include <unordered_map>
#include <unordered_set>
#include <vector>

#include "backend/spirv/spirv.hpp"
#include "diag/diag.hpp"
#include "ir/ir.hpp"
#include "ir/util.hpp"

namespace oneshader::spirv {

struct Section {
  std::vector<uint32_t> words;
  uint32_t count = 0;  // instructions
};

// The opcode of an IR binary operator on operands of scalar kind `s` (component-wise forms;
// the function emitter handles the matrix / vector products itself).
spv::Op binaryOpcode(ir::BinaryOp op, ir::Scalar s);

class Emitter {
 public:
  Emitter(const ir::Module& m, const ir::EntryPoint& ep, const SpirvOptions& o, DiagEngine& d);
  std::optional<SpirvResult> run();
  // run() in two steps (SpirvJob): emit() up to validation (false: run() returns nullopt,
  // reported), then complete() with the validator's verdict on words().
  bool emit();
  bool needsValidation() const { return validatePending_; }
  const std::vector<uint32_t>& words() const { return res_.words; }
  std::optional<SpirvResult> complete(bool valid, const std::string& msg, uint32_t index);

 private:
  SpirvResult res_;                 // the module emit() made
  bool validatePending_ = false;    // emit() left it to the validator
  bool unreadable_ = false;         // SPIRV-Tools cannot read it (cooperative matrix, v2023.1)
  bool inlineVulkanModel_ = false;  // inline SPIR-V asked for the Vulkan memory model
  friend class FunctionEmitter;
  const ir::Module& m_;
  const ir::EntryPoint& ep_;
  SpirvOptions opt_;
  DiagEngine& diags_;
  ir::TypeArena types_;  // copy of the module's types; the backend interns helper types here
  bool failed_ = false;
  uint32_t nextId_ = 1;

  Section strings_, debug_, annotations_, globals_, functions_;  // strings_: OpString (before OpName)
  std::vector<SourceRange> fnRanges_;                            // parallel to functions_ instructions
  SourceRange curRange_;
  std::set<spv::Capability> caps_;
  std::set<std::string> exts_;
  uint32_t subgroupFeatures_ = 0;
  uint32_t glslExt_ = 0;
  std::unordered_set<std::string> usedNames_;             // OpName strings, sanitized (name())
  std::unordered_map<std::string, uint32_t> nameSuffix_;  // next suffix to try per repeated name

  std::vector<uint32_t> typeIds_;  // by IR type handle
  // Structs being declared, and the OpTypeForwardPointer ids of PhysicalStorageBuffer
  // pointers to them met meanwhile (a linked list): (struct handle, pointer id).
  std::set<uint32_t> typesInProgress_;
  std::vector<uint16_t> structDepth_;                     // per IR struct type: its struct nesting depth (SPIR-V 2.17)
  uint32_t globalVariables_ = 0, functionVariables_ = 0;  // OpVariables so far (module, this function)
  std::vector<std::pair<uint32_t, uint32_t>> forwardPointers_;
  // RestrictPointer (AliasedPointer with [[vk::aliased_pointer]]) on a variable holding a
  // PhysicalStorageBuffer pointer; Aliased on such a function parameter (spirv-val needs one).
  void pointerDecorations(uint32_t target, ir::Handle<ir::Type> stored, const std::vector<ir::SpirvDecoration>& ds,
                          bool parameter);
  std::set<uint32_t> layoutTypes_;  // IR types inside buffer blocks (explicit layout)
  std::set<uint32_t> blockTypes_;   // IR struct types decorated Block
  std::map<std::vector<uint32_t>, uint32_t> constCache_;
  std::map<std::vector<uint32_t>, uint32_t> fnTypeCache_;
  std::map<std::pair<uint32_t, uint32_t>, uint32_t> sampledImageTypes_;
  std::vector<uint32_t> constantIds_;  // by IR constant
  std::vector<uint32_t> globalIds_;    // by IR global
  std::vector<uint32_t> functionIds_;  // by IR function (0: unreachable)
  std::vector<uint32_t> interface_;    // in first-use order
  std::set<uint32_t> interfaceSet_;
  std::vector<uint32_t> ioInterface_;  // Input/Output only
  std::map<ir::BuiltIn, uint32_t> builtinInputs_;
  bool writesFragDepth_ = false;          // a FragDepth output: the DepthReplacing execution mode
  uint32_t depthMode_ = 0;                // DepthGreater / DepthLess (SV_DepthGreaterEqual / SV_DepthLessEqual)
  std::set<uint32_t> decoratedSampling_;  // built-in inputs given Centroid / Sample
  ir::Handle<ir::Type> builtinVariableType(ir::BuiltIn b);
  void builtinRequirements(ir::BuiltIn b, bool input);

  // encoding
  void put(Section& s, spv::Op op, std::initializer_list<uint32_t> operands);
  void put(Section& s, spv::Op op, const std::vector<uint32_t>& operands);
  void put(Section& s, spv::Op op, const uint32_t* operands, size_t n);  // checks SPIR-V's limits
  static void putString(std::vector<uint32_t>& out, const std::string& s);
  void name(uint32_t id, const std::string& n);
  void decorate(uint32_t id, spv::Decoration d, std::initializer_list<uint32_t> extra = {});
  void memberDecorate(uint32_t id, uint32_t member, spv::Decoration d, std::initializer_list<uint32_t> extra = {});
  // -fspv-reflect (DXC): UserTypeGOOGLE on resource variables, UserSemantic on stage
  // variables (each once), HlslCounterBufferGOOGLE from a buffer to its counter.
  void reflectString(uint32_t id, spv::Decoration d, const std::string& text);
  std::set<std::pair<uint32_t, uint32_t>> reflected_;  // (id, decoration) already given
  uint32_t id() { return nextId_++; }
  uint32_t stringId(const std::string& s);  // OpString, one per distinct text
  std::map<std::string, uint32_t> strings_ids_;
  void cap(spv::Capability c) { caps_.insert(c); }
  // Derivatives (ddx..., implicit-LOD sampling, OpImageQueryLod) in this entry point: fragment
  // shaders as they are, compute shaders with a DerivativeGroup*NV execution mode; false (and
  // a diagnostic naming `what`) elsewhere.
  bool requireDerivatives(const std::string& what, SourceRange r);
  uint32_t derivativeMode_ = 0;  // the DerivativeGroup*NV execution mode, 0 for none
  // The ray tracing capability and extension a ray query (`query`) or an acceleration
  // structure needs in this entry point's stage (emit_raytracing.cpp).
  void rayTracingRequirement(bool query);
  // A ray tracing pipeline stage's capability and extension (KHR below SPIR-V 1.4: OSH3004).
  void rayTracingPipeline();
  std::string hitAttribute_;  // the HitAttributeKHR variable of this entry point ("" for none)
  std::vector<spv::ExecutionMode> fragmentModes();
  uint32_t specConstantId(const ir::Constant& c);
  uint32_t specOpId(const ir::Constant& c);             // OpSpecConstantOp of a SpecOp constant
  std::vector<uint8_t> specDependent_;                  // ir::specDependence of the module
  void workgroupSize(uint32_t entryId, Section& head);  // LocalSize / LocalSizeId / WorkgroupSize
  void requireFloatControls();                          // -Gis / -denorm capabilities
  void impliedRequirements();                           // what inline SPIR-V's operand enumerants need (grammar.hpp)
  // -Zi / -fspv-debug (emit_debug.cpp): OpString/OpSource(Continued) and OpModuleProcessed
  // into the two sections, then OpLine into the function bodies.
  void debugSections(Section& sources, Section& processed);
  void insertLines();
  // The pieces of `text` as literal strings: the first one after `firstOperands` operand
  // words, each other one after `operands` (OpSource / OpSourceContinued, OpString).
  static std::vector<std::string_view> textPieces(std::string_view text, size_t firstOperands, size_t operands,
                                                  size_t maxBytes = ~size_t(0));
  // Walks the function section once, letting `before` append whole instructions to add in
  // front of each one (op, the instruction before it, its source range); keeps fnRanges_
  // and inlineOrigins_ in step.
  using InsertFn = std::function<void(spv::Op op, spv::Op previous, SourceRange r, std::vector<uint32_t>& out)>;
  void insertBefore(const InsertFn& before);
  // Whether a debug instruction may go right before `op` (after `previous`): not before
  // OpFunction / OpFunctionParameter / OpLabel / OpPhi / OpVariable / OpFunctionEnd, not
  // between a merge instruction and its branch.
  static bool mayPrecede(spv::Op op, spv::Op previous);
  // -fspv-debug=vulkan[-with-source] (emit_debug_info.cpp): NonSemantic.Shader.DebugInfo.100
  // instructions (OpenCL.DebugInfo.100 for rich[-with-source]), the module-level ones into
  // `globals` (after the types, constants and variables), the function-level ones into the
  // function section.
  friend class DebugInfoEmitter;
  const char* debugInfoSet() const {
    return opt_.debugInfoOpenCL ? "OpenCL.DebugInfo.100" : "NonSemantic.Shader.DebugInfo.100";
  }
  void debugInfo(Section& globals);
  // What the function section holds for each emitted function, in order (debug information).
  struct EmittedFunction {
    uint32_t index = 0, id = 0;        // IR function, OpFunction id
    std::vector<uint32_t> parameters;  // OpFunctionParameter ids (none for the entry point)
    std::vector<uint32_t> locals;      // OpVariable id per IR local
  };
  std::vector<EmittedFunction> emitted_;
  std::unordered_map<uint32_t, uint32_t> fileStrings_;  // FileId -> OpString id
  void floatControls(uint32_t entryId, Section& head);  // -Gis / -denorm execution modes
  void error(DiagId id, SourceRange r, std::vector<std::string> args);

  // types and constants
  uint32_t typeId(ir::Handle<ir::Type> t);
  uint32_t inlineTypeId(const ir::Type& t);  // TypeKind::SpirvType (emitter_inline.cpp)
  uint32_t voidTypeId() {
    if (!voidType_) put(globals_, spv::Op::OpTypeVoid, {voidType_ = id()});
    return voidType_;
  }
  uint32_t voidType_ = 0;
  uint32_t scalarTypeId(ir::Scalar s) { return typeId(types_.scalar(s)); }
  uint32_t pointerTypeId(ir::Handle<ir::Type> base, spv::StorageClass sc);
  uint32_t sampledImageTypeId(ir::Handle<ir::Type> image);
  uint32_t functionTypeId(uint32_t result, const std::vector<uint32_t>& params);
  uint32_t constantU32(uint32_t v);
  uint32_t constantI32(int32_t v);
  uint32_t literalId(const ir::Literal& l);
  uint32_t nullId(ir::Handle<ir::Type> t);
  uint32_t undefId(ir::Handle<ir::Type> t);  // a module-level OpUndef, one per type
  uint32_t constantId(ir::Handle<ir::Constant> c);
  uint32_t scalarConstant(ir::Scalar s, double f, int64_t i);  // one/zero helpers
  uint32_t glslExt();
  spv::StorageClass storageClass(ir::AddressSpace s);

  // globals and interface
  uint32_t globalId(ir::Handle<ir::GlobalVariable> g);
  void addInterface(uint32_t varId, spv::StorageClass sc);
  uint32_t builtinInput(ir::BuiltIn b, SourceRange r);
  bool helperByInstruction(const ir::Binding& b) const;  // HelperInvocation read by an instruction
  void requireIsHelperInvocation();                      // its capability and extension
  uint32_t interfaceVariable(ir::Handle<ir::Type> type, const ir::Binding& b, bool input, const std::string& nm,
                             const std::vector<ir::SpirvDecoration>* user = nullptr);
  bool requireSubgroups(const std::string& what, SourceRange r);
  void collectLayoutTypes();
  bool has16BitScalar(ir::Handle<ir::Type> t);
  void storage16(ir::Handle<ir::Type> base, spv::StorageClass sc);
  void markLayout(ir::Handle<ir::Type> t);

  // inline SPIR-V (emitter_inline.cpp)
  std::map<std::string, uint32_t> extImports_;         // OpExtInstImport by set name (GLSL.std.450 too)
  std::vector<std::vector<uint32_t>> executionModes_;  // OpExecutionMode[Id] operands after the entry id
  // Inline SPIR-V (an instruction, a type, a decoration, a built-in or an execution mode) was
  // emitted: assemble() adds the capabilities and extensions its operands imply (grammar.hpp).
  bool inlineOperands_ = false;
  std::map<uint32_t, const ir::SpirvInstruction*> inlineOrigins_;  // function-section instruction -> its inline source
  uint32_t extImport(const std::string& set);
  void require(const ir::SpirvRequirements& r);
  // Encodes one inline instruction (operands already resolved to ids or literal words by
  // the caller) into its section; returns the result id (0 without a result).
  uint32_t inlineInstruction(const ir::SpirvInstruction& in, const std::vector<uint32_t>& operandWords,
                             uint32_t resultType, Section& body);
  void reportInvalid(const std::string& msg, uint32_t index);
  std::map<std::pair<uint32_t, bool>, uint32_t> builtinVars_;  // (spv::BuiltIn, input) -> variable
  std::map<uint32_t, uint32_t> inputLocationVars_;             // located stage inputs: Location -> variable
  uint32_t spirvBuiltinVariable(const ir::GlobalVariable& g);  // [[vk::ext_builtin_input/output]]
  // A pixel shader's Input global with a Location: the entry point's input at that location
  // (lower_interpolant.cpp).
  uint32_t stageInputVariable(const ir::GlobalVariable& g, uint32_t location);
  void spirvDecorate(uint32_t target, const std::vector<ir::SpirvDecoration>& ds);
  void spirvMemberDecorate(uint32_t structId, uint32_t member, const std::vector<ir::SpirvDecoration>& ds);
  static bool placesVariable(const std::vector<ir::SpirvDecoration>* ds);  // a user Location or BuiltIn
  // Physical storage buffers (vk::RawBufferLoad/Store, vk::BufferPointer).
  bool physical_ = false;  // a PhysicalStorageBuffer pointer was emitted
  // A pixel entry point that reaches a rasterizer ordered view: its body runs between
  // OpBegin/EndInvocationInterlockEXT, with this execution mode (0: none; emit_function.cpp).
  uint32_t interlockMode_ = 0;
  void findInterlock();
  uint32_t physicalAlign(ir::Handle<ir::Type> pointerType, uint32_t requested);  // 0: not physical
  uint32_t naturalAlign(ir::Handle<ir::Type> t);
  spv::StorageClass storageClassOf(const ir::Type& pointer);

  void emitFunctions();
  std::vector<uint32_t> assemble();
  SourceRange rangeOfInstruction(uint32_t index) const;
  uint32_t headerCountBefore_ = 0;
};

}  // namespace oneshader::spirv
