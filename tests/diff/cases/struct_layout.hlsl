// Structured buffers of structs with mixed members, as a scene or material table has
// them: a float3 followed by a scalar (packed into its last 4 bytes), float2s, an int,
// a nested struct and a uint array; read, transformed and written back as another struct.
struct Material {
    float3 albedo;      // 0
    float roughness;    // 12
    float2 uvScale;     // 16
    int flags;          // 24
    uint layer;         // 28
};
struct Light {
    float3 position;    // 0
    float radius;       // 12
    float3 colour;      // 16
    uint materialIndex; // 28
    uint masks[2];      // 32
    Material mat;       // 48 (struct alignment 16)
};
struct Shaded {
    float3 radiance;
    uint maskBits;
    float2 uv;
    int flags;
    float falloff;
};

StructuredBuffer<Light> Lights : register(t0);
StructuredBuffer<Material> Materials : register(t1);
RWStructuredBuffer<Shaded> Out : register(u2);

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Light l = Lights[id.x];
    Material m = Materials[l.materialIndex % 16];
    float d = length(l.position);
    float falloff = saturate(1.0f - d / max(l.radius, 0.25f));
    Shaded s;
    s.radiance = l.colour * m.albedo * falloff + l.mat.albedo * l.mat.roughness;
    s.maskBits = l.masks[0] ^ (l.masks[1] << 1) ^ m.layer;
    s.uv = m.uvScale * l.mat.uvScale;
    s.flags = m.flags | (l.mat.flags << 4);
    s.falloff = falloff * (1.0f - m.roughness);
    Out[id.x] = s;
}
