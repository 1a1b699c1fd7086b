// EXPECT: OSH3031 5:24
// ARGS: -E main -T ms_6_5 -fspv-target-env=vulkan1.1
// Below SPIR-V 1.4 DXC's mesh shaders are SPV_NV_mesh_shader, which has no CullPrimitiveEXT.
struct V { float4 pos : SV_Position; };
struct P { bool cull : SV_CullPrimitive; };
[outputtopology("triangle")]
[numthreads(32, 1, 1)]
void main(out vertices V verts[3], out indices uint3 tris[1], out primitives P prims[1]) {
  SetMeshOutputCounts(3, 1);
}
