// [[vk::builtin]] and [[vk::index]] (dual-source blending) end to end, on all three targets.
// The error cases are DXC's CodeGenSPIRV tests (spirv.builtin.*.invalid.hlsl,
// semantic.target.dual-blend.error*.hlsl, vk.location.reassigned*.error.hlsl): the same
// messages at the same line:column, as OSH codes. The SPIR-V expectations are DXC's
// (spirv.builtin.*.hlsl, semantic.target.dual-blend.hlsl) and the SPIR-V specification's
// (which version made an extension core); the WGSL rules were checked against Dawn (Tint:
// "All the outputs with '@blend_src' must have same type", "'@blend_src(0)' is missing").
// Every SPIR-V module a successful compile returns has passed spirv-val in-process.
#include <gtest/gtest.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

struct Out {
  bool ok = false;
  std::string text, diags;
  std::vector<DiagnosticInfo> list;
  Reflection reflection;
};

Out compile(const std::string& src, const std::string& profile, CompileTarget t,
            SpirvTargetEnv env = SpirvTargetEnv::Vulkan1_2) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = profile;
  o.targets = {t};
  o.spirvEnv = env;
  o.disassemble = true;
  CompileResult r = CompileSource(src, "t.hlsl", o);
  Out out;
  out.ok = r.success;
  out.list = r.diagnostics;
  for (const auto& d : r.diagnostics)
    out.diags +=
        d.code + " " + std::to_string(d.span.line) + ":" + std::to_string(d.span.column) + " " + d.message + "\n";
  for (const auto& s : r.outputs) out.text += s.text;
  if (r.reflection) out.reflection = *r.reflection;
  return out;
}

bool has(const std::string& s, const std::string& what) { return s.find(what) != std::string::npos; }

// Exactly these errors: "CODE LINE:COL message".
void expectErrors(const Out& o, const std::vector<std::string>& want) {
  EXPECT_FALSE(o.ok);
  std::string expected;
  for (const auto& w : want) expected += w + "\n";
  EXPECT_EQ(o.diags, expected);
}

// ---------------------------------------------------------------- DXC's error tests

TEST(VkBuiltin, DxcPointSizeInvalid) {
  // spirv.builtin.point-size.invalid.hlsl
  const char* src =
      "// RUN\n\nfloat main([[vk::location(5), vk::builtin(\"PointSize\")]] int input : A) : B {\n"
      "    return input;\n}\n";
  expectErrors(compile(src, "vs_6_0", CompileTarget::SpirV),
               {"OSH0046 3:31 attribute '[[vk::builtin]]' cannot be used together with [[vk::location]]",
                "OSH0060 3:31 PointSize builtin must be of float type",
                "OSH0061 3:31 PointSize builtin cannot be used as VSIn"});
}

TEST(SvPosition, VertexOutputMustBeFourFloats) {
  // DXC (DeclResultIdMapper): "SV_Position must be a 4-component 32-bit float vector" for a
  // vertex output; a float2 used to be an internal compiler error (a fuzz finding). A pixel
  // input may take fewer components (leading components of FragCoord).
  const char* src = "float2 main(float2 p : POSITION) : SV_Position { return p; }\n";
  for (CompileTarget t : {CompileTarget::SpirV, CompileTarget::Msl, CompileTarget::Wgsl})
    expectErrors(compile(src, "vs_6_0", t),
                 {"OSH0035 1:36 semantic 'SV_Position' does not allow parameter type 'float2'"});
  Out ps =
      compile("float4 main(float2 p : SV_Position) : SV_Target { return p.xyxy; }\n", "ps_6_0", CompileTarget::SpirV);
  EXPECT_TRUE(ps.ok) << ps.diags;
}

// -fvk-invert-y and -fvk-use-dx-position-w: DXC's shapes (vk.cloption.invert-y.vs.hlsl,
// vk.cloption.invert-w.ps.hlsl). The pixels are in tests/exec/draw/position_conventions.hlsl.
std::string withOption(const std::string& src, const std::string& profile, CompileTarget t, bool invertY, bool dxW,
                       bool* ok) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = profile;
  o.targets = {t};
  o.disassemble = true;
  o.invertY = invertY;
  o.dxPositionW = dxW;
  CompileResult r = CompileSource(src, "t.hlsl", o);
  *ok = r.success;
  std::string text;
  for (const auto& out : r.outputs) text += out.text;
  for (const auto& d : r.diagnostics) text += d.code + " " + d.message + "\n";
  return text;
}

