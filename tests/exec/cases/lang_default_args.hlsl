// Default parameter values (DXC: C++ default arguments), on free functions, methods,
// function templates and through a forward declaration.
RWStructuredBuffer<uint> Out : register(u0);

static const uint kBase = 100;

uint scale(uint x, uint k = 3, uint b = kBase) { return x * k + b; }

float lerpTo(float a, float b = 10.0, float t = 0.25) { return a + (b - a) * t; }

int sumDecl(int a, int b = -2);

struct Counter {
  uint n;
  uint bump(uint by = 5) { n += by; return n; }
};

template <typename T>
T twice(T v, T extra = (T)1) { return v + v + extra; }

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  Out[i * 8 + 0] = scale(i);              // 3i + 100
  Out[i * 8 + 1] = scale(i, 2);           // 2i + 100
  Out[i * 8 + 2] = scale(i, 2, 7);        // 2i + 7
  Out[i * 8 + 3] = (uint)lerpTo(2.0);     // 2 + 8 * 0.25 = 4
  Out[i * 8 + 4] = (uint)lerpTo(float(i), 4.0 + float(i), 0.5);  // i + 2
  Counter c;
  c.n = i;
  c.bump();
  Out[i * 8 + 5] = c.bump(1);             // i + 6
  Out[i * 8 + 6] = twice(i);              // 2i + 1
  Out[i * 8 + 7] = (uint)sumDecl(10 + (int)i);  // 8 + i
}

int sumDecl(int a, int b) { return a + b; }
