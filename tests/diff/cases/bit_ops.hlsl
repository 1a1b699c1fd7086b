// Bit manipulation over random words, the kind used by hashing, Morton codes and bitsets:
// countbits, firstbithigh/low (uint and int), reversebits, shifts by variable amounts
// (HLSL masks the shift count to 5 bits), rotates, field extract/insert with masks, Morton
// interleave, and the sign-extending firstbithigh of negative ints.
StructuredBuffer<uint> Words : register(t0);
RWStructuredBuffer<uint4> Out : register(u1);

uint part1by1(uint x) {
    x &= 0x0000ffff;
    x = (x ^ (x << 8)) & 0x00ff00ff;
    x = (x ^ (x << 4)) & 0x0f0f0f0f;
    x = (x ^ (x << 2)) & 0x33333333;
    x = (x ^ (x << 1)) & 0x55555555;
    return x;
}

uint rotl(uint x, uint r) { return (x << (r & 31)) | (x >> ((32 - r) & 31)); }

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint a = Words[id.x * 2], b = Words[id.x * 2 + 1];
    int ia = int(a);
    uint sh = b;                                    // any value: the shift uses its low 5 bits
    uint field = (a >> (b & 15)) & ((1u << ((b >> 4) & 15)) - 1u);
    uint inserted = (a & ~(0xffu << 8)) | ((b & 0xffu) << 8);
    Out[id.x * 4 + 0] = uint4(countbits(a), firstbithigh(a), firstbitlow(a), reversebits(a));
    Out[id.x * 4 + 1] = uint4(a << sh, a >> sh, uint(ia >> int(sh)), rotl(a, b));
    Out[id.x * 4 + 2] = uint4(field, inserted, part1by1(a) | (part1by1(b) << 1), uint(firstbithigh(ia)));
    Out[id.x * 4 + 3] = uint4(a ^ b, ~a & b, (a | b) - (a & b), uint(-ia) ^ (a * 0x9e3779b9u));
}