TEST(PositionOptions, InvertYNegatesTheVertexOutputInSpirvOnly) {
  const char* vs = "float4 main(float4 a : A) : SV_Position { return a; }\n";
  bool ok = false;
  std::string spv = withOption(vs, "vs_6_0", CompileTarget::SpirV, true, false, &ok);
  ASSERT_TRUE(ok) << spv;
  EXPECT_TRUE(has(spv, "OpCompositeExtract %float") && has(spv, "OpFNegate %float") &&
              has(spv, "OpCompositeInsert %v4float"))
      << spv;
  std::string plain = withOption(vs, "vs_6_0", CompileTarget::SpirV, false, false, &ok);
  EXPECT_FALSE(has(plain, "OpFNegate")) << plain;
  // Metal's and WebGPU's clip space is DirectX's: nothing to invert.
  for (CompileTarget t : {CompileTarget::Msl, CompileTarget::Wgsl}) {
    EXPECT_EQ(withOption(vs, "vs_6_0", t, true, false, &ok), withOption(vs, "vs_6_0", t, false, false, &ok));
    EXPECT_TRUE(ok);
  }
  // A pixel shader's position input is never inverted.
  std::string ps = withOption("float4 main(float4 p : SV_Position) : SV_Target { return p; }\n", "ps_6_0",
                              CompileTarget::SpirV, true, false, &ok);
  ASSERT_TRUE(ok) << ps;
  EXPECT_FALSE(has(ps, "OpFNegate")) << ps;
}

TEST(PositionOptions, InvertYNegatesWhatAGeometryShaderAppends) {
  // DXC's vk.cloption.invert-y.gs.hlsl: the y of each appended position is negated before
  // its store to gl_Position; the input positions are not.
  const char* gs =
      "struct V { float4 pos : SV_Position; };\n"
      "[maxvertexcount(2)] void main(line V i[2], inout LineStream<V> o) {\n"
      "  V v = i[0]; o.Append(v); o.RestartStrip();\n}\n";
  bool ok = false;
  std::string spv = withOption(gs, "gs_6_0", CompileTarget::SpirV, true, false, &ok);
  ASSERT_TRUE(ok) << spv;
  size_t neg = spv.find("OpFNegate %float");
  ASSERT_NE(neg, std::string::npos) << spv;
  size_t ins = spv.find("OpCompositeInsert %v4float", neg);
  ASSERT_NE(ins, std::string::npos) << spv;
  EXPECT_NE(spv.find("OpStore %gl_", ins), std::string::npos) << spv;
  EXPECT_EQ(spv.find("OpFNegate", neg + 1), std::string::npos) << "one negation, for the one Append";
  EXPECT_FALSE(has(withOption(gs, "gs_6_0", CompileTarget::SpirV, false, false, &ok), "OpFNegate"));
}

TEST(NonzeroBase, VertexAndInstanceIdsSubtractTheBase) {
  // DXC's semantic.nonzero-base-instance.vs.hlsl / semantic.unsigned-nonzero-base-vertex.vs.hlsl.
  const char* vs = "uint2 main(uint v : SV_VertexID, uint i : SV_InstanceID) : A { return uint2(v, i); }\n";
  auto run = [&](CompileTarget t, bool* ok) {
    CompileOptions o;
    o.entryPoint = "main";
    o.profile = "vs_6_0";
    o.targets = {t};
    o.disassemble = true;
    o.nonzeroBaseVertex = o.nonzeroBaseInstance = true;
    CompileResult r = CompileSource(vs, "t.hlsl", o);
    *ok = r.success;
    std::string text;
    for (const auto& out : r.outputs) text += out.text;
    for (const auto& d : r.diagnostics) text += d.code + " " + d.message + "\n";
    return text;
  };
  bool ok = false;
  std::string spv = run(CompileTarget::SpirV, &ok);
  ASSERT_TRUE(ok) << spv;
  for (const char* want : {"BuiltIn VertexIndex", "BuiltIn BaseVertex", "BuiltIn InstanceIndex", "BuiltIn BaseInstance",
                           "OpCapability DrawParameters"})
    EXPECT_TRUE(has(spv, want)) << want << "\n" << spv;
  size_t subs = 0;
  for (size_t at = spv.find("OpISub"); at != std::string::npos; at = spv.find("OpISub", at + 1)) ++subs;
  EXPECT_EQ(subs, 2u) << spv;
  std::string msl = run(CompileTarget::Msl, &ok);
  EXPECT_TRUE(ok) << msl;
  EXPECT_TRUE(has(msl, "[[base_vertex]]") && has(msl, "[[base_instance]]")) << msl;
  // WebGPU has no base vertex or instance: the option is named.
  std::string wgsl = run(CompileTarget::Wgsl, &ok);
  EXPECT_FALSE(ok);
  EXPECT_TRUE(has(wgsl, "OSH5001 the option -fvk-support-nonzero-base-vertex")) << wgsl;
}

