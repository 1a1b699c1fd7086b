// Local function declarations (in a method and in a function, defined later at global
// scope), a class template's static data member defined out of line, and user-declared
// operators on structs (operator*, operator+, operator[], operator() in and out of line),
// which DXC accepts and calls as methods.
RWStructuredBuffer<int> Out : register(u0);

struct Scaler {
  int k;
  int apply(int x) {
    int Triple(int v);          // declared here, defined after main
    return Triple(x) + k;
  }
};

template <typename T>
struct Table {
  const static T values[3];
  static T at(int i) { return values[i]; }
};
template <typename T> const static T Table<T>::values[3] = {5, 7, 11};

struct Num {
  int n;
  int operator*(Num o) { return n * o.n; }
  Num operator+(Num o) { Num r; r.n = n + o.n; return r; }
  int operator[](int i) { return n + 100 * i; }
  int operator()(int a, int b);
};
int Num::operator()(int a, int b) { return n * a - b; }

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  int i = (int)id.x;
  int Double(int v);            // declared in the entry point, defined after it
  Scaler s;
  s.k = 1;
  Out[i * 8 + 0] = s.apply(i);                 // 3i + 1
  Out[i * 8 + 1] = Double(i + 5);              // 2i + 10
  Out[i * 8 + 2] = Table<int>::at(i % 3);      // 5, 7, 11, 5
  Out[i * 8 + 3] = Table<int>::values[2] + i;  // 11 + i
  Num a, b;
  a.n = i + 2;
  b.n = 3;
  Out[i * 8 + 4] = a * b;                      // 3(i + 2)
  Out[i * 8 + 5] = (a + b).n;                  // i + 5
  Out[i * 8 + 6] = a[2];                       // i + 202
  Out[i * 8 + 7] = a(4, i);                    // 4(i + 2) - i = 3i + 8
}

int Triple(int v) { return 3 * v; }
int Double(int v) { return v + v; }
