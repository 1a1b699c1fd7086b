// Lowering of the constructs the corpus found missing: struct methods (`this` as a
// Function pointer with copy-in/copy-out at the call, as DXC passes it by reference),
// static member functions, ConstantBuffer<T> fields, matrix element writes. Each test
// checks the SPIR-V validates and the key instructions, or the coded error.
#include "lower_fixture.hpp"
#include <gtest/gtest.h>

#include "backend/spirv/spirv.hpp"
#include "ir/ir.hpp"
#include "lower/lower.hpp"
#include "sema/sema.hpp"
#include "syntax/parser.hpp"
#include "syntax/preprocessor.hpp"

using namespace oneshader;

namespace {

using lowertest::Compiled;
using lowertest::occurrences;

std::unique_ptr<Compiled> compile(const std::string& src, const std::string& entry = "main") {
  return lowertest::lowerSource(src, sema::SemaOptions{false, entry, "cs_6_0"});
}

// Compiles, emits SPIR-V for `entry`, validates it and returns the disassembly ("" on failure).
std::string spirvOf(const std::string& src, const std::string& entry = "main") {
  auto c = compile(src, entry);
  if (!c->module) {
    ADD_FAILURE() << c->messages();
    return "";
  }
  return lowertest::validatedSpirv(*c, entry);
}

// Number of OpStore instructions whose pointer is an OpAccessChain result of a type that
// starts with `ptrType` (e.g. "%_ptr_StorageBuffer_P" also matches %_ptr_StorageBuffer_P_0).
size_t storesThrough(const std::string& dis, const std::string& ptrType) {
  std::vector<std::string> ids;
  const std::string ac = " = OpAccessChain " + ptrType;
  for (size_t p = dis.find(ac); p != std::string::npos; p = dis.find(ac, p + 1)) {
    size_t ls = dis.rfind('\n', p);
    ls = ls == std::string::npos ? 0 : ls + 1;
    std::string id = dis.substr(ls, p - ls);
    id.erase(0, id.find_first_not_of(' '));
    std::string rest = dis.substr(p + ac.size(), dis.find(' ', p + ac.size()) - p - ac.size());
    if (rest.find("runtimearr") == std::string::npos) ids.push_back(id);
  }
  size_t n = 0;
  for (const std::string& id : ids) n += occurrences(dis, "OpStore " + id + " ");
  return n;
}

}  // namespace

TEST(LowerMethods, MethodsOnALocalPassThisByPointer) {
  std::string dis = spirvOf(R"(
struct A {
  uint v;
  void add(uint x) { v += x; }
  uint get() { return v; }
  void twice(uint x) { add(x); this.add(x); }
};
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  A a;
  a.v = 5;
  a.add(1);
  a.twice(3);
  Out[0] = a.get();
}
)");
  ASSERT_FALSE(dis.empty());
  // Three methods, each with a `this` pointer parameter in the Function storage class.
  EXPECT_NE(dis.find("OpTypePointer Function %A"), std::string::npos) << dis;
  EXPECT_EQ(occurrences(dis, "OpFunctionParameter %_ptr_Function_A"), 3u) << dis;
  // The entry wrapper calls main; main calls add, twice, get; twice calls add twice.
  EXPECT_EQ(occurrences(dis, "OpFunctionCall"), 6u) << dis;
  // The local `a` and `this` are passed as they are (no copies).
  EXPECT_NE(dis.find("OpFunctionCall %void %A_add %a "), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpFunctionCall %uint %A_get %a"), std::string::npos) << dis;
  EXPECT_EQ(occurrences(dis, "OpVariable %_ptr_Function_A Function"), 1u) << dis;
}

TEST(LowerMethods, MethodOnAStructuredBufferElementWritesBack) {
  std::string dis = spirvOf(R"(
struct Counter {
  uint n;
  float w;
  void bump(uint k) { n += k; w *= 2; }
};
RWStructuredBuffer<Counter> Buf : register(u0);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Buf[id.x].bump(id.x);
}
)");
  ASSERT_FALSE(dis.empty());
  EXPECT_EQ(occurrences(dis, "OpFunctionCall"), 2u) << dis;
  // Copy-in from the buffer element, call, copy-out: the element is stored after the call.
  size_t call = dis.find("OpFunctionCall %void %Counter_bump");
  ASSERT_NE(call, std::string::npos) << dis;
  EXPECT_NE(dis.rfind("OpAccessChain %_ptr_StorageBuffer_Counter", call), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpStore", call), std::string::npos) << dis;
}