TEST(StageIoOrder, AlphaAssignsLocationsBySemantic) {
  // DXC's semantic.arbitrary.location.alpha.hlsl: inputs declared N, E, C, A, B, D, M get
  // locations in the order A B C D E M N; outputs E C A B D Q P in the order A B C D E P Q.
  const char* src =
      "struct S { float c : C; float a : A; float b : B; };\n"
      "struct T { float e : E; S s; float d : D; };\n"
      "void main(in float input1 : N, in T input2, in float input3 : M, out T output1,\n"
      "          out float output2 : Q, out float output3 : P) { output1 = input2; output2 = input1;\n"
      "  output3 = input3; }\n";
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "vs_6_0";
  o.targets = {CompileTarget::SpirV};
  o.disassemble = true;
  o.stageIoOrder = StageIoOrder::Alphabetical;
  CompileResult r = CompileSource(src, "t.hlsl", o);
  ASSERT_TRUE(r.success);
  std::string spv = r.outputs.at(0).text;
  const char* in[] = {"A", "B", "C", "D", "E", "M", "N"};
  const char* out[] = {"A", "B", "C", "D", "E", "P", "Q"};
  for (int k = 0; k < 7; ++k) {
    EXPECT_TRUE(has(spv, std::string("OpDecorate %in_var_") + in[k] + " Location " + std::to_string(k)))
        << in[k] << spv;
    EXPECT_TRUE(has(spv, std::string("OpDecorate %out_var_") + out[k] + " Location " + std::to_string(k)))
        << out[k] << spv;
  }
  // Declaration order without the option: N is input 0.
  o.stageIoOrder = StageIoOrder::Declaration;
  CompileResult d = CompileSource(src, "t.hlsl", o);
  ASSERT_TRUE(d.success);
  EXPECT_TRUE(has(d.outputs.at(0).text, "OpDecorate %in_var_N Location 0")) << d.outputs.at(0).text;
}

// Geometry, hull and domain interfaces number their locations in declaration order only:
// the alphabetical order is a coded error there, never silently ignored.
TEST(StageIoOrder, AlphaIsNotSupportedYetForGeometryShaders) {
  const char* src =
      "struct V { float4 pos : SV_Position; float4 c : COLOR; };\n"
      "[maxvertexcount(1)] void main(point V v[1], inout PointStream<V> s) { s.Append(v[0]); }\n";
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "gs_6_0";
  o.targets = {CompileTarget::SpirV};
  o.stageIoOrder = StageIoOrder::Alphabetical;
  CompileResult r = CompileSource(src, "g.hlsl", o);
  EXPECT_FALSE(r.success);
  bool found = false;
  for (const auto& d : r.diagnostics)
    found |= d.code == "OSH0007" && d.message.find("-fvk-stage-io-order=alpha") != std::string::npos;
  EXPECT_TRUE(found);
  o.stageIoOrder = StageIoOrder::Declaration;
  EXPECT_TRUE(CompileSource(src, "g.hlsl", o).success);
}

TEST(PositionOptions, DxPositionWTakesTheReciprocalOnEveryTarget) {
  const char* ps = "float4 main(float4 pos : SV_Position) : SV_Target { return pos; }\n";
  bool ok = false;
  std::string spv = withOption(ps, "ps_6_0", CompileTarget::SpirV, false, true, &ok);
  ASSERT_TRUE(ok) << spv;
  EXPECT_TRUE(has(spv, "OpFDiv %float %float_1")) << spv;
  EXPECT_FALSE(has(withOption(ps, "ps_6_0", CompileTarget::SpirV, false, false, &ok), "OpFDiv"));
  std::string msl = withOption(ps, "ps_6_0", CompileTarget::Msl, false, true, &ok);
  EXPECT_TRUE(ok) << msl;
  EXPECT_TRUE(has(msl, "1.0 /") || has(msl, "1.0f /")) << msl;
  std::string wgsl = withOption(ps, "ps_6_0", CompileTarget::Wgsl, false, true, &ok);
  EXPECT_TRUE(ok) << wgsl;
  EXPECT_TRUE(has(wgsl, "1.0f /") || has(wgsl, "1.0 /") || has(wgsl, "1f /")) << wgsl;
  // Other stages are left alone (DXC: vk.cloption.invert-w.ds.hlsl).
  std::string vs = withOption("float4 main(float4 a : A) : SV_Position { return a; }\n", "vs_6_0", CompileTarget::SpirV,
                              false, true, &ok);
  ASSERT_TRUE(ok) << vs;
  EXPECT_FALSE(has(vs, "OpFDiv")) << vs;
}

TEST(VkBuiltin, DxcHelperInvocationInvalid) {
  // spirv.builtin.helper-invocation.invalid.hlsl
  const char* src =
      "// RUN\n\n[[vk::location(5), vk::builtin(\"HelperInvocation\")]]\nint main() : A\n{\n    return 1;\n}\n";
  expectErrors(compile(src, "vs_6_0", CompileTarget::SpirV),
               {"OSH0046 3:20 attribute '[[vk::builtin]]' cannot be used together with [[vk::location]]",
                "OSH0060 3:20 HelperInvocation builtin must be of boolean type",
                "OSH0061 3:20 HelperInvocation builtin can only be used as pixel shader input"});
}

