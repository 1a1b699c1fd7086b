// passes::transposeRowMajor: a row-major matrix member of a buffer struct becomes a
// column-major member of the transposed type, with explicit transposes and element moves
// where values enter and leave it. The expected dumps are written by hand from the rules
// in layout.hpp and rewrite.hpp (a rebuilt expression's parts are built where it was; a
// non-emitted expression is copied where it is first used).
#include <gtest/gtest.h>

#include "diag/diag.hpp"
#include "ir/builder.hpp"
#include "passes/layout.hpp"
#include "pass_test.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {
using passtest::valid;

// struct S { float3x2 m; } (HLSL column_major: IR mat2x3<f32>, IR rows 16 bytes apart) in
// RWStructuredBuffer<S> B; main() { S s = B[0]; B[0].m = s.m; B[0].m[1] = B[0].m[1];
// B[0].m[1][2] = B[0].m[1][2]; B[0] = S(B[0].m); }
void build(Module& m, MatrixLayout layout) {
  ModuleBuilder mb(m);
  auto mat = mb.types().matrix(Scalar::f32(), 2, 3);
  StructMember sm;
  sm.name = "m";
  sm.type = mat;
  sm.matrixLayout = layout;
  sm.matrixStride = 16;
  auto s = mb.types().structure("S", {sm}, 48);
  auto g = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, s, 48, 0, 0);
  auto f = mb.function("main");
  FunctionBuilder b = mb.build(f);
  auto e = b.access(b.accessIndex(b.global(g), 0), b.u32(0));
  auto sv = b.load(e);
  auto mp = b.accessIndex(e, 0);
  b.store(mp, b.accessIndex(sv, 0));
  auto cp = b.accessIndex(mp, 1);
  b.store(cp, b.load(cp));
  auto ep = b.accessIndex(cp, 2);
  b.store(ep, b.load(ep));
  b.store(e, b.compose(s, {b.load(mp)}));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
}

std::string run(Module& m) {
  std::string why;
  EXPECT_TRUE(valid(m, &why)) << why;
  DiagEngine d;
  passes::PassContext ctx{d};
  EXPECT_TRUE(passes::transposeRowMajor(m, ctx));
  EXPECT_TRUE(valid(m, &why)) << why;
  return print(m);
}
}  // namespace

TEST(TransposeRowMajor, MemberIsStoredTransposedAndConvertedAtEachAccess) {
  Module m;
  build(m, MatrixLayout::RowMajor);
  EXPECT_EQ(print(m), R"(type t0 = mat2x3<f32>
type t1 = struct S { m: mat2x3<f32> @offset(0) row_major(16); }
type t2 = array<struct S, stride 48>
type t3 = struct type.RWStructuredBuffer { data: array<struct S, stride 48> @offset(0); }
type t4 = u32
type t5 = ptr<storage, struct type.RWStructuredBuffer>
type t6 = ptr<storage, array<struct S, stride 48>>
type t7 = ptr<storage, struct S>
type t8 = ptr<storage, mat2x3<f32>>
type t9 = vec3<f32>
type t10 = ptr<storage, vec3<f32>>
type t11 = f32
type t12 = ptr<storage, f32>
global g0 B: storage(read_write) struct type.RWStructuredBuffer @group(0) @binding(0) RWStructuredBuffer
fn f0 main() {
  expressions:
    %0: u32 = literal 0u32
    %1: ptr<storage, struct type.RWStructuredBuffer> = global g0
    %2: ptr<storage, array<struct S, stride 48>> = access %1.0
    %3: ptr<storage, struct S> = access %2[%0]
    %4: struct S = load %3
    %5: ptr<storage, mat2x3<f32>> = access %3.0
    %6: mat2x3<f32> = access %4.0
    %7: ptr<storage, vec3<f32>> = access %5.1
    %8: vec3<f32> = load %7
    %9: ptr<storage, f32> = access %7.2
    %10: f32 = load %9
    %11: mat2x3<f32> = load %5
    %12: struct S = compose(%11)
  body:
    emit %2..%7
    store %5, %6
    emit %7..%9
    store %7, %8
    emit %9..%11
    store %9, %10
    emit %11..%13
    store %3, %12
    return
}
entry_point main compute f0 workgroup_size(1, 1, 1)
)");
  // S's member becomes col_major mat3x2 (t1 interned before S; IR column c of the old
  // matrix is element c of each stored column). s.m transposes the stored value (%7), its
  // store transposes back (%8); column 1 loads stored [0][1], [1][1], [2][1] (%9..%18) and
  // stores element by element, each pointer before its value (%19..%27); element [1][2]
  // is stored [2][1] (%28, %29); the struct Compose takes the stored form (%33). The
  // ptr<storage, mat2x3> type (t9) is no longer used.
  EXPECT_EQ(run(m), R"(type t0 = mat2x3<f32>
type t1 = mat3x2<f32>
type t2 = struct S { m: mat3x2<f32> @offset(0) col_major(16); }
type t3 = array<struct S, stride 48>
type t4 = struct type.RWStructuredBuffer { data: array<struct S, stride 48> @offset(0); }
type t5 = u32
type t6 = ptr<storage, struct type.RWStructuredBuffer>
type t7 = ptr<storage, array<struct S, stride 48>>
type t8 = ptr<storage, struct S>
type t9 = ptr<storage, mat2x3<f32>>
type t10 = vec3<f32>
type t11 = ptr<storage, vec3<f32>>
type t12 = f32
type t13 = ptr<storage, f32>
type t14 = ptr<storage, mat3x2<f32>>
type t15 = vec2<f32>
type t16 = ptr<storage, vec2<f32>>
global g0 B: storage(read_write) struct type.RWStructuredBuffer @group(0) @binding(0) RWStructuredBuffer
fn f0 main() {
  expressions:
    %0: ptr<storage, struct type.RWStructuredBuffer> = global g0
    %1: ptr<storage, array<struct S, stride 48>> = access %0.0
    %2: u32 = literal 0u32
    %3: ptr<storage, struct S> = access %1[%2]
    %4: struct S = load %3
    %5: ptr<storage, mat3x2<f32>> = access %3.0
    %6: mat3x2<f32> = access %4.0
    %7: mat2x3<f32> = transpose(%6)
    %8: mat3x2<f32> = transpose(%7)
    %9: ptr<storage, vec2<f32>> = access %5.0
    %10: ptr<storage, f32> = access %9.1
    %11: f32 = load %10
    %12: ptr<storage, vec2<f32>> = access %5.1
    %13: ptr<storage, f32> = access %12.1
    %14: f32 = load %13
    %15: ptr<storage, vec2<f32>> = access %5.2
    %16: ptr<storage, f32> = access %15.1
    %17: f32 = load %16
    %18: vec3<f32> = compose(%11, %14, %17)
    %19: ptr<storage, vec2<f32>> = access %5.0
    %20: ptr<storage, f32> = access %19.1
    %21: f32 = access %18.0
    %22: ptr<storage, vec2<f32>> = access %5.1
    %23: ptr<storage, f32> = access %22.1
    %24: f32 = access %18.1
    %25: ptr<storage, vec2<f32>> = access %5.2
    %26: ptr<storage, f32> = access %25.1
    %27: f32 = access %18.2
    %28: ptr<storage, vec2<f32>> = access %5.2
    %29: ptr<storage, f32> = access %28.1
    %30: f32 = load %29
    %31: mat3x2<f32> = load %5
    %32: mat2x3<f32> = transpose(%31)
    %33: mat3x2<f32> = transpose(%32)
    %34: struct S = compose(%33)
  body:
    emit %1..%9
    store %5, %8
    emit %9..%22
    store %20, %21
    emit %22..%25
    store %23, %24
    emit %25..%28
    store %26, %27
    emit %28..%31
    store %29, %30
    emit %31..%35
    store %3, %34
    return
}
entry_point main compute f0 workgroup_size(1, 1, 1)
)");
}

