// Buffer dumps: the contents of a case's buffers in one small binary file, so that a leg
// that is not vkrun (tests/wgsl/run.mjs on Dawn) can read the initial contents and hand its
// read-back contents to the same checks (vkrun --check), and so that the legs of one case
// can be compared with each other (vkrun --compare).
//
// Format (little-endian 32-bit words):
//   magic 0x4448534f ("OSHD"), version 1, buffer count N, then per buffer:
//   set, binding, kind (0 storage, 1 uniform), name length in bytes, the name padded with
//   zeros to a multiple of 4, word count W, W words.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "case.hpp"

namespace oneshader::exec {

struct DumpBuffer {
  std::string name;
  uint32_t set = 0, binding = 0;
  bool uniform = false;
  std::vector<uint32_t> words;
};

constexpr uint32_t kDumpMagic = 0x4448534fu, kDumpVersion = 1;

// Throws std::runtime_error with the path in the message.
void writeDump(const std::string& path, const std::vector<DumpBuffer>& buffers);
std::vector<DumpBuffer> readDump(const std::string& path);

// The case's buffers with the given contents (one vector per buffer, in case order).
std::vector<DumpBuffer> dumpOf(const Case& c, const std::vector<std::vector<uint32_t>>& contents);

// The contents of a dump in the case's buffer order; throws unless the dump has exactly
// the case's buffers (name, set, binding, kind, size).
std::vector<std::vector<uint32_t>> contentsFromDump(const Case& c, const std::vector<DumpBuffer>& dump);

}  // namespace oneshader::exec