TEST(VkBuiltin, DxcDrawParametersInvalid) {
  // spirv.builtin.shader-draw-parameters.invalid.hlsl
  const char* src =
      "// RUN\n\nfloat4 main(\n    [[vk::builtin(\"BaseVertex\")]] float baseVertex : A\n) : SV_Target {\n"
      "    return baseVertex;\n}\n";
  expectErrors(compile(src, "ps_6_0", CompileTarget::SpirV),
               {"OSH0060 4:7 BaseVertex builtin must be of 32-bit scalar integer type",
                "OSH0061 4:7 BaseVertex builtin cannot be used as PSIn"});
}

TEST(VkBuiltin, DxcDeviceIndexInvalid) {
  // spirv.builtin.device-index.invalid.hlsl
  const char* src =
      "// RUN\n\n[[vk::builtin(\"DeviceIndex\")]]\nfloat4 main(float a : A) : SV_Target {\n"
      "    return a.xxxx;\n}\n";
  expectErrors(compile(src, "ps_6_0", CompileTarget::SpirV),
               {"OSH0061 3:3 DeviceIndex builtin can only be used as shader input",
                "OSH0060 3:3 DeviceIndex builtin must be of 32-bit scalar integer type"});
}

TEST(VkBuiltin, UnknownNameAndViewportMask) {
  // DXC: "attribute builtin must have one of these values: ..." (names are case-sensitive).
  Out o = compile("float4 main([[vk::builtin(\"pointsize\")]] float s : S) : SV_Position { return s; }", "vs_6_0",
                  CompileTarget::SpirV);
  ASSERT_EQ(o.list.size(), 1u) << o.diags;
  EXPECT_EQ(o.list[0].code, "OSH0062");
  EXPECT_EQ(o.list[0].span.column, 27u);
  EXPECT_TRUE(has(o.list[0].message, "'pointsize'")) << o.diags;
  // ViewportMaskNV is a mesh shader 'primitives' output only (DXC), of type int[N].
  expectErrors(compile("float4 main([[vk::builtin(\"ViewportMaskNV\")]] uint m : M) : SV_Target { return m; }",
                       "ps_6_0", CompileTarget::SpirV),
               {"OSH0061 1:15 ViewportMaskNV builtin can only be used as 'primitives' output in MS",
                "OSH0060 1:15 ViewportMaskNV builtin must be of type array of integers"});
  // On a struct: the type is wrong whatever the built-in.
  expectErrors(compile("struct S { float4 p : P; };\n"
                       "float4 main([[vk::builtin(\"DeviceIndex\")]] S s) : SV_Target { return s.p; }",
                       "ps_6_0", CompileTarget::SpirV),
               {"OSH0060 2:15 DeviceIndex builtin must be of 32-bit scalar integer type"});
  // Vulkan has no PointSize in a fragment shader (DXC accepts PSIn; OneShader does not).
  expectErrors(compile("float4 main([[vk::builtin(\"PointSize\")]] float s : S) : SV_Target { return s; }", "ps_6_0",
                       CompileTarget::SpirV),
               {"OSH0061 1:15 PointSize builtin cannot be used as PSIn"});
}

TEST(VkIndex, DxcDualBlendErrors) {
  // semantic.target.dual-blend.error1.hlsl
  const char* e1 =
      "// RUN\n\nstruct PSOut {\n    [[vk::location(1), vk::index(5)]] float4 a: SV_Target0;\n"
      "    [[vk::location(0), vk::index(1)]] float4 b: SV_Target1;\n};\n\n"
      "PSOut main() {\n    PSOut o = (PSOut)0;\n    return o;\n}\n";
  expectErrors(compile(e1, "ps_6_0", CompileTarget::SpirV),
               {"OSH0063 4:7 dual-source blending should use vk::location 0",
                "OSH0063 4:24 dual-source blending only accepts 0 or 1 as vk::index"});
  // semantic.target.dual-blend.error2.hlsl
  const char* e2 = "// RUN\n\nint main(\n    [[vk::index(1)]] int a : A\n) : B {\n    return a;\n}\n";
  expectErrors(compile(e2, "vs_6_0", CompileTarget::SpirV),
               {"OSH0063 4:7 vk::index only allowed in pixel shader",
                "OSH0063 4:7 vk::index should be used together with vk::location for dual-source blending"});
  // OneShader's own: SPIR-V's Index decorates outputs only (DXC would decorate the input).
  expectErrors(compile("float4 main([[vk::location(0), vk::index(1)]] float4 c : C) : SV_Target { return c; }",
                       "ps_6_0", CompileTarget::SpirV),
               {"OSH0063 1:32 vk::index only allowed on pixel shader SV_Target outputs"});
}