// An explicit ColMajor member (HLSL row_major) is already what the targets declare.
TEST(TransposeRowMajor, ColumnMajorMemberIsUntouched) {
  Module m;
  build(m, MatrixLayout::ColMajor);
  std::string before = print(m);
  EXPECT_EQ(run(m), before);
}

// ---------------------------------------------------------------- padMatrixColumns
// Expected dumps written by hand from layout.hpp: the member becomes an array of its
// column vectors; column k is element k * step; loads compose the matrix from column
// loads, stores go column by column.
namespace {
std::string pad(Module& m, const passes::MatrixColumnModel& model) {
  std::string why;
  EXPECT_TRUE(valid(m, &why)) << why;
  DiagEngine d;
  passes::PassContext ctx{d};
  EXPECT_TRUE(passes::padMatrixColumns(m, ctx, model));
  EXPECT_TRUE(d.diagnostics().empty());
  EXPECT_TRUE(valid(m, &why)) << why;
  return print(m);
}

// struct S { float2x2 m; float f; } as a cbuffer packs it (m's columns 16 bytes apart, f
// in the last column's register at 24) in RWStructuredBuffer<S> B; main() { S s = B[0];
// B[0].m = s.m; B[0].m[1u] = B[0].m[1u] (a dynamic Access); B[0].m[1][1] = B[0].m[1][1];
// B[0] = S(B[0].m, 2.0); }
void buildPadded(Module& m, uint32_t matrixStride = 16) {
  ModuleBuilder mb(m);
  auto mat = mb.types().matrix(Scalar::f32(), 2, 2);
  auto f32 = mb.types().scalar(Scalar::f32());
  StructMember mm{"m", mat, 0, MatrixLayout::ColMajor, matrixStride};
  StructMember fm{"f", f32, matrixStride + 8};
  auto s = mb.types().structure("S", {mm, fm}, 2 * matrixStride);
  auto g = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, s, 2 * matrixStride, 0, 0);
  auto f = mb.function("main");
  FunctionBuilder b = mb.build(f);
  auto zero = b.u32(0);
  auto data = b.accessIndex(b.global(g), 0);
  auto e = b.access(data, zero);
  auto sv = b.load(e);
  auto mp = b.accessIndex(e, 0);
  b.store(mp, b.accessIndex(sv, 0));
  auto one = b.u32(1);
  auto cp = b.access(mp, one);
  b.store(cp, b.load(cp));
  auto col = b.accessIndex(mp, 1);
  auto ep = b.accessIndex(col, 1);
  b.store(ep, b.load(ep));
  auto whole = b.load(mp);
  auto two = b.f32(2);
  b.store(e, b.compose(s, {whole, two}));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
}
}  // namespace

