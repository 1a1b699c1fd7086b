// EXPECT: OSH1024 10:22
// ARGS: -T cs_6_0 -E main -fmax-tokens 30
// 30 tokens are read: the buffer declaration has 6, `[numthreads(1, 1, 1)]` 10,
// `void main() {` 5, `Out[0] = 1` 6 (27); then `+ 2 +` (30); `3` is the 31st.
#define TWO 2
RWStructuredBuffer<uint> Out;
[numthreads(1, 1, 1)]
void main()
{
  Out[0] = 1 + TWO + 3 + 4;
}
