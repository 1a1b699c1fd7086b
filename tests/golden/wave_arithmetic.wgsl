enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> In: array<u32>;
@group(0) @binding(1) var<storage, read_write> OutU: array<u32>;
@group(0) @binding(2) var<storage, read_write> OutI: array<i32>;
@group(0) @binding(3) var<storage, read_write> OutF: array<f32>;

fn src_main(id: vec3<u32>) {
  var u: u32;
  var i: i32;
  var f: f32;
  let _e5 = In[id.x];
  u = _e5;
  let _e8 = u;
  i = (bitcast<i32>(_e8) - 32i);
  let _e14 = u;
  f = (f32(_e14) * 0.5f);
  let _e24 = u;
  let _e25 = subgroupAdd(_e24);
  let _e27 = u;
  let _e28 = subgroupMul(_e27);
  let _e31 = u;
  let _e32 = subgroupMin(_e31);
  let _e35 = u;
  let _e36 = subgroupMax(_e35);
  let _e39 = u;
  let _e40 = subgroupAnd(_e39);
  let _e43 = u;
  let _e44 = subgroupOr(_e43);
  let _e47 = u;
  let _e48 = subgroupXor(_e47);
  let _e51 = u;
  let _e52 = subgroupExclusiveAdd(_e51);
  let _e55 = u;
  let _e56 = subgroupExclusiveMul(_e55);
  OutU[id.x] = ((((((((_e25 + _e28) + _e32) + _e36) + _e40) + _e44) + _e48) + _e52) + _e56);
  let _e63 = i;
  let _e64 = subgroupMin(_e63);
  let _e66 = i;
  let _e67 = subgroupMax(_e66);
  let _e70 = i;
  let _e71 = subgroupAdd(_e70);
  OutI[id.x] = ((_e64 + _e67) + _e71);
  let _e78 = f;
  let _e79 = subgroupAdd(_e78);
  let _e81 = f;
  let _e82 = subgroupMul(_e81);
  let _e85 = f;
  let _e86 = subgroupMin(_e85);
  let _e89 = f;
  let _e90 = subgroupMax(_e89);
  let _e93 = f;
  let _e94 = subgroupExclusiveAdd(_e93);
  let _e97 = f;
  let _e98 = subgroupExclusiveMul(_e97);
  OutF[id.x] = (((((_e79 + _e82) + _e86) + _e90) + _e94) + _e98);
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) in_var_SV_DispatchThreadID: vec3<u32>) {
  src_main(in_var_SV_DispatchThreadID);
  return;
}
