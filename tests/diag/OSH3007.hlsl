// EXPECT: OSH3007 12:30
// ARGS: --target=spirv
// 4^8 + 1 = 65,537 elements: one OpCompositeConstruct of 65,540 words, more than the
// 16-bit word count of a SPIR-V instruction can say.
#define E0 1.0,
#define E1 E0 E0 E0 E0
#define E2 E1 E1 E1 E1
#define E3 E2 E2 E2 E2
#define E4 E3 E3 E3 E3
#define E6 E4 E4 E4 E4 E4 E4 E4 E4 E4 E4 E4 E4 E4 E4 E4 E4
#define E8 E6 E6 E6 E6 E6 E6 E6 E6 E6 E6 E6 E6 E6 E6 E6 E6
static const float Table[] = { E8 2.0 };
RWStructuredBuffer<float> Out : register(u0);
[shader("compute")]
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[0] = Table[id.x];
}
