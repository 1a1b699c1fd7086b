// Sprite batch update on a structured buffer of structs holding a vector, an array and a
// float2: swizzle assignment, dynamic array indexing inside a struct, a static (private)
// global with post-increment, and a member store straight into the buffer.
struct Sprite
{
    float4 color;
    uint frames[4];
    float2 uv;
};

StructuredBuffer<Sprite> SpritesIn : register(t0);
RWStructuredBuffer<Sprite> SpritesOut : register(u1);

static uint gFrameBias = 3;

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID)
{
    Sprite s = SpritesIn[id.x];
    s.color.xz = s.color.zx;                  // swap red and blue
    s.frames[id.x & 3] += gFrameBias++;       // +3, and the bias becomes 4
    s.frames[(id.x + 1) & 3] += gFrameBias;   // +4
    SpritesOut[id.x] = s;
    SpritesOut[id.x].uv.y = 2.0f;
}
