// Unsuffixed float literals in arithmetic, as shader code is full of them: DXC evaluates
// literal-only subexpressions at 64 bits and converts the result once (0.1 * 0.05 is the
// double product rounded to float, not the product of two rounded floats), while a
// literal next to a float operand becomes a float. Real-world shapes: unit conversions,
// 2*pi, 1/3, gamma exponents, and a decay rate written as a product of literals.
StructuredBuffer<float> In : register(t0);
RWStructuredBuffer<float4> Out : register(u1);
StructuredBuffer<float> Unit : register(t2);      // 1, 0: run-time values for the hand-checked lanes
RWStructuredBuffer<float> Exact : register(u3);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float k = In[id.x];
    float decay = 0.1 * 0.05 * k;                    // literal product first
    float angle = 2.0 * 3.14159265358979 * k;         // 2 pi
    float third = (1.0 / 3.0) * k;
    float gamma = pow(abs(k), 1.0 / 2.2);
    float inches = k * (1.0 / 2.54);                  // cm to inches
    float mixed = k * 0.1 * 0.05;                     // left to right: float products
    Out[id.x * 2] = float4(decay, angle, third, gamma);
    Out[id.x * 2 + 1] = float4(inches, mixed, 0.7 * 0.3 + k, (0.1 + 0.2) * k);
    if (id.x == 0) {
        float one = Unit[0], zero = Unit[1];
        Exact[0] = 0.1 * 0.05 * one;
        Exact[1] = (1.0 / 2.2) * one;
        Exact[2] = 2.0 * 3.14159265358979 * one;
        Exact[3] = 0.7 * 0.3 + zero;
        Exact[4] = (0.1 + 0.2) * one;
    }
}
