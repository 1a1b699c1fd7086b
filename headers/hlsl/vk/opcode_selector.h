// <vk/opcode_selector.h> as shipped with OneShader (its own implementation of the header DXC
// ships under this name; same public names, so shaders written for DXC compile unchanged).
//
// vk::util::ArithmeticSelector<C> and vk::util::ConversionSelector<S, T> choose the SPIR-V
// instruction for a scalar component type (C) or a pair of them (S to T) and emit it with
// inline SPIR-V, on scalars, vectors or cooperative matrices of those components:
//
//   float4 f = vk::util::ConversionSelector<uint32_t, float>::Convert<float4>(u4);
//   float  s = vk::util::ArithmeticSelector<float>::Add(a, b);   // OpFAdd
//
// Conversions: the same type gives OpCopyObject; integers of one width and the other
// signedness OpBitcast; other integer widths OpUConvert or OpSConvert (by the signedness of
// the target); integer to float OpConvertUToF/OpConvertSToF (by the source); float to
// integer OpConvertFToU/OpConvertFToS (by the target); other float widths OpFConvert.
// Opcode numbers: the SPIR-V unified grammar. SPIR-V targets only.

#ifndef ONESHADER_HLSL_VK_OPCODE_SELECTOR_H
#define ONESHADER_HLSL_VK_OPCODE_SELECTOR_H

