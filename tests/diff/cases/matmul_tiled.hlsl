// Tiled matrix multiply C = A * B + bias (64 x 64 floats, row-major in buffers) with 16 x 16
// tiles staged in groupshared memory, the classic GEMM shape; also writes a ReLU of C.
#define N 64
#define T 16
StructuredBuffer<float> A : register(t0);
StructuredBuffer<float> B : register(t1);
StructuredBuffer<float> Bias : register(t2);
RWStructuredBuffer<float> C : register(u3);
RWStructuredBuffer<float> Relu : register(u4);

groupshared float tileA[T][T];
groupshared float tileB[T][T];

[numthreads(T, T, 1)]
void main(uint3 gtid : SV_GroupThreadID, uint3 dtid : SV_DispatchThreadID) {
    uint row = dtid.y, col = dtid.x;
    float acc = 0.0f;
    for (uint t = 0; t < N / T; ++t) {
        tileA[gtid.y][gtid.x] = A[row * N + t * T + gtid.x];
        tileB[gtid.y][gtid.x] = B[(t * T + gtid.y) * N + col];
        GroupMemoryBarrierWithGroupSync();
        [unroll] for (uint k = 0; k < T; ++k)
            acc = mad(tileA[gtid.y][k], tileB[k][gtid.x], acc);
        GroupMemoryBarrierWithGroupSync();
    }
    float c = acc + Bias[col];
    C[row * N + col] = c;
    Relu[row * N + col] = max(c, 0.0f);
}
