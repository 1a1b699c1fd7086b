// isWgslReserved binary-searches a table sorted at compile time (issue 11). The words come
// from the WGSL specification ("Keyword Summary", "Reserved Words", predeclared types and
// built-in functions); the first and last in sorted order are checked too, since a search
// that is off by one loses exactly those.
#include <gtest/gtest.h>

#include "backend/wgsl/writer.hpp"

using oneshader::wgsl::isWgslReserved;

TEST(WgslReserved, KeywordsReservedWordsAndPredeclaredNames) {
  for (const char* w : {"alias", "fn", "loop", "let", "var", "while",        // keywords
                        "NULL", "null", "Self", "yield",                     // reserved words
                        "f16", "f32", "mat4x4", "vec4", "texture_depth_2d",  // predeclared types
                        "workgroupBarrier", "subgroupAdd", "select"})        // built-in functions
    EXPECT_TRUE(isWgslReserved(w)) << w;
}

TEST(WgslReserved, OrdinaryNamesAreNot) {
  for (const char* w : {"", "CSSum", "Values", "Total", "waveTotal", "vec5", "loop_", "Fn", "Null", "a", "zzz"})
    EXPECT_FALSE(isWgslReserved(w)) << w;
}
