// An amplification shader and a mesh shader (VK_EXT_mesh_shader; vkdraw --mesh --task,
// skipped on devices without meshShader or taskShader). The task shader fills its
// groupshared payload with x offsets 0 and 1 and launches 2 mesh workgroups
// (DispatchMesh(2, 1, 1, payload)). Mesh group g draws the quad of mesh_quad.hlsl moved
// right by xoff[g]: group 0 the left half of the 4x4 target in colour (0.25, 0.5, 0.75)
// with SV_PrimitiveID 10 and 11, group 1 the right half in colour (1, 0.5, 0) with ids 12
// and 13 (10 + 2 * g + triangle). The pixel shader writes the id to alpha. In each half
// the first triangle covers the top-left 4 pixels of its 2x4 columns: (0, 0), (1, 0),
// (0, 1), (0, 2) (and those + 2 in x), the second the other 4 (see mesh_quad.hlsl).
// Dawn: WebGPU has no mesh or amplification (task) stage.
// WGSL: unsupported OSH5130 msmain asmain
// VKDRAW: --draw-mesh 1 1 1
// VKDRAW: --expect-count 0.25 0.5 0.75 10 4 --expect-count 0.25 0.5 0.75 11 4
// VKDRAW: --expect-count 1 0.5 0 12 4 --expect-count 1 0.5 0 13 4
// VKDRAW: --expect 0 0 0.25 0.5 0.75 10 --expect 1 1 0.25 0.5 0.75 11
// VKDRAW: --expect 2 0 1 0.5 0 12 --expect 2 2 1 0.5 0 12 --expect 3 1 1 0.5 0 13 --expect 2 3 1 0.5 0 13
struct Payload {
  float xoff[2];
};

groupshared Payload shared_payload;

[numthreads(1, 1, 1)]
void asmain() {
  shared_payload.xoff[0] = 0.0;
  shared_payload.xoff[1] = 1.0;
  DispatchMesh(2, 1, 1, shared_payload);
}

struct V {
  float4 pos : SV_Position;
  float3 color : COLOR0;
};

struct P {
  uint id : SV_PrimitiveID;
};

[outputtopology("triangle")]
[numthreads(4, 1, 1)]
void msmain(uint i : SV_GroupThreadID, uint g : SV_GroupID, in payload Payload pld, out vertices V v[4],
            out indices uint3 t[2], out primitives P p[2]) {
  SetMeshOutputCounts(4, 2);
  v[i].pos = float4(-1.0 + pld.xoff[g] + float(i & 1), -1.0 + 2.0 * float(i >> 1), 0, 1);
  v[i].color = g == 0 ? float3(0.25, 0.5, 0.75) : float3(1, 0.5, 0);
  if (i < 2) {
    t[i] = i == 0 ? uint3(0, 1, 2) : uint3(2, 1, 3);
    p[i].id = 10 + 2 * g + i;
  }
}

float4 psmain(float4 pos : SV_Position, float3 color : COLOR0, uint id : SV_PrimitiveID) : SV_Target {
  return float4(color, float(id));
}
