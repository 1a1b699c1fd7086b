// A cbuffer of 20,000 members: SPIR-V's universal limits allow 16,383 members in one
// OpTypeStruct. OSH3008 (not a validator failure, OSH3001), with and without validation,
// and no output file.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %oneshader %s -T cs_6_0 -E main -spirv -Fo %t/a.spv 2>&1 | FileCheck %s
// RUN: not %oneshader %s -T cs_6_0 -E main -spirv -Vd -Fo %t/b.spv 2>&1 | FileCheck %s
// RUN: test ! -e %t/a.spv && test ! -e %t/b.spv
// CHECK: error OSH3008: a struct of 20000 members: SPIR-V's universal limits allow at most 16,383 members in a struct
// CHECK-NOT: OSH3001
#define M10(p) float p##0; float p##1; float p##2; float p##3; float p##4; \
               float p##5; float p##6; float p##7; float p##8; float p##9;
#define M100(p) M10(p##0) M10(p##1) M10(p##2) M10(p##3) M10(p##4) \
                M10(p##5) M10(p##6) M10(p##7) M10(p##8) M10(p##9)
#define M1000(p) M100(p##0) M100(p##1) M100(p##2) M100(p##3) M100(p##4) \
                 M100(p##5) M100(p##6) M100(p##7) M100(p##8) M100(p##9)
#define M10000(p) M1000(p##0) M1000(p##1) M1000(p##2) M1000(p##3) M1000(p##4) \
                  M1000(p##5) M1000(p##6) M1000(p##7) M1000(p##8) M1000(p##9)
cbuffer Big : register(b0) {
  M10000(a) M10000(b)
};
RWStructuredBuffer<float> Out : register(u1);

[numthreads(1, 1, 1)]
void main() {
  Out[0] = a0000 + b9999;
}
