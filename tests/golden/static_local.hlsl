// Function-scope `static` variables (DXC's SPIR-V mapping): one Private variable per
// declaration, named FUNCTION.NAME, that keeps its value across calls.
//  - a constant initializer is the OpVariable's initializer (`next.counter` = 5,
//    `offsets.bias` = the constant float3(0.5, -1, 2));
//  - any other initializer runs once, guarded by a Private bool FUNCTION.NAME.init.done
//    that starts false (DXC's "init once"): `firstInput.first` = In[0] on the first call;
//  - no initializer: zero (OpConstantNull), as every HLSL static;
//  - `static const` scalars are folded into their uses (no variable).
RWStructuredBuffer<uint> Out : register(u0);
StructuredBuffer<uint> In : register(t1);

uint next()
{
    static uint counter = 5;
    counter += 1;
    return counter;
}

uint firstInput()
{
    static uint first = In[0];
    return first;
}

float3 offsets()
{
    static float3 bias = float3(0.5, -1, 2);
    static const int step = 4;
    static int2 calls;
    calls.y += 1;
    bias.x += step;
    return bias + calls.y;
}

[numthreads(1, 1, 1)]
void main()
{
    Out[0] = next();
    Out[1] = next();
    Out[2] = firstInput();
    Out[3] = uint(offsets().x);
}
