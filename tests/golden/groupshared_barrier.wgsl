@group(0) @binding(0) var<storage, read_write> Out: array<u32>;
var<workgroup> tile: array<u32, 64>;
var<workgroup> counter: atomic<u32>;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(local_invocation_index) gi: u32) {
  if (gi == 0u) {
    atomicStore(&counter, 0u);
  }
  tile[gi] = (gi * 2u);
  workgroupBarrier();
  let _e13 = tile[(63u - gi)];
  atomicAdd(&counter, _e13);
  storageBarrier();
  workgroupBarrier();
  let _e25 = tile[((gi + 1u) & 63u)];
  let _e27 = atomicLoad(&counter);
  Out[gi] = (_e25 + _e27);
  storageBarrier();
}
