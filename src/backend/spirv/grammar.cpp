// Operand requirements from the SPIR-V grammar tables (grammar.hpp).
#include "backend/spirv/grammar.hpp"

#include <algorithm>
#include <cstring>

namespace oneshader::spirv {

namespace {

struct GrammarOperand {
  uint32_t kind;
  uint32_t quantifier;  // 0: one, 1: optional (?), 2: any number (*)
};
struct GrammarEnumerant {
  uint32_t value;
  uint32_t capFirst, capCount, extFirst, extCount, paramFirst, paramCount;
  uint32_t version;  // 0: core since 1.0; 0xffffffff: extension only
};
struct GrammarKind {
  uint32_t category;  // 0 id, 1 one literal word, 2 literal string, 3 value enum, 4 bit enum,
                      // 5 pair (two words), 6 not decodable without context (stop)
  uint32_t enumFirst, enumCount;
  const char* name;
};
struct GrammarInstruction {
  uint32_t opcode;
  uint32_t operandFirst, operandCount, capFirst, capCount, extFirst, extCount;
  uint32_t version;
};

#include "spirv_grammar_tables.inc"

const GrammarEnumerant* findEnumerant(uint32_t kind, uint32_t value) {
  const GrammarKind& k = kKinds[kind];
  for (uint32_t i = 0; i < k.enumCount; ++i)
    if (kEnumerants[k.enumFirst + i].value == value) return &kEnumerants[k.enumFirst + i];
  return nullptr;
}

const GrammarInstruction* findInstruction(uint32_t opcode) {
  for (const GrammarInstruction& in : kInstructions)
    if (in.opcode == opcode) return &in;
  return nullptr;
}

class Requirements {
 public:
  Requirements(uint32_t version, std::set<uint32_t>& caps, std::set<std::string>& exts)
      : version_(version), caps_(caps), exts_(exts) {
    for (uint32_t c : caps) enable(c);
  }

  // Decodes one instruction's operands (words after the opcode word).
  void instruction(const uint32_t* w, uint32_t count) {
    const GrammarInstruction* in = findInstruction(w[0] & 0xffffu);
    if (!in) return;
    pos_ = w + 1;
    end_ = w + count;
    for (uint32_t i = 0; i < in->operandCount; ++i) {
      const GrammarOperand& o = kOperands[in->operandFirst + i];
      if (o.quantifier == 2) {
        while (pos_ < end_)
          if (!operand(o.kind)) return;
      } else if (pos_ < end_) {
        if (!operand(o.kind)) return;
      } else {
        return;
      }
    }
  }

 private:
  void enable(uint32_t cap) {
    if (!enabled_.insert(cap).second) return;
    if (const GrammarEnumerant* e = findEnumerant(GRAMMAR_CAPABILITY_KIND, cap))
      for (uint32_t i = 0; i < e->capCount; ++i) enable(kCapList[e->capFirst + i]);
  }

  void needExtension(const GrammarEnumerant& e) {
    if (!e.extCount || (e.version != 0xffffffffu && e.version <= version_)) return;
    for (uint32_t i = 0; i < e.extCount; ++i)
      if (exts_.count(kExtList[e.extFirst + i])) return;
    exts_.insert(kExtList[e.extFirst]);
  }

  void need(const GrammarEnumerant& e) {
    if (e.capCount) {
      bool have = false;
      for (uint32_t i = 0; i < e.capCount && !have; ++i) have = enabled_.count(kCapList[e.capFirst + i]) != 0;
      if (!have) {
        for (uint32_t i = 0; i < e.capCount; ++i) {
          uint32_t c = kCapList[e.capFirst + i];
          if (c == 6) continue;  // Kernel: never right for a Vulkan module
          caps_.insert(c);
          enable(c);
          if (const GrammarEnumerant* ce = findEnumerant(GRAMMAR_CAPABILITY_KIND, c)) needExtension(*ce);
          break;
        }
      }
    }
    needExtension(e);
  }

  // One operand of `kind` at pos_; false when the rest cannot be decoded.
  bool operand(uint32_t kind) {
    const GrammarKind& k = kKinds[kind];
    switch (k.category) {
      case 0:
      case 1: ++pos_; return true;
      case 2:
        while (pos_ < end_) {
          uint32_t word = *pos_++;
          if ((word >> 24) == 0) return true;  // the word holding the terminating NUL
        }
        return true;
      case 5:
        if (end_ - pos_ < 2) return false;
        pos_ += 2;
        return true;
      case 3: {
        const GrammarEnumerant* e = findEnumerant(kind, *pos_++);
        if (!e) return false;
        // FPRoundingMode: Vulkan takes the 16-bit storage capabilities instead of Kernel
        // (spirv-val knows this exception); the emitter declares those itself.
        if (!(e->value == 39 && std::strcmp(k.name, "Decoration") == 0)) need(*e);
        return parameters(*e);
      }
      case 4: {
        uint32_t mask = *pos_++;
        std::vector<const GrammarEnumerant*> bits;
        for (uint32_t b = 0; b < 32; ++b) {
          if (!(mask & (1u << b))) continue;
          const GrammarEnumerant* e = findEnumerant(kind, 1u << b);
          if (!e) return false;
          need(*e);
          bits.push_back(e);
        }
        for (const GrammarEnumerant* e : bits)
          if (!parameters(*e)) return false;
        return true;
      }
      default: return false;
    }
  }

  bool parameters(const GrammarEnumerant& e) {
    for (uint32_t i = 0; i < e.paramCount; ++i) {
      if (pos_ >= end_) return false;
      if (!operand(kOperands[e.paramFirst + i].kind)) return false;
    }
    return true;
  }

  uint32_t version_;
  std::set<uint32_t>& caps_;
  std::set<std::string>& exts_;
  std::set<uint32_t> enabled_;
  const uint32_t* pos_ = nullptr;
  const uint32_t* end_ = nullptr;
};

}  // namespace

void addOperandRequirements(const std::vector<uint32_t>& instructions, uint32_t version, std::set<uint32_t>& caps,
                            std::set<std::string>& exts) {
  Requirements req(version, caps, exts);
  for (size_t i = 0; i < instructions.size();) {
    uint32_t count = instructions[i] >> 16;
    if (count == 0 || i + count > instructions.size()) return;
    req.instruction(&instructions[i], count);
    i += count;
  }
}

}  // namespace oneshader::spirv
