// Signed % (HLSL truncates: the result has the dividend's sign) with negative operands,
// constant and read from a buffer, vector and scalar; and signed / (toward zero). Vulkan
// leaves OpSRem / OpSMod undefined for negative operands (the NVIDIA H200 returned the
// unsigned remainder, 3 % -2 = 3), so the SPIR-V is a - (a / b) * b. Expected by hand.
StructuredBuffer<int> In : register(t0);
RWStructuredBuffer<int> Out : register(u1);
[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  int3 a = int3(1, -2, 3);
  int3 b = int3(7, 3, -2);
  int3 r = b % a;                      // constants: (0, 1, -2)
  Out[0] = r.x; Out[1] = r.y; Out[2] = r.z;
  int3 x = int3(In[0], In[1], In[2]);  // (1, -2, 3) from the buffer
  int3 y = int3(In[3], In[4], In[5]);  // (7, 3, -2)
  int3 s = y % x;                      // (0, 1, -2)
  Out[3] = s.x; Out[4] = s.y; Out[5] = s.z;
  int p = In[4] % In[1];               // scalar 3 % -2 = 1
  int q = In[5] % In[2];               // scalar -2 % 3 = -2
  Out[6] = p; Out[7] = q;
  int c1 = -2, c2 = 3;
  Out[8] = c1 % c2;                    // constant scalar -2
  int3 d = y / x;                      // (7, -1, 0)
  Out[9] = d.y; Out[10] = d.z;
}
