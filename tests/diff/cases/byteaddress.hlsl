// Raw buffer access as a mesh or command-buffer parser does it: ByteAddressBuffer
// Load/Load2/Load3/Load4 at computed (16-, 8-, 4-byte aligned) addresses, RWByteAddressBuffer
// Store/Store2/Store4, a GetDimensions-bounded loop, and InterlockedAdd/Exchange at byte
// offsets (every thread its own word, so the results do not depend on ordering).
ByteAddressBuffer Src : register(t0);
RWByteAddressBuffer Dst : register(u1);
RWByteAddressBuffer Counters : register(u2);
RWStructuredBuffer<uint> Size : register(u3);    // GetDimensions: the size in bytes (4096)

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    uint4 a = Src.Load4(id.x * 16);
    uint2 b = Src.Load2(((id.x * 7) % 512) * 8);
    uint3 c = Src.Load3(((id.x * 13) % 1000) * 4);
    uint d = Src.Load(4096 - 4 - id.x * 4);
    uint size;
    Src.GetDimensions(size);
    uint sum = 0;
    for (uint off = id.x * 4; off < size; off += 1024) sum += Src.Load(off);
    Dst.Store4(id.x * 32, a.wzyx ^ uint4(b, c.xy));
    Dst.Store2(id.x * 32 + 16, uint2(c.z + d, sum));
    Dst.Store(id.x * 32 + 24, id.x);
    Size[id.x] = size;
    Dst.Store(id.x * 32 + 28, asuint(asfloat(a.x & 0x3fffffffu) * 0.5f));
    uint prev;
    Counters.InterlockedAdd(id.x * 4, a.y, prev);
    uint old;
    Counters.InterlockedExchange(256 * 4 + id.x * 4, prev + d, old);
    Counters.Store(512 * 4 + id.x * 4, old);
}
