// ARGS: -E main -T ms_6_5
// ENV: vulkan1.2
// A point mesh shader passing its output arrays to a helper (DXC's
// meshshading.nv.triangle.indices.out, meshshading.nv.point.mesh): the helper's `out
// indices` / `out vertices` parameters stand for the entry point's stage variables
// (PrimitivePointIndicesEXT, gl_Position); their IR arguments are unused temporaries.
struct V {
  float4 pos : SV_Position;
};

void fill(out indices uint points[2], out vertices V verts[2], uint i) {
  verts[i].pos = float4(i, 0, 0, 1);
  points[i] = i;
}

[outputtopology("point")]
[numthreads(2, 1, 1)]
void main(uint tid : SV_GroupThreadID, out indices uint points[2], out vertices V verts[2]) {
  SetMeshOutputCounts(2, 2);
  fill(points, verts, tid);
}