// MSL's model: columns every second float2 of array<float2, 3> (the member ends with its
// last column: f stays at 24).
TEST(PadMatrixColumns, InterleavedMemberIsEveryOtherElement) {
  Module m;
  buildPadded(m);
  // s.m (%6) composes elements 0 and 2 (%9), stored as columns 0 -> element 0, 1 -> 2
  // (%10..%13); the dynamic column 1u is element 1u * 2u (%14..%17); column 1 is element
  // 2 (%19); the whole load composes the loads of elements 0 and 2 (%22..%26); the struct
  // Compose stores (col0, zero, col1) (%28..%31). ptr<storage, mat2x2> (t11) is unused.
  EXPECT_EQ(pad(m, {.interleave = true, .maxSpread = 2}), R"(type t0 = mat2x2<f32>
type t1 = f32
type t2 = vec2<f32>
type t3 = array<vec2<f32>, 3, stride 8>
type t4 = struct S { m: array<vec2<f32>, 3, stride 8> @offset(0); f: f32 @offset(24); }
type t5 = array<struct S, stride 32>
type t6 = struct type.RWStructuredBuffer { data: array<struct S, stride 32> @offset(0); }
type t7 = u32
type t8 = ptr<storage, struct type.RWStructuredBuffer>
type t9 = ptr<storage, array<struct S, stride 32>>
type t10 = ptr<storage, struct S>
type t11 = ptr<storage, mat2x2<f32>>
type t12 = ptr<storage, vec2<f32>>
type t13 = ptr<storage, f32>
type t14 = ptr<storage, array<vec2<f32>, 3, stride 8>>
global g0 B: storage(read_write) struct type.RWStructuredBuffer @group(0) @binding(0) RWStructuredBuffer
fn f0 main() {
  expressions:
    %0: ptr<storage, struct type.RWStructuredBuffer> = global g0
    %1: ptr<storage, array<struct S, stride 32>> = access %0.0
    %2: u32 = literal 0u32
    %3: ptr<storage, struct S> = access %1[%2]
    %4: struct S = load %3
    %5: ptr<storage, array<vec2<f32>, 3, stride 8>> = access %3.0
    %6: array<vec2<f32>, 3, stride 8> = access %4.0
    %7: vec2<f32> = access %6.0
    %8: vec2<f32> = access %6.2
    %9: mat2x2<f32> = compose(%7, %8)
    %10: ptr<storage, vec2<f32>> = access %5.0
    %11: vec2<f32> = access %9.0
    %12: ptr<storage, vec2<f32>> = access %5.2
    %13: vec2<f32> = access %9.1
    %14: u32 = literal 1u32
    %15: u32 = literal 2u32
    %16: u32 = mul %14, %15
    %17: ptr<storage, vec2<f32>> = access %5[%16]
    %18: vec2<f32> = load %17
    %19: ptr<storage, vec2<f32>> = access %5.2
    %20: ptr<storage, f32> = access %19.1
    %21: f32 = load %20
    %22: ptr<storage, vec2<f32>> = access %5.0
    %23: vec2<f32> = load %22
    %24: ptr<storage, vec2<f32>> = access %5.2
    %25: vec2<f32> = load %24
    %26: mat2x2<f32> = compose(%23, %25)
    %27: f32 = literal 2f32
    %28: vec2<f32> = access %26.0
    %29: vec2<f32> = zero
    %30: vec2<f32> = access %26.1
    %31: array<vec2<f32>, 3, stride 8> = compose(%28, %29, %30)
    %32: struct S = compose(%31, %27)
  body:
    emit %1..%12
    store %10, %11
    emit %12..%14
    store %12, %13
    emit %16..%19
    store %17, %18
    emit %19..%22
    store %20, %21
    emit %22..%33
    store %3, %32
    return
}
entry_point main compute f0 workgroup_size(1, 1, 1)
)");
}

// A spread above the model's maximum (columns 32 bytes apart for MSL) stays a matrix; the
// printer reports the stride. A struct without layout and a row-major member (before
// transposeRowMajor) are not this pass's either.
TEST(PadMatrixColumns, WiderSpreadThanTheModelTakesIsUntouched) {
  Module m;
  buildPadded(m, 32);
  std::string before = print(m);
  EXPECT_EQ(pad(m, {.interleave = true, .maxSpread = 2}), before);
}

TEST(PadMatrixColumns, RowMajorMemberIsLeftToTransposeRowMajor) {
  Module m;
  build(m, MatrixLayout::RowMajor);
  std::string before = print(m);
  EXPECT_EQ(pad(m, {.interleave = false, .maxSpread = 0}), before);
}

// WGSL's model: array<vec2<f32>, 2, stride 16> (the printer's StrideN wrapper), through an
// array member. struct T { float2x2 a[2]; } (array stride 32) in RWStructuredBuffer<T> B;
// main() { B[0].a = B[0].a; B[0].a[1u][1] = B[0].a[1u][1]; }
TEST(PadMatrixColumns, StridedArrayOfMatricesConvertsElementByElement) {
  Module m;
  {
    ModuleBuilder mb(m);
    auto mat = mb.types().matrix(Scalar::f32(), 2, 2);
    auto arr = mb.types().array(mat, 2, 32);
    StructMember am{"a", arr, 0, MatrixLayout::ColMajor, 16};
    auto t = mb.types().structure("T", {am}, 64);
    auto g = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, t, 64, 0, 0);
    auto f = mb.function("main");
    FunctionBuilder b = mb.build(f);
    auto zero = b.u32(0);
    auto data = b.accessIndex(b.global(g), 0);
    auto e = b.access(data, zero);
    auto ap = b.accessIndex(e, 0);
    b.store(ap, b.load(ap));
    auto one = b.u32(1);
    auto mp = b.access(ap, one);
    auto cp = b.accessIndex(mp, 1);
    b.store(cp, b.load(cp));
    b.ret();
    b.finish();
    mb.entryPoint("main", Stage::Compute, f);
  }
  // The whole load composes each element from its column loads (%5..%17); the store goes
  // element by element, column by column (%18..%29); a[1u] keeps the dynamic index and its
  // column 1 is element 1 (%31, %32). ptr<storage, array<mat2x2<f32>, 2, stride 32>> (t12)
  // and ptr<storage, mat2x2<f32>> (t13) are unused.
  EXPECT_EQ(pad(m, {.interleave = false, .maxSpread = 0}), R"(type t0 = mat2x2<f32>
type t1 = array<mat2x2<f32>, 2, stride 32>
type t2 = vec2<f32>
type t3 = array<vec2<f32>, 2, stride 16>
type t4 = array<array<vec2<f32>, 2, stride 16>, 2, stride 32>
type t5 = struct T { a: array<array<vec2<f32>, 2, stride 16>, 2, stride 32> @offset(0); }
type t6 = array<struct T, stride 64>
type t7 = struct type.RWStructuredBuffer { data: array<struct T, stride 64> @offset(0); }
type t8 = u32
type t9 = ptr<storage, struct type.RWStructuredBuffer>
type t10 = ptr<storage, array<struct T, stride 64>>
type t11 = ptr<storage, struct T>
type t12 = ptr<storage, array<mat2x2<f32>, 2, stride 32>>
type t13 = ptr<storage, mat2x2<f32>>
type t14 = ptr<storage, vec2<f32>>
type t15 = ptr<storage, array<array<vec2<f32>, 2, stride 16>, 2, stride 32>>
type t16 = ptr<storage, array<vec2<f32>, 2, stride 16>>
global g0 B: storage(read_write) struct type.RWStructuredBuffer @group(0) @binding(0) RWStructuredBuffer
fn f0 main() {
  expressions:
    %0: ptr<storage, struct type.RWStructuredBuffer> = global g0
    %1: ptr<storage, array<struct T, stride 64>> = access %0.0
    %2: u32 = literal 0u32
    %3: ptr<storage, struct T> = access %1[%2]
    %4: ptr<storage, array<array<vec2<f32>, 2, stride 16>, 2, stride 32>> = access %3.0
    %5: ptr<storage, array<vec2<f32>, 2, stride 16>> = access %4.0
    %6: ptr<storage, vec2<f32>> = access %5.0
    %7: vec2<f32> = load %6
    %8: ptr<storage, vec2<f32>> = access %5.1
    %9: vec2<f32> = load %8
    %10: mat2x2<f32> = compose(%7, %9)
    %11: ptr<storage, array<vec2<f32>, 2, stride 16>> = access %4.1
    %12: ptr<storage, vec2<f32>> = access %11.0
    %13: vec2<f32> = load %12
    %14: ptr<storage, vec2<f32>> = access %11.1
    %15: vec2<f32> = load %14
    %16: mat2x2<f32> = compose(%13, %15)
    %17: array<mat2x2<f32>, 2, stride 32> = compose(%10, %16)
    %18: ptr<storage, array<vec2<f32>, 2, stride 16>> = access %4.0
    %19: mat2x2<f32> = access %17.0
    %20: ptr<storage, vec2<f32>> = access %18.0
    %21: vec2<f32> = access %19.0
    %22: ptr<storage, vec2<f32>> = access %18.1
    %23: vec2<f32> = access %19.1
    %24: ptr<storage, array<vec2<f32>, 2, stride 16>> = access %4.1
    %25: mat2x2<f32> = access %17.1
    %26: ptr<storage, vec2<f32>> = access %24.0
    %27: vec2<f32> = access %25.0
    %28: ptr<storage, vec2<f32>> = access %24.1
    %29: vec2<f32> = access %25.1
    %30: u32 = literal 1u32
    %31: ptr<storage, array<vec2<f32>, 2, stride 16>> = access %4[%30]
    %32: ptr<storage, vec2<f32>> = access %31.1
    %33: vec2<f32> = load %32
  body:
    emit %1..%22
    store %20, %21
    emit %22..%24
    store %22, %23
    emit %24..%28
    store %26, %27
    emit %28..%30
    store %28, %29
    emit %31..%34
    store %32, %33
    return
}
entry_point main compute f0 workgroup_size(1, 1, 1)
)");
}

