// Double-precision accumulation where float would lose the answer (a compensated sum of
// large and small values, a dot product and a polynomial), converted back to float with
// the residuals: the shape of a physics or statistics kernel that needs shaderFloat64.
StructuredBuffer<float> Values : register(t0);
RWStructuredBuffer<float> Sums : register(u1);        // double sum as float, float sum
RWStructuredBuffer<float> Residuals : register(u2);   // what float(dsum) and float(ddot) lose

[numthreads(32, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    double dsum = 0.0, dcomp = 0.0, ddot = 0.0;
    float fsum = 0.0f;
    for (uint i = 0; i < 64; ++i) {
        float v = Values[(id.x * 64 + i) % 2048];
        double dv = v;
        double big = (i & 1) ? 16777216.0 : -16777216.0;  // 2^24: float cannot keep v next to it
        double y = dv + big - dcomp;                        // Kahan
        double t = dsum + y;
        dcomp = (t - dsum) - y;
        dsum = t;
        ddot += dv * double(Values[i]);
        fsum += v + float(big);
    }
    double poly = ((dsum * 0.5 + 1.25) * dsum - 3.0) * dsum;
    Sums[id.x * 4 + 0] = float(dsum);
    Sums[id.x * 4 + 1] = fsum;
    Sums[id.x * 4 + 2] = float(ddot);
    Sums[id.x * 4 + 3] = float(poly / 1024.0);
    // (asuint(double, out uint, out uint) would give the bits; OneShader does not support
    // it yet, OSH0007.) The residuals keep the next 24 bits of each double.
    Residuals[id.x * 2] = float(dsum - double(float(dsum)));
    Residuals[id.x * 2 + 1] = float(ddot - double(float(ddot)));
}
