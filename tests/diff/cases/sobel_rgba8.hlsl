// Sobel edge detection on a 32 x 32 rgba8 image packed in uints: unpack, luminance,
// horizontal and vertical gradients, magnitude (sqrt) and direction (atan2); outputs the
// magnitude as float, an 8-bit edge mask packed back into rgba8, and the direction.
#define W 32
#define H 32
StructuredBuffer<uint> Image : register(t0);
RWStructuredBuffer<float> Magnitude : register(u1);
RWStructuredBuffer<uint> EdgeRgba : register(u2);
RWStructuredBuffer<float> Direction : register(u3);

float luminance(uint rgba) {
    float3 c = float3(rgba & 0xff, (rgba >> 8) & 0xff, (rgba >> 16) & 0xff) / 255.0f;
    return dot(c, float3(0.2126f, 0.7152f, 0.0722f));
}

float lum(int x, int y) {
    return luminance(Image[clamp(y, 0, H - 1) * W + clamp(x, 0, W - 1)]);
}

[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
    int x = int(id.x), y = int(id.y);
    float gx = -lum(x - 1, y - 1) - 2 * lum(x - 1, y) - lum(x - 1, y + 1)
             +  lum(x + 1, y - 1) + 2 * lum(x + 1, y) + lum(x + 1, y + 1);
    float gy = -lum(x - 1, y - 1) - 2 * lum(x, y - 1) - lum(x + 1, y - 1)
             +  lum(x - 1, y + 1) + 2 * lum(x, y + 1) + lum(x + 1, y + 1);
    float m = sqrt(gx * gx + gy * gy);
    uint i = id.y * W + id.x;
    Magnitude[i] = m;
    uint e = uint(round(saturate(m * 0.5f) * 255.0f));
    EdgeRgba[i] = e | (e << 8) | (e << 16) | (m > 0.5f ? 0xff000000u : 0u);
    Direction[i] = atan2(gy, gx);
}