namespace vk {
namespace util {
namespace spirv_op {

// One instruction each; R is the result type, A the operand type.
template <typename R, typename A> [[vk::ext_instruction(/* OpCopyObject */ 83)]] R CopyObject(A x);
template <typename R, typename A> [[vk::ext_instruction(/* OpConvertFToU */ 109)]] R ConvertFToU(A x);
template <typename R, typename A> [[vk::ext_instruction(/* OpConvertFToS */ 110)]] R ConvertFToS(A x);
template <typename R, typename A> [[vk::ext_instruction(/* OpConvertSToF */ 111)]] R ConvertSToF(A x);
template <typename R, typename A> [[vk::ext_instruction(/* OpConvertUToF */ 112)]] R ConvertUToF(A x);
template <typename R, typename A> [[vk::ext_instruction(/* OpUConvert */ 113)]] R UConvert(A x);
template <typename R, typename A> [[vk::ext_instruction(/* OpSConvert */ 114)]] R SConvert(A x);
template <typename R, typename A> [[vk::ext_instruction(/* OpFConvert */ 115)]] R FConvert(A x);
template <typename R, typename A> [[vk::ext_instruction(/* OpBitcast */ 124)]] R Bitcast(A x);

template <typename T> [[vk::ext_instruction(/* OpSNegate */ 126)]] T SNegate(T x);
template <typename T> [[vk::ext_instruction(/* OpFNegate */ 127)]] T FNegate(T x);
template <typename T> [[vk::ext_instruction(/* OpIAdd */ 128)]] T IAdd(T x, T y);
template <typename T> [[vk::ext_instruction(/* OpFAdd */ 129)]] T FAdd(T x, T y);
template <typename T> [[vk::ext_instruction(/* OpISub */ 130)]] T ISub(T x, T y);
template <typename T> [[vk::ext_instruction(/* OpFSub */ 131)]] T FSub(T x, T y);
template <typename T> [[vk::ext_instruction(/* OpIMul */ 132)]] T IMul(T x, T y);
template <typename T> [[vk::ext_instruction(/* OpFMul */ 133)]] T FMul(T x, T y);
template <typename T> [[vk::ext_instruction(/* OpUDiv */ 134)]] T UDiv(T x, T y);
template <typename T> [[vk::ext_instruction(/* OpSDiv */ 135)]] T SDiv(T x, T y);
template <typename T> [[vk::ext_instruction(/* OpFDiv */ 136)]] T FDiv(T x, T y);

}  // namespace spirv_op

// ArithmeticSelector<C>::Negate/Add/Sub/Mul/Div(T...) where T has component type C.
template <class ComponentType> class ArithmeticSelector;

#define ONESHADER_VK_ARITHMETIC(C, NEG, KIND, DIV)                                         \
  template <> class ArithmeticSelector<C> {                                                \
   public:                                                                                 \
    template <class T> static T Negate(T a) { return spirv_op::NEG<T>(a); }                \
    template <class T> static T Add(T a, T b) { return spirv_op::KIND##Add<T>(a, b); }     \
    template <class T> static T Sub(T a, T b) { return spirv_op::KIND##Sub<T>(a, b); }     \
    template <class T> static T Mul(T a, T b) { return spirv_op::KIND##Mul<T>(a, b); }     \
    template <class T> static T Div(T a, T b) { return spirv_op::DIV<T>(a, b); }           \
  }

ONESHADER_VK_ARITHMETIC(float, FNegate, F, FDiv);
ONESHADER_VK_ARITHMETIC(double, FNegate, F, FDiv);
ONESHADER_VK_ARITHMETIC(int32_t, SNegate, I, SDiv);
ONESHADER_VK_ARITHMETIC(uint32_t, SNegate, I, UDiv);
ONESHADER_VK_ARITHMETIC(int64_t, SNegate, I, SDiv);
ONESHADER_VK_ARITHMETIC(uint64_t, SNegate, I, UDiv);
ONESHADER_VK_ARITHMETIC(half, FNegate, F, FDiv);
#if __HLSL_ENABLE_16_BIT
ONESHADER_VK_ARITHMETIC(int16_t, SNegate, I, SDiv);
ONESHADER_VK_ARITHMETIC(uint16_t, SNegate, I, UDiv);
#endif
#undef ONESHADER_VK_ARITHMETIC

// ConversionSelector<S, T>::Convert<R>(x): x has component type S (a scalar, vector or
// cooperative matrix of it); R is the same shape with component type T.
template <class SourceType, class TargetType> class ConversionSelector;

#define ONESHADER_VK_CONVERSION(S, T, OP)                                                  \
  template <> class ConversionSelector<S, T> {                                             \
   public:                                                                                 \
    template <class R, class A> static R Convert(A a) { return spirv_op::OP<R>(a); }       \
  }

ONESHADER_VK_CONVERSION(uint32_t, uint32_t, CopyObject);
ONESHADER_VK_CONVERSION(uint32_t, int32_t, Bitcast);
ONESHADER_VK_CONVERSION(uint32_t, uint64_t, UConvert);
ONESHADER_VK_CONVERSION(uint32_t, int64_t, SConvert);
ONESHADER_VK_CONVERSION(uint32_t, float, ConvertUToF);
ONESHADER_VK_CONVERSION(uint32_t, double, ConvertUToF);
ONESHADER_VK_CONVERSION(int32_t, uint32_t, Bitcast);
ONESHADER_VK_CONVERSION(int32_t, int32_t, CopyObject);
ONESHADER_VK_CONVERSION(int32_t, uint64_t, UConvert);
ONESHADER_VK_CONVERSION(int32_t, int64_t, SConvert);
ONESHADER_VK_CONVERSION(int32_t, float, ConvertSToF);
ONESHADER_VK_CONVERSION(int32_t, double, ConvertSToF);
ONESHADER_VK_CONVERSION(uint64_t, uint32_t, UConvert);
ONESHADER_VK_CONVERSION(uint64_t, int32_t, SConvert);
ONESHADER_VK_CONVERSION(uint64_t, uint64_t, CopyObject);
ONESHADER_VK_CONVERSION(uint64_t, int64_t, Bitcast);
ONESHADER_VK_CONVERSION(uint64_t, float, ConvertUToF);
ONESHADER_VK_CONVERSION(uint64_t, double, ConvertUToF);
ONESHADER_VK_CONVERSION(int64_t, uint32_t, UConvert);
ONESHADER_VK_CONVERSION(int64_t, int32_t, SConvert);
ONESHADER_VK_CONVERSION(int64_t, uint64_t, Bitcast);
ONESHADER_VK_CONVERSION(int64_t, int64_t, CopyObject);
ONESHADER_VK_CONVERSION(int64_t, float, ConvertSToF);
ONESHADER_VK_CONVERSION(int64_t, double, ConvertSToF);
ONESHADER_VK_CONVERSION(float, uint32_t, ConvertFToU);
ONESHADER_VK_CONVERSION(float, int32_t, ConvertFToS);
ONESHADER_VK_CONVERSION(float, uint64_t, ConvertFToU);
ONESHADER_VK_CONVERSION(float, int64_t, ConvertFToS);
ONESHADER_VK_CONVERSION(float, float, CopyObject);
ONESHADER_VK_CONVERSION(float, double, FConvert);
ONESHADER_VK_CONVERSION(double, uint32_t, ConvertFToU);
ONESHADER_VK_CONVERSION(double, int32_t, ConvertFToS);
ONESHADER_VK_CONVERSION(double, uint64_t, ConvertFToU);
ONESHADER_VK_CONVERSION(double, int64_t, ConvertFToS);
ONESHADER_VK_CONVERSION(double, float, FConvert);
ONESHADER_VK_CONVERSION(double, double, CopyObject);
// `half` and 16-bit integers: with -enable-16bit-types half is a 16-bit float;
// without, it is a 32-bit float (conversions to and from float copy) and 16-bit
// integers do not exist.
#if __HLSL_ENABLE_16_BIT
ONESHADER_VK_CONVERSION(uint16_t, uint16_t, CopyObject);
ONESHADER_VK_CONVERSION(uint16_t, int16_t, Bitcast);
ONESHADER_VK_CONVERSION(uint16_t, uint32_t, UConvert);
ONESHADER_VK_CONVERSION(uint16_t, int32_t, SConvert);
ONESHADER_VK_CONVERSION(uint16_t, uint64_t, UConvert);
ONESHADER_VK_CONVERSION(uint16_t, int64_t, SConvert);
ONESHADER_VK_CONVERSION(uint16_t, half, ConvertUToF);
ONESHADER_VK_CONVERSION(uint16_t, float, ConvertUToF);
ONESHADER_VK_CONVERSION(uint16_t, double, ConvertUToF);
ONESHADER_VK_CONVERSION(int16_t, uint16_t, Bitcast);
ONESHADER_VK_CONVERSION(int16_t, int16_t, CopyObject);
ONESHADER_VK_CONVERSION(int16_t, uint32_t, UConvert);
ONESHADER_VK_CONVERSION(int16_t, int32_t, SConvert);
ONESHADER_VK_CONVERSION(int16_t, uint64_t, UConvert);
ONESHADER_VK_CONVERSION(int16_t, int64_t, SConvert);
ONESHADER_VK_CONVERSION(int16_t, half, ConvertSToF);
ONESHADER_VK_CONVERSION(int16_t, float, ConvertSToF);
ONESHADER_VK_CONVERSION(int16_t, double, ConvertSToF);
ONESHADER_VK_CONVERSION(uint32_t, uint16_t, UConvert);
ONESHADER_VK_CONVERSION(uint32_t, int16_t, SConvert);
ONESHADER_VK_CONVERSION(uint32_t, half, ConvertUToF);
ONESHADER_VK_CONVERSION(int32_t, uint16_t, UConvert);
ONESHADER_VK_CONVERSION(int32_t, int16_t, SConvert);
ONESHADER_VK_CONVERSION(int32_t, half, ConvertSToF);
ONESHADER_VK_CONVERSION(uint64_t, uint16_t, UConvert);
ONESHADER_VK_CONVERSION(uint64_t, int16_t, SConvert);
ONESHADER_VK_CONVERSION(uint64_t, half, ConvertUToF);
ONESHADER_VK_CONVERSION(int64_t, uint16_t, UConvert);
ONESHADER_VK_CONVERSION(int64_t, int16_t, SConvert);
ONESHADER_VK_CONVERSION(int64_t, half, ConvertSToF);
ONESHADER_VK_CONVERSION(half, uint16_t, ConvertFToU);
ONESHADER_VK_CONVERSION(half, int16_t, ConvertFToS);
ONESHADER_VK_CONVERSION(half, uint32_t, ConvertFToU);
ONESHADER_VK_CONVERSION(half, int32_t, ConvertFToS);
ONESHADER_VK_CONVERSION(half, uint64_t, ConvertFToU);
ONESHADER_VK_CONVERSION(half, int64_t, ConvertFToS);
ONESHADER_VK_CONVERSION(half, half, CopyObject);
ONESHADER_VK_CONVERSION(half, float, FConvert);
ONESHADER_VK_CONVERSION(half, double, FConvert);
ONESHADER_VK_CONVERSION(float, uint16_t, ConvertFToU);
ONESHADER_VK_CONVERSION(float, int16_t, ConvertFToS);
ONESHADER_VK_CONVERSION(float, half, FConvert);
ONESHADER_VK_CONVERSION(double, uint16_t, ConvertFToU);
ONESHADER_VK_CONVERSION(double, int16_t, ConvertFToS);
ONESHADER_VK_CONVERSION(double, half, FConvert);
#else
ONESHADER_VK_CONVERSION(uint32_t, half, ConvertUToF);
ONESHADER_VK_CONVERSION(int32_t, half, ConvertSToF);
ONESHADER_VK_CONVERSION(uint64_t, half, ConvertUToF);
ONESHADER_VK_CONVERSION(int64_t, half, ConvertSToF);
ONESHADER_VK_CONVERSION(half, uint32_t, ConvertFToU);
ONESHADER_VK_CONVERSION(half, int32_t, ConvertFToS);
ONESHADER_VK_CONVERSION(half, uint64_t, ConvertFToU);
ONESHADER_VK_CONVERSION(half, int64_t, ConvertFToS);
ONESHADER_VK_CONVERSION(half, half, CopyObject);
ONESHADER_VK_CONVERSION(half, float, CopyObject);
ONESHADER_VK_CONVERSION(half, double, FConvert);
ONESHADER_VK_CONVERSION(float, half, CopyObject);
ONESHADER_VK_CONVERSION(double, half, FConvert);
#endif
#undef ONESHADER_VK_CONVERSION

}  // namespace util
}  // namespace vk

#endif  // ONESHADER_HLSL_VK_OPCODE_SELECTOR_H
