// The layout pass family: buffer layouts a text target cannot declare as the IR has them
// become explicit IR types, with explicit conversions where values enter and leave the
// buffer, so that the printers only print (design.md, "The pass stage").
#pragma once
#include "passes/pass.hpp"

namespace oneshader::passes {

// transposeRowMajor: MSL and WGSL store matrices by columns only. A matrix (or an array of
// matrices, at any depth) member of a struct decorated MatrixLayout::RowMajor (HLSL's
// default column_major: IR rows contiguous) becomes a column-major member of the
// transposed type (IR Matrix{C columns, R rows} -> Matrix{R, C}, arrays rebuilt with the
// same sizes and strides; offsets and matrix strides unchanged), and the module's types are
// re-interned in order with it (every type, global, constant, argument, local and
// expression that contains the struct now names the new one). Then, in each function:
//  - a pointer to such a member (or to a matrix element of such an array) loads as
//    Transpose(Load) and stores Transpose(value); a whole array converts element by
//    element (a Compose of the transposed elements);
//  - IR column k of it (a pointer that the target cannot form: its elements are k of each
//    stored column) loads as a Compose of the element loads, stores element by element,
//    and its element j is stored element [j][k];
//  - a struct value keeps the stored form: reading the member (AccessIndex) converts it
//    to the IR type, a Compose of the struct converts the operand to the stored form.
// Functions that do not reach such a member are not rebuilt; linear in the module.
bool transposeRowMajor(ir::Module& m, PassContext& ctx);

// How a target declares a matrix whose columns, in a buffer, are further apart than its
// own matrix puts them (padMatrixColumns). The target's column stride is the column
// vector's alignment, 2 or 4 components (vec3 as 4) times the scalar's bytes, in MSL and
// WGSL alike (float2x2 / mat2x2<f32>: 8 bytes); the spread is the member's matrix stride
// over it (a cbuffer float2x2: 16 / 8 = 2).
struct MatrixColumnModel {
  // false: array<vecR, C, stride = matrix stride>, column k at element k (the printer
  //   declares over-strided arrays: WGSL's StrideN wrapper);
  // true: an array at the vector's own stride with the columns `spread` elements apart
  //   (MSL, whose arrays have no stride of their own): column k at element k * spread,
  //   (C - 1) * spread + 1 elements for the member itself (HLSL may pack the next member
  //   into the last column's register), C * spread for an element of an array member.
  bool interleave = false;
  // The largest spread the target takes (0: any); a larger one stays a matrix, and the
  // printer reports the stride it cannot declare.
  uint32_t maxSpread = 0;
};

// padMatrixColumns (after transposeRowMajor: every laid-out matrix member is ColMajor):
// a matrix (or array of matrices, at any depth) member of a laid-out struct whose matrix
// stride is a larger whole multiple of the target's column stride (std140 / cbuffer
// float2x2, float3x2, ...) becomes an array of its column vectors in the model's form
// (arrays of matrices keep their sizes and strides; the member's matrix layout and stride
// are cleared), with the module's types re-interned in order as transposeRowMajor does.
// Then, in each function that reaches such a member:
//  - a pointer to the matrix loads as a Compose of its column loads and stores column by
//    column; a whole array converts element by element;
//  - IR column k is element k * step of the stored array (step: the spread when
//    interleaved, else 1; a dynamic index is multiplied), an ordinary vector pointer;
//  - a struct value keeps the stored form: reading the member composes the matrix from
//    its columns, a Compose of the struct builds the stored array (zero between
//    interleaved columns).
// Functions that do not reach such a member are not rebuilt; linear in the module.
bool padMatrixColumns(ir::Module& m, PassContext& ctx, const MatrixColumnModel& model);

}  // namespace oneshader::passes

