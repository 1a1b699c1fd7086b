// Shared by the CLI tests (cli_test.cpp, cli_batch_test.cpp): runs the oneshader binary in a
// fresh folder per test and captures its exit status, stdout and stderr.
#pragma once
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>

#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;

namespace clitest {

inline const std::string kCli = ONESHADER_CLI_PATH;
inline const std::string kWaves = std::string(ONESHADER_SOURCE_DIR) + "/examples/Waves.hlsl";

inline std::string readFile(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

inline std::string quote(const std::string& s) {
  std::string q = "'";
  for (char c : s) {
    if (c == '\'')
      q += "'\\''";
    else
      q += c;
  }
  return q + "'";
}

struct CliRun {
  int exitCode = -1;
  std::string out, err;
};

class Cli : public ::testing::Test {
 protected:
  fs::path dir;
  void SetUp() override {
    const auto* info = ::testing::UnitTest::GetInstance()->current_test_info();
    dir = fs::temp_directory_path() / ("oneshader-cli-" + std::to_string(::getpid()) + "-" + info->name());
    fs::remove_all(dir);
    fs::create_directories(dir);
  }
  void TearDown() override {
    std::error_code ec;
    fs::remove_all(dir, ec);
  }
  // Runs the CLI in `dir` with the given (already shell-quoted where needed) arguments.
  CliRun run(const std::string& args) {
    CliRun r;
    std::string cmd = "cd " + quote(dir.string()) + " && " + quote(kCli) + " " + args + " >" +
                      quote((dir / ".stdout").string()) + " 2>" + quote((dir / ".stderr").string());
    int st = std::system(cmd.c_str());
    r.exitCode = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
    r.out = readFile(dir / ".stdout");
    r.err = readFile(dir / ".stderr");
    fs::remove(dir / ".stdout");
    fs::remove(dir / ".stderr");
    return r;
  }
  std::set<std::string> files(const fs::path& d) {
    std::set<std::string> names;
    for (const auto& e : fs::recursive_directory_iterator(d)) names.insert(fs::relative(e.path(), d).string());
    return names;
  }
  fs::path write(const std::string& name, const std::string& text) {
    fs::path p = dir / name;
    std::ofstream(p, std::ios::binary) << text;
    return p;
  }
};

}  // namespace clitest
