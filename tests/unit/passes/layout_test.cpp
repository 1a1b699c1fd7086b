// passes::transposeRowMajor: a row-major matrix member of a buffer struct becomes a
// column-major member of the transposed type, with explicit transposes and element moves
// where values enter and leave it. The expected dumps are written by hand from the rules
// in layout.hpp and rewrite.hpp (a rebuilt expression's parts are built where it was; a
// non-emitted expression is copied where it is first used).
#include <gtest/gtest.h>

#include "diag/diag.hpp"
#include "ir/builder.hpp"
#include "passes/layout.hpp"

using namespace oneshader;
using namespace oneshader::ir;

namespace {
bool valid(const Module& m, std::string* why) {
  DiagEngine d;
  bool ok = validate(m, d);
  if (!d.diagnostics().empty()) *why = d.diagnostics()[0].message;
  return ok;
}

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
  // stores element by element (%19..%27); element [1][2] is stored [2][1] (%28, %29); the
  // struct Compose takes the stored form (%33). The ptr<storage, mat2x3> type (t9) is
  // no longer used.
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
    %19: f32 = access %18.0
    %20: ptr<storage, vec2<f32>> = access %5.0
    %21: ptr<storage, f32> = access %20.1
    %22: f32 = access %18.1
    %23: ptr<storage, vec2<f32>> = access %5.1
    %24: ptr<storage, f32> = access %23.1
    %25: f32 = access %18.2
    %26: ptr<storage, vec2<f32>> = access %5.2
    %27: ptr<storage, f32> = access %26.1
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
    store %21, %19
    emit %22..%25
    store %24, %22
    emit %25..%28
    store %27, %25
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