// ---------------------------------------------------------------- wrapStridedArrays

namespace {
// A target model of 4-byte scalars (what MSL and WGSL both give f32).
passes::TypeLayout scalarLayout(const TypeArena& types, Handle<Type> h) {
  const Type& t = types[h];
  if (t.kind == TypeKind::Scalar) return {4, 4};
  if (t.kind == TypeKind::Struct) return {t.structSize, 4};
  if (t.kind == TypeKind::Array) return {t.stride * t.arraySize, 4};
  return {16, 16};
}

std::string wrap(Module& m) {
  std::string why;
  EXPECT_TRUE(valid(m, &why)) << why;
  DiagEngine d;
  passes::PassContext ctx{d};
  EXPECT_TRUE(passes::wrapStridedArrays(m, ctx, scalarLayout));
  EXPECT_TRUE(d.diagnostics().empty());
  EXPECT_TRUE(valid(m, &why)) << why;
  return print(m);
}

// struct S { float a[2] (a cbuffer's 16-byte stride); float f; } in RWStructuredBuffer<S>
// B; main() { S s = B[0]; B[0].a = s.a; B[0].a[1u] = B[0].a[1u] (a dynamic Access);
// B[0] = S(B[0].a, 2.0); }
void buildStrided(Module& m) {
  ModuleBuilder mb(m);
  auto f32 = mb.types().scalar(Scalar::f32());
  auto arr = mb.types().array(f32, 2, 16);
  StructMember am{"a", arr, 0};
  StructMember fm{"f", f32, 32};
  auto s = mb.types().structure("S", {am, fm}, 48);
  auto g = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, s, 48, 0, 0);
  auto f = mb.function("main");
  FunctionBuilder b = mb.build(f);
  auto zero = b.u32(0);
  auto data = b.accessIndex(b.global(g), 0);
  auto e = b.access(data, zero);
  auto sv = b.load(e);
  auto ap = b.accessIndex(e, 0);
  b.store(ap, b.accessIndex(sv, 0));
  auto one = b.u32(1);
  auto p1 = b.access(ap, one);
  b.store(p1, b.load(p1));
  auto whole = b.load(ap);
  auto two = b.f32(2);
  b.store(e, b.compose(s, {whole, two}));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
}
}  // namespace

