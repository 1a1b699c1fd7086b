// Templated ByteAddressBuffer Load<T> / Store<T> of 16- and 64-bit values, DXC's shapes
// (method.byte-address-buffer.templated-load.scalar.hlsl, .templated-load.matrix.hlsl,
// .templated-store.struct.hlsl): a 16-bit load shifts the word at address >> 2 right by
// (address % 4) << 3 and narrows it (OpUConvert %ushort); a 16-bit store masks the word
// with 0xFFFF << (16 - shift) and ors the shifted value in; a 64-bit load composes the two
// words into a uint2 and bitcasts it.
#include <gtest/gtest.h>

#include "oneshader/oneshader.hpp"

using namespace oneshader;

namespace {

CompileResult compile16(const std::string& src) {
  CompileOptions o;
  o.entryPoint = "main";
  o.profile = "cs_6_2";
  o.enable16BitTypes = true;
  o.disassemble = true;
  return CompileSource(src, "wide.hlsl", o);
}

std::string disasm(const CompileResult& r) {
  for (const CompiledShader& s : r.outputs)
    if (s.target == CompileTarget::SpirV) return DisassembleSpirv(s.spirv);
  return "";
}

bool has(const std::string& hay, const std::string& needle) { return hay.find(needle) != std::string::npos; }

}  // namespace

TEST(LowerTemplatedWide, SixteenBitLoadShiftsTheWord) {
  CompileResult r = compile16(R"(
ByteAddressBuffer buf;
RWStructuredBuffer<uint> Out;
[numthreads(1,1,1)] void main(uint3 tid : SV_DispatchThreadID) {
  uint16_t2x3 u16 = buf.Load<uint16_t2x3>(tid.x);
  half h = buf.Load<half>(tid.x);
  Out[0] = u16[1][2] + (uint)h;
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_TRUE(has(d, "OpUMod %uint")) << d;
  EXPECT_TRUE(has(d, "OpUConvert %ushort")) << d;
  EXPECT_TRUE(has(d, "OpBitcast %half")) << d;
  EXPECT_TRUE(has(d, "OpCompositeConstruct %_arr_v3ushort_uint_2")) << d;
}

TEST(LowerTemplatedWide, SixteenBitStoreKeepsTheOtherHalf) {
  CompileResult r = compile16(R"(
RWByteAddressBuffer buf;
[numthreads(1,1,1)] void main(uint3 tid : SV_DispatchThreadID) {
  buf.Store<half>(tid.x, (half)1.5);
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_TRUE(has(d, "OpBitcast %ushort")) << d;
  EXPECT_TRUE(has(d, "OpUConvert %uint")) << d;
  EXPECT_TRUE(has(d, "OpISub %uint %uint_16")) << d;
  EXPECT_TRUE(has(d, "OpShiftLeftLogical %uint %uint_65535")) << d;
  EXPECT_TRUE(has(d, "OpBitwiseAnd %uint")) << d;
  EXPECT_TRUE(has(d, "OpBitwiseOr %uint")) << d;
}

TEST(LowerTemplatedWide, SixtyFourBitIsTwoWords) {
  CompileResult r = compile16(R"(
RWByteAddressBuffer buf;
[numthreads(1,1,1)] void main(uint3 tid : SV_DispatchThreadID) {
  uint64_t u = buf.Load<uint64_t>(tid.x);
  buf.Store<int64_t>(tid.x + 8, (int64_t)u + 1);
}
)");
  ASSERT_TRUE(r.success) << r.renderedDiagnostics();
  std::string d = disasm(r);
  EXPECT_TRUE(has(d, "OpCompositeConstruct %v2uint")) << d;
  EXPECT_TRUE(has(d, "OpBitcast %ulong")) << d;
  EXPECT_TRUE(has(d, "OpBitcast %v2uint")) << d;
}
