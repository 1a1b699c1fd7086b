enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> Values: array<u32>;
@group(0) @binding(1) var<storage, read_write> Total: array<atomic<u32>>;

@compute @workgroup_size(64, 1, 1)
fn CSSum(@builtin(global_invocation_id) id: vec3<u32>) {
  let waveTotal = subgroupAdd(Values[id.x]);
  if subgroupElect() {
    atomicAdd(&Total[0u], waveTotal);
  }
}
