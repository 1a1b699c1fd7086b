// Shared by the unit tests that look inside SPIR-V modules: the module's words split into
// instructions (opcode and operand words), header skipped. Independent of the emitter:
// it reads only the word-count/opcode encoding of the SPIR-V spec, section 2.3.
#pragma once

#include <cstddef>
#include <cstdint>
#include <vector>

#include <spirv/unified1/spirv.hpp11>

namespace oneshader::spvtest {

struct Inst {
  spv::Op op;
  std::vector<uint32_t> operands;
};

inline std::vector<Inst> decode(const std::vector<uint32_t>& w) {
  std::vector<Inst> out;
  for (std::size_t i = 5; i < w.size();) {
    uint32_t n = w[i] >> 16;
    if (n == 0 || i + n > w.size()) break;
    out.push_back({spv::Op(w[i] & 0xffff), std::vector<uint32_t>(w.begin() + i + 1, w.begin() + i + n)});
    i += n;
  }
  return out;
}

}  // namespace oneshader::spvtest