TEST(LowerMethods, MethodOnAReadOnlyBufferElementDoesNotWriteBack) {
  std::string dis = spirvOf(R"(
struct P { uint a; uint b; uint sum() { return a + b; } void clear() { a = 0; } };
StructuredBuffer<P> In : register(t0);
RWStructuredBuffer<uint> Out : register(u1);
[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  In[id.x].clear();
  Out[id.x] = In[id.x].sum();
}
)");
  ASSERT_FALSE(dis.empty());
  // The copy of In[i] is never written back: no OpStore goes through a pointer to a P
  // element of the (read-only) buffer.
  ASSERT_NE(dis.find("OpFunctionCall %void %P_clear"), std::string::npos) << dis;
  EXPECT_EQ(storesThrough(dis, "%_ptr_StorageBuffer_P"), 0u) << dis;
  EXPECT_EQ(storesThrough(dis, "%_ptr_StorageBuffer_uint"), 1u) << dis;  // Out[i] = ...
}

TEST(LowerMethods, MethodsOnStaticAndGroupsharedObjects) {
  std::string dis = spirvOf(R"(
struct Acc { uint total; void add(uint x) { total += x; } };
static Acc gAcc;
groupshared Acc sAcc;
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  gAcc.total = 1;
  sAcc.total = 2;
  gAcc.add(10);
  sAcc.add(20);
  Out[0] = gAcc.total + sAcc.total;
}
)");
  ASSERT_FALSE(dis.empty());
  EXPECT_EQ(occurrences(dis, "OpFunctionCall"), 3u) << dis;
  EXPECT_EQ(occurrences(dis, "OpFunctionParameter %_ptr_Function_Acc"), 1u) << dis;
}

TEST(LowerMethods, StaticMemberFunctionsHaveNoThis) {
  std::string dis = spirvOf(R"(
struct Op { static uint combine(uint a, uint b) { return a * 10 + b; } };
template <typename T> uint reduce(uint a, uint b) { return T::combine(a, b); }
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = Op::combine(1, 2) + reduce<Op>(3, 4);
}
)");
  ASSERT_FALSE(dis.empty());
  EXPECT_EQ(dis.find("%_ptr_Function_Op"), std::string::npos) << dis;
}

TEST(LowerMethods, FieldOutsideAMethodStaysCoded) {
  // A method called on an rvalue works on a temporary.
  std::string dis = spirvOf(R"(
struct V { float x; float twice() { return x * 2; } };
V make(float f) { V v; v.x = f; return v; }
RWStructuredBuffer<float> Out : register(u0);
[numthreads(1, 1, 1)]
void main() { Out[0] = make(3).twice(); }
)");
  EXPECT_FALSE(dis.empty());
}

TEST(LowerConstantBuffer, FieldsOfAConstantBufferOfStruct) {
  std::string dis = spirvOf(R"(
struct P { float4x4 w; float4 c; };
ConstantBuffer<P> Params : register(b0);
RWStructuredBuffer<float4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  Out[0] = mul(Params.w, float4(1, 2, 3, 4)) + Params.c.x;
}
)");
  ASSERT_FALSE(dis.empty());
  // Params.w is member 0 and Params.c member 1 of the Uniform block.
  EXPECT_NE(dis.find("OpAccessChain %_ptr_Uniform_mat4v4float %Params %uint_0"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpAccessChain %_ptr_Uniform_v4float %Params %uint_1"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpMemberDecorate %type_ConstantBuffer_P 1 Offset 64"), std::string::npos) << dis;
}

TEST(LowerMatrix, ElementRowAndSwizzleWrites) {
  std::string dis = spirvOf(R"(
RWStructuredBuffer<float4x4> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  float4x4 m = (float4x4)0;
  m._m00 = 1;
  m[1][2] = 3;
  m[3] = float4(5, 6, 7, 8);
  m._m01_m10 = float2(9, 10);
  m._m22_m23.y += 2;
  Out[0] = m;
}
)");
  ASSERT_FALSE(dis.empty());
  // Five element writes (_m00, [1][2], _m01, _m10, _m23), each a store through an access
  // chain to a float of a row (HLSL row = IR column); m[3] stores a whole row.
  EXPECT_EQ(occurrences(dis, "OpAccessChain %_ptr_Function_float "), 5u) << dis;
  EXPECT_EQ(occurrences(dis, "OpAccessChain %_ptr_Function_v4float %m "), 6u) << dis;
}

