enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> In: array<u32>;
@group(0) @binding(1) var<storage, read_write> Out: array<u32>;

fn src_main(id: vec3<u32>) {
  var v: u32;
  var r: u32;
  let _e5 = In[id.x];
  v = _e5;
  r = 0u;
  let _e10 = v;
  let _e13 = subgroupAny((_e10 > 10u));
  if _e13 {
    let _e15 = r;
    r = (_e15 | 1u);
  }
  let _e19 = v;
  let _e22 = subgroupAll((_e19 != 0u));
  if _e22 {
    let _e24 = r;
    r = (_e24 | 2u);
  }
  let _e28 = v;
  let _e29 = subgroupAll(_e28 == subgroupBroadcastFirst(_e28));
  if _e29 {
    let _e31 = r;
    r = (_e31 | 4u);
  }
  let _e39 = r;
  Out[id.x] = _e39;
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) in_var_SV_DispatchThreadID: vec3<u32>) {
  src_main(in_var_SV_DispatchThreadID);
  return;
}
