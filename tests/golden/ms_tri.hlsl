// ARGS: -E main -T ms_6_5
// ENV: vulkan1.2
// A mesh shader (DXC's meshshading.ext.triangle.mesh, meshshading.ext.cullprimative,
// spirv.interpolation.mesh): SPV_EXT_mesh_shader, MeshEXT, LocalSize from [numthreads],
// OutputTrianglesEXT / OutputVertices / OutputPrimitivesEXT, each field of the vertices and
// primitives an Output array written in place, the indices PrimitiveTriangleIndicesEXT,
// per-primitive values PerPrimitiveEXT, the payload TaskPayloadWorkgroupEXT.
struct Vert {
  float4 pos : SV_Position;
  [[vk::builtin("PointSize")]] float psize : PSIZE;
  float2 uv : TEXCOORD0;
  nointerpolation uint id : VID;
};

struct Prim {
  uint primId : SV_PrimitiveID;
  uint layer : SV_RenderTargetArrayIndex;
  bool cull : SV_CullPrimitive;
  float3 color : PRIM_COLOR;
};

struct Payload {
  float4 offset;
  uint count[2];
};

[outputtopology("triangle")]
[numthreads(32, 1, 1)]
void main(uint tid : SV_GroupIndex, uint3 gid : SV_GroupID, in payload Payload pld,
          out vertices Vert verts[4], out indices uint3 tris[2], out primitives Prim prims[2]) {
  SetMeshOutputCounts(4, pld.count[1]);
  if (tid < 4) {
    verts[tid].pos = float4(tid & 1, tid >> 1, 0, 1) + pld.offset;
    verts[tid].pos.y = -verts[tid].pos.y;
    verts[tid].psize = 1.0;
    verts[tid].uv = float2(tid, gid.x);
    verts[tid].id = tid;
  }
  if (tid < 2) {
    tris[tid] = tid == 0 ? uint3(0, 1, 2) : uint3(2, 1, 3);
    tris[tid].z = tid + 2;
    Prim p;
    p.primId = tid;
    p.layer = 0;
    p.cull = false;
    p.color = float3(1, 0, tid);
    prims[tid] = p;
  }
}
