// Particle simulation step: semi-implicit Euler under gravity with a lifetime; dead
// particles respawn at the emitter.
struct Particle
{
    float3 pos;
    float3 vel;
    float life;
};

cbuffer SimParams : register(b0)
{
    float dt;
    float3 gravity;
};

RWStructuredBuffer<Particle> Particles : register(u1);

static const float3 kEmitterPos = float3(0.0f, 10.0f, 0.0f);
static const float kRespawnLife = 4.0f;

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    Particle p = Particles[dtid.x];
    p.vel += gravity * dt;
    p.pos += p.vel * dt;
    p.life -= dt;
    if (p.life <= 0.0f)
    {
        p.pos = kEmitterPos;
        p.vel = float3(0.0f, 0.0f, 0.0f);
        p.life = kRespawnLife;
    }
    Particles[dtid.x] = p;
}
