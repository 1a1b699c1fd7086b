#include "module_info.hpp"

#include <stdexcept>

namespace oneshader::exec {

namespace {
// Opcodes and operands (SPIR-V 1.6 unified grammar).
constexpr uint32_t kOpTypeBool = 20, kOpTypeInt = 21, kOpTypeFloat = 22, kOpCapability = 17;
constexpr uint32_t kOpSpecConstantTrue = 48, kOpSpecConstantFalse = 49, kOpSpecConstant = 50;
constexpr uint32_t kOpVariable = 59, kOpDecorate = 71, kOpExecutionModeId = 331;
constexpr uint32_t kOpConstant = 43, kOpReadClockKHR = 5056;
constexpr uint32_t kDecorationSpecId = 1, kStorageClassPushConstant = 9, kExecutionModeLocalSizeId = 38;
}  // namespace

std::string ModuleSpecConstant::describe() const {
  switch (kind) {
    case Kind::Bool: return "bool";
    case Kind::Int: return (isSigned ? "int" : "uint") + std::to_string(width);
    case Kind::Float: return "float" + std::to_string(width);
  }
  return "?";
}

ModuleInfo scanModule(const std::vector<uint32_t>& w) {
  ModuleInfo info;
  std::map<uint32_t, ModuleSpecConstant> types;   // type id -> its shape
  std::map<uint32_t, uint32_t> specIdOf;          // target id -> SpecId
  std::map<uint32_t, ModuleSpecConstant> specOf;  // spec constant result id -> its type
  std::map<uint32_t, uint32_t> constants;         // OpConstant result id -> its first word
  std::vector<uint32_t> clockScopeIds;            // OpReadClockKHR scope operands
  for (size_t i = 5; i < w.size();) {
    const uint32_t count = w[i] >> 16, opcode = w[i] & 0xffff;
    if (count == 0 || i + count > w.size()) throw std::runtime_error("malformed SPIR-V instruction stream");
    const uint32_t* op = &w[i + 1];  // operands
    const uint32_t n = count - 1;
    if (opcode == kOpCapability && n >= 1)
      info.capabilities.insert(op[0]);
    else if (opcode == kOpTypeBool && n >= 1)
      types[op[0]] = {ModuleSpecConstant::Kind::Bool, 0, false};
    else if (opcode == kOpTypeInt && n >= 3)
      types[op[0]] = {ModuleSpecConstant::Kind::Int, op[1], op[2] != 0};
    else if (opcode == kOpTypeFloat && n >= 2)
      types[op[0]] = {ModuleSpecConstant::Kind::Float, op[1], false};
    else if ((opcode == kOpSpecConstantTrue || opcode == kOpSpecConstantFalse || opcode == kOpSpecConstant) && n >= 2) {
      auto t = types.find(op[0]);
      if (t == types.end()) throw std::runtime_error("a specialization constant of an unknown type");
      specOf[op[1]] = t->second;
    } else if (opcode == kOpVariable && n >= 3 && op[2] == kStorageClassPushConstant)
      info.pushConstants = true;
    else if (opcode == kOpDecorate && n >= 3 && op[1] == kDecorationSpecId)
      specIdOf[op[0]] = op[2];
    else if (opcode == kOpExecutionModeId && n >= 2 && op[1] == kExecutionModeLocalSizeId)
      info.localSizeId = true;
    else if (opcode == kOpConstant && n >= 3)
      constants[op[1]] = op[2];
    else if (opcode == kOpReadClockKHR && n >= 3)
      clockScopeIds.push_back(op[2]);
    i += count;
  }
  for (uint32_t id : clockScopeIds) {
    auto c = constants.find(id);
    info.clockScopes.insert(c == constants.end() ? ~0u : c->second);
  }
  for (const auto& [target, specId] : specIdOf) {
    auto s = specOf.find(target);
    if (s == specOf.end())
      throw std::runtime_error("SpecId " + std::to_string(specId) +
                               " decorates something that is not a scalar specialization constant");
    info.specConstants[specId] = s->second;
  }
  return info;
}

bool specTypeMatches(SpecType t, const ModuleSpecConstant& m) {
  using K = ModuleSpecConstant::Kind;
  switch (t) {
    case SpecType::Bool: return m.kind == K::Bool;
    case SpecType::Int: return m.kind == K::Int && m.width == 32 && m.isSigned;
    case SpecType::Uint: return m.kind == K::Int && m.width == 32 && !m.isSigned;
    case SpecType::Float: return m.kind == K::Float && m.width == 32;
    case SpecType::Int16: return m.kind == K::Int && m.width == 16 && m.isSigned;
    case SpecType::Uint16: return m.kind == K::Int && m.width == 16 && !m.isSigned;
    case SpecType::Half: return m.kind == K::Float && m.width == 16;
    case SpecType::Int64: return m.kind == K::Int && m.width == 64 && m.isSigned;
    case SpecType::Uint64: return m.kind == K::Int && m.width == 64 && !m.isSigned;
    case SpecType::Double: return m.kind == K::Float && m.width == 64;
  }
  return false;
}

}  // namespace oneshader::exec
