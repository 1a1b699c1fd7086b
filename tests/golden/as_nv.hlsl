// ARGS: -E main -T as_6_5
// ENV: vulkan1.1
// An amplification shader below SPIR-V 1.4: DXC's SPV_NV_mesh_shader form
// (meshshading.nv.amplification): TaskNV, the groupshared payload stays Workgroup and
// DispatchMesh is the barrier, then each payload field stored to its PerTaskNV output (with
// its Offset: dummy float[3] at 0, pos at 16) and x * y * z to TaskCountNV.
struct Payload {
  float dummy[3];
  float4 pos;
};

groupshared Payload pld;

[numthreads(8, 1, 1)]
void main(uint tid : SV_GroupIndex) {
  pld.dummy[tid % 3] = tid;
  pld.pos = float4(tid, 1, 2, 3);
  DispatchMesh(2, 3, 1, pld);
}
