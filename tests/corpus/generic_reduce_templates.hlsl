// ARGS: -E main -T cs_6_0 -HV 2021
// HLSL 2021 templates without member functions: function templates with deduced and
// explicit arguments, a template struct holding data, and tag types selecting the
// operation by overload, instantiated for uint, int and float.
StructuredBuffer<uint> InU : register(t0);
StructuredBuffer<float> InF : register(t1);
RWStructuredBuffer<uint> OutU : register(u2);
RWStructuredBuffer<float> OutF : register(u3);

struct SumTag { uint unused; };
struct MaxTag { uint unused; };

template <typename T>
struct MinMax
{
    T lo;
    T hi;
};

template <typename T>
T Combine(SumTag tag, T a, T b) { return a + b; }

template <typename T>
T Combine(MaxTag tag, T a, T b) { return max(a, b); }

template <typename T, typename Op>
T Reduce4(T a, T b, T c, T d)
{
    Op op;
    op.unused = 0;
    return Combine(op, Combine(op, a, b), Combine(op, c, d));
}

template <typename T>
MinMax<T> Bounds(T a, T b)
{
    MinMax<T> r;
    r.lo = min(a, b);
    r.hi = max(a, b);
    return r;
}

template <typename T>
T Square(T x)
{
    return x * x;
}

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    uint i = dtid.x * 4;
    uint s = Reduce4<uint, SumTag>(InU[i], InU[i + 1], InU[i + 2], InU[i + 3]);
    float m = Reduce4<float, MaxTag>(InF[i], InF[i + 1], InF[i + 2], InF[i + 3]);
    MinMax<int> b = Bounds((int)s - 100, -(int)s);
    MinMax<float> bf = Bounds<float>(m, 0.5f);
    OutU[dtid.x] = s + (uint)(b.hi - b.lo) + Square(2u);
    OutF[dtid.x] = Square<float>(m) + Square(bf.lo) + bf.hi;
}
