// SPIR-V emitter: DXC's inline SPIR-V (shared/design/inline-spirv.md sections 3-7, 12):
// instructions spelled by opcode, extended-instruction-set imports, the capabilities and
// extensions of emitted carriers, execution modes, and OSH3001 mapped back to the HLSL.
#include "backend/spirv/emitter.hpp"

namespace oneshader::spirv {

using namespace oneshader::ir;

uint32_t Emitter::extImport(const std::string& set) {
  auto it = extImports_.find(set);
  if (it != extImports_.end()) return it->second;
  uint32_t r = id();
  extImports_[set] = r;
  // NonSemantic.* sets need SPV_KHR_non_semantic_info below SPIR-V 1.6 (DXC adds it too).
  if (set.rfind("NonSemantic.", 0) == 0 && spirvVersionFor(opt_.env) < 0x00010600)
    exts_.insert("SPV_KHR_non_semantic_info");
  return r;
}

void Emitter::require(const SpirvRequirements& r) {
  for (uint32_t c : r.capabilities) caps_.insert(spv::Capability(c));
  for (const std::string& e : r.extensions) exts_.insert(e);
}

// Section 3: `Op<opcode> [%type %id] operands...`, or `OpExtInst %type %id %set opcode
// operands...` with a set (a void result is %void there). OpConstant / OpSpecConstant go
// to the types-and-constants section, execution modes to the entry point's header.
uint32_t Emitter::inlineInstruction(const SpirvInstruction& in, const std::vector<uint32_t>& operandWords,
                                    uint32_t resultType, Section& body) {
  require(in.requirements);
  std::vector<uint32_t> ops;
  uint32_t result = 0;
  if (in.placement == SpirvInstruction::Placement::ExecutionMode) {
    std::vector<uint32_t> mode{in.opcode};
    mode.push_back(0);  // the entry point id, filled in by assemble()
    mode.insert(mode.end(), operandWords.begin(), operandWords.end());
    executionModes_.push_back(std::move(mode));
    return 0;
  }
  if (in.hasResult) {
    result = id();
    ops.push_back(resultType ? resultType : voidTypeId());
    ops.push_back(result);
  }
  spv::Op op = spv::Op(in.opcode);
  if (!in.set.empty()) {
    ops.push_back(extImport(in.set));
    ops.push_back(in.opcode);
    op = spv::Op::OpExtInst;
  }
  ops.insert(ops.end(), operandWords.begin(), operandWords.end());
  bool global = in.placement == SpirvInstruction::Placement::Global ||
                (in.set.empty() && (op == spv::Op::OpConstant || op == spv::Op::OpSpecConstant));
  put(global ? globals_ : body, op, ops);
  return result;
}

// OSH3001 (fatal): the validator's message. When the failing instruction was spelled by
// inline SPIR-V, the location is the HLSL call and a note names the declaration; the
// module is the user's to fix then, so there is no bug-report note.
void Emitter::reportInvalid(const std::string& msg, uint32_t index) {
  SourceRange r = index == ~0u ? ep_.range : rangeOfInstruction(index);
  Diagnostic& d = diags_.report(DiagId::SpirvInvalid, r, {msg});
  if (index == ~0u || index == 0 || index - 1 < headerCountBefore_) return;
  auto it = inlineOrigins_.find(index - 1 - headerCountBefore_);
  if (it == inlineOrigins_.end() || !it->second) return;
  const SpirvInstruction& in = *it->second;
  std::string spelled = "[[vk::ext_instruction(" + std::to_string(in.opcode) +
                        (in.set.empty() ? std::string() : ", \"" + in.set + "\"") + ")]]";
  d.notes.push_back({in.declRange, "'" + in.declName + "' is declared here with " + spelled});
}

}  // namespace oneshader::spirv
