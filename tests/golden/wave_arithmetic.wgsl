enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> In: array<u32>;
@group(0) @binding(1) var<storage, read_write> OutU: array<u32>;
@group(0) @binding(2) var<storage, read_write> OutI: array<i32>;
@group(0) @binding(3) var<storage, read_write> OutF: array<f32>;

fn src_main(id: vec3<u32>) {
  var id_1: vec3<u32>;
  var u: u32;
  var i: i32;
  var f: f32;
  id_1 = id;
  let _e3 = id_1;
  let _e8 = In[_e3.x];
  u = _e8;
  let _e11 = u;
  i = (bitcast<i32>(_e11) - 32i);
  let _e17 = u;
  f = (f32(_e17) * 0.5f);
  let _e23 = id_1;
  let _e29 = u;
  let _e30 = subgroupAdd(_e29);
  let _e32 = u;
  let _e33 = subgroupMul(_e32);
  let _e36 = u;
  let _e37 = subgroupMin(_e36);
  let _e40 = u;
  let _e41 = subgroupMax(_e40);
  let _e44 = u;
  let _e45 = subgroupAnd(_e44);
  let _e48 = u;
  let _e49 = subgroupOr(_e48);
  let _e52 = u;
  let _e53 = subgroupXor(_e52);
  let _e56 = u;
  let _e57 = subgroupExclusiveAdd(_e56);
  let _e60 = u;
  let _e61 = subgroupExclusiveMul(_e60);
  OutU[_e23.x] = ((((((((_e30 + _e33) + _e37) + _e41) + _e45) + _e49) + _e53) + _e57) + _e61);
  let _e64 = id_1;
  let _e70 = i;
  let _e71 = subgroupMin(_e70);
  let _e73 = i;
  let _e74 = subgroupMax(_e73);
  let _e77 = i;
  let _e78 = subgroupAdd(_e77);
  OutI[_e64.x] = ((_e71 + _e74) + _e78);
  let _e81 = id_1;
  let _e87 = f;
  let _e88 = subgroupAdd(_e87);
  let _e90 = f;
  let _e91 = subgroupMul(_e90);
  let _e94 = f;
  let _e95 = subgroupMin(_e94);
  let _e98 = f;
  let _e99 = subgroupMax(_e98);
  let _e102 = f;
  let _e103 = subgroupExclusiveAdd(_e102);
  let _e106 = f;
  let _e107 = subgroupExclusiveMul(_e106);
  OutF[_e81.x] = (((((_e88 + _e91) + _e95) + _e99) + _e103) + _e107);
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) in_var_SV_DispatchThreadID: vec3<u32>) {
  src_main(in_var_SV_DispatchThreadID);
  return;
}
