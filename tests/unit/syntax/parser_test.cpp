// Parser tests on whole shaders: the seed's Waves.hlsl, representative compute-shader code,
// error recovery with several coded diagnostics, and absurd nesting.
#include <gtest/gtest.h>

#include "parser_test_util.hpp"

using namespace oneshader;
using namespace oneshader::ast;
using oneshader::testing::parseSource;

namespace {

// Shaders/Waves.hlsl from shared/seeds/002_22d2679a07174991.txt, verbatim.
const char* kWaves = R"(StructuredBuffer<uint> Values : register(t0);
RWByteAddressBuffer Total : register(u1);
 
// Sum a buffer with one atomic per wave instead of one per thread.
[shader("compute")]
[numthreads(64, 1, 1)]
void CSSum(uint3 id : SV_DispatchThreadID)
{
    uint waveTotal = WaveActiveSum(Values[id.x]);
    if (WaveIsFirstLane())
        Total.InterlockedAdd(0, waveTotal);
}
 
Texture2D<float> Height : register(t2);
SamplerState Linear : register(s3);
 
// A screen-space slope from the neighboring pixel in the 2x2 quad.
[shader("pixel")]
float4 PSSlope(float4 pos : SV_Position, float2 uv : TEXCOORD0) : SV_Target
{
    float h = Height.Sample(Linear, uv);
    float dx = QuadReadAcrossX(h) - h;
    float dy = QuadReadAcrossY(h) - h;
    return float4(abs(dx), abs(dy), h, 1);
}
)";

}  // namespace

TEST(Parser, SeedWavesShader) {
  auto p = parseSource(kWaves);
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
  // Written by hand from the source above.
  EXPECT_EQ(p->dump(),
            "TranslationUnit\n"
            "  VarDecl Values 'StructuredBuffer<uint>' register(t0)\n"
            "  VarDecl Total 'RWByteAddressBuffer' register(u1)\n"
            "  FunctionDecl CSSum 'void' [shader(\"compute\")] [numthreads(64, 1, 1)]\n"
            "    ParamDecl id 'uint3' : SV_DispatchThreadID\n"
            "    CompoundStmt\n"
            "      DeclStmt\n"
            "        VarDecl waveTotal 'uint' = (call WaveActiveSum ([] Values (. id x)))\n"
            "      IfStmt (call WaveIsFirstLane)\n"
            "        ExprStmt (call Total.InterlockedAdd 0 waveTotal)\n"
            "  VarDecl Height 'Texture2D<float>' register(t2)\n"
            "  VarDecl Linear 'SamplerState' register(s3)\n"
            "  FunctionDecl PSSlope 'float4' : SV_Target [shader(\"pixel\")]\n"
            "    ParamDecl pos 'float4' : SV_Position\n"
            "    ParamDecl uv 'float2' : TEXCOORD0\n"
            "    CompoundStmt\n"
            "      DeclStmt\n"
            "        VarDecl h 'float' = (call Height.Sample Linear uv)\n"
            "      DeclStmt\n"
            "        VarDecl dx 'float' = (- (call QuadReadAcrossX h) h)\n"
            "      DeclStmt\n"
            "        VarDecl dy 'float' = (- (call QuadReadAcrossY h) h)\n"
            "      ReturnStmt (construct float4 (call abs dx) (call abs dy) h 1)\n");
}

TEST(Parser, SeedWavesStructure) {
  auto p = parseSource(kWaves);
  ASSERT_EQ(p->tu->decls.size(), 6u);
  auto* values = dyn_cast<VarDecl>(p->tu->decls[0]);
  ASSERT_TRUE(values);
  EXPECT_EQ(values->name.str(), "Values");
  ASSERT_EQ(values->registers.size(), 1u);
  EXPECT_EQ(values->registers[0].regClass, 't');
  EXPECT_EQ(values->registers[0].index, 0u);
  EXPECT_FALSE(values->registers[0].hasSpace);
  ASSERT_EQ(values->typeSpec->templateArgs.size(), 1u);
  EXPECT_EQ(values->typeSpec->templateArgs[0].type->name.str(), "uint");

  auto* cs = dyn_cast<FunctionDecl>(p->tu->decls[2]);
  ASSERT_TRUE(cs);
  ASSERT_EQ(cs->attributes.size(), 2u);
  EXPECT_EQ(cs->attributes[1]->name.str(), "numthreads");
  ASSERT_EQ(cs->attributes[1]->args.size(), 3u);
  EXPECT_EQ(cast<IntLiteralExpr>(cs->attributes[1]->args[0])->value, 64u);
  ASSERT_EQ(cs->params.size(), 1u);
  EXPECT_EQ(cs->params[0]->semantic.str(), "SV_DispatchThreadID");
  EXPECT_EQ(cs->params[0]->parent, cs);
  // The method call keeps its object.
  auto* ifs = cast<IfStmt>(cs->body->body[1]);
  auto* call = cast<CallExpr>(cast<ExprStmt>(ifs->thenStmt)->expr);
  EXPECT_EQ(call->name.str(), "InterlockedAdd");
  ASSERT_TRUE(call->object);
  EXPECT_EQ(cast<DeclRefExpr>(call->object)->name.str(), "Total");
  EXPECT_EQ(call->intrinsic, ~0u);
  EXPECT_EQ(call->callee, nullptr);

  // Source ranges: `Total.InterlockedAdd(0, waveTotal)` on line 11, columns 9..43.
  PresumedLoc b = p->sm.presumedLoc(call->range.begin);
  PresumedLoc e = p->sm.presumedLoc(call->range.end);
  EXPECT_EQ(b.line, 11u);
  EXPECT_EQ(b.column, 9u);
  EXPECT_EQ(e.line, 11u);
  EXPECT_EQ(e.column, 43u);  // one past ')'
}

