// intentionally empty: Metal's <simd/simd.h> types come from metal_stdlib in this shim
