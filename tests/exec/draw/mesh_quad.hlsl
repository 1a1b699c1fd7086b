// A mesh shader (VK_EXT_mesh_shader; vkdraw --mesh, skipped on devices without meshShader)
// draws one quad of two triangles over the left half of a 4x4 target: vertices 0..3 at
// NDC (-1, -1), (0, -1), (-1, 1), (0, 1) (x = -1 + (i & 1), y = -1 + 2 * (i >> 1)),
// triangles (0, 1, 2) and (2, 1, 3), every vertex of colour (0.25, 0.5, 0.75), and
// per-primitive SV_PrimitiveID 10 and 11, which the pixel shader writes to alpha. Pixel
// centres are at NDC -1 + (p + 0.5) / 2; the shared edge runs from (0, -1) to (-1, 1)
// (x = -(y + 1) / 2), so triangle 0 covers pixels (0, 0), (1, 0), (0, 1), (0, 2) and
// triangle 1 covers (1, 1), (1, 2), (0, 3), (1, 3); no centre lies on an edge. Columns 2
// and 3 keep the clear colour.
// Dawn: WebGPU has no mesh stage.
// WGSL: unsupported OSH5130 msmain
// VKDRAW: --draw-mesh 1 1 1
// VKDRAW: --expect-count 0.25 0.5 0.75 10 4 --expect-count 0.25 0.5 0.75 11 4 --expect-count 0 0 0 0 8
// VKDRAW: --expect 0 0 0.25 0.5 0.75 10 --expect 1 0 0.25 0.5 0.75 10 --expect 0 2 0.25 0.5 0.75 10
// VKDRAW: --expect 1 1 0.25 0.5 0.75 11 --expect 0 3 0.25 0.5 0.75 11 --expect 3 3 0 0 0 0
struct V {
  float4 pos : SV_Position;
  float3 color : COLOR0;
};

struct P {
  uint id : SV_PrimitiveID;
};

[outputtopology("triangle")]
[numthreads(4, 1, 1)]
void msmain(uint i : SV_GroupThreadID, out vertices V v[4], out indices uint3 t[2], out primitives P p[2]) {
  SetMeshOutputCounts(4, 2);
  v[i].pos = float4(-1.0 + float(i & 1), -1.0 + 2.0 * float(i >> 1), 0, 1);
  v[i].color = float3(0.25, 0.5, 0.75);
  if (i < 2) {
    t[i] = i == 0 ? uint3(0, 1, 2) : uint3(2, 1, 3);
    p[i].id = 10 + i;
  }
}

float4 psmain(float4 pos : SV_Position, float3 color : COLOR0, uint id : SV_PrimitiveID) : SV_Target {
  return float4(color, float(id));
}