TEST(Parser, GlobalsResourcesAndBindings) {
  auto p = parseSource(R"(
RWStructuredBuffer<MyStruct> Out : register(u1, space2);
[[vk::binding(0, 1)]] Texture2D<float4> Tex;
cbuffer Params : register(b0) {
  row_major float4x4 World;
  float Scale : packoffset(c4.y);
  uint Count;
};
tbuffer TB { float t; }
groupshared float cache[64];
static const uint kSizes[] = {1, 2, 3};
ConstantBuffer<Light> Lights[4] : register(b1, space3);
[[vk::push_constant]] PushData pc;
)");
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
  EXPECT_EQ(p->dump(),
            "TranslationUnit\n"
            "  VarDecl Out 'RWStructuredBuffer<MyStruct>' register(u1, space2)\n"
            "  VarDecl Tex 'Texture2D<float4>' [[vk::binding(0, 1)]]\n"
            "  CBufferDecl Params register(b0)\n"
            "    VarDecl World 'row_major float4x4'\n"
            "    VarDecl Scale 'float' packoffset(c4.y)\n"
            "    VarDecl Count 'uint'\n"
            "  TBufferDecl TB\n"
            "    VarDecl t 'float'\n"
            "  VarDecl groupshared cache 'float[64]'\n"
            "  VarDecl static kSizes 'const uint[]' = (init 1 2 3)\n"
            "  VarDecl Lights 'ConstantBuffer<Light>[4]' register(b1, space3)\n"
            "  VarDecl pc 'PushData' [[vk::push_constant]]\n");
}

TEST(Parser, StructsWithMethodsAndOperators) {
  auto p = parseSource(R"(
struct Particle {
  float3 pos : POSITION;
  float3 vel;
  uint flags : 4;
  uint kind : 28;
  static const uint kMax = 16;
  float3 step(float dt) { return pos + vel * dt; }
  Particle operator+(Particle o) { Particle r = o; r.pos += pos; return r; }
  bool operator[](uint i);
  float speed() const { return length(vel); }
};
interface IShape { float area(); };
class Circle : IShape { float r; float area() { return 3.14159f * r * r; } };
float Circle::perimeter() { return 2 * r; }
)");
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
  EXPECT_EQ(p->dump(),
            "TranslationUnit\n"
            "  StructDecl struct Particle\n"
            "    FieldDecl pos 'float3' : POSITION\n"
            "    FieldDecl vel 'float3'\n"
            "    FieldDecl flags 'uint' : 4\n"
            "    FieldDecl kind 'uint' : 28\n"
            "    VarDecl static kMax 'const uint' = 16\n"
            "    FunctionDecl step 'float3' method\n"
            "      ParamDecl dt 'float'\n"
            "      CompoundStmt\n"
            "        ReturnStmt (+ pos (* vel dt))\n"
            "    FunctionDecl operator+ 'Particle' method\n"
            "      ParamDecl o 'Particle'\n"
            "      CompoundStmt\n"
            "        DeclStmt\n"
            "          VarDecl r 'Particle' = o\n"
            "        ExprStmt (+= (. r pos) pos)\n"
            "        ReturnStmt r\n"
            "    FunctionDecl operator[] 'bool' method prototype\n"
            "      ParamDecl i 'uint'\n"
            "    FunctionDecl speed 'float' method const\n"
            "      CompoundStmt\n"
            "        ReturnStmt (call length vel)\n"
            "  StructDecl interface IShape\n"
            "    FunctionDecl area 'float' method prototype\n"
            "  StructDecl class Circle : IShape\n"
            "    FieldDecl r 'float'\n"
            "    FunctionDecl area 'float' method\n"
            "      CompoundStmt\n"
            "        ReturnStmt (* (* 3.14159f r) r)\n"
            "  FunctionDecl Circle::perimeter 'float' method\n"
            "    CompoundStmt\n"
            "      ReturnStmt (* 2 r)\n");
  auto* sd = cast<StructDecl>(p->tu->decls[0]);
  ASSERT_EQ(sd->fields.size(), 4u);
  EXPECT_EQ(sd->fields[3]->index, 3u);
  ASSERT_EQ(sd->methods.size(), 4u);
  EXPECT_EQ(sd->methods[1]->overloadedOp, Tok::plus);
  EXPECT_EQ(sd->methods[2]->overloadedOp, Tok::l_square);
  EXPECT_EQ(sd->methods[0]->owner, sd);
}

