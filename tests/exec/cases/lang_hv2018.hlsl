// -HV 2018: && || and ?: evaluate every operand (no short circuit), and take vectors
// component by component (DXC's OpLogicalAnd / OpLogicalOr / OpSelect).
RWStructuredBuffer<uint> Out : register(u0);
RWStructuredBuffer<uint> In : register(u1);

static uint calls = 0;
bool bump(bool v) { calls += 1; return v; }
uint add(uint v) { calls += v; return v; }

[numthreads(1, 1, 1)]
void main() {
  bool f = In[0] != 0;                           // In[0] = 0: false
  bool a = f && bump(true);                      // false, bump runs: calls = 1
  bool o = !f || bump(false);                    // true, bump runs: calls = 2
  uint c = f ? add(10) : add(100);               // 100, both run: calls = 112
  Out[0] = a ? 1 : 0;
  Out[1] = o ? 1 : 0;
  Out[2] = c;
  Out[3] = calls;
  int3 sel = int3(1, 0, 2);
  float3 v = sel ? float3(1, 2, 3) : 4;          // (1, 4, 3)
  Out[4] = uint(v.x); Out[5] = uint(v.y); Out[6] = uint(v.z);
  bool3 b = bool3(true, false, true) && bool3(true, true, false);   // (1, 0, 0)
  bool3 p = bool3(true, false, false) || bool3(false, false, true); // (1, 0, 1)
  Out[7] = (b.x ? 100 : 0) + (b.y ? 10 : 0) + (b.z ? 1 : 0);
  Out[8] = (p.x ? 100 : 0) + (p.y ? 10 : 0) + (p.z ? 1 : 0);
}
