// Preprocessor-heavy code in the style of engine shaders: a shared include, feature
// switches with defaults, function-like macros, token pasting and nested conditions.
#include "include/common.hlsli"
#include "include/common.hlsli"  // included twice on purpose: #pragma once and guards

#ifndef USE_HASH_NOISE
#define USE_HASH_NOISE 1
#endif
#ifndef QUALITY
#define QUALITY 2
#endif

#if QUALITY >= 2 && defined(USE_HASH_NOISE)
#define SAMPLE_COUNT 8
#elif QUALITY == 1
#define SAMPLE_COUNT 4
#else
#define SAMPLE_COUNT 1
#endif

#define DECLARE_BUFFER(type, name, reg) RWStructuredBuffer<type> name : register(reg)
DECLARE_BUFFER(float, CONCAT(Out, Noise), u0);
DECLARE_BUFFER(uint, CONCAT(Out, Bits), u1);

#if !defined(SAMPLE_COUNT) || SAMPLE_COUNT < 1
#error "SAMPLE_COUNT must be at least 1"
#endif

[numthreads(GROUP_SIZE, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    float acc = 0.0f;
    [unroll]
    for (uint s = 0; s < SAMPLE_COUNT; ++s)
    {
#if USE_HASH_NOISE
        acc += (HashPcg(dtid.x * SAMPLE_COUNT + s) & 0xffffu) / 65535.0f;
#else
        acc += 0.5f;
#endif
    }
    OutNoise[dtid.x] = Saturate01(acc / SAMPLE_COUNT) * SQUARE(PI) / SQUARE(PI);
    OutBits[dtid.x] = DIV_ROUND_UP(dtid.x, 4u) + __LINE__ * 0;
}