TEST(Parser, TemplatesNamespacesEnumsTypedefs) {
  auto p = parseSource(R"(
namespace util {
  template<typename T, uint N = 4>
  struct Array { T data[N]; T get(uint i) { return data[i]; } };
  template<typename T> T maxOf(T a, T b) { return a > b ? a : b; }
  enum class Mode : uint { Fast = 1, Slow };
  namespace inner { typedef float Real; }
}
using namespace util;
using Vec3 = vector<float, 3>;
typedef util::Array<float, 8> Arr8;
enum Color { Red, Green = 4 };
util::inner::Real r;
Arr8 arr;
static_assert(sizeof(float4) == 16, "size");
void f() {
  util::Array<int, 2> a;
  Mode m = Mode::Fast;
  int c = Green + util::maxOf<int>(1, 2);
  Vec3 v = (Vec3)0;
}
)");
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
  EXPECT_EQ(p->dump(),
            "TranslationUnit\n"
            "  NamespaceDecl util\n"
            "    StructDecl struct Array template<typename T, uint N = 4>\n"
            "      FieldDecl data 'T[N]'\n"
            "      FunctionDecl get 'T' method\n"
            "        ParamDecl i 'uint'\n"
            "        CompoundStmt\n"
            "          ReturnStmt ([] data i)\n"
            "    FunctionDecl maxOf 'T' template<typename T>\n"
            "      ParamDecl a 'T'\n"
            "      ParamDecl b 'T'\n"
            "      CompoundStmt\n"
            "        ReturnStmt (? (> a b) a b)\n"
            "    EnumDecl class Mode : uint\n"
            "      EnumConstant Fast = 1\n"
            "      EnumConstant Slow\n"
            "    NamespaceDecl inner\n"
            "      TypedefDecl Real 'float'\n"
            "  UsingNamespace util\n"
            "  UsingAlias Vec3 'vector<float, 3>'\n"
            "  TypedefDecl Arr8 'util::Array<float, 8>'\n"
            "  EnumDecl Color\n"
            "    EnumConstant Red\n"
            "    EnumConstant Green = 4\n"
            "  VarDecl r 'util::inner::Real'\n"
            "  VarDecl arr 'Arr8'\n"
            "  StaticAssert (== (sizeof float4) 16) \"size\"\n"
            "  FunctionDecl f 'void'\n"
            "    CompoundStmt\n"
            "      DeclStmt\n"
            "        VarDecl a 'util::Array<int, 2>'\n"
            "      DeclStmt\n"
            "        VarDecl m 'Mode' = Mode::Fast\n"
            "      DeclStmt\n"
            "        VarDecl c 'int' = (+ Green (call util::maxOf<int> 1 2))\n"
            "      DeclStmt\n"
            "        VarDecl v 'Vec3' = (cast Vec3 0)\n");
}

