// EXPECT: OSH0160 5:11
// ARGS: -T lib_6_3
struct Payload { float4 color; };
[shader("miss")]
void miss(Payload p) { }
