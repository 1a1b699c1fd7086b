// Writes into a float4x4 through _mRC swizzles, m[r][c], whole rows and a compound
// assignment through a matrix swizzle, then the matrix in a buffer (column_major by
// default: the buffer holds the transpose, so word 4c + r is element (r, c)).
RWStructuredBuffer<float4x4> Out : register(u0);
RWStructuredBuffer<float> Flat : register(u1);

[numthreads(1, 1, 1)]
void main()
{
    float4x4 m = (float4x4)0;
    m._m00 = 1;
    m[1][2] = 3;
    m[3] = float4(5, 6, 7, 8);
    m._m01_m10 = float2(9, 10);
    m._m22_m23.y += 2;
    m._33 += 0.5;
    Out[0] = m;
    for (uint r = 0; r < 4; ++r)
        for (uint c = 0; c < 4; ++c)
            Flat[r * 4 + c] = m[r][c];
}
