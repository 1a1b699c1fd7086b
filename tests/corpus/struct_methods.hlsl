// A struct with methods (a ray and an axis-aligned box), used by value, in arrays and
// through member functions that modify the object.
struct Ray
{
    float3 origin;
    float3 dir;

    float3 At(float t) { return origin + dir * t; }
};

struct Aabb
{
    float3 lo;
    float3 hi;

    void Grow(float3 p)
    {
        lo = min(lo, p);
        hi = max(hi, p);
    }

    float3 Extent() { return hi - lo; }

    float SurfaceArea()
    {
        float3 e = Extent();
        return 2.0f * (e.x * e.y + e.y * e.z + e.z * e.x);
    }

    bool Intersect(Ray r, out float tNear)
    {
        float3 inv = 1.0f / r.dir;
        float3 t0 = (lo - r.origin) * inv;
        float3 t1 = (hi - r.origin) * inv;
        float3 tmin = min(t0, t1);
        float3 tmax = max(t0, t1);
        tNear = max(max(tmin.x, tmin.y), tmin.z);
        float tFar = min(min(tmax.x, tmax.y), tmax.z);
        return tNear <= tFar && tFar >= 0.0f;
    }
};

StructuredBuffer<float4> Points : register(t0);
RWStructuredBuffer<float4> Result : register(u1);

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    Aabb box;
    box.lo = float3(1e30f, 1e30f, 1e30f);
    box.hi = float3(-1e30f, -1e30f, -1e30f);
    for (uint i = 0; i < 4; ++i)
        box.Grow(Points[dtid.x * 4 + i].xyz);

    Ray r;
    r.origin = float3(-10.0f, 0.5f, 0.5f);
    r.dir = float3(1.0f, 0.001f, 0.001f);
    float t;
    bool hit = box.Intersect(r, t);
    float3 p = r.At(hit ? t : 0.0f);
    Result[dtid.x] = float4(p, hit ? box.SurfaceArea() : -1.0f);
}
