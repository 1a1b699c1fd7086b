enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> Values: array<u32>;
@group(0) @binding(1) var<storage, read_write> Total: array<atomic<u32>>;

fn src_CSSum(id: vec3<u32>) {
  var id_1: vec3<u32>;
  var waveTotal: u32;
  id_1 = id;
  let _e3 = id_1;
  let _e8 = Values[_e3.x];
  let _e9 = subgroupAdd(_e8);
  waveTotal = _e9;
  let _e11 = subgroupElect();
  if _e11 {
    let _e14 = waveTotal;
    atomicAdd(&Total[(0u >> 2u)], _e14);
  }
}

@compute @workgroup_size(64, 1, 1)
fn CSSum(@builtin(global_invocation_id) in_var_SV_DispatchThreadID: vec3<u32>) {
  src_CSSum(in_var_SV_DispatchThreadID);
  return;
}