TEST(VkLocation, DxcReassignedErrors) {
  // vk.location.reassigned.error.hlsl. DXC names 'M' for the output too (it prints the
  // semantic of the stage variable whose index is the vk::index value); the value that
  // holds location 3 there is the return value, 'R'.
  const char* src =
      "// RUN\n\n[[vk::location(3)]]\nfloat main(\n    [[vk::location(3)]]     float m : M,\n"
      "    [[vk::location(3)]]     float n : N,\n// CHECK\n    [[vk::location(3)]] out float x : X\n"
      "// CHECK\n) : R {\n    return 1.0;\n}\n";
  expectErrors(compile(src, "vs_6_0", CompileTarget::SpirV),
               {"OSH0064 6:7 stage input location #3 already consumed by semantic 'M'",
                "OSH0064 8:7 stage output location #3 already consumed by semantic 'R'"});
  // Two SV_Target0 (DXC's checkSemanticDuplication comes first), SV_Target and SV_Target0
  // (the same colour attachment) and a matrix running into the next location.
  expectErrors(compile("struct O { float4 a : SV_Target0; float4 b : SV_Target0; };\nO main() { return (O)0; }",
                       "ps_6_0", CompileTarget::SpirV),
               {"OSH0065 1:46 output semantic 'SV_Target0' used more than once"});
  expectErrors(compile("struct O { float4 a : SV_Target; float4 b : SV_Target0; };\nO main() { return (O)0; }",
                       "ps_6_0", CompileTarget::SpirV),
               {"OSH0064 1:34 stage output location #0 already consumed by semantic 'SV_Target'"});
  expectErrors(compile("float4 main([[vk::location(0)]] float2x4 m : M, [[vk::location(1)]] float4 v : V)"
                       " : SV_Position { return m[1] + v; }",
                       "vs_6_0", CompileTarget::SpirV),
               {"OSH0064 1:51 stage input location #1 already consumed by semantic 'M'"});
}

TEST(VkBuiltin, OnAHelperFunctionIsAWarning) {
  // Only the stage interface has built-ins and locations: on a function that is only called
  // the attributes do nothing (DXC ignores them silently), so OSH0044 says so.
  Out o = compile(
      "float twice([[vk::builtin(\"PointSize\")]] float x) { return 2 * x; }\n"
      "[[vk::location(1)]] float helper([[vk::location(0), vk::index(1)]] float y) { return y; }\n"
      "float4 main(float4 c : C) : SV_Target { return twice(helper(c.x)); }",
      "ps_6_0", CompileTarget::SpirV);
  EXPECT_TRUE(o.ok) << o.diags;
  std::vector<std::string> codes;
  for (const auto& d : o.list)
    codes.push_back(d.code + " " + std::to_string(d.span.line) + ":" + std::to_string(d.span.column));
  EXPECT_EQ(codes, (std::vector<std::string>{"OSH0044 1:15", "OSH0044 2:3", "OSH0044 2:36", "OSH0044 2:53"}))
      << o.diags;
  EXPECT_TRUE(has(o.diags, "'twice' is called as a function here, not compiled as an entry point")) << o.diags;
}

// ---------------------------------------------------------------- SPIR-V

const char* kDrawParams =
    "float4 main([[vk::builtin(\"BaseVertex\")]] int baseVertex : A,\n"
    "            [[vk::builtin(\"BaseInstance\")]] uint baseInstance : B,\n"
    "            [[vk::builtin(\"DrawIndex\")]] int drawIndex : C) : SV_Position {\n"
    "  return float4(baseVertex, baseInstance, drawIndex, 1);\n}\n";

TEST(VkBuiltin, DrawParametersSpirv) {
  // DXC spirv.builtin.shader-draw-parameters.hlsl (Vulkan 1.0): the capability and extension.
  Out v10 = compile(kDrawParams, "vs_6_0", CompileTarget::SpirV, SpirvTargetEnv::Vulkan1_0);
  ASSERT_TRUE(v10.ok) << v10.diags;
  EXPECT_TRUE(has(v10.text, "OpCapability DrawParameters")) << v10.text;
  EXPECT_TRUE(has(v10.text, "OpExtension \"SPV_KHR_shader_draw_parameters\"")) << v10.text;
  for (const char* b : {"BuiltIn BaseVertex", "BuiltIn BaseInstance", "BuiltIn DrawIndex"})
    EXPECT_TRUE(has(v10.text, b)) << b << "\n" << v10.text;
  EXPECT_FALSE(has(v10.text, "Location")) << "a built-in has no location:\n" << v10.text;
  // SPIR-V 1.3 (Vulkan 1.1) made the extension core: the capability alone.
  Out v11 = compile(kDrawParams, "vs_6_0", CompileTarget::SpirV, SpirvTargetEnv::Vulkan1_1);
  ASSERT_TRUE(v11.ok) << v11.diags;
  EXPECT_TRUE(has(v11.text, "OpCapability DrawParameters"));
  EXPECT_FALSE(has(v11.text, "SPV_KHR_shader_draw_parameters"));
  // Reflection: the built-ins and the capability a host checks.
  ASSERT_EQ(v11.reflection.entryPoints.size(), 1u);
  const EntryPointInfo& e = v11.reflection.entryPoints[0];
  ASSERT_EQ(e.inputs.size(), 3u);
  EXPECT_TRUE(e.inputs[0].builtin);
  EXPECT_EQ(e.inputs[0].spirv, "BaseVertex");
  EXPECT_EQ(e.inputs[2].spirv, "DrawIndex");
  EXPECT_NE(std::find(e.spirvCapabilities.begin(), e.spirvCapabilities.end(), "DrawParameters"),
            e.spirvCapabilities.end());
}

