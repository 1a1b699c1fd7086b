// Binary integer literals (clang's 0b/0B form, accepted by DXC): in expressions, with a
// suffix, 32 digits long and in a preprocessor condition.
RWStructuredBuffer<uint> Out : register(u0);

#if 0b101 == 5
#define PP_OK 0b111
#else
#define PP_OK 0
#endif

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  Out[i * 4 + 0] = 0b1010 + i;                 // 10 + i
  Out[i * 4 + 1] = (i << 1) | 0B1u;            // 2i + 1
  Out[i * 4 + 2] = PP_OK;                      // 7
  Out[i * 4 + 3] = 0b11111111111111111111111111111111u - i;  // 0xFFFFFFFF - i
}
