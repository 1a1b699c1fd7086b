// EXPECT: OSH0161 7:17
// ARGS: -T lib_6_3
struct CallData { uint3 id; };
[shader("raygeneration")]
void rgen() {
  uint3 data = 0;
  CallShader(0, data);
}
