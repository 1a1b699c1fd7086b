enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> In: array<u32>;
@group(0) @binding(1) var<storage, read_write> Out: array<u32>;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let v = In[id.x];
  var r = 0u;
  if subgroupAny((v > 10u)) {
    r = (r | 1u);
  }
  if subgroupAll((v != 0u)) {
    r = (r | 2u);
  }
  if subgroupAll(v == subgroupBroadcastFirst(v)) {
    r = (r | 4u);
  }
  Out[id.x] = r;
}
