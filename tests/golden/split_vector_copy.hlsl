// A float3 that WGSL cannot align (offset 4) is split into g_x, g_y, g_z
// (passes::splitVectors); a copy from one split vector to another goes component by
// component with no vec3 built: from a read-write buffer all three loads come before the
// stores (as the vector's load did), from a cbuffer (nothing writes it) each store reads
// its own component. A vector built from scalars is still stored through its components.
struct S { float a; float3 g; };
RWStructuredBuffer<S> B : register(u0);
cbuffer C : register(b1) { float t; float3 h; };

[numthreads(1, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    B[id.x].g = B[id.x + 1].g;
    B[0].g = h;
    B[1].g = float3(t, 2, 3);
}
