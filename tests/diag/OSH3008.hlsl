// EXPECT: OSH3008 12:1
// ARGS: --target=spirv -E main -T cs_6_0
// SPIR-V's universal limits allow 255 parameters in a function (OpTypeFunction); f has 256
// (16 x 16 from the macros): refused at the function, not left to the validator (OSH3001).
#define P16(p) float p##0, float p##1, float p##2, float p##3, float p##4, float p##5, \
               float p##6, float p##7, float p##8, float p##9, float p##a, float p##b, \
               float p##c, float p##d, float p##e, float p##f
#define A16(x) x, x, x, x, x, x, x, x, x, x, x, x, x, x, x, x
#define A256(x) A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), \
                A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x), A16(x)
RWStructuredBuffer<float> Out : register(u0);
float f(P16(q0), P16(q1), P16(q2), P16(q3), P16(q4), P16(q5), P16(q6), P16(q7),
        P16(q8), P16(q9), P16(qa), P16(qb), P16(qc), P16(qd), P16(qe), P16(qf)) {
  return q00 + qff;
}
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  float x = id.x;
  Out[0] = f(A256(x));
}
