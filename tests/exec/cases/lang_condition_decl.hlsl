// Declarations in conditions (C++ condition declarations, which DXC accepts): `if (T x = e)`,
// `else if (T y = e)`, `switch (T x = e)`, `while (T x = e)` and a `for` condition; the
// variable's scope is the statement, and a loop's declaration runs before every test.
// Also a float switch selector, which DXC converts to int.
RWStructuredBuffer<int> Out : register(u0);

static int calls;
int countdown(int from) {  // from, from-1, ..., 0 on successive calls
  calls++;
  return from - (calls - 1);
}

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  int i = (int)id.x;
  int r0 = -1;
  [branch] if (int d = i - 1) r0 = d * 10;  // nonzero d: 10*(i-1); i == 1: stays -1
  else r0 = d + 7;                          // d visible in else: 7
  Out[i * 6 + 0] = r0;

  int r1 = 0;
  if (int a = i & 1) r1 = 100 + a;          // odd i: 101
  else if (int b = i) r1 = 200 + b + a;     // even i != 0: 200 + i (a == 0 here)
  else r1 = 300 + a + b;                    // i == 0: 300
  Out[i * 6 + 1] = r1;

  int r2 = 0;
  switch (int c = i * 2) {
    case 0: r2 = 1000; break;
    case 2: r2 = 1000 + c; break;           // 1002
    default: r2 = c; break;                 // 4, 6
  }
  Out[i * 6 + 2] = r2;

  // while: the declaration runs before each test, so the loop sees i, i-1, ..., 1.
  calls = 0;
  int sum = 0;
  int iters = 0;
  while (int v = countdown(i)) {
    sum += v;
    iters++;
    if (iters > 10) break;
  }
  Out[i * 6 + 3] = sum * 100 + calls;       // i(i+1)/2 * 100 + (i + 1)

  // for with a condition declaration; `continue` reaches the increment, then the declaration.
  int acc = 0;
  for (int k = 0; int left = 3 - k; ++k) {
    if (left == 2) continue;
    acc = acc * 10 + left;                  // left = 3, (2 skipped), 1 -> 31
  }
  Out[i * 6 + 4] = acc + i;

  float f = (float)i + 0.75;                // truncates to i
  int r5 = -1;
  switch (f) {
    case 0: r5 = 50; break;
    case 2: r5 = 52; break;
    default: r5 = 59; break;
  }
  Out[i * 6 + 5] = r5;
}
