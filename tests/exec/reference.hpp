// Reference model for wave (subgroup) and quad intrinsics.
//
// A wave test's result depends on the subgroup size and on which lanes are active, so the
// expected output is not written in the test description. Instead every wave shader also
// writes, per thread t, four membership facts into an auxiliary buffer:
//   Facts[4t+0] = WaveGetLaneIndex()
//   Facts[4t+1] = WaveGetLaneCount()
//   Facts[4t+2] = WaveReadLaneFirst(SV_GroupIndex)   (with all lanes active: the wave's lane 0)
//   Facts[4t+3] = SV_GroupID.x                        (the workgroup)
// The model checks that these facts are self-consistent and agree with the device
// (lane count = the device's subgroup size, distinct lane indices, full subgroups), groups
// the threads into waves, applies the test's activity rule (the same predicate the shader
// uses, written in the JSON) and computes each thread's expected value for the intrinsic
// from the input buffer, independently of the compiler under test.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "case.hpp"

namespace oneshader::exec {

struct DeviceWaveInfo {
  uint32_t subgroupSize = 0;          // VkPhysicalDeviceSubgroupProperties::subgroupSize
  uint32_t minSize = 0, maxSize = 0;  // subgroup size control range (== subgroupSize without it)
  bool fullSubgroups = false;         // pipeline created with REQUIRE_FULL_SUBGROUPS
  uint32_t requiredSize = 0;          // pipeline created with a required subgroup size
};

struct CheckResult {
  bool ok = true;
  size_t checked = 0;                  // output values compared
  size_t dontCare = 0;                 // values the intrinsic leaves undefined (e.g. reading an inactive lane)
  std::vector<size_t> undefinedWords;  // their word indices in the output buffer
  size_t waves = 0;
  std::vector<std::string> errors;  // the first few problems, human readable
  size_t errorCount = 0;
  void error(std::string msg);
};

// The wave ops the model knows (for the generator and for a helpful error).
const std::vector<std::string>& referenceOps();

// `input`, `facts` and `output` are the buffers' contents after the dispatch; `outputInit`
// is the output buffer's initial contents (inactive lanes must leave it unchanged).
CheckResult checkWave(const Case& c, const DeviceWaveInfo& dev, const std::vector<uint32_t>& input,
                      const std::vector<uint32_t>& facts, const std::vector<uint32_t>& output,
                      const std::vector<uint32_t>& outputInit);

}  // namespace oneshader::exec