TEST(Parser, StatementsWithAttributes) {
  auto p = parseSource(R"(
RWStructuredBuffer<uint> buf;
[numthreads(8, 8, 1)]
void main(uint3 tid : SV_DispatchThreadID, uint gi : SV_GroupIndex) {
  int a = 1, b[2] = {1, 2};
  [unroll(4)] for (int i = 0; i < 4; ++i) { a += i; }
  [loop] while (a > 0) { a--; if (a == 3) break; else continue; }
  do { a++; } while (a < 10);
  [branch] if (gi == 0) { buf[0] = a; } else if (gi == 1) buf[1] = b[1];
  [forcecase] switch (tid.x) {
    case 0: a = 1;
    case 1: { a = 2; break; }
    default: break;
  }
  for (;;) { break; }
  ;
  if (a < 0) discard;
  return;
}
)");
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
  EXPECT_EQ(p->dump(),
            "TranslationUnit\n"
            "  VarDecl buf 'RWStructuredBuffer<uint>'\n"
            "  FunctionDecl main 'void' [numthreads(8, 8, 1)]\n"
            "    ParamDecl tid 'uint3' : SV_DispatchThreadID\n"
            "    ParamDecl gi 'uint' : SV_GroupIndex\n"
            "    CompoundStmt\n"
            "      DeclStmt\n"
            "        VarDecl a 'int' = 1\n"
            "        VarDecl b 'int[2]' = (init 1 2)\n"
            "      ForStmt [unroll(4)]\n"
            "        DeclStmt\n"
            "          VarDecl i 'int' = 0\n"
            "        cond (< i 4)\n"
            "        inc (pre++ i)\n"
            "        CompoundStmt\n"
            "          ExprStmt (+= a i)\n"
            "      WhileStmt (> a 0) [loop]\n"
            "        CompoundStmt\n"
            "          ExprStmt (post-- a)\n"
            "          IfStmt (== a 3)\n"
            "            BreakStmt\n"
            "            else\n"
            "            ContinueStmt\n"
            "      DoWhileStmt (< a 10)\n"
            "        CompoundStmt\n"
            "          ExprStmt (post++ a)\n"
            "      IfStmt (== gi 0) [branch]\n"
            "        CompoundStmt\n"
            "          ExprStmt (= ([] buf 0) a)\n"
            "        else\n"
            "        IfStmt (== gi 1)\n"
            "          ExprStmt (= ([] buf 1) ([] b 1))\n"
            "      SwitchStmt (. tid x) [forcecase]\n"
            "        Case 0\n"
            "          ExprStmt (= a 1)\n"
            "        Case 1\n"
            "          CompoundStmt\n"
            "            ExprStmt (= a 2)\n"
            "            BreakStmt\n"
            "        Default\n"
            "          BreakStmt\n"
            "      ForStmt\n"
            "        <no init>\n"
            "        cond <none>\n"
            "        inc <none>\n"
            "        CompoundStmt\n"
            "          BreakStmt\n"
            "      EmptyStmt\n"
            "      IfStmt (< a 0)\n"
            "        DiscardStmt\n"
            "      ReturnStmt\n");
}

TEST(Parser, DeclarationVersusExpressionStatements) {
  auto p = parseSource(R"(
struct Foo { int v; };
void f() {
  Foo x;
  int a, b;
  a * b;
  Foo(x);
  float4(1, 2, 3, 4).x;
  x.v = a;
}
)");
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
  EXPECT_EQ(p->dump(),
            "TranslationUnit\n"
            "  StructDecl struct Foo\n"
            "    FieldDecl v 'int'\n"
            "  FunctionDecl f 'void'\n"
            "    CompoundStmt\n"
            "      DeclStmt\n"
            "        VarDecl x 'Foo'\n"
            "      DeclStmt\n"
            "        VarDecl a 'int'\n"
            "        VarDecl b 'int'\n"
            "      ExprStmt (* a b)\n"
            "      ExprStmt (construct Foo x)\n"
            "      ExprStmt (. (construct float4 1 2 3 4) x)\n"
            "      ExprStmt (= (. x v) a)\n");
}

TEST(Parser, ParameterModifiersAndGeometry) {
  auto p = parseSource(R"(
[maxvertexcount(3)]
void GS(triangle VSOut input[3], inout TriangleStream<GSOut> stream) {}
void g(in float a, out float b, inout float c, in out float d, uniform float e = 1.0,
       nointerpolation float4 col : COLOR0, [[vk::location(2)]] centroid float2 uv : TEXCOORD1) { b = a; }
float h(float);
)");
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
  EXPECT_EQ(p->dump(),
            "TranslationUnit\n"
            "  FunctionDecl GS 'void' [maxvertexcount(3)]\n"
            "    ParamDecl triangle input 'VSOut[3]'\n"
            "    ParamDecl inout stream 'TriangleStream<GSOut>'\n"
            "    CompoundStmt\n"
            "  FunctionDecl g 'void'\n"
            "    ParamDecl in a 'float'\n"
            "    ParamDecl out b 'float'\n"
            "    ParamDecl inout c 'float'\n"
            "    ParamDecl inout d 'float'\n"
            "    ParamDecl uniform e 'float' = 1.0\n"
            "    ParamDecl nointerpolation col 'float4' : COLOR0\n"
            "    ParamDecl centroid uv 'float2' : TEXCOORD1 [[vk::location(2)]]\n"
            "    CompoundStmt\n"
            "      ExprStmt (= b a)\n"
            "  FunctionDecl h 'float' prototype\n"
            "    ParamDecl <anon> 'float'\n");
}