// The member becomes array<Stride16_f32, 2, stride 16> (the wrapper t2 and the array t3
// interned before S; the IR's array<f32, 2, stride 16> stays the type of values). s.a
// unwraps each element of the stored value (%6..%11); the whole store goes element by
// element through `.v` (%12..%17); the dynamic element is `[1u].v`, an ordinary f32
// pointer (%19, %20), so its load and store are copies; the whole load composes the
// element loads (%22..%28); the struct Compose wraps each element (%30..%34).
TEST(WrapStridedArrays, OverStridedArrayBecomesArrayOfWrappers) {
  Module m;
  buildStrided(m);
  EXPECT_EQ(wrap(m), R"(type t0 = f32
type t1 = array<f32, 2, stride 16>
type t2 = struct Stride16_f32 { v: f32 @offset(0); }
type t3 = array<struct Stride16_f32, 2, stride 16>
type t4 = struct S { a: array<struct Stride16_f32, 2, stride 16> @offset(0); f: f32 @offset(32); }
type t5 = array<struct S, stride 48>
type t6 = struct type.RWStructuredBuffer { data: array<struct S, stride 48> @offset(0); }
type t7 = u32
type t8 = ptr<storage, struct type.RWStructuredBuffer>
type t9 = ptr<storage, array<struct S, stride 48>>
type t10 = ptr<storage, struct S>
type t11 = ptr<storage, array<f32, 2, stride 16>>
type t12 = ptr<storage, f32>
type t13 = ptr<storage, array<struct Stride16_f32, 2, stride 16>>
type t14 = ptr<storage, struct Stride16_f32>
global g0 B: storage(read_write) struct type.RWStructuredBuffer @group(0) @binding(0) RWStructuredBuffer
fn f0 main() {
  expressions:
    %0: ptr<storage, struct type.RWStructuredBuffer> = global g0
    %1: ptr<storage, array<struct S, stride 48>> = access %0.0
    %2: u32 = literal 0u32
    %3: ptr<storage, struct S> = access %1[%2]
    %4: struct S = load %3
    %5: ptr<storage, array<struct Stride16_f32, 2, stride 16>> = access %3.0
    %6: array<struct Stride16_f32, 2, stride 16> = access %4.0
    %7: struct Stride16_f32 = access %6.0
    %8: f32 = access %7.0
    %9: struct Stride16_f32 = access %6.1
    %10: f32 = access %9.0
    %11: array<f32, 2, stride 16> = compose(%8, %10)
    %12: ptr<storage, struct Stride16_f32> = access %5.0
    %13: ptr<storage, f32> = access %12.0
    %14: f32 = access %11.0
    %15: ptr<storage, struct Stride16_f32> = access %5.1
    %16: ptr<storage, f32> = access %15.0
    %17: f32 = access %11.1
    %18: u32 = literal 1u32
    %19: ptr<storage, struct Stride16_f32> = access %5[%18]
    %20: ptr<storage, f32> = access %19.0
    %21: f32 = load %20
    %22: ptr<storage, struct Stride16_f32> = access %5.0
    %23: ptr<storage, f32> = access %22.0
    %24: f32 = load %23
    %25: ptr<storage, struct Stride16_f32> = access %5.1
    %26: ptr<storage, f32> = access %25.0
    %27: f32 = load %26
    %28: array<f32, 2, stride 16> = compose(%24, %27)
    %29: f32 = literal 2f32
    %30: f32 = access %28.0
    %31: struct Stride16_f32 = compose(%30)
    %32: f32 = access %28.1
    %33: struct Stride16_f32 = compose(%32)
    %34: array<struct Stride16_f32, 2, stride 16> = compose(%31, %33)
    %35: struct S = compose(%34, %29)
  body:
    emit %1..%15
    store %13, %14
    emit %15..%18
    store %16, %17
    emit %19..%22
    store %20, %21
    emit %22..%36
    store %3, %35
    return
}
entry_point main compute f0 workgroup_size(1, 1, 1)
)");
}

// Strides the element's own size takes (4 for f32), and strides that are not a multiple of
// its alignment (a printer diagnostic), leave the module as it was.
TEST(WrapStridedArrays, NaturalAndMisalignedStridesAreUntouched) {
  for (uint32_t stride : {4u, 18u}) {
    Module m;
    ModuleBuilder mb(m);
    auto f32 = mb.types().scalar(Scalar::f32());
    StructMember am{"a", mb.types().array(f32, 2, stride), 0};
    auto s = mb.types().structure("S", {am}, 2 * stride);
    mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, s, 2 * stride, 0, 0);
    std::string before = print(m);
    EXPECT_EQ(wrap(m), before) << stride;
  }
}

// float a[2][2] in a cbuffer: the inner arrays (stride 16) are wrapped, the outer one
// (stride 32, the inner array's size) is not; an element of the outer array is a pointer
// to a stored inner array, so its whole load converts.
TEST(WrapStridedArrays, NestedArraysWrapTheOverStridedLevel) {
  Module m;
  ModuleBuilder mb(m);
  auto f32 = mb.types().scalar(Scalar::f32());
  auto inner = mb.types().array(f32, 2, 16);
  auto outer = mb.types().array(inner, 2, 32);
  StructMember am{"a", outer, 0};
  auto s = mb.types().structure("S", {am}, 64);
  auto g = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, s, 64, 0, 0);
  auto f = mb.function("main");
  FunctionBuilder b = mb.build(f);
  auto zero = b.u32(0);
  auto e = b.access(b.accessIndex(b.global(g), 0), zero);
  auto row = b.accessIndex(b.accessIndex(e, 0), 1);
  b.store(row, b.load(row));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  std::string out = wrap(m);
  EXPECT_NE(out.find("type t5 = array<array<struct Stride16_f32, 2, stride 16>, 2, stride 32>"), std::string::npos)
      << out;
  // B[0].a[1] loads elements [1][0].v and [1][1].v and stores them back one by one.
  EXPECT_NE(out.find(R"(    %6: ptr<storage, struct Stride16_f32> = access %5.0
    %7: ptr<storage, f32> = access %6.0
    %8: f32 = load %7
    %9: ptr<storage, struct Stride16_f32> = access %5.1
    %10: ptr<storage, f32> = access %9.0
    %11: f32 = load %10
    %12: array<f32, 2, stride 16> = compose(%8, %11)
)"),
            std::string::npos)
      << out;
}

// ---------------------------------------------------------------- packVectors

namespace {
// MSL's model (mslSizeAlign): f32 4 at 4, vec2 8 at 8, vec3 and vec4 16 at 16.
passes::TypeLayout mslLike(const TypeArena& types, Handle<Type> h) {
  const Type& t = types[h];
  if (t.kind == TypeKind::Vector) return t.size == 2 ? passes::TypeLayout{8, 8} : passes::TypeLayout{16, 16};
  if (t.kind == TypeKind::Array) return {t.stride * t.arraySize, mslLike(types, t.base).align};
  if (t.kind == TypeKind::Struct) return {t.structSize, 16};
  return {4, 4};
}

std::string pack(Module& m) {
  std::string why;
  EXPECT_TRUE(valid(m, &why)) << why;
  DiagEngine d;
  passes::PassContext ctx{d};
  EXPECT_TRUE(passes::packVectors(m, ctx, mslLike));
  EXPECT_TRUE(d.diagnostics().empty());
  EXPECT_TRUE(valid(m, &why)) << why;
  return print(m);
}

// struct S { float f; float3 g (offset 4); float3 n[2] (offset 16, stride 12: a
// StructuredBuffer's float3 elements); } (48 bytes) in RWStructuredBuffer<S> B;
// main() { S s = B[0]; B[0].g = s.g; B[0].g[1u] = B[0].g.z; B[0].n[1] = B[0].g;
// B[0] = S(2.0, B[0].g, B[0].n); }
void buildPacked(Module& m) {
  ModuleBuilder mb(m);
  auto f32 = mb.types().scalar(Scalar::f32());
  auto v3 = mb.types().vector(Scalar::f32(), 3);
  auto arr = mb.types().array(v3, 2, 12);
  StructMember fm{"f", f32, 0};
  StructMember gm{"g", v3, 4};
  StructMember nm{"n", arr, 16};
  auto s = mb.types().structure("S", {fm, gm, nm}, 48);
  auto g = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, s, 48, 0, 0);
  auto f = mb.function("main");
  FunctionBuilder b = mb.build(f);
  auto zero = b.u32(0);
  auto data = b.accessIndex(b.global(g), 0);
  auto e = b.access(data, zero);
  auto sv = b.load(e);
  auto gp = b.accessIndex(e, 1);
  b.store(gp, b.accessIndex(sv, 1));
  auto one = b.u32(1);
  auto c1 = b.access(gp, one);
  auto c2 = b.accessIndex(gp, 2);
  b.store(c1, b.load(c2));
  auto np = b.accessIndex(e, 2);
  auto n1 = b.accessIndex(np, 1);
  b.store(n1, b.load(gp));
  auto whole = b.load(np);
  auto two = b.f32(2);
  auto gv = b.load(gp);
  b.store(e, b.compose(s, {two, gv, whole}));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
}
}  // namespace