TEST(VkBuiltin, DeviceIndexSpirv) {
  // DXC spirv.builtin.device-index.hlsl; an input of any stage.
  const char* vs = "float main([[vk::builtin(\"DeviceIndex\")]] int deviceIndex : A) : OUTPUT { return 1.0; }";
  Out v10 = compile(vs, "vs_6_0", CompileTarget::SpirV, SpirvTargetEnv::Vulkan1_0);
  ASSERT_TRUE(v10.ok) << v10.diags;
  EXPECT_TRUE(has(v10.text, "OpCapability DeviceGroup"));
  EXPECT_TRUE(has(v10.text, "OpExtension \"SPV_KHR_device_group\""));
  EXPECT_TRUE(has(v10.text, "BuiltIn DeviceIndex"));
  Out v12 = compile(vs, "vs_6_0", CompileTarget::SpirV);
  ASSERT_TRUE(v12.ok) << v12.diags;
  EXPECT_FALSE(has(v12.text, "SPV_KHR_device_group"));
  const char* cs =
      "RWStructuredBuffer<uint> o;\n[numthreads(1, 1, 1)]\n"
      "void main([[vk::builtin(\"DeviceIndex\")]] uint d : D) { o[0] = d; }";
  Out c = compile(cs, "cs_6_0", CompileTarget::SpirV);
  ASSERT_TRUE(c.ok) << c.diags;
  EXPECT_TRUE(has(c.text, "BuiltIn DeviceIndex"));
  const char* ps = "uint main([[vk::builtin(\"DeviceIndex\")]] uint d : D) : SV_Target { return d; }";
  Out p = compile(ps, "ps_6_0", CompileTarget::SpirV);
  ASSERT_TRUE(p.ok) << p.diags;
  EXPECT_TRUE(has(p.text, "BuiltIn DeviceIndex"));
}

const char* kHelper =
    "float4 main([[vk::builtin(\"HelperInvocation\")]] bool isHI : HI) : SV_Target {\n"
    "  float ret = 1.0;\n  if (isHI) ret = 2.0;\n  return ret;\n}\n";

TEST(VkBuiltin, HelperInvocationSpirv) {
  // DXC spirv.builtin.helper-invocation.hlsl: before Vulkan 1.3 no built-in variable but
  // OpIsHelperInvocationEXT.
  Out v12 = compile(kHelper, "ps_6_0", CompileTarget::SpirV);
  ASSERT_TRUE(v12.ok) << v12.diags;
  EXPECT_FALSE(has(v12.text, "BuiltIn HelperInvocation")) << v12.text;
  EXPECT_TRUE(has(v12.text, "OpIsHelperInvocationEXT %bool")) << v12.text;
  EXPECT_TRUE(has(v12.text, "OpCapability DemoteToHelperInvocation"));
  EXPECT_TRUE(has(v12.text, "OpExtension \"SPV_EXT_demote_to_helper_invocation\""));
  // spirv.builtin.helper-invocation.vk1p3.hlsl: the Input built-in. Not Volatile: DXC adds
  // that only with OpDemoteToHelperInvocation, which OneShader does not emit.
  Out v13 = compile(kHelper, "ps_6_0", CompileTarget::SpirV, SpirvTargetEnv::Vulkan1_3);
  ASSERT_TRUE(v13.ok) << v13.diags;
  EXPECT_TRUE(has(v13.text, "OpDecorate %gl_helper_invocation BuiltIn HelperInvocation")) << v13.text;
  EXPECT_TRUE(has(v13.text, "%gl_helper_invocation = OpVariable %_ptr_Input_bool Input")) << v13.text;
  EXPECT_FALSE(has(v13.text, "OpDemoteToHelperInvocation")) << v13.text;
  EXPECT_TRUE(has(v13.text, "%_ptr_Input_bool = OpTypePointer Input %bool")) << v13.text;
  EXPECT_FALSE(has(v13.text, "OpIsHelperInvocationEXT"));
  // Inside an input struct too.
  Out s = compile(
      "struct In { [[vk::builtin(\"HelperInvocation\")]] bool h : HI; float4 c : C; };\n"
      "float4 main(In i) : SV_Target { return i.h ? 0 : i.c; }",
      "ps_6_0", CompileTarget::SpirV);
  ASSERT_TRUE(s.ok) << s.diags;
  EXPECT_TRUE(has(s.text, "OpIsHelperInvocationEXT"));
}