TEST(LowerWave, MatchAndMultiPrefixUseSubgroupPartitionedNV) {
  std::string dis = spirvOf(R"(
StructuredBuffer<uint> In : register(t0);
RWStructuredBuffer<uint4> Match : register(u1);
RWStructuredBuffer<float> Out : register(u2);
[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint v = In[id.x];
  uint4 m = WaveMatch(v);
  Match[id.x] = m;
  Out[id.x] = WaveMultiPrefixSum(float(v), m) + WaveMultiPrefixCountBits(v > 3, m) +
              WaveMultiPrefixProduct(v, m) + WaveMultiPrefixBitAnd(v, m) + WaveMultiPrefixBitOr(v, m) +
              WaveMultiPrefixBitXor(v, m);
}
)");
  ASSERT_FALSE(dis.empty());
  EXPECT_NE(dis.find("OpCapability GroupNonUniformPartitionedNV"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpExtension \"SPV_NV_shader_subgroup_partitioned\""), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpGroupNonUniformPartitionNV %v4uint"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpGroupNonUniformFAdd %float %uint_3 PartitionedExclusiveScanNV"), std::string::npos) << dis;
  // WaveMultiPrefixCountBits: a partitioned exclusive integer sum of (pred ? 1 : 0).
  EXPECT_NE(dis.find("OpGroupNonUniformIAdd %uint %uint_3 PartitionedExclusiveScanNV"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpGroupNonUniformIMul %uint %uint_3 PartitionedExclusiveScanNV"), std::string::npos) << dis;
  EXPECT_NE(dis.find("OpGroupNonUniformBitwiseAnd %uint %uint_3 PartitionedExclusiveScanNV"), std::string::npos);
  EXPECT_NE(dis.find("OpGroupNonUniformBitwiseOr %uint %uint_3 PartitionedExclusiveScanNV"), std::string::npos);
  EXPECT_NE(dis.find("OpGroupNonUniformBitwiseXor %uint %uint_3 PartitionedExclusiveScanNV"), std::string::npos);
  EXPECT_EQ(dis.find("GroupNonUniformArithmetic"), std::string::npos) << dis;
  EXPECT_EQ(dis.find("OpGroupNonUniformBallotBitCount"), std::string::npos) << dis;
}

TEST(LowerDiagnostics, OneReportPerConstructAcrossTemplateInstantiations) {
  // The same unsupported construct in a function template instantiated twice is reported
  // once (a dynamic component index into a texture element is not supported yet).
  auto c = compile(R"(
RWByteAddressBuffer B : register(u0);
RWTexture2D<float4> Tex : register(u1);
template <typename T> T twice(T x) { uint i = (uint)x; return (T)Tex[uint2(0, 0)][i] + x; }
[numthreads(1, 1, 1)]
void main() { B.Store(0, uint(twice((uint)1) + twice((int)2))); }
)");
  EXPECT_FALSE(c->module);
  EXPECT_EQ(c->count("OSH0007"), 1u) << c->messages();
}

TEST(LowerLayout, RowMajorMatrixElementOfAStructuredBufferIsColMajorDecorated) {
  std::string dis = spirvOf(R"(
StructuredBuffer<row_major float4x3> M : register(t0);
StructuredBuffer<float4x3> C : register(t1);
RWStructuredBuffer<float3> Out : register(u2);
[numthreads(1, 1, 1)]
void main() { Out[0] = M[0][1] + C[0][1]; }
)");
  ASSERT_FALSE(dis.empty());
  // row_major float4x3 = IR mat4v3 with 16-byte columns (HLSL rows): ColMajor, 64 bytes.
  EXPECT_NE(dis.find("OpMemberDecorate %type_StructuredBuffer_row_major_float4x3 0 ColMajor"), std::string::npos)
      << dis;
  EXPECT_NE(dis.find("OpDecorate %_runtimearr_mat4v3float ArrayStride 64"), std::string::npos) << dis;
  // The default (column_major) keeps the RowMajor decoration and 48 bytes.
  EXPECT_NE(dis.find("OpMemberDecorate %type_StructuredBuffer_float4x3 0 RowMajor"), std::string::npos) << dis;
  EXPECT_NE(dis.find("ArrayStride 48"), std::string::npos) << dis;
}
