// Arrays of resources (DXC's SPIR-V mapping): each array is ONE OpVariable of an
// OpTypeArray of the element's type (UniformConstant images / samplers, StorageBuffer /
// Uniform Block structs) with ONE DescriptorSet/Binding pair (descriptor count = the array
// size); implicit bindings continue with the next number (ts t0 -> 0, then ss 1, bufs 2,
// raws 3, cbs 4, outs 5). An element is an OpAccessChain into the variable (then OpLoad for
// images / samplers). A non-constant index adds <class>ArrayDynamicIndexing; an index from
// NonUniformResourceIndex adds ShaderNonUniform + <class>ArrayNonUniformIndexing
// (SPV_EXT_descriptor_indexing here: vulkan1.1 is SPIR-V 1.3) and NonUniform on the access
// chain and everything loaded / combined from it.
struct P { float4 scale; };
Texture2D ts[4] : register(t0);
SamplerState ss[2];
StructuredBuffer<uint> bufs[2];
ByteAddressBuffer raws[2];
ConstantBuffer<P> cbs[2];
RWTexture2D<float4> outs[3];

[numthreads(4, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  uint i = id.x;
  // Uniform dynamic index into StructuredBuffers, a constant one into ByteAddressBuffers.
  uint word = bufs[i & 1][0] + raws[1].Load(4);
  // Non-uniform index into the textures, constant into the samplers; dynamic into cbuffers.
  float4 c = ts[NonUniformResourceIndex(i) % 4].SampleLevel(ss[0], float2(0.5, 0.5), 0) * cbs[i & 1].scale;
  // Non-uniform index into the storage images.
  outs[NonUniformResourceIndex(i % 3)][uint2(word, 0)] = c;
}
