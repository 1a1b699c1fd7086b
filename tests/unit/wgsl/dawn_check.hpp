// Shared by the WGSL unit tests: Dawn's verdict on one WGSL module (tests/wgsl/check.mjs:
// Tint on Dawn's null backend with `subgroups`; errors and warnings fail).
#pragma once
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

const std::string kRoot = ONESHADER_SOURCE_DIR;

// Dawn's verdict on one module: "" when accepted, else its output (or that Dawn is missing).
inline std::string dawnErrors(const std::string& wgsl) {
  const std::string checker = kRoot + "/tests/wgsl/check.mjs";
  // A missing tool fails the check (testing.md): the suite installs Dawn (scripts/setup.sh).
  if (!std::filesystem::exists(kRoot + "/tests/wgsl/node_modules/webgpu"))
    return "Dawn is not installed (tests/wgsl/node_modules/webgpu; run scripts/setup.sh)";
  if (std::system("command -v node >/dev/null 2>&1") != 0) return "node is not installed (run scripts/setup.sh)";
  auto dir = std::filesystem::temp_directory_path() /
             ("os_wgsl_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::create_directories(dir);
  std::string file = (dir / "m.wgsl").string(), log = (dir / "log.txt").string();
  std::ofstream(file) << wgsl;
  int rc = std::system(("node '" + checker + "' '" + file + "' >'" + log + "' 2>&1").c_str());
  std::ifstream in(log);
  std::string out((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove_all(dir);
  return rc == 0 ? "" : (out.empty() ? "node failed" : out);
}

}  // namespace

namespace {

// Runs a WGSL compute shader on Dawn over SwiftShader (tests/wgsl/exec.mjs) with the buffers
// and expectations of `spec` (JSON, see exec.mjs): "" when it passes, "SKIP" when Dawn or
// SwiftShader is not installed, else the failure.
inline std::string dawnRun(const std::string& wgsl, const std::string& spec) {
  const std::string runner = kRoot + "/tests/wgsl/exec.mjs";
  const std::string icd = "/usr/lib/chromium/vk_swiftshader_icd.json";
  if (!std::filesystem::exists(kRoot + "/tests/wgsl/node_modules/webgpu") || !std::filesystem::exists(icd))
    return "SKIP";
  if (std::system("command -v node >/dev/null 2>&1") != 0) return "SKIP";
  auto dir = std::filesystem::temp_directory_path() /
             ("os_wgsl_run_" + std::to_string(::testing::UnitTest::GetInstance()->random_seed()) + "_" +
              ::testing::UnitTest::GetInstance()->current_test_info()->name());
  std::filesystem::create_directories(dir);
  std::filesystem::create_directories(dir / "xdg");
  std::string file = (dir / "m.wgsl").string(), js = (dir / "spec.json").string(), log = (dir / "log.txt").string();
  std::ofstream(file) << wgsl;
  std::ofstream(js) << spec;
  std::string cmd = "VK_DRIVER_FILES='" + icd + "' XDG_RUNTIME_DIR='" + (dir / "xdg").string() + "' node '" + runner +
                    "' '" + file + "' '" + js + "' >'" + log + "' 2>&1";
  int rc = std::system(cmd.c_str());
  std::ifstream in(log);
  std::string out((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove_all(dir);
  return rc == 0 ? "" : (out.empty() ? "node failed" : out);
}

}  // namespace
