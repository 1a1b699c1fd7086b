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

}  // namespace oneshader::passes