// g (offset 4: not a multiple of 16) and n's elements (stride 12 < 16) become packed_vec3
// (t3, and the array t4, interned before S; the IR's vec3 and array<vec3, 2, stride 12>
// stay the types of values). s.g converts the packed member value (%7), and its store
// takes the packed value itself (a conversion back is the value it converted, %6); the
// components g[1u] and g.z are ordinary f32 pointers into the packed vector, copied
// (%9..%11); the element n[1] points at a packed vector (%13), and the loaded g goes
// there as loaded (%14); the whole n loads and converts element by element (%16..%21);
// the struct Compose takes g's load (%22) and packs each element of its n (%25..%29).
TEST(PackVectors, MisalignedAndTightlyStridedVectorsArePacked) {
  Module m;
  buildPacked(m);
  EXPECT_EQ(pack(m), R"(type t0 = f32
type t1 = vec3<f32>
type t2 = array<vec3<f32>, 2, stride 12>
type t3 = packed_vec3<f32>
type t4 = array<packed_vec3<f32>, 2, stride 12>
type t5 = struct S { f: f32 @offset(0); g: packed_vec3<f32> @offset(4); n: array<packed_vec3<f32>, 2, stride 12> @offset(16); }
type t6 = array<struct S, stride 48>
type t7 = struct type.RWStructuredBuffer { data: array<struct S, stride 48> @offset(0); }
type t8 = u32
type t9 = ptr<storage, struct type.RWStructuredBuffer>
type t10 = ptr<storage, array<struct S, stride 48>>
type t11 = ptr<storage, struct S>
type t12 = ptr<storage, vec3<f32>>
type t13 = ptr<storage, f32>
type t14 = ptr<storage, array<vec3<f32>, 2, stride 12>>
type t15 = ptr<storage, packed_vec3<f32>>
type t16 = ptr<storage, array<packed_vec3<f32>, 2, stride 12>>
global g0 B: storage(read_write) struct type.RWStructuredBuffer @group(0) @binding(0) RWStructuredBuffer
fn f0 main() {
  expressions:
    %0: ptr<storage, struct type.RWStructuredBuffer> = global g0
    %1: ptr<storage, array<struct S, stride 48>> = access %0.0
    %2: u32 = literal 0u32
    %3: ptr<storage, struct S> = access %1[%2]
    %4: struct S = load %3
    %5: ptr<storage, packed_vec3<f32>> = access %3.1
    %6: packed_vec3<f32> = access %4.1
    %7: vec3<f32> = compose(%6)
    %8: u32 = literal 1u32
    %9: ptr<storage, f32> = access %5[%8]
    %10: ptr<storage, f32> = access %5.2
    %11: f32 = load %10
    %12: ptr<storage, array<packed_vec3<f32>, 2, stride 12>> = access %3.2
    %13: ptr<storage, packed_vec3<f32>> = access %12.1
    %14: packed_vec3<f32> = load %5
    %15: vec3<f32> = compose(%14)
    %16: array<packed_vec3<f32>, 2, stride 12> = load %12
    %17: packed_vec3<f32> = access %16.0
    %18: vec3<f32> = compose(%17)
    %19: packed_vec3<f32> = access %16.1
    %20: vec3<f32> = compose(%19)
    %21: array<vec3<f32>, 2, stride 12> = compose(%18, %20)
    %22: packed_vec3<f32> = load %5
    %23: vec3<f32> = compose(%22)
    %24: f32 = literal 2f32
    %25: vec3<f32> = access %21.0
    %26: packed_vec3<f32> = compose(%25)
    %27: vec3<f32> = access %21.1
    %28: packed_vec3<f32> = compose(%27)
    %29: array<packed_vec3<f32>, 2, stride 12> = compose(%26, %28)
    %30: struct S = compose(%24, %22, %29)
  body:
    emit %1..%8
    store %5, %6
    emit %9..%12
    store %9, %11
    emit %12..%16
    store %13, %14
    emit %16..%31
    store %3, %30
    return
}
entry_point main compute f0 workgroup_size(1, 1, 1)
)");
}

// The room decides as much as the offset: struct T { float3 a (offset 0, 12 bytes before
// b); float b (12); float2 c (16, aligned, 8 bytes of room); float3 d (32, 16 bytes to the
// end) } packs a only; a vec3 array at stride 16 stays, and so does a struct without layout
// (every offset 0: no room is measured).
TEST(PackVectors, RoomAndOffsetDecide) {
  Module m;
  ModuleBuilder mb(m);
  auto f32 = mb.types().scalar(Scalar::f32());
  auto v2 = mb.types().vector(Scalar::f32(), 2);
  auto v3 = mb.types().vector(Scalar::f32(), 3);
  StructMember a{"a", v3, 0}, b{"b", f32, 12}, c{"c", v2, 16}, d{"d", v3, 32};
  StructMember e{"e", mb.types().array(v3, 2, 16), 48};
  mb.types().structure("T", {a, b, c, d, e}, 80);
  StructMember p{"p", f32}, q{"q", v3};
  mb.types().structure("Plain", {p, q});
  std::string out = pack(m);
  EXPECT_NE(out.find("struct T { a: packed_vec3<f32> @offset(0); b: f32 @offset(12); c: vec2<f32> @offset(16); "
                     "d: vec3<f32> @offset(32); e: array<vec3<f32>, 2, stride 16> @offset(48); }"),
            std::string::npos)
      << out;
  EXPECT_NE(out.find("struct Plain { p: f32 @offset(0); q: vec3<f32> @offset(0); }"), std::string::npos) << out;
}

