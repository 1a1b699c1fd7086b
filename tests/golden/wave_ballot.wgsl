enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> In: array<u32>;
@group(0) @binding(1) var<storage, read_write> Out: array<vec4<u32>>;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let v = In[id.x];
  let odd = ((v & 1u) != 0u);
  let mask = subgroupBallot(odd);
  let total = subgroupAdd(u32(odd));
  let rank = subgroupExclusiveAdd(u32(odd));
  let first = subgroupBroadcastFirst(v);
  Out[id.x] = (mask + vec4<u32>(total, rank, first, 0u));
}
