// A switch of 20,000 case labels: SPIR-V's universal limits allow 16,383 (literal, label)
// pairs in one OpSwitch (specification 2.17), so the module would be invalid everywhere.
// OSH3008 at the switch, with and without in-process validation, and no output file.
// RUN: rm -rf %t && mkdir -p %t
// RUN: not %oneshader %s -T cs_6_0 -E main -spirv -Fo %t/a.spv 2>&1 | FileCheck %s
// RUN: not %oneshader %s -T cs_6_0 -E main -spirv -Vd -Fo %t/b.spv 2>&1 | FileCheck %s
// RUN: test ! -e %t/a.spv && test ! -e %t/b.spv
// CHECK: switch_cases.hlsl:27:{{[0-9]+}}: error OSH3008: a switch of 20000 cases: SPIR-V's universal limits allow at most 16,383 cases in a switch
// CHECK-NOT: OSH3001
#define C10(p) case p##0: case p##1: case p##2: case p##3: case p##4: \
               case p##5: case p##6: case p##7: case p##8: case p##9:
#define C100(p) C10(p##0) C10(p##1) C10(p##2) C10(p##3) C10(p##4) \
                C10(p##5) C10(p##6) C10(p##7) C10(p##8) C10(p##9)
#define C1000(p) C100(p##0) C100(p##1) C100(p##2) C100(p##3) C100(p##4) \
                 C100(p##5) C100(p##6) C100(p##7) C100(p##8) C100(p##9)
#define C10000(p) C1000(p##0) C1000(p##1) C1000(p##2) C1000(p##3) C1000(p##4) \
                  C1000(p##5) C1000(p##6) C1000(p##7) C1000(p##8) C1000(p##9)
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  // 10000..19999 and 20000..29999
  uint r = 0;



  switch (id.x) {
    C10000(1) C10000(2) r = 1; break;
    default: r = 2; break;
  }
  Out[0] = r;
}
