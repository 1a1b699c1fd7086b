// Small helpers for the AST (operator spellings, names).
#include "syntax/ast.hpp"

namespace oneshader::ast {

const char* unaryOpSpelling(UnaryOp op) {
  switch (op) {
    case UnaryOp::PreInc:
    case UnaryOp::PostInc: return "++";
    case UnaryOp::PreDec:
    case UnaryOp::PostDec: return "--";
    case UnaryOp::Plus: return "+";
    case UnaryOp::Minus: return "-";
    case UnaryOp::Not: return "!";
    case UnaryOp::BitNot: return "~";
  }
  return "?";
}

const char* binaryOpSpelling(BinaryOp op) {
  switch (op) {
    case BinaryOp::Mul: return "*";
    case BinaryOp::Div: return "/";
    case BinaryOp::Rem: return "%";
    case BinaryOp::Add: return "+";
    case BinaryOp::Sub: return "-";
    case BinaryOp::Shl: return "<<";
    case BinaryOp::Shr: return ">>";
    case BinaryOp::Lt: return "<";
    case BinaryOp::Gt: return ">";
    case BinaryOp::Le: return "<=";
    case BinaryOp::Ge: return ">=";
    case BinaryOp::Eq: return "==";
    case BinaryOp::Ne: return "!=";
    case BinaryOp::BitAnd: return "&";
    case BinaryOp::BitXor: return "^";
    case BinaryOp::BitOr: return "|";
    case BinaryOp::LogAnd: return "&&";
    case BinaryOp::LogOr: return "||";
    case BinaryOp::Assign: return "=";
    case BinaryOp::MulAssign: return "*=";
    case BinaryOp::DivAssign: return "/=";
    case BinaryOp::RemAssign: return "%=";
    case BinaryOp::AddAssign: return "+=";
    case BinaryOp::SubAssign: return "-=";
    case BinaryOp::ShlAssign: return "<<=";
    case BinaryOp::ShrAssign: return ">>=";
    case BinaryOp::AndAssign: return "&=";
    case BinaryOp::XorAssign: return "^=";
    case BinaryOp::OrAssign: return "|=";
    case BinaryOp::Comma: return ",";
  }
  return "?";
}

BinaryOp compoundBaseOp(BinaryOp op) {
  switch (op) {
    case BinaryOp::MulAssign: return BinaryOp::Mul;
    case BinaryOp::DivAssign: return BinaryOp::Div;
    case BinaryOp::RemAssign: return BinaryOp::Rem;
    case BinaryOp::AddAssign: return BinaryOp::Add;
    case BinaryOp::SubAssign: return BinaryOp::Sub;
    case BinaryOp::ShlAssign: return BinaryOp::Shl;
    case BinaryOp::ShrAssign: return BinaryOp::Shr;
    case BinaryOp::AndAssign: return BinaryOp::BitAnd;
    case BinaryOp::XorAssign: return BinaryOp::BitXor;
    case BinaryOp::OrAssign: return BinaryOp::BitOr;
    default: return op;
  }
}

const char* castKindName(CastKind k) {
  switch (k) {
    case CastKind::NoOp: return "NoOp";
    case CastKind::IntegralCast: return "IntegralCast";
    case CastKind::FloatingCast: return "FloatingCast";
    case CastKind::IntToFloat: return "IntToFloat";
    case CastKind::FloatToInt: return "FloatToInt";
    case CastKind::ToBool: return "ToBool";
    case CastKind::BoolToInt: return "BoolToInt";
    case CastKind::BoolToFloat: return "BoolToFloat";
    case CastKind::VectorSplat: return "VectorSplat";
    case CastKind::VectorTruncate: return "VectorTruncate";
    case CastKind::MatrixTruncate: return "MatrixTruncate";
    case CastKind::VectorToScalar: return "VectorToScalar";
    case CastKind::ArrayToPointer: return "ArrayToPointer";
    case CastKind::Flat: return "Flat";
    case CastKind::IntToPointer: return "IntToPointer";
    case CastKind::PointerToInt: return "PointerToInt";
    case CastKind::HeapToResource: return "HeapToResource";
  }
  return "?";
}

}  // namespace oneshader::ast