TEST(VkBuiltin, PointSizeSpirv) {
  const char* src =
      "struct O { float4 p : SV_Position; [[vk::builtin(\"PointSize\")]] half s : PSIZE; };\n"
      "O main(float4 p : P) { O o; o.p = p; o.s = 4.0; return o; }";
  Out o = compile(src, "vs_6_0", CompileTarget::SpirV);
  ASSERT_TRUE(o.ok) << o.diags;
  EXPECT_TRUE(has(o.text, "BuiltIn PointSize"));
  EXPECT_TRUE(has(o.text, "%_ptr_Output_float = OpTypePointer Output %float")) << o.text;
}

const char* kDual =
    "struct PSOut {\n"
    "  [[vk::location(0), vk::index(0)]] float4 a : SV_Target0;\n"
    "  [[vk::location(0), vk::index(1)]] float4 b : SV_Target1;\n"
    "};\n"
    "PSOut main(float4 c : C) { PSOut o; o.a = c; o.b = c * 0.5; return o; }\n";

TEST(VkIndex, DualSourceSpirv) {
  // DXC semantic.target.dual-blend.hlsl.
  Out o = compile(kDual, "ps_6_0", CompileTarget::SpirV);
  ASSERT_TRUE(o.ok) << o.diags;
  for (const char* d : {"OpDecorate %out_var_SV_Target0 Location 0", "OpDecorate %out_var_SV_Target0 Index 0",
                        "OpDecorate %out_var_SV_Target1 Location 0", "OpDecorate %out_var_SV_Target1 Index 1"})
    EXPECT_TRUE(has(o.text, d)) << d << "\n" << o.text;
  const EntryPointInfo& e = o.reflection.entryPoints.at(0);
  ASSERT_EQ(e.outputs.size(), 2u);
  EXPECT_EQ(e.outputs[0].index, 0);
  EXPECT_EQ(e.outputs[1].index, 1);
  EXPECT_EQ(e.outputs[1].location, 0u);
  EXPECT_EQ(e.outputs[1].msl, "color(0), index(1)");
  EXPECT_EQ(e.webgpuFeatures, std::vector<std::string>{"dual-source-blending"});
  // A lone index-1 output is valid Vulkan (the second source only).
  Out one = compile("[[vk::location(0), vk::index(1)]] float4 main() : SV_Target0 { return 1; }", "ps_6_0",
                    CompileTarget::SpirV);
  ASSERT_TRUE(one.ok) << one.diags;
  EXPECT_TRUE(has(one.text, "OpDecorate %out_var Index 1")) << one.text;
}

// ---------------------------------------------------------------- MSL

TEST(VkBuiltin, Msl) {
  Out dp = compile(
      "float4 main([[vk::builtin(\"BaseVertex\")]] uint v : A, [[vk::builtin(\"BaseInstance\")]] int i : B)"
      " : SV_Position { return float4(v, i, 0, 1); }",
      "vs_6_0", CompileTarget::Msl);
  ASSERT_TRUE(dp.ok) << dp.diags;
  // The wrapper converts the uint built-in to main's int parameter, so it stays (not a plain
  // forward: passes::inlineEntryWrapper).
  EXPECT_TRUE(has(dp.text, "uint in_var_A [[base_vertex]]")) << dp.text;
  EXPECT_TRUE(has(dp.text, "uint in_var_B [[base_instance]]")) << dp.text;
  EXPECT_TRUE(has(dp.text, "as_type<int>(in_var_B)")) << dp.text;
  Out ps = compile(
      "struct O { float4 p : SV_Position; [[vk::builtin(\"PointSize\")]] float s : PSIZE; };\n"
      "O main(float4 p : P) { O o; o.p = p; o.s = 4.0; return o; }",
      "vs_6_0", CompileTarget::Msl);
  ASSERT_TRUE(ps.ok) << ps.diags;
  EXPECT_TRUE(has(ps.text, "[[point_size]]")) << ps.text;
  Out hi = compile(kHelper, "ps_6_0", CompileTarget::Msl);
  ASSERT_TRUE(hi.ok) << hi.diags;
  EXPECT_TRUE(has(hi.text, "bool isHI = simd_is_helper_thread();")) << hi.text;
  EXPECT_TRUE(has(hi.text, "fragment main_out main_()")) << hi.text;
  // Metal has no draw index and no device index.
  for (const char* name : {"DrawIndex", "DeviceIndex"}) {
    Out o =
        compile(std::string("float4 main([[vk::builtin(\"") + name + "\")]] uint d : D) : SV_Position { return d; }",
                "vs_6_0", CompileTarget::Msl);
    ASSERT_EQ(o.list.size(), 1u) << o.diags;
    EXPECT_EQ(o.list[0].code, "OSH4001");
    EXPECT_TRUE(has(o.list[0].message, std::string("[[vk::builtin(\"") + name + "\")]] (the input 'D')")) << o.diags;
  }
}

