// Declarations in conditions (`if (int d = v)`, `switch (int c = a)`, `while (int a = f())`,
// a `for` condition): the parser writes each as the equivalent statements (design.md,
// "Condition declarations"), so the variable is scoped to the statement and a loop
// re-runs the declaration before every test. The expected trees are those rewrites.
#include <gtest/gtest.h>

#include "parser_test_util.hpp"

using namespace oneshader;
using namespace oneshader::testing;

TEST(ParserConditionDecl, IfSwitchWhileForBecomeScopedStatements) {
  auto p = parseSource(R"(
void f(int v) {
  [branch] if (int d = v) v = d; else v = 1;
  switch (int c = v + 1) { case 1: break; }
  [loop] while (int a = v) v--;
  for (int k = 0; int left = 3 - k; ++k) v += left;
}
)");
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
  EXPECT_EQ(p->dump(),
            "TranslationUnit\n"
            "  FunctionDecl f 'void'\n"
            "    ParamDecl v 'int'\n"
            "    CompoundStmt\n"
            "      CompoundStmt\n"
            "        DeclStmt\n"
            "          VarDecl d 'int' = v\n"
            "        IfStmt d [branch]\n"
            "          ExprStmt (= v d)\n"
            "          else\n"
            "          ExprStmt (= v 1)\n"
            "      CompoundStmt\n"
            "        DeclStmt\n"
            "          VarDecl c 'int' = (+ v 1)\n"
            "        SwitchStmt c\n"
            "          Case 1\n"
            "            BreakStmt\n"
            "      ForStmt [loop]\n"
            "        <no init>\n"
            "        cond <none>\n"
            "        inc <none>\n"
            "        CompoundStmt\n"
            "          DeclStmt\n"
            "            VarDecl a 'int' = v\n"
            "          IfStmt a\n"
            "            ExprStmt (post-- v)\n"
            "            else\n"
            "            BreakStmt\n"
            "      ForStmt\n"
            "        DeclStmt\n"
            "          VarDecl k 'int' = 0\n"
            "        cond <none>\n"
            "        inc (pre++ k)\n"
            "        CompoundStmt\n"
            "          DeclStmt\n"
            "            VarDecl left 'int' = (- 3 k)\n"
            "          IfStmt left\n"
            "            ExprStmt (+= v left)\n"
            "            else\n"
            "            BreakStmt\n");
}

TEST(ParserConditionDecl, ElseIfDeclarationNestsInTheElse) {
  auto p = parseSource("void f(int v) { if (v) v = 1; else if (int e = v * 2) v = e; else v = e + 1; }\n");
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
  EXPECT_EQ(p->dump(),
            "TranslationUnit\n"
            "  FunctionDecl f 'void'\n"
            "    ParamDecl v 'int'\n"
            "    CompoundStmt\n"
            "      IfStmt v\n"
            "        ExprStmt (= v 1)\n"
            "        else\n"
            "        CompoundStmt\n"
            "          DeclStmt\n"
            "            VarDecl e 'int' = (* v 2)\n"
            "          IfStmt e\n"
            "            ExprStmt (= v e)\n"
            "            else\n"
            "            ExprStmt (= v (+ e 1))\n");
}

TEST(ParserConditionDecl, MissingInitializerIsASyntaxError) {
  // C++ requires the initializer; without it the parser reports OSH2001 and goes on.
  auto p = parseSource("void f(int v) { if (int d) v = 1; while (int w ;) {} v = 2; }\n");
  auto d = p->diagList();
  ASSERT_GE(d.size(), 1u);
  EXPECT_EQ(d[0].substr(0, 15), "OSH2001@1:26 ex") << ::testing::PrintToString(d);
  // Recovery: the rest of the function is still parsed.
  EXPECT_NE(p->dump().find("ExprStmt (= v 2)"), std::string::npos) << p->dump();
}
