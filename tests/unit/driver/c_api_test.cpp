// The C API, used through its C header only (no oneshader.hpp in this file), plus a check
// that the header compiles as strict C99.
#include "oneshader/oneshader.h"

#include <gtest/gtest.h>

#include <cstdlib>
#include <cstring>
#include <string>

namespace {
const std::string kWaves = std::string(ONESHADER_SOURCE_DIR) + "/examples/Waves.hlsl";
}

TEST(CApi, HeaderIsPlainC99) {
  if (std::system("command -v cc >/dev/null 2>&1") != 0) GTEST_SKIP() << "no C compiler on PATH";
  std::string cmd = std::string(
                        "printf 'int main(void){ return oneshader_version() == 0; }\\n' | cc -std=c99 "
                        "-Wall -Wextra -Werror -pedantic -fsyntax-only -include ") +
                    ONESHADER_SOURCE_DIR + "/include/oneshader/oneshader.h -x c -";
  EXPECT_EQ(std::system(cmd.c_str()), 0) << cmd;
}

TEST(CApi, CompileSeedFile) {
  oneshader_result* r = oneshader_compile_file(kWaves.c_str(), nullptr);
  ASSERT_NE(r, nullptr);
  ASSERT_EQ(oneshader_result_success(r), 1);
  EXPECT_EQ(oneshader_result_diagnostic_count(r), 0u);
  ASSERT_EQ(oneshader_result_output_count(r), 2u);
  EXPECT_STREQ(oneshader_result_output_entry(r, 0), "CSSum");
  EXPECT_EQ(oneshader_result_output_target(r, 0), ONESHADER_TARGET_SPIRV);
  size_t size = 0;
  const auto* bytes = static_cast<const unsigned char*>(oneshader_result_output_bytes(r, 0, &size));
  ASSERT_NE(bytes, nullptr);
  ASSERT_GE(size, 20u);
  EXPECT_EQ(size % 4, 0u);
  EXPECT_EQ(bytes[0], 0x03);
  EXPECT_EQ(bytes[3], 0x07);
  ASSERT_EQ(oneshader_result_entry_point_count(r), 2u);
  EXPECT_STREQ(oneshader_result_entry_point_summary(r, 0), "CSSum (Compute): Basic, Arithmetic = 0x5");
  EXPECT_STREQ(oneshader_result_entry_point_summary(r, 1), "PSSlope (Pixel): Quad = 0x80");
  EXPECT_EQ(oneshader_result_entry_point_subgroup_operations(r, 0), 0x5u);
  const char* json = oneshader_result_reflection_json(r);
  ASSERT_NE(json, nullptr);
  EXPECT_NE(std::strstr(json, "\"name\": \"PSSlope\""), nullptr);
  // Out of range: NULL / 0, never a crash.
  EXPECT_EQ(oneshader_result_output_entry(r, 9), nullptr);
  EXPECT_EQ(oneshader_result_output_bytes(r, 9, &size), nullptr);
  EXPECT_EQ(size, 0u);
  EXPECT_EQ(oneshader_result_diagnostic_code(r, 0), nullptr);
  EXPECT_EQ(oneshader_result_entry_point_summary(r, 5), nullptr);
  oneshader_result_free(r);
}

TEST(CApi, OptionsAndDiagnostics) {
  oneshader_options* o = oneshader_options_create();
  ASSERT_NE(o, nullptr);
  oneshader_options_set_entry_point(o, "CSSum");
  oneshader_options_set_profile(o, "cs_6_0");
  oneshader_options_set_spirv_env(o, ONESHADER_VULKAN_1_1);
  oneshader_options_set_disassemble(o, 1);
  oneshader_result* r = oneshader_compile_file(kWaves.c_str(), o);
  ASSERT_EQ(oneshader_result_success(r), 1);
  ASSERT_EQ(oneshader_result_output_count(r), 1u);
  EXPECT_NE(std::strstr(oneshader_result_output_text(r, 0), "OpEntryPoint GLCompute"), nullptr);
  size_t size = 0;
  const auto* words = static_cast<const unsigned char*>(oneshader_result_output_bytes(r, 0, &size));
  ASSERT_GE(size, 8u);
  EXPECT_EQ(words[5], 3);  // SPIR-V 1.3 for vulkan1.1
  EXPECT_EQ(words[6], 1);
  oneshader_result_free(r);

  oneshader_options_add_define(o, "BROKEN", nullptr);
  const char* src =
      "#ifdef BROKEN\n"
      "#error broken on purpose\n"
      "#endif\n"
      "[numthreads(1,1,1)] void CSSum() { missing = 1; }\n";
  oneshader_result* e = oneshader_compile_source(src, "mem.hlsl", o);
  EXPECT_EQ(oneshader_result_success(e), 0);
  ASSERT_GE(oneshader_result_diagnostic_count(e), 1u);
  EXPECT_STREQ(oneshader_result_diagnostic_code(e, 0), "OSH1002");
  EXPECT_STREQ(oneshader_result_diagnostic_severity(e, 0), "error");
  EXPECT_STREQ(oneshader_result_diagnostic_file(e, 0), "mem.hlsl");
  EXPECT_EQ(oneshader_result_diagnostic_line(e, 0), 2u);
  EXPECT_EQ(oneshader_result_diagnostic_column(e, 0), 1u);
  EXPECT_STREQ(oneshader_result_diagnostic_message(e, 0), "#error broken on purpose");
  EXPECT_EQ(std::strncmp(oneshader_result_diagnostic_text(e, 0), "mem.hlsl:2:1: error OSH1002: ", 29), 0);
  EXPECT_NE(std::strstr(oneshader_result_diagnostics_json(e), "\"OSH1002\""), nullptr);
  EXPECT_EQ(oneshader_result_output_count(e), 0u);
  EXPECT_EQ(oneshader_result_reflection_json(e), nullptr);
  oneshader_result_free(e);
  oneshader_options_destroy(o);
}

