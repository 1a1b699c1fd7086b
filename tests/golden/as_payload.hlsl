// ARGS: -E main -T as_6_5
// ENV: vulkan1.2
// An amplification shader (DXC's meshshading.ext.amplification,
// meshshading.ext.amplification.payload): TaskEXT, LocalSize from [numthreads], the
// groupshared payload of DispatchMesh in TaskPayloadWorkgroupEXT, DispatchMesh =
// OpControlBarrier Workgroup Workgroup 264 then OpEmitMeshTasksEXT (a block terminator).
struct Payload {
  float4 offset;
  uint count[2];
};

groupshared Payload pld;

[numthreads(4, 1, 1)]
void main(uint tid : SV_GroupThreadID, uint3 gid : SV_GroupID, [[vk::builtin("DrawIndex")]] int draw : DRAW) {
  if (tid == 0) {
    pld.offset = float4(gid.x, 0, 0, 0);
    pld.count[0] = 4;
    pld.count[1] = 2;
  }
  DispatchMesh(2, draw, 1, pld);
}
