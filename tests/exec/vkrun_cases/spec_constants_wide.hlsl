// vkrun's 64-bit and 16-bit specialization constants (8- and 2-byte map entries), compiled
// with glslangValidator --hlsl-enable-16bit-types (glslang's HLSL needs the 5ul and 0.5h
// literals). Combined with a run-time value so nothing folds into a spec-constant expression.
[[vk::constant_id(1)]] const uint64_t L = 5ul;
[[vk::constant_id(2)]] const double D = 0.5;
[[vk::constant_id(3)]] const half H = 0.5h;
[[vk::constant_id(4)]] const uint M = 9;   // a 32-bit one after the 8-byte ones

RWStructuredBuffer<uint> Out : register(u0);

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint t = id.x;  // 0
    uint64_t l = L;
    l += t;
    Out[0] = uint(l);
    Out[1] = uint(l >> 32);
    double d = D;
    d += t;
    Out[2] = uint(d * 4.0);   // exact in double only
    half h = H;
    Out[3] = asuint(float(h) + float(t));
    Out[4] = M + t;
}