TEST(CApi, MissingFileAndTargets) {
  oneshader_result* r = oneshader_compile_file("/no/such/file.hlsl", nullptr);
  EXPECT_EQ(oneshader_result_success(r), 0);
  ASSERT_EQ(oneshader_result_diagnostic_count(r), 1u);
  EXPECT_STREQ(oneshader_result_diagnostic_code(r, 0), "OSH9001");
  EXPECT_EQ(oneshader_result_diagnostic_line(r, 0), 0u);
  oneshader_result_free(r);

  // Every target of the seed: one output per entry point and target.
  oneshader_options* o = oneshader_options_create();
  oneshader_options_set_targets(o, ONESHADER_TARGET_SPIRV | ONESHADER_TARGET_MSL | ONESHADER_TARGET_WGSL);
  oneshader_result* w = oneshader_compile_file(kWaves.c_str(), o);
  EXPECT_EQ(oneshader_result_success(w), 1);
  EXPECT_EQ(oneshader_result_output_count(w), 6u);  // {CSSum, PSSlope} x {spirv, msl, wgsl}
  oneshader_result_free(w);
  oneshader_options_destroy(o);

  oneshader_result_free(nullptr);  // like free(NULL)
  oneshader_options_destroy(nullptr);
  EXPECT_EQ(oneshader_result_success(nullptr), 0);
  EXPECT_EQ(oneshader_result_diagnostic_count(nullptr), 0u);
}

// Per-entry-point accessors: the name, and the WebGPU pipeline layout only when WGSL was
// compiled (CSSum: Values t0 read-only storage at binding 0, Total u1 storage at 1).
TEST(CApi, EntryPointNameAndWebGpuLayout) {
  oneshader_result* spirvOnly = oneshader_compile_file(kWaves.c_str(), nullptr);
  ASSERT_EQ(oneshader_result_success(spirvOnly), 1);
  EXPECT_STREQ(oneshader_result_entry_point_name(spirvOnly, 0), "CSSum");
  EXPECT_STREQ(oneshader_result_entry_point_name(spirvOnly, 1), "PSSlope");
  EXPECT_EQ(oneshader_result_entry_point_name(spirvOnly, 2), nullptr);
  EXPECT_EQ(oneshader_result_entry_point_webgpu_layout_json(spirvOnly, 0), nullptr);  // no WGSL
  oneshader_result_free(spirvOnly);

  oneshader_options* o = oneshader_options_create();
  oneshader_options_set_targets(o, ONESHADER_TARGET_SPIRV | ONESHADER_TARGET_WGSL);
  oneshader_options_set_entry_point(o, "CSSum");
  oneshader_result* r = oneshader_compile_file(kWaves.c_str(), o);
  ASSERT_EQ(oneshader_result_success(r), 1);
  const char* layout = oneshader_result_entry_point_webgpu_layout_json(r, 0);
  ASSERT_NE(layout, nullptr);
  std::string s(layout);
  EXPECT_NE(s.find("\"requiredFeatures\": [\n    \"subgroups\"\n  ]"), std::string::npos) << s;
  EXPECT_NE(s.find("\"read-only-storage\""), std::string::npos) << s;
  EXPECT_NE(s.find("\"resource\": \"Total\""), std::string::npos) << s;
  EXPECT_NE(s.find("\"visibility\": 4"), std::string::npos) << s;
  EXPECT_EQ(oneshader_result_entry_point_webgpu_layout_json(r, 1), nullptr);  // out of range
  oneshader_result_free(r);
  oneshader_options_destroy(o);
}
