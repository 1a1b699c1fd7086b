// EXPECT: OSH0072 5:15
// DXC (CodeGenSPIRV var.globals.error.hlsl): a global constant lives in $Globals, so its
// initializer is not its value: "variable 'scale' will be placed in $Globals so
// initializer ignored". The module still compiles; scale is read from the buffer.
float scale = 2.0;
RWStructuredBuffer<float> Out;
[shader("compute")] [numthreads(1, 1, 1)]
void main() { Out[0] = scale; }
