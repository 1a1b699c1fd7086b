// ARGS: -E main -T ms_6_5 -fvk-invert-y
// ENV: vulkan1.3
// A line mesh shader (DXC's meshshading.ext.triangle.mesh, meshshading.nv.line.mesh,
// mesh.invert.y): OutputLinesEXT, PrimitiveLineIndicesEXT of uint2, SV_ClipDistance /
// SV_CullDistance fields packed into one float array per vertex in the order of their
// semantic index (clip3 at 0..1, clip4 at 2..4; cull5 at 0, cull6 at 1..2), written per
// element; -fvk-invert-y negates y of every float4 stored to SV_Position.
struct Vert {
  float4 pos : SV_Position;
  float3 clip4 : SV_ClipDistance4;
  float cull5 : SV_CullDistance5;
  float2 clip3 : SV_ClipDistance3;
  float2 cull6 : SV_CullDistance6;
};

[outputtopology("line")]
[numthreads(2, 1, 1)]
void main(uint tid : SV_GroupIndex, out vertices Vert verts[2], out indices uint2 lines[1]) {
  SetMeshOutputCounts(2, 1);
  verts[tid].pos = float4(tid, 0.5, 0, 1);
  verts[tid].clip4.yxz = float3(0, 1, 2);
  verts[tid].clip4[0] = 10;
  verts[tid].cull5 = 5;
  verts[tid].clip3 = float2(11, 12);
  verts[tid].cull6[0] = 13;
  verts[tid].cull6.y = verts[tid].clip3.x;
  Vert v = verts[tid];
  v.clip3.y = 3;
  verts[1 - tid] = v;
  lines[0] = uint2(0, 1);
}
