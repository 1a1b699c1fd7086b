// Signed and unsigned integer arithmetic with negative operands, as fixed-point and
// indexing code uses it: division and modulo (truncating toward zero), abs, min/max/clamp,
// sign, mul with wrap-around, multiply-add, 32 x 32 -> high-word products by 16-bit halves,
// and a fixed-point 16.16 multiply. (Not mad(): on integers glslang 12 emits GLSL.std.450
// Fma, which spirv-val rejects.)
StructuredBuffer<int2> Pairs : register(t0);
RWStructuredBuffer<int4> Signed : register(u1);
RWStructuredBuffer<uint4> Unsigned : register(u2);

uint mulhi(uint a, uint b) {
    uint al = a & 0xffff, ah = a >> 16, bl = b & 0xffff, bh = b >> 16;
    uint lo = al * bl, m1 = ah * bl, m2 = al * bh, hi = ah * bh;
    uint mid = (lo >> 16) + (m1 & 0xffff) + (m2 & 0xffff);
    return hi + (m1 >> 16) + (m2 >> 16) + (mid >> 16);
}

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int2 p = Pairs[id.x];
    int a = p.x, b = p.y == 0 ? 7 : p.y;
    uint ua = asuint(a), ub = asuint(b);
    int fixedMul = int((int(a >> 8) * int(b >> 16)) >> 8);
    Signed[id.x * 2] = int4(a / b, a % b, abs(a) - abs(b), sign(a) * min(a, b));
    Signed[id.x * 2 + 1] = int4(max(a, b), clamp(a, -100000, 100000), a * b + 12345, fixedMul);
    Unsigned[id.x * 2] = uint4(ua / ub, ua % ub, mulhi(ua, ub), ua * ub);
    Unsigned[id.x * 2 + 1] = uint4(min(ua, ub), max(ua, ub), ua * 3u + ub, (ua + ub) < ua ? 1u : 0u);
}