TEST(Parser, InlineSpirvAttributesAndVkTypes) {
  auto p = parseSource(R"(
[[vk::ext_instruction(5056)]] uint64_t ReadClock(uint scope);
[[vk::ext_capability(5055)]] [[vk::ext_extension("SPV_KHR_shader_clock")]]
void use() { uint64_t t = ReadClock(3); }
vk::SpirvType<12, 8, 8, vk::Literal<vk::integral_constant<uint, 32> > > opaque;
vk::BufferPointer<float4> ptr;
)");
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
  EXPECT_EQ(p->dump(),
            "TranslationUnit\n"
            "  FunctionDecl ReadClock 'uint64_t' [[vk::ext_instruction(5056)]] prototype\n"
            "    ParamDecl scope 'uint'\n"
            "  FunctionDecl use 'void' [[vk::ext_capability(5055)]] [[vk::ext_extension(\"SPV_KHR_shader_clock\")]]\n"
            "    CompoundStmt\n"
            "      DeclStmt\n"
            "        VarDecl t 'uint64_t' = (call ReadClock 3)\n"
            "  VarDecl opaque 'vk::SpirvType<12, 8, 8, vk::Literal<vk::integral_constant<uint, 32>>>'\n"
            "  VarDecl ptr 'vk::BufferPointer<float4>'\n");
}

// The vk namespace's template names are declared on the first access to its member scope
// (issue 11): through `using namespace vk;` and inside a reopened `namespace vk`, with no
// `vk::` before, the names are templates (else `BufferPointer<float4> p;` would parse as
// the expression `(BufferPointer < float4) > p` and fail at the `;`).
TEST(Parser, VkTemplateNamesWithoutQualifiedUseFirst) {
  auto u = parseSource("using namespace vk;\nBufferPointer<float4> p;\nSampledTexture2D t;\n");
  EXPECT_TRUE(u->diagList().empty()) << ::testing::PrintToString(u->diagList());
  EXPECT_NE(u->dump().find("VarDecl p 'BufferPointer<float4>'"), std::string::npos) << u->dump();
  auto n = parseSource("namespace vk { struct S { BufferPointer<uint> q; }; }\n");
  EXPECT_TRUE(n->diagList().empty()) << ::testing::PrintToString(n->diagList());
  EXPECT_NE(n->dump().find("'BufferPointer<uint>'"), std::string::npos) << n->dump();
}

// ---------------------------------------------------------------------------
// Error recovery
// ---------------------------------------------------------------------------
TEST(ParserErrors, SeveralCodedDiagnosticsInOneRun) {
  // Columns are 1-based byte columns, counted by hand.
  auto p = parseSource(
      "struct S { float a }\n"           // 1: missing ';' before '}' at col 20, and after '}' (col 21)
      "float4 f(float x) {\n"            // 2
      "  float y = x +;\n"               // 3: expected expression at ';' col 16
      "  return y\n"                     // 4: expected ';' after 'y' (col 11): '}' starts line 5
      "}\n"                              // 5
      "int g(int a { return a; }\n"      // 6: expected ')' at '{' col 13
      "static float z = 1;\n"            // 7: fine
      "void h() { if (z) { z = 2 } }\n"  // 8: expected ';' at '}' col 27
      "float w = ;\n");                  // 9: expected expression at ';' col 11
  EXPECT_EQ(p->diagList(), (std::vector<std::string>{
                               "OSH2001@1:20 expected ';'",
                               "OSH2001@1:21 expected ';'",  // after the struct's '}'
                               "OSH2002@3:16 expected expression",
                               "OSH2001@4:11 expected ';'",
                               "OSH2001@6:13 expected ')'",
                               "OSH2001@8:27 expected ';'",
                               "OSH2002@9:11 expected expression",
                           }));
  // Parsing went on: the later declarations exist.
  std::string d = p->dump();
  EXPECT_NE(d.find("VarDecl static z 'float' = 1"), std::string::npos) << d;
  EXPECT_NE(d.find("FunctionDecl h 'void'"), std::string::npos) << d;
}

TEST(ParserErrors, GarbageAtTopLevelIsSkipped) {
  auto p = parseSource(
      "int a;\n"
      ") ] 42;\n"  // 2: expected declaration at ')'
      "float b;\n"
      "}\n"  // 4: unexpected '}'
      "float c;\n");
  auto list = p->diagList();
  ASSERT_EQ(list.size(), 2u) << ::testing::PrintToString(list);
  EXPECT_EQ(list[0], "OSH2003@2:1 expected declaration");
  EXPECT_EQ(list[1], "OSH2006@4:1 unexpected '}'");
  std::string d = p->dump();
  EXPECT_NE(d.find("VarDecl b 'float'"), std::string::npos) << d;
  EXPECT_NE(d.find("VarDecl c 'float'"), std::string::npos) << d;
}

TEST(ParserErrors, MissingTokensInsideStatements) {
  auto p = parseSource(
      "void f() {\n"
      "  for (int i = 0; i < 3 i++) {}\n"         // 2: expected ';' at 'i' col 25
      "  while a) {}\n"                           // 3: expected '(' at 'a' col 9
      "  switch (x) { foo(); case 1: break; }\n"  // 4: expected case at 'foo' col 16
      "  int q = (1 + 2;\n"                       // 5: expected ')' at ';' col 17
      "}\n");
  EXPECT_EQ(p->diagList(), (std::vector<std::string>{
                               "OSH2001@2:25 expected ';'",
                               "OSH2001@3:9 expected '('",
                               "OSH2001@4:16 expected 'case' or 'default'",
                               "OSH2001@5:17 expected ')'",
                           }));
}

