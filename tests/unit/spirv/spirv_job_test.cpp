// SpirvJob: compileSpirv in steps (emit, validate anywhere, complete), as the driver runs
// it when the text targets are made on a second thread (docs/design.md, "Validation on a
// second core"). Same words and diagnostics as compileSpirv; the validator's verdict comes
// from the caller.
#include <gtest/gtest.h>

#include "../ir/cssum_module.hpp"
#include "backend/spirv/spirv.hpp"
#include "diag/diag.hpp"

using namespace oneshader;
using namespace oneshader::ir;
using namespace oneshader::spirv;

TEST(SpirvJob, SameWordsAsCompileSpirv) {
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d1, d2;
  auto whole = compileSpirv(m, "CSSum", {}, d1);
  ASSERT_TRUE(whole);
  SpirvJob job(m, "CSSum", {}, d2);
  ASSERT_TRUE(job.emit());
  ASSERT_TRUE(job.needsValidation());  // validation is on by default
  // The words the caller validates are the module compileSpirv returns (validation on,
  // no optimizer: nothing changes them after it).
  EXPECT_EQ(job.words(), whole->words);
  std::string msg;
  uint32_t index = ~0u;
  ASSERT_TRUE(validateSpirv(job.words(), VulkanEnv::Vulkan1_2, &msg, &index)) << msg;
  auto stepped = job.complete(true);
  ASSERT_TRUE(stepped);
  EXPECT_EQ(stepped->words, whole->words);
  EXPECT_EQ(stepped->capabilities, whole->capabilities);
  EXPECT_EQ(stepped->extensions, whole->extensions);
  EXPECT_TRUE(d1.diagnostics().empty());
  EXPECT_TRUE(d2.diagnostics().empty());
}

TEST(SpirvJob, InvalidVerdictIsOSH3001WithTheValidatorsMessage) {
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d;
  SpirvJob job(m, "CSSum", {}, d);
  ASSERT_TRUE(job.emit());
  // A verdict from elsewhere: the job reports it as compileSpirv reports spirv-val's
  // (OSH3001, the message as given; no instruction index: the entry point's range).
  auto r = job.complete(false, "made-up validator message", ~0u);
  EXPECT_FALSE(r);
  ASSERT_EQ(d.diagnostics().size(), 1u);
  EXPECT_EQ(diagCodeString(d.diagnostics()[0].id), "OSH3001");
  EXPECT_NE(d.diagnostics()[0].message.find("made-up validator message"), std::string::npos)
      << d.diagnostics()[0].message;
  EXPECT_TRUE(d.hasErrors());
}

TEST(SpirvJob, WithoutValidationNothingIsLeftToTheCaller) {
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d;
  SpirvOptions o;
  o.validate = false;  // -Vd
  SpirvJob job(m, "CSSum", o, d);
  ASSERT_TRUE(job.emit());
  EXPECT_FALSE(job.needsValidation());
  auto r = job.complete(true);
  ASSERT_TRUE(r);
  EXPECT_FALSE(r->words.empty());
}

TEST(SpirvJob, UnknownEntryPointIsOSH0021AtEmit) {
  Module m;
  fixtures::buildCSSum(m);
  DiagEngine d;
  SpirvJob job(m, "NoSuchEntry", {}, d);
  EXPECT_FALSE(job.emit());
  EXPECT_FALSE(job.needsValidation());
  EXPECT_FALSE(job.complete(true));
  ASSERT_EQ(d.diagnostics().size(), 1u);
  EXPECT_EQ(diagCodeString(d.diagnostics()[0].id), "OSH0021");
}