// ---------------------------------------------------------------- splitVectors

namespace {
// WGSL's model: f32 4 at 4, vec2 8 at 8, vec3 12 at 16, vec4 16 at 16.
passes::TypeLayout wgslLike(const TypeArena& types, Handle<Type> h) {
  const Type& t = types[h];
  if (t.kind == TypeKind::Vector) return {4u * t.size, t.size == 2 ? 8u : 16u};
  if (t.kind == TypeKind::Struct) return {t.structSize, 16};
  return {4, 4};
}

std::string split(Module& m) {
  std::string why;
  EXPECT_TRUE(valid(m, &why)) << why;
  DiagEngine d;
  passes::PassContext ctx{d};
  EXPECT_TRUE(passes::splitVectors(m, ctx, wgslLike));
  EXPECT_TRUE(d.diagnostics().empty());
  EXPECT_TRUE(valid(m, &why)) << why;
  return print(m);
}

// struct S { float f; float3 g (offset 4); float k (offset 16); } (32 bytes) in
// RWStructuredBuffer<S> B; main() { S s = B[0]; B[0].g = s.g; B[0].g[1] = B[0].g[1] (a
// dynamic i32 index); B[0].k = B[0].g.y; B[0] = S(2.0, B[0].g, 3.0); }
void buildSplit(Module& m) {
  ModuleBuilder mb(m);
  auto f32 = mb.types().scalar(Scalar::f32());
  auto v3 = mb.types().vector(Scalar::f32(), 3);
  StructMember fm{"f", f32, 0};
  StructMember gm{"g", v3, 4};
  StructMember km{"k", f32, 16};
  auto s = mb.types().structure("S", {fm, gm, km}, 32);
  auto g = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, s, 32, 0, 0);
  auto f = mb.function("main");
  FunctionBuilder b = mb.build(f);
  auto zero = b.u32(0);
  auto data = b.accessIndex(b.global(g), 0);
  auto e = b.access(data, zero);
  auto sv = b.load(e);
  auto gp = b.accessIndex(e, 1);
  b.store(gp, b.accessIndex(sv, 1));
  auto i = b.i32(1);
  auto ci = b.access(gp, i);
  b.store(ci, b.load(ci));
  auto kp = b.accessIndex(e, 2);
  auto gy = b.accessIndex(gp, 1);
  b.store(kp, b.load(gy));
  auto two = b.f32(2);
  auto gv = b.load(gp);
  auto three = b.f32(3);
  b.store(e, b.compose(s, {two, gv, three}));
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
}
}  // namespace

// g becomes g_x, g_y, g_z at offsets 4, 8, 12 and k is member 4 now (S re-interned in
// place). s.g composes the value's members 1..3 (%5..%8) and its store goes component by
// component (%9..%14); the dynamic g[1i] loads the composed vector, indexed (%16..%23),
// and stores through three guarded stores on u32(1i) (%24..%33); k is access .4 (%34) and
// g.y is member 2, an ordinary pointer (%35); the struct Compose takes the three
// components of the loaded g (%37..%49). No expression keeps a pointer to the vector.
TEST(SplitVectors, MisalignedVectorIsOneMemberPerComponent) {
  Module m;
  buildSplit(m);
  EXPECT_EQ(split(m), R"(type t0 = f32
type t1 = vec3<f32>
type t2 = struct S { f: f32 @offset(0); g_x: f32 @offset(4); g_y: f32 @offset(8); g_z: f32 @offset(12); k: f32 @offset(16); }
type t3 = array<struct S, stride 32>
type t4 = struct type.RWStructuredBuffer { data: array<struct S, stride 32> @offset(0); }
type t5 = u32
type t6 = ptr<storage, struct type.RWStructuredBuffer>
type t7 = ptr<storage, array<struct S, stride 32>>
type t8 = ptr<storage, struct S>
type t9 = ptr<storage, vec3<f32>>
type t10 = i32
type t11 = ptr<storage, f32>
type t12 = bool
global g0 B: storage(read_write) struct type.RWStructuredBuffer @group(0) @binding(0) RWStructuredBuffer
fn f0 main() {
  expressions:
    %0: ptr<storage, struct type.RWStructuredBuffer> = global g0
    %1: ptr<storage, array<struct S, stride 32>> = access %0.0
    %2: u32 = literal 0u32
    %3: ptr<storage, struct S> = access %1[%2]
    %4: struct S = load %3
    %5: f32 = access %4.1
    %6: f32 = access %4.2
    %7: f32 = access %4.3
    %8: vec3<f32> = compose(%5, %6, %7)
    %9: ptr<storage, f32> = access %3.1
    %10: f32 = access %8.0
    %11: ptr<storage, f32> = access %3.2
    %12: f32 = access %8.1
    %13: ptr<storage, f32> = access %3.3
    %14: f32 = access %8.2
    %15: i32 = literal 1i32
    %16: ptr<storage, f32> = access %3.1
    %17: f32 = load %16
    %18: ptr<storage, f32> = access %3.2
    %19: f32 = load %18
    %20: ptr<storage, f32> = access %3.3
    %21: f32 = load %20
    %22: vec3<f32> = compose(%17, %19, %21)
    %23: f32 = access %22[%15]
    %24: u32 = convert %15
    %25: u32 = literal 0u32
    %26: bool = eq %24, %25
    %27: ptr<storage, f32> = access %3.1
    %28: u32 = literal 1u32
    %29: bool = eq %24, %28
    %30: ptr<storage, f32> = access %3.2
    %31: u32 = literal 2u32
    %32: bool = eq %24, %31
    %33: ptr<storage, f32> = access %3.3
    %34: ptr<storage, f32> = access %3.4
    %35: ptr<storage, f32> = access %3.2
    %36: f32 = load %35
    %37: ptr<storage, f32> = access %3.1
    %38: f32 = load %37
    %39: ptr<storage, f32> = access %3.2
    %40: f32 = load %39
    %41: ptr<storage, f32> = access %3.3
    %42: f32 = load %41
    %43: vec3<f32> = compose(%38, %40, %42)
    %44: f32 = literal 2f32
    %45: f32 = literal 3f32
    %46: f32 = access %43.0
    %47: f32 = access %43.1
    %48: f32 = access %43.2
    %49: struct S = compose(%44, %46, %47, %48, %45)
  body:
    emit %1..%11
    store %9, %10
    emit %11..%13
    store %11, %12
    emit %13..%15
    store %13, %14
    emit %16..%27
    if %26 {
      emit %27..%28
      store %27, %23
    }
    emit %29..%30
    if %29 {
      emit %30..%31
      store %30, %23
    }
    emit %32..%33
    if %32 {
      emit %33..%34
      store %33, %23
    }
    emit %34..%37
    store %34, %36
    emit %37..%50
    store %3, %49
    return
}
entry_point main compute f0 workgroup_size(1, 1, 1)
)");
}

