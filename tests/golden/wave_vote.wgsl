enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> In: array<u32>;
@group(0) @binding(1) var<storage, read_write> Out: array<u32>;

fn src_main(id: vec3<u32>) {
  var id_1: vec3<u32>;
  var v: u32;
  var r: u32;
  id_1 = id;
  let _e3 = id_1;
  let _e8 = In[_e3.x];
  v = _e8;
  r = 0u;
  let _e13 = v;
  let _e16 = subgroupAny((_e13 > 10u));
  if _e16 {
    let _e18 = r;
    r = (_e18 | 1u);
  }
  let _e22 = v;
  let _e25 = subgroupAll((_e22 != 0u));
  if _e25 {
    let _e27 = r;
    r = (_e27 | 2u);
  }
  let _e31 = v;
  let _e32 = subgroupAll(_e31 == subgroupBroadcastFirst(_e31));
  if _e32 {
    let _e34 = r;
    r = (_e34 | 4u);
  }
  let _e38 = id_1;
  let _e44 = r;
  Out[_e38.x] = _e44;
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) in_var_SV_DispatchThreadID: vec3<u32>) {
  src_main(in_var_SV_DispatchThreadID);
  return;
}