TEST(ParserErrors, BadRegisterAndPackoffset) {
  auto p = parseSource(
      "Texture2D t : register(q7);\n"              // col 24: bad register name
      "cbuffer C { float a : packoffset(x1); }\n"  // col 34: expected constant register
      "float ok;\n");
  auto list = p->diagList();
  ASSERT_EQ(list.size(), 2u) << ::testing::PrintToString(list);
  EXPECT_EQ(list[0], "OSH2001@1:24 expected register name like 't0', 'u1' or 'space2'");
  EXPECT_EQ(list[1], "OSH2001@2:34 expected constant register like 'c0'");
  EXPECT_NE(p->dump().find("VarDecl ok 'float'"), std::string::npos);
}

TEST(ParserErrors, UnterminatedInputNeverLoops) {
  const char* inputs[] = {
      "struct S {",
      "void f() {",
      "void f( ",
      "float x = (",
      "cbuffer C {",
      "namespace N {",
      "[numthreads(",
      "template<",
      "int a[",
      "enum E {",
      "void f() { switch (x) { case",
      "}}}}",
      ")))",
      "@ # $",
      "float4 operator",
      "typedef",
  };
  for (const char* in : inputs) {
    auto p = parseSource(in);
    EXPECT_TRUE(p->diags.hasErrors()) << in;
  }
}

// ---------------------------------------------------------------------------
// Nesting limits
// ---------------------------------------------------------------------------
TEST(ParserErrors, DeepParenthesesAreRejectedWithoutStackOverflow) {
  std::string src = "float x = " + std::string(100000, '(') + "1" + std::string(100000, ')') + ";\nfloat y;\n";
  auto p = parseSource(src);
  auto list = p->diagList();
  ASSERT_FALSE(list.empty());
  EXPECT_EQ(list[0].substr(0, 8), "OSH2005@");
  EXPECT_NE(list[0].find("nesting too deep (limit 256)"), std::string::npos);
  EXPECT_LE(list.size(), 3u) << ::testing::PrintToString(list);
}

TEST(ParserErrors, DeepBracesUnaryAndTemplates) {
  std::string braces = "void f() " + std::string(50000, '{') + std::string(50000, '}');
  std::string unary = "float x = " + std::string(50000, '-') + "1;";
  std::string assign = "void g() { ";
  for (int i = 0; i < 20000; ++i) assign += "a = ";
  assign += "1; }";
  std::string tmpl = "vector<";
  for (int i = 0; i < 5000; ++i) tmpl += "vector<";
  tmpl += "float";
  for (int i = 0; i < 5000; ++i) tmpl += ">";
  tmpl += "> t;";
  for (const std::string& s : {braces, unary, assign, tmpl}) {
    auto p = parseSource(s);
    ASSERT_TRUE(p->diags.hasErrors());
    EXPECT_EQ(p->diagList()[0].substr(0, 7), "OSH2005");
  }
}

TEST(ParserErrors, AFlatChainPastTheTreeLimitIsOneError) {
  // `a+a+...` is not nested in the source, but its tree is as deep as it is long: past the
  // limit it is OSH2005 once, with no cascade at the end of the statement, and the next
  // declaration still parses.
  std::string src = "void f() { uint a = 1; uint b = a";
  for (int i = 0; i < 120000; ++i) src += "+a";
  src += "; }\nvoid g() { int x = ; }\n";
  auto p = parseSource(src);
  auto list = p->diagList();
  ASSERT_EQ(list.size(), 2u) << ::testing::PrintToString(list);
  EXPECT_EQ(list[0].substr(0, 8), "OSH2005@");
  EXPECT_EQ(list[1].substr(0, 4), "OSH2") << "g()'s own error must still be found";
  EXPECT_EQ(list[1].find("OSH2005"), std::string::npos);
}

TEST(ParserErrors, NestingBelowTheLimitIsFine) {
  // 250 parentheses inside a function body stay under the limit of 256.
  std::string src = "void f() { float x = " + std::string(250, '(') + "1" + std::string(250, ')') + "; }";
  auto p = parseSource(src);
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
  // 300 do not.
  src = "void f() { float x = " + std::string(300, '(') + "1" + std::string(300, ')') + "; }";
  p = parseSource(src);
  ASSERT_EQ(p->diagList().size(), 1u) << ::testing::PrintToString(p->diagList());
  // Depth: the statement is 1, the k-th '(' makes 1 + k, so the 256th '(' (column 21 + 256)
  // is the first past the limit.
  EXPECT_EQ(p->diagList()[0], "OSH2005@1:" + std::to_string(21 + 256) + " nesting too deep (limit 256)");
  // A long else-if chain is not nesting.
  std::string chain = "void g(int x) { if (x == 0) x = 1;";
  for (int i = 1; i < 1000; ++i) chain += " else if (x == " + std::to_string(i) + ") x = 2;";
  chain += " else x = 3; }";
  p = parseSource(chain);
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
}