namespace oneshader::passes {

// A type's size and alignment in a target's own layout (its declaration without explicit
// strides or padding): the model wrapStridedArrays compares a buffer's strides with.
struct TypeLayout {
  uint32_t size = 0, align = 1;
};
using TypeLayoutFn = TypeLayout (*)(const ir::TypeArena&, ir::Handle<ir::Type>);

// wrapStridedArrays (after padMatrixColumns): an array (at any depth of a member of a
// laid-out struct) whose stride is larger than its element's size in the target rounded
// to the element's alignment (`layoutOf`), and a multiple of that alignment (a cbuffer
// `float a[4]` or `float2 b[3]`: stride 16; WGSL's strided matrix columns), becomes an
// array of a wrapper struct `StrideN_T { v: T @offset(0) }` of size N (the stride),
// the arrays' sizes and strides kept; other strides are left to the printer's
// diagnostic. Types are re-interned as for transposeRowMajor. Then, in each function
// that reaches such a member:
//  - an element pointer is the wrapper's member `v` (an ordinary pointer from there on);
//  - a whole array loads as a Compose of its element loads and stores element by
//    element (unrolled, through nested arrays);
//  - a struct value keeps the stored form: reading the member converts it to the IR
//    type, a Compose of the struct wraps the operand's elements.
// Functions that do not reach such a member are not rebuilt; linear in the module.
bool wrapStridedArrays(ir::Module& m, PassContext& ctx, TypeLayoutFn layoutOf);

}  // namespace oneshader::passes

namespace oneshader::passes {

// A packed vector: an IR Vector record whose `stride` is its scalar's byte size (the
// field is an array's stride otherwise, 0 for every other vector). Its components are
// tightly packed and it is aligned to its scalar: size N * scalar, alignment scalar (MSL's
// packed_floatN). Only packVectors makes one; the MSL printer prints it as packed_TN.
bool isPackedVector(const ir::Type& t);
ir::Handle<ir::Type> packedVector(ir::TypeArena& types, ir::Scalar s, uint32_t size);

// packVectors (after wrapStridedArrays): a vector member of a laid-out struct that the
// target's own vector cannot hold where the IR puts it, by the target's size/alignment
// model `layoutOf` (its offset not a multiple of the vector's alignment, or less room
// before the next member, by offset, or the struct's end, than the vector's size: a cbuffer
// `float f; float3 g;` puts g at offset 4, `float3 g; float k;` leaves g 12 bytes), and
// the elements of an array member of vectors strided below the vector's size (a
// StructuredBuffer's float3 elements 12 bytes apart) become packed vectors (same offsets,
// sizes and strides). Types are re-interned as for transposeRowMajor. Then, in each
// function that reaches such a member:
//  - a load through a pointer to a packed vector converts it (a Compose of the IR vector
//    from the packed one: `float3(C.g)`), a store converts the value to the packed form;
//    a whole array converts element by element (a Compose of the element conversions);
//  - a component pointer (`C.g.x`, `C.g[i]`) is an ordinary scalar pointer: packed
//    vectors take component access as they are;
//  - a struct value keeps the stored form: reading the member converts it to the IR type,
//    a Compose of the struct converts the operand to the packed form.
// Functions that do not reach such a member are not rebuilt; linear in the module (each
// laid-out struct's members are sorted by offset once).
bool packVectors(ir::Module& m, PassContext& ctx, TypeLayoutFn layoutOf);

}  // namespace oneshader::passes

namespace oneshader::passes {

// splitVectors (after wrapStridedArrays): a vector member of a laid-out struct whose offset
// is not a multiple of the target's alignment of the vector (`layoutOf`; a cbuffer
// `float f; float3 g;` puts g at offset 4, where WGSL's vec3<f32> needs 16) becomes one
// scalar member per component, `g_x`, `g_y`, `g_z`, at the member's offset plus the
// component's (the struct's later members renumbered). Types are re-interned as for
// transposeRowMajor. Then, in each function that reaches such a struct:
//  - every member index into it (pointer or value) is the new one;
//  - a load of the vector is a Compose of its component loads, a store stores each
//    component (an AccessIndex of the value); component k is the scalar member k, an
//    ordinary pointer;
//  - a dynamically indexed component loads as the Compose of the component loads, indexed;
//    and stores as one `if (u32(i) == k)` guarded store per component;
//  - a struct value keeps the stored form: reading the vector composes it from the
//    scalar members, a Compose of the struct takes each component of the operand.
// Functions that do not reach such a struct are not rebuilt; linear in the module.
bool splitVectors(ir::Module& m, PassContext& ctx, TypeLayoutFn layoutOf);

}  // namespace oneshader::passes
