// ARGS: -E main -T cs_6_0 -HV 2021
// HLSL 2021 templates: a generic reduction whose operation is a template struct with
// static member functions (Op::identity(), Op::combine()), instantiated for uint and float.
StructuredBuffer<uint> InU : register(t0);
StructuredBuffer<float> InF : register(t1);
RWStructuredBuffer<uint> OutU : register(u2);
RWStructuredBuffer<float> OutF : register(u3);

template <typename T>
struct SumOp
{
    static T identity() { return (T)0; }
    static T combine(T a, T b) { return a + b; }
};

template <typename T>
struct MaxOp
{
    static T identity() { return (T)0; }
    static T combine(T a, T b) { return max(a, b); }
};

template <typename T>
T Square(T x)
{
    return x * x;
}

template <typename T, typename Op>
T Reduce4(T a, T b, T c, T d)
{
    T acc = Op::identity();
    acc = Op::combine(acc, a);
    acc = Op::combine(acc, b);
    acc = Op::combine(acc, c);
    acc = Op::combine(acc, d);
    return acc;
}

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    uint i = dtid.x * 4;
    OutU[dtid.x] = Reduce4<uint, SumOp<uint> >(InU[i], InU[i + 1], InU[i + 2], InU[i + 3]);
    float m = Reduce4<float, MaxOp<float> >(InF[i], InF[i + 1], InF[i + 2], InF[i + 3]);
    OutF[dtid.x] = Square<float>(m) + Square(1.0f);
}
