enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> In: array<u32>;
@group(0) @binding(1) var<storage, read_write> OutU: array<u32>;
@group(0) @binding(2) var<storage, read_write> OutI: array<i32>;
@group(0) @binding(3) var<storage, read_write> OutF: array<f32>;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let u = In[id.x];
  let i = (bitcast<i32>(u) - 32i);
  let f = (f32(u) * 0.5f);
  let _e25 = subgroupAdd(u);
  let _e28 = subgroupMul(u);
  let _e32 = subgroupMin(u);
  let _e36 = subgroupMax(u);
  let _e40 = subgroupAnd(u);
  let _e44 = subgroupOr(u);
  let _e48 = subgroupXor(u);
  let _e52 = subgroupExclusiveAdd(u);
  let _e56 = subgroupExclusiveMul(u);
  OutU[id.x] = ((((((((_e25 + _e28) + _e32) + _e36) + _e40) + _e44) + _e48) + _e52) + _e56);
  let _e64 = subgroupMin(i);
  let _e67 = subgroupMax(i);
  let _e71 = subgroupAdd(i);
  OutI[id.x] = ((_e64 + _e67) + _e71);
  let _e79 = subgroupAdd(f);
  let _e82 = subgroupMul(f);
  let _e86 = subgroupMin(f);
  let _e90 = subgroupMax(f);
  let _e94 = subgroupExclusiveAdd(f);
  let _e98 = subgroupExclusiveMul(f);
  OutF[id.x] = (((((_e79 + _e82) + _e86) + _e90) + _e94) + _e98);
}
