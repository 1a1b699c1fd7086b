#include <gtest/gtest.h>

#include "diag/diag.hpp"

using namespace oneshader;

TEST(Diag, CodesRenderWithLocationAndCaret) {
  SourceManager sm;
  FileId f = sm.addBuffer("a.hlsl", "int x;\nfloat y = z;\n");
  DiagEngine de(&sm);
  SourceLoc z = sm.startOf(f) + 17;  // 'z'
  de.report(DiagId::UndeclaredIdentifier, SourceRange{z, z + 1}, {"z"});
  ASSERT_TRUE(de.hasErrors());
  std::string r = de.renderAll();
  EXPECT_EQ(r,
            "a.hlsl:2:11: error OSH0001: use of undeclared identifier 'z'\n"
            "  float y = z;\n"
            "            ^\n");
}

TEST(Diag, CodeStringsArePadded) {
  EXPECT_EQ(diagCodeString(DiagId::NonPortableWave), "OSH0350");
  EXPECT_EQ(diagCodeString(DiagId::WgslSubgroupStage), "OSH5202");
}

TEST(Diag, LineDirectiveChangesPresumedLocation) {
  SourceManager sm;
  FileId f = sm.addBuffer("a.hlsl", "a\n#line 100 \"b.hlsl\"\nc\n");
  sm.addLineDirective(sm.startOf(f) + 2, 100, std::string("b.hlsl"));
  PresumedLoc p = sm.presumedLoc(sm.startOf(f) + 21);  // the "c"
  EXPECT_EQ(p.line, 100u);
  EXPECT_EQ(p.file, "b.hlsl");
}