TEST(Parser, MeshRaytracingAndSoftKeywords) {
  auto p = parseSource(R"(
struct Payload { float3 color; };
[shader("raygeneration")] void RayGen() {
  RayDesc ray;
  RayQuery<RAY_FLAG_NONE> q;
  RayQuery<RAY_FLAG_CULL_NON_OPAQUE | RAY_FLAG_FORCE_OPAQUE> q2;
  float line = 1, sample = 2;
  line += sample;
  Unknown u;
}
[outputtopology("triangle")] [numthreads(32, 1, 1)]
void MS(out indices uint3 tris[2], out vertices Payload verts[4], in payload Payload pl) {}
InputPatch<Payload, 3> ip;
Texture2DMS<float4, 4> ms;
template<uint N, typename T> struct Fixed { T v[N]; };
Fixed<8, Elem> f8;
)");
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
  EXPECT_EQ(p->dump(),
            "TranslationUnit\n"
            "  StructDecl struct Payload\n"
            "    FieldDecl color 'float3'\n"
            "  FunctionDecl RayGen 'void' [shader(\"raygeneration\")]\n"
            "    CompoundStmt\n"
            "      DeclStmt\n"
            "        VarDecl ray 'RayDesc'\n"
            "      DeclStmt\n"
            "        VarDecl q 'RayQuery<RAY_FLAG_NONE>'\n"
            "      DeclStmt\n"
            "        VarDecl q2 'RayQuery<(| RAY_FLAG_CULL_NON_OPAQUE RAY_FLAG_FORCE_OPAQUE)>'\n"
            "      DeclStmt\n"
            "        VarDecl line 'float' = 1\n"
            "        VarDecl sample 'float' = 2\n"
            "      ExprStmt (+= line sample)\n"
            "      DeclStmt\n"
            "        VarDecl u 'Unknown'\n"
            "  FunctionDecl MS 'void' [outputtopology(\"triangle\")] [numthreads(32, 1, 1)]\n"
            "    ParamDecl out indices tris 'uint3[2]'\n"
            "    ParamDecl out vertices verts 'Payload[4]'\n"
            "    ParamDecl in payload pl 'Payload'\n"
            "    CompoundStmt\n"
            "  VarDecl ip 'InputPatch<Payload, 3>'\n"
            "  VarDecl ms 'Texture2DMS<float4, 4>'\n"
            "  StructDecl struct Fixed template<uint N, typename T>\n"
            "    FieldDecl v 'T[N]'\n"
            "  VarDecl f8 'Fixed<8, Elem>'\n");
  // RayQuery's argument is a value; Elem (undeclared, in a type position) is a type.
  auto* fn = cast<FunctionDecl>(p->tu->decls[1]);
  auto* q = cast<VarDecl>(cast<DeclStmt>(fn->body->body[1])->decls[0]);
  ASSERT_EQ(q->typeSpec->templateArgs.size(), 1u);
  EXPECT_TRUE(q->typeSpec->templateArgs[0].expr != nullptr);
  auto* f8 = cast<VarDecl>(p->tu->decls.back());
  ASSERT_EQ(f8->typeSpec->templateArgs.size(), 2u);
  EXPECT_TRUE(f8->typeSpec->templateArgs[0].expr != nullptr);
  EXPECT_TRUE(f8->typeSpec->templateArgs[1].type != nullptr);
}

TEST(Parser, NestedNamespaceDefinitionsAndLookups) {
  auto p = parseSource(R"(
namespace a::b::c { struct T { int v; }; static const int k = 2; }
namespace a { namespace b { typedef c::T U; } }
a::b::c::T t;
a::b::U u;
void f() { a::b::c::T x; int y = a::b::c::k * 2; }
)");
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
  EXPECT_EQ(p->dump(),
            "TranslationUnit\n"
            "  NamespaceDecl a\n"
            "    NamespaceDecl b\n"
            "      NamespaceDecl c\n"
            "        StructDecl struct T\n"
            "          FieldDecl v 'int'\n"
            "        VarDecl static k 'const int' = 2\n"
            "  NamespaceDecl a\n"
            "    NamespaceDecl b\n"
            "      TypedefDecl U 'c::T'\n"
            "  VarDecl t 'a::b::c::T'\n"
            "  VarDecl u 'a::b::U'\n"
            "  FunctionDecl f 'void'\n"
            "    CompoundStmt\n"
            "      DeclStmt\n"
            "        VarDecl x 'a::b::c::T'\n"
            "      DeclStmt\n"
            "        VarDecl y 'int' = (* a::b::c::k 2)\n");
}

