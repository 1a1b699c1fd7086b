// DXC's flat conversions, static data members and sizeof. Expected values by hand:
// In = 9, 10, 11, 12; CB = {uv = (0.5, 1.5), w = 2.5}.
struct A { float3 v[2]; int2 i; };
struct B { float3 v[2]; int2 i; };   // the same leaves as A: B converts to A implicitly
struct Inner { float4 val; };
struct Outer { Inner val; };
struct P { float2 uv; float w; };
struct Counter {
  static uint total;
  static const uint step = 3;
  uint pad;
};
uint Counter::total = 5;
ConstantBuffer<P> CB : register(b0);
StructuredBuffer<int> In : register(t1);
RWStructuredBuffer<float> Out : register(u2);

float sumP(P p) { return p.uv.x + p.uv.y + p.w; }

[numthreads(1, 1, 1)]
void main() {
  B b;
  b.v[0] = float3(1, 2, 3);
  b.v[1] = float3(4, 5, 6);
  b.i = int2(7, 8);
  A a = b;                                 // a = b, leaf by leaf
  Out[0] = a.v[1].y;                       // 5
  Out[1] = a.i.y;                          // 8
  int arr[2] = {In[0], In[1]};
  float2 fv = (float2)arr;                 // (9, 10): int -> float per leaf
  Out[2] = fv.x + fv.y;                    // 19
  float f4[4] = (float[4])int2x2(In[0], In[1], In[2], In[3]);  // row by row: 9, 10, 11, 12
  Out[3] = f4[2];                          // 11
  Outer o = (Outer)float4(f4[0], f4[1], f4[2], f4[3]);
  Out[4] = o.val.val.w;                    // 12
  int4 iv = (int4)o;                       // struct -> vector: (9, 10, 11, 12)
  Out[5] = iv.x * iv.w;                    // 108
  float2 pairs[2] = {float2(1, 2), float2(3, 4)};
  float flat[4] = (float[4])pairs;         // 1, 2, 3, 4
  Out[6] = flat[3] - flat[0];              // 3
  P p = CB;                                // a copy of the block
  Out[7] = p.uv.y + p.w;                   // 4
  Out[8] = sumP(CB);                       // 4.5
  Counter c;
  c.total += Counter::step;                // the one static: 8
  Out[9] = Counter::total + c.step;        // 11
  Out[10] = sizeof(A) + sizeof(Counter);   // 2 * 12 + 8 = 32, plus 4: 36
}
