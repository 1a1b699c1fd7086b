enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read_write> Out: array<u32>;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>, @builtin(subgroup_size) subgroup_size: u32, @builtin(subgroup_invocation_id) subgroup_invocation_id: u32) {
  var v = (subgroup_invocation_id + (subgroup_size * 100u));
  if subgroupElect() {
    v = (v + 1000000u);
  }
  Out[id.x] = v;
}
