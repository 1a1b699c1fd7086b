enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> In: array<u32>;
@group(0) @binding(1) var<storage, read_write> Out: array<vec4<u32>>;

fn src_main(id: vec3<u32>) {
  var id_1: vec3<u32>;
  var v: u32;
  var odd: bool;
  var mask: vec4<u32>;
  var total: u32;
  var rank: u32;
  var first: u32;
  id_1 = id;
  let _e3 = id_1;
  let _e8 = In[_e3.x];
  v = _e8;
  let _e11 = v;
  odd = ((_e11 & 1u) != 0u);
  let _e18 = odd;
  let _e19 = subgroupBallot(_e18);
  mask = _e19;
  let _e22 = odd;
  let _e24 = subgroupAdd(u32(_e22));
  total = _e24;
  let _e27 = odd;
  let _e29 = subgroupExclusiveAdd(u32(_e27));
  rank = _e29;
  let _e32 = v;
  let _e33 = subgroupBroadcastFirst(_e32);
  first = _e33;
  let _e36 = id_1;
  let _e42 = mask;
  let _e44 = total;
  let _e46 = rank;
  let _e48 = first;
  Out[_e36.x] = (_e42 + vec4<u32>(_e44, _e46, _e48, 0u));
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) in_var_SV_DispatchThreadID: vec3<u32>) {
  src_main(in_var_SV_DispatchThreadID);
  return;
}
