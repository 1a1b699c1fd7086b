// Particle update: integrate velocity under gravity and drag, bounce off the box walls with
// restitution, age the particle and respawn it from a hash when its life runs out. The
// simulation parameters come from a constant buffer, laid out by HLSL's packing rules
// (gravity, a float3, packs right after dt at offset 4).
struct Particle {
    float4 position;   // xyz, w = life left
    float4 velocity;   // xyz, w = age
};

cbuffer SimParams : register(b0) {
    float dt;
    float3 gravity;    // offset 4
    float3 boxMin;     // offset 16
    float drag;        // offset 28
    float3 boxMax;     // offset 32
    float restitution; // offset 44
    uint frame;        // offset 48
    float lifetime;    // offset 52
};

RWStructuredBuffer<Particle> Particles : register(u1);

uint hash(uint x) {
    x ^= x >> 16; x *= 0x7feb352dU;
    x ^= x >> 15; x *= 0x846ca68bU;
    x ^= x >> 16;
    return x;
}

float unit(uint h) { return float(h & 0xffffffU) / 16777216.0f; }

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    Particle p = Particles[id.x];
    float3 pos = p.position.xyz;
    float3 vel = p.velocity.xyz;
    vel += gravity * dt;
    vel *= 1.0f - drag * dt;
    pos += vel * dt;
    [unroll] for (int axis = 0; axis < 3; ++axis) {
        if (pos[axis] < boxMin[axis]) { pos[axis] = boxMin[axis]; vel[axis] = -vel[axis] * restitution; }
        if (pos[axis] > boxMax[axis]) { pos[axis] = boxMax[axis]; vel[axis] = -vel[axis] * restitution; }
    }
    float life = p.position.w - dt;
    float age = p.velocity.w + dt;
    if (life <= 0.0f) {
        uint h = hash(id.x * 9781u + frame * 6271u);
        pos = lerp(boxMin, boxMax, float3(unit(h), unit(hash(h)), unit(hash(h + 1u))));
        vel = float3(0.0f, 5.0f, 0.0f) + (float3(unit(hash(h + 2u)), unit(hash(h + 3u)), unit(hash(h + 4u))) - 0.5f) * 2.0f;
        life = lifetime * (0.5f + 0.5f * unit(hash(h + 5u)));
        age = 0.0f;
    }
    p.position = float4(pos, life);
    p.velocity = float4(vel, age);
    Particles[id.x] = p;
}
