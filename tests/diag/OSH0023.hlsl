// EXPECT: OSH0023 4:22
[shader("compute")]
[numthreads(1, 1, 1)]
void main(float4 p : SV_Position) {}
