enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read_write> Out: array<u32>;
var<private> _subgroup_size: u32;
var<private> _subgroup_invocation_id: u32;

fn src_main(id: vec3<u32>) {
  var v = (_subgroup_invocation_id + (_subgroup_size * 100u));
  if subgroupElect() {
    v = (v + 1000000u);
  }
  Out[id.x] = v;
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) in_var_SV_DispatchThreadID: vec3<u32>, @builtin(subgroup_size) subgroup_size: u32, @builtin(subgroup_invocation_id) subgroup_invocation_id: u32) {
  _subgroup_size = subgroup_size;
  _subgroup_invocation_id = subgroup_invocation_id;
  src_main(in_var_SV_DispatchThreadID);
  return;
}
