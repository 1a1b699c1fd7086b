// Shared helpers for the corpus shaders, in the style of an engine's common header.
#pragma once

#ifndef COMMON_HLSLI
#define COMMON_HLSLI

#define GROUP_SIZE 64
#define DIV_ROUND_UP(a, b) (((a) + (b) - 1) / (b))
#define SQUARE(x) ((x) * (x))
#define CONCAT_INNER(a, b) a##b
#define CONCAT(a, b) CONCAT_INNER(a, b)
#define STRINGIFY(x) #x

static const float PI = 3.14159265f;

uint HashPcg(uint v)
{
    uint state = v * 747796405u + 2891336453u;
    uint word = ((state >> ((state >> 28u) + 4u)) ^ state) * 277803737u;
    return (word >> 22u) ^ word;
}

float Saturate01(float x) { return clamp(x, 0.0f, 1.0f); }

#endif // COMMON_HLSLI
