// EXPECT: OSH0413 10:23
// ARGS: -E main -T ms_6_5
// DXC's check (meshshading.nv.error3.mesh): line indices are uint2.
struct V { float4 pos : SV_Position; };
[outputtopology("line")]
[numthreads(32, 1, 1)]
void main(
    uint tid : SV_GroupIndex,
    out vertices V verts[4],
    out indices uint3 lines[2]) {
  SetMeshOutputCounts(4, 2);
}
