// ARGS: -E main -T ms_6_5
// ENV: vulkan1.1
// A mesh shader below SPIR-V 1.4: DXC's SPV_NV_mesh_shader form (meshshading.nv.triangle.mesh,
// meshshading.nv.triangle.indices.out, meshshading.nv.request-nv-with-spv1.4): MeshNV,
// MeshShadingNV, the indices one flat uint array PrimitiveIndicesNV (tris[i] is elements
// 3i .. 3i + 2), SetMeshOutputCounts storing the primitive count in PrimitiveCountNV, the
// payload PerTaskNV inputs with std430-like Offsets (dummy float[3] at 0, pos at 16).
struct Vert {
  float4 pos : SV_Position;
  float2 uv : TEXCOORD0;
};

struct Prim {
  uint id : SV_PrimitiveID;
};

struct Payload {
  float dummy[3];
  float4 pos;
};

[outputtopology("triangle")]
[numthreads(4, 1, 1)]
void main(uint tid : SV_GroupIndex, in payload Payload pld, out vertices Vert verts[4], out indices uint3 tris[2],
          out primitives Prim prims[2]) {
  SetMeshOutputCounts(4, 2);
  verts[tid].pos = pld.pos + float4(tid, 0, 0, 0);
  verts[tid].uv = float2(pld.dummy[1], tid);
  if (tid < 2) {
    tris[tid] = uint3(0, 1, 2) + tid;
    tris[tid].z = 3;
    prims[tid].id = tid;
  }
}
