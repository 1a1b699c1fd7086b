enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> In: array<f32>;
@group(0) @binding(1) var<storage, read_write> Out: array<f32>;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(subgroup_size) subgroup_size: u32, @builtin(subgroup_invocation_id) subgroup_invocation_id: u32) {
  let next = ((subgroup_invocation_id + 1u) % subgroup_size);
  Out[id.x] = subgroupShuffle(In[id.x], next);
}
