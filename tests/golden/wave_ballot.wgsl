enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> In: array<u32>;
@group(0) @binding(1) var<storage, read_write> Out: array<vec4<u32>>;

fn src_main(id: vec3<u32>) {
  var v: u32;
  var odd: bool;
  var mask: vec4<u32>;
  var total: u32;
  var rank: u32;
  var first: u32;
  let _e5 = In[id.x];
  v = _e5;
  let _e8 = v;
  odd = ((_e8 & 1u) != 0u);
  let _e15 = odd;
  let _e16 = subgroupBallot(_e15);
  mask = _e16;
  let _e19 = odd;
  let _e21 = subgroupAdd(u32(_e19));
  total = _e21;
  let _e24 = odd;
  let _e26 = subgroupExclusiveAdd(u32(_e24));
  rank = _e26;
  let _e29 = v;
  let _e30 = subgroupBroadcastFirst(_e29);
  first = _e30;
  let _e37 = mask;
  let _e39 = total;
  let _e41 = rank;
  let _e43 = first;
  Out[id.x] = (_e37 + vec4<u32>(_e39, _e41, _e43, 0u));
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) in_var_SV_DispatchThreadID: vec3<u32>) {
  src_main(in_var_SV_DispatchThreadID);
  return;
}
