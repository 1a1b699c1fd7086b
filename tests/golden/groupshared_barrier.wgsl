@group(0) @binding(0) var<storage, read_write> Out: array<u32>;
var<workgroup> tile: array<u32, 64>;
var<workgroup> counter: atomic<u32>;

fn src_main(gi: u32) {
  var gi_1: u32;
  gi_1 = gi;
  let _e3 = gi_1;
  if (_e3 == 0u) {
    atomicStore(&counter, 0u);
  }
  let _e10 = gi_1;
  let _e13 = gi_1;
  tile[_e10] = (_e13 * 2u);
  workgroupBarrier();
  let _e20 = gi_1;
  let _e23 = tile[(63u - _e20)];
  atomicAdd(&counter, _e23);
  storageBarrier();
  workgroupBarrier();
  let _e26 = gi_1;
  let _e32 = gi_1;
  let _e38 = tile[((_e32 + 1u) & 63u)];
  let _e40 = atomicLoad(&counter);
  Out[_e26] = (_e38 + _e40);
  storageBarrier();
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(local_invocation_index) in_var_SV_GroupIndex: u32) {
  src_main(in_var_SV_GroupIndex);
  return;
}
