// The syntax check must reject this file: float3 is 16 bytes with 16-byte alignment in
// MSL, so b sits at offset 16, not 12 (the shim's vector sizes follow the MSL spec).
// ctest msl.shim.rejects_wrong_offset expects exactly this error, at this position:
// EXPECT-ERROR: 13:1: static_assert failed due to requirement '__builtin_offsetof(S, b) == 12' "S.b offset"
#include <metal_stdlib>
using namespace metal;

struct S
{
    float3 a;
    float b;
};
static_assert(__builtin_offsetof(S, b) == 12, "S.b offset");
