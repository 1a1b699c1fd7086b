// SPIR-V's universal limits allow 255 parameters in one OpTypeFunction. `f255` has 255 and
// compiles to a valid module; `f256` has 256: OSH3008 at its call (the function is emitted
// only when called), not a validator failure (OSH3001).
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oneshader %s -T cs_6_0 -E ok -spirv -Fo %t/ok.spv
// RUN: spirv-val --target-env vulkan1.2 %t/ok.spv
// RUN: not %oneshader %s -T cs_6_0 -E over -spirv -Fo %t/over.spv 2>&1 | FileCheck %s
// RUN: not %oneshader %s -T cs_6_0 -E over -spirv -Vd -Fo %t/over2.spv 2>&1 | FileCheck %s
// RUN: test ! -e %t/over.spv && test ! -e %t/over2.spv
// CHECK: error OSH3008: a function of 256 parameters: SPIR-V's universal limits allow at most 255 parameters in a function
// CHECK-NOT: OSH3001
#define P16(p) float p##0, float p##1, float p##2, float p##3, float p##4, float p##5, float p##6, float p##7, float p##8, float p##9, float p##a, float p##b, float p##c, float p##d, float p##e, float p##f
#define A16(x) x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x
float f255(P16(q0), P16(q1), P16(q2), P16(q3), P16(q4), P16(q5), P16(q6), P16(q7), P16(q8), P16(q9), P16(qa), P16(qb), P16(qc), P16(qd), P16(qe), float q_last0, float q_last1, float q_last2, float q_last3, float q_last4,
           float q_last5, float q_last6, float q_last7, float q_last8, float q_last9, float q_lasta,
           float q_lastb, float q_lastc, float q_lastd, float q_laste) {
  return q00 + q_laste;
}
float f256(P16(q0), P16(q1), P16(q2), P16(q3), P16(q4), P16(q5), P16(q6), P16(q7), P16(q8), P16(q9), P16(qa), P16(qb), P16(qc), P16(qd), P16(qe), P16(qf)) { return q00 + qff; }
RWStructuredBuffer<float> Out : register(u0);

[numthreads(1, 1, 1)]
void ok(uint3 id : SV_DispatchThreadID) {
  float x = id.x;
  Out[0] = f255(A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), x, x, x, x, x, x, x, x, x, x, x, x, x, x, x);
}

[numthreads(1, 1, 1)]
void over(uint3 id : SV_DispatchThreadID) {
  float x = id.x;
  Out[0] = f256(A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x));
}
