// Data-dependent control flow, as a state machine or parser kernel has it: a switch with
// fall-through-free cases and a default, nested loops with break and continue, an early
// return, ternary chains, and a do-while with a data-dependent trip count (Collatz steps).
StructuredBuffer<uint> Input : register(t0);
RWStructuredBuffer<uint4> Out : register(u1);

uint classify(uint v) {
    switch (v % 6) {
    case 0: return v / 2;
    case 1: { uint r = v * 3 + 1; return r ^ 0x55u; }
    case 2:
    case 3: return (v << 3) | (v >> 29);
    case 5: if (v > 1000) return 7; return 9;
    default: return ~v;
    }
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint v = Input[id.x];
    if (v == 0) { Out[id.x] = uint4(0xffffffffu, 0, 0, 0); return; }
    uint steps = 0, x = v;
    do {
        x = (x & 1) ? 3 * x + 1 : x >> 1;
        ++steps;
    } while (x != 1 && steps < 500);
    uint acc = 0;
    for (uint i = 0; i < 16; ++i) {
        if ((v >> i) & 1) continue;
        for (uint j = 0; j < 8; ++j) {
            if (j * i > 40) break;
            acc += (i ^ j) * ((v >> j) & 3);
        }
        if (acc > 300) break;
    }
    uint t = v < 100 ? 1 : v < 10000 ? 2 : v < 1000000 ? 3 : 4;
    Out[id.x] = uint4(steps, acc, classify(v), t);
}
