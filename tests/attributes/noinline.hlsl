// ATTR: [noinline]
// ARGS: -E main -T cs_6_0
// REMOVE: [noinline]
// SPIRV: DontInline
// DIAG-MSL: OSH4002 9:1
// DIAG-WGSL: OSH5004 9:1
RWStructuredBuffer<uint> Out : register(u0);
// The helper keeps its own function in SPIR-V even after optimisation.
[noinline] uint square(uint v) { return v * v; }
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Out[id.x] = square(id.x);
}