// An aligned vector (offset 16) is left as it is, and so is the struct.
TEST(SplitVectors, AlignedVectorIsUntouched) {
  Module m;
  ModuleBuilder mb(m);
  StructMember fm{"f", mb.types().scalar(Scalar::f32()), 0};
  StructMember gm{"g", mb.types().vector(Scalar::f32(), 3), 16};
  auto s = mb.types().structure("S", {fm, gm}, 32);
  mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, s, 32, 0, 0);
  std::string before = print(m);
  EXPECT_EQ(split(m), before);
}

// A split vector copied to a split vector goes component by component, with no vector
// built: B[0].g = B[1].g loads g_x, g_y, g_z of B[1] (%6..%11) before it stores any of
// them to B[0] (%12..%14: the vector's load came before its store); B[0].g = C.h from a
// uniform buffer, which nothing writes, loads and stores each component in turn
// (%16..%24). No compose, no component access of a vector value.
TEST(SplitVectors, SplitToSplitCopyIsComponentByComponent) {
  Module m;
  ModuleBuilder mb(m);
  auto f32 = mb.types().scalar(Scalar::f32());
  auto v3 = mb.types().vector(Scalar::f32(), 3);
  auto s = mb.types().structure("S", {StructMember{"f", f32, 0}, StructMember{"g", v3, 4}}, 16);
  auto B = mb.storageBuffer("B", ResourceKind::RWStructuredBuffer, s, 16, 0, 0);
  auto cb = mb.types().structure("C", {StructMember{"t", f32, 0}, StructMember{"h", v3, 4}}, 16);
  auto C = mb.uniformBuffer("C", cb, 0, 1);
  auto f = mb.function("main");
  FunctionBuilder b = mb.build(f);
  auto data = b.accessIndex(b.global(B), 0);
  auto one = b.u32(1);
  auto src = b.accessIndex(b.access(data, one), 1);
  auto v = b.load(src);
  auto zero = b.u32(0);
  auto dst = b.accessIndex(b.access(data, zero), 1);
  b.store(dst, v);
  auto hp = b.accessIndex(b.global(C), 1);
  auto h = b.load(hp);
  b.store(dst, h);
  b.ret();
  b.finish();
  mb.entryPoint("main", Stage::Compute, f);
  EXPECT_EQ(split(m), R"(type t0 = f32
type t1 = vec3<f32>
type t2 = struct S { f: f32 @offset(0); g_x: f32 @offset(4); g_y: f32 @offset(8); g_z: f32 @offset(12); }
type t3 = array<struct S, stride 16>
type t4 = struct type.RWStructuredBuffer { data: array<struct S, stride 16> @offset(0); }
type t5 = struct C { t: f32 @offset(0); h_x: f32 @offset(4); h_y: f32 @offset(8); h_z: f32 @offset(12); }
type t6 = ptr<storage, struct type.RWStructuredBuffer>
type t7 = ptr<storage, array<struct S, stride 16>>
type t8 = u32
type t9 = ptr<storage, struct S>
type t10 = ptr<storage, vec3<f32>>
type t11 = ptr<uniform, struct C>
type t12 = ptr<uniform, vec3<f32>>
type t13 = ptr<storage, f32>
type t14 = ptr<uniform, f32>
global g0 B: storage(read_write) struct type.RWStructuredBuffer @group(0) @binding(0) RWStructuredBuffer
global g1 C: uniform struct C @group(0) @binding(1) ConstantBuffer
fn f0 main() {
  expressions:
    %0: ptr<storage, struct type.RWStructuredBuffer> = global g0
    %1: ptr<storage, array<struct S, stride 16>> = access %0.0
    %2: u32 = literal 1u32
    %3: ptr<storage, struct S> = access %1[%2]
    %4: u32 = literal 0u32
    %5: ptr<storage, struct S> = access %1[%4]
    %6: ptr<storage, f32> = access %3.1
    %7: f32 = load %6
    %8: ptr<storage, f32> = access %3.2
    %9: f32 = load %8
    %10: ptr<storage, f32> = access %3.3
    %11: f32 = load %10
    %12: ptr<storage, f32> = access %5.1
    %13: ptr<storage, f32> = access %5.2
    %14: ptr<storage, f32> = access %5.3
    %15: ptr<uniform, struct C> = global g1
    %16: ptr<uniform, f32> = access %15.1
    %17: f32 = load %16
    %18: ptr<storage, f32> = access %5.1
    %19: ptr<uniform, f32> = access %15.2
    %20: f32 = load %19
    %21: ptr<storage, f32> = access %5.2
    %22: ptr<uniform, f32> = access %15.3
    %23: f32 = load %22
    %24: ptr<storage, f32> = access %5.3
  body:
    emit %1..%13
    store %12, %7
    emit %13..%14
    store %13, %9
    emit %14..%15
    store %14, %11
    emit %16..%19
    store %18, %17
    emit %19..%22
    store %21, %20
    emit %22..%25
    store %24, %23
    return
}
entry_point main compute f0 workgroup_size(1, 1, 1)
)");
}
