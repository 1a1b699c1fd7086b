// ARGS: -E main -T cs_6_0 -HV 2021
// Namespaces, enums (plain and scoped), switch with fallthrough and default, do-while,
// break/continue: the control-flow mix of a material or tone-mapping dispatcher.
namespace Tonemap
{
    enum Operator
    {
        OP_NONE = 0,
        OP_REINHARD = 1,
        OP_CLAMP = 2,
        OP_SCALE = 3,
    };

    float Apply(Operator op, float x)
    {
        float result;
        switch (op)
        {
        case OP_REINHARD:
            result = x / (1.0f + x);
            break;
        case OP_CLAMP:
            result = saturate(x);
            break;
        case OP_SCALE:
        default:
            result = x * 0.5f;
            break;
        case OP_NONE:
            result = x;
            break;
        }
        return result;
    }
}

namespace Util
{
    namespace Bits
    {
        uint CountSteps(uint v)
        {
            // Collatz steps, capped: a do-while with continue and break.
            uint steps = 0;
            do
            {
                if (v == 1)
                    break;
                steps++;
                if ((v & 1) == 0)
                {
                    v >>= 1;
                    continue;
                }
                v = 3 * v + 1;
            } while (steps < 200);
            return steps;
        }
    }
}

enum class Channel : uint
{
    Red,
    Green,
    Blue,
};

StructuredBuffer<float> Input : register(t0);
RWStructuredBuffer<float> Output : register(u1);
RWStructuredBuffer<uint> Steps : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 dtid : SV_DispatchThreadID)
{
    Tonemap::Operator op = (Tonemap::Operator)(dtid.x % 4);
    Output[dtid.x] = Tonemap::Apply(op, Input[dtid.x]);
    Channel ch = (Channel)(dtid.x % 3);
    uint bonus = 0;
    switch (ch)
    {
    case Channel::Red: bonus = 100; break;
    case Channel::Green: bonus = 200; break;
    default: bonus = 300; break;
    }
    Steps[dtid.x] = Util::Bits::CountSteps(dtid.x + 1) + bonus;
}
