// A kernel specialised at pipeline creation, as a library of compute passes configures its
// variants: the tap count (a loop bound), a feature switch (bool), a gain (float) and a
// signed bias are specialization constants; the host sets three of them and leaves the
// fourth at its default. Each meets run-time data, so nothing folds away at compile time.
[[vk::constant_id(0)]] const uint kTaps = 4;
[[vk::constant_id(1)]] const bool kClampOutput = false;
[[vk::constant_id(2)]] const float kGain = 1.0;
[[vk::constant_id(5)]] const int kBias = 3;      // left at its default by the case

StructuredBuffer<float> Signal : register(t0);
RWStructuredBuffer<float> Filtered : register(u1);
RWStructuredBuffer<int> Quantised : register(u2);

[numthreads(64, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    float acc = 0.0f;
    for (uint t = 0; t < kTaps; ++t)
        acc += Signal[(id.x + t) % 512] * (1.0f / float(t + 1));
    acc *= kGain;
    if (kClampOutput) acc = clamp(acc, -2.0f, 2.0f);
    Filtered[id.x] = acc;
    Quantised[id.x] = int(round(acc * 64.0f)) + kBias;
}
