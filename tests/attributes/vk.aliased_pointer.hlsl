// ATTR: [[vk::aliased_pointer]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::aliased_pointer]]
// SPIRV: OpDecorate %p AliasedPointer
// DIAG-MSL: OSH4101 14:51
// DIAG-WGSL: OSH5101 14:51
// NOTE: without it a variable holding a vk::BufferPointer is RestrictPointer.
struct Node { uint v; };
struct Push { vk::BufferPointer<Node> node; };
[[vk::push_constant]] Push pc;
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(1, 1, 1)]
void main() {
  [[vk::aliased_pointer]] vk::BufferPointer<Node> p = pc.node;
  Out[0] = p.Get().v;
}
