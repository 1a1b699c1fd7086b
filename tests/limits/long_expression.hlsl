// One expression of 3,000 terms (a left-deep chain of 6,000 operations). The MSL and WGSL
// writers used to print a single-use value inline at its use however long its text, so
// every level of the chain copied the whole text below it: O(N^2) memory and time (10,000
// terms took 10 s and 1 GB per writer). A value whose text is longer than 256 characters
// now gets a name, so no line of the output is much longer than that; the outputs stay
// valid (spirv-val, Dawn, Metal's rules). The sum is the same on every target.
// RUN: rm -rf %t && mkdir -p %t
// RUN: %oneshader %s -T cs_6_0 -E main -o %t
// RUN: spirv-val --target-env vulkan1.2 %t/main.spv
// RUN: %wgslcheck %t/main.wgsl
// RUN: %mslcheck %t/main.metal
// RUN: awk 'length > 400 { print FILENAME ":" FNR ": " length " characters"; bad = 1 } END { exit bad }' %t/main.wgsl %t/main.metal
#define T10(p) a * p##0 + a * p##1 + a * p##2 + a * p##3 + a * p##4 + \
               a * p##5 + a * p##6 + a * p##7 + a * p##8 + a * p##9 +
#define T100(p) T10(p##0) T10(p##1) T10(p##2) T10(p##3) T10(p##4) \
                T10(p##5) T10(p##6) T10(p##7) T10(p##8) T10(p##9)
#define T1000(p) T100(p##0) T100(p##1) T100(p##2) T100(p##3) T100(p##4) \
                 T100(p##5) T100(p##6) T100(p##7) T100(p##8) T100(p##9)
RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint a = id.x;
  Out[0] = T1000(1) T1000(2) T1000(3) 0u;
}