TEST(VkIndex, Msl) {
  Out o = compile(kDual, "ps_6_0", CompileTarget::Msl);
  ASSERT_TRUE(o.ok) << o.diags;
  EXPECT_TRUE(has(o.text, "float4 var_SV_Target0 [[color(0), index(0)]];")) << o.text;
  EXPECT_TRUE(has(o.text, "float4 var_SV_Target1 [[color(0), index(1)]];")) << o.text;
}

// ---------------------------------------------------------------- WGSL

TEST(VkBuiltin, WgslHasNone) {
  for (const char* name : {"PointSize", "HelperInvocation", "BaseVertex", "BaseInstance", "DrawIndex", "DeviceIndex"}) {
    SCOPED_TRACE(name);
    std::string n = name;
    std::string src = n == "PointSize"
                          ? "struct O { float4 p : SV_Position; [[vk::builtin(\"PointSize\")]] float s : S; };\n"
                            "O main() { return (O)0; }"
                      : n == "HelperInvocation"
                          ? "float4 main([[vk::builtin(\"HelperInvocation\")]] bool h : S) : SV_Target { return h; }"
                          : "float4 main([[vk::builtin(\"" + n + "\")]] uint v : S) : SV_Position { return v; }";
    Out o = compile(src, n == "HelperInvocation" ? "ps_6_0" : "vs_6_0", CompileTarget::Wgsl);
    ASSERT_FALSE(o.list.empty());
    for (const auto& d : o.list) EXPECT_EQ(d.code, "OSH5001") << o.diags;
    EXPECT_TRUE(has(o.diags, "[[vk::builtin(\"" + n + "\")]] on 'S' cannot be expressed in WGSL")) << o.diags;
  }
}

TEST(VkIndex, Wgsl) {
  Out o = compile(kDual, "ps_6_0", CompileTarget::Wgsl);
  ASSERT_TRUE(o.ok) << o.diags;
  EXPECT_EQ(o.text.rfind("enable dual_source_blending;\n", 0), 0u) << o.text;
  EXPECT_TRUE(has(o.text, "@location(0) @blend_src(0) var_SV_Target0: vec4<f32>,")) << o.text;
  EXPECT_TRUE(has(o.text, "@location(0) @blend_src(1) var_SV_Target1: vec4<f32>,")) << o.text;
  ASSERT_TRUE(o.reflection.entryPoints.at(0).webgpu);
  EXPECT_EQ(o.reflection.entryPoints[0].webgpu->requiredFeatures, std::vector<std::string>{"dual-source-blending"});
  // With SV_Depth beside them (Dawn accepts built-ins next to the pair).
  Out d = compile(
      "struct O {\n  [[vk::location(0), vk::index(0)]] float4 a : SV_Target0;\n"
      "  [[vk::location(0), vk::index(1)]] float4 b : SV_Target1;\n  float z : SV_Depth;\n};\n"
      "O main() { return (O)0; }",
      "ps_6_0", CompileTarget::Wgsl);
  ASSERT_TRUE(d.ok) << d.diags;
  EXPECT_TRUE(has(d.text, "@builtin(frag_depth)"));
  // A lone [[vk::index(0)]] is Vulkan's default: plain @location(0), no extension.
  Out zero = compile("[[vk::location(0), vk::index(0)]] float4 main() : SV_Target0 { return 1; }", "ps_6_0",
                     CompileTarget::Wgsl);
  ASSERT_TRUE(zero.ok) << zero.diags;
  EXPECT_FALSE(has(zero.text, "blend_src")) << zero.text;
  EXPECT_FALSE(has(zero.text, "enable")) << zero.text;
  // What WGSL's @blend_src cannot say: index 1 alone, two types, a third colour output.
  const char* bad[] = {
      "[[vk::location(0), vk::index(1)]] float4 main() : SV_Target0 { return 1; }",
      "struct O {\n  [[vk::location(0), vk::index(0)]] float4 a : SV_Target0;\n"
      "  [[vk::location(0), vk::index(1)]] float2 b : SV_Target1;\n};\nO main() { return (O)0; }",
      "struct O {\n  [[vk::location(0), vk::index(0)]] float4 a : SV_Target0;\n"
      "  [[vk::location(0), vk::index(1)]] float4 b : SV_Target1;\n  [[vk::location(1)]] float4 c : SV_Target2;\n};\n"
      "O main() { return (O)0; }",
  };
  for (const char* src : bad) {
    SCOPED_TRACE(src);
    Out b = compile(src, "ps_6_0", CompileTarget::Wgsl);
    ASSERT_EQ(b.list.size(), 1u) << b.diags;
    EXPECT_EQ(b.list[0].code, "OSH5001");
    EXPECT_TRUE(has(b.list[0].message, "dual-source blending ([[vk::index(1)]])")) << b.diags;
    // Vulkan and Metal express all three.
    EXPECT_TRUE(compile(src, "ps_6_0", CompileTarget::SpirV).ok);
    EXPECT_TRUE(compile(src, "ps_6_0", CompileTarget::Msl).ok);
  }
}

}  // namespace