TEST(Parser, HullRaytracingAndMiscellany) {
  auto p = parseSource(R"(
struct HSIn { float3 p : POSITION; };
struct PCOut { float e[3] : SV_TessFactor; float i : SV_InsideTessFactor; };
PCOut PCF(InputPatch<HSIn, 3> ip, uint pid : SV_PrimitiveID) { PCOut o = (PCOut)0; return o; }
[domain("tri")] [partitioning("fractional_odd")] [outputtopology("triangle_cw")]
[outputcontrolpoints(3)] [patchconstantfunc("PCF")] [maxtessfactor(64.0)]
HSIn HS(InputPatch<HSIn, 3> ip, uint i : SV_OutputControlPointID) { return ip[i]; }
struct [raypayload] RayPayload { float4 color : read(caller) : write(closesthit); };
RaytracingAccelerationStructure Scene : register(t0, space0);
[shader("closesthit")] void CH(inout RayPayload p, in BuiltInTriangleIntersectionAttributes a) { p.color = float4(a.barycentrics, 0, 1); }
[shader("raygeneration")] void RG() {
  RayDesc r; r.Origin = 0; r.Direction = float3(0, 0, 1); r.TMin = 0.001; r.TMax = 1e4;
  RayPayload p = { float4(0, 0, 0, 0) };
  TraceRay(Scene, RAY_FLAG_NONE, ~0, 0, 1, 0, r, p);
  uint64_t big = 0xFFFFFFFFFFFFFFFFull;
  half h = 1.0h; min16float m = (min16float)h;
  float16_t4 v4 = float16_t4(1, 2, 3, 4);
  uint x = asuint(1.0f) >> 3u & 0xFF;
  x = x > 2 ? x : -x;
  bool b = all(v4 > 0) && any(bool2(true, false));
  for (uint i = 0, j = 10; i < j; i++, j--) {}
  float arr[2][3] = { {1, 2, 3}, {4, 5, 6} };
  vk::RawBufferStore<float>(0, 1.0);
  float r2 = vk::RawBufferLoad<float>(16);
  uint lane = WaveGetLaneIndex(); if (WaveActiveAnyTrue(lane == 0)) { return; }
}
export float lib(float a) { return a; }
static const float PI = 3.14159265f;
precise float pr;
globallycoherent RWByteAddressBuffer gc;
string name = "hi";
unsigned int ui;
)");
  EXPECT_TRUE(p->diagList().empty()) << ::testing::PrintToString(p->diagList());
  std::string d = p->dump();
  // Hand-written expectations for a few lines of the source above.
  EXPECT_NE(d.find("  StructDecl struct RayPayload [raypayload]\n"
                   "    FieldDecl color 'float4' [payload::read(caller)] [payload::write(closesthit)]\n"),
            std::string::npos)
      << d;
  EXPECT_NE(d.find("FunctionDecl HS 'HSIn' [domain(\"tri\")] [partitioning(\"fractional_odd\")] "
                   "[outputtopology(\"triangle_cw\")] [outputcontrolpoints(3)] [patchconstantfunc(\"PCF\")] "
                   "[maxtessfactor(64.0)]\n"),
            std::string::npos)
      << d;
  EXPECT_NE(d.find("FieldDecl e 'float[3]' : SV_TessFactor"), std::string::npos) << d;
  EXPECT_NE(d.find("VarDecl big 'uint64_t' = 18446744073709551615ull"), std::string::npos) << d;
  EXPECT_NE(d.find("VarDecl x 'uint' = (& (>> (call asuint 1.0f) 3u) 255)"), std::string::npos) << d;
  EXPECT_NE(d.find("ExprStmt (= x (? (> x 2) x (- x)))"), std::string::npos) << d;
  EXPECT_NE(d.find("VarDecl arr 'float[2][3]' = (init (init 1 2 3) (init 4 5 6))"), std::string::npos) << d;
  EXPECT_NE(d.find("ExprStmt (call vk::RawBufferStore<float> 0 1.0)"), std::string::npos) << d;
  EXPECT_NE(d.find("inc (, (post++ i) (post-- j))"), std::string::npos) << d;
  EXPECT_NE(d.find("VarDecl ui 'unsigned int'"), std::string::npos) << d;
  EXPECT_NE(d.find("VarDecl gc 'globallycoherent RWByteAddressBuffer'"), std::string::npos) << d;
  EXPECT_NE(d.find("FunctionDecl export lib 'float'"), std::string::npos) << d;
}
