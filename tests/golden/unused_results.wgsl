enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read_write> B: array<atomic<u32>>;
var<workgroup> G: atomic<u32>;

@compute @workgroup_size(32, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let v = atomicLoad(&B[id.x]);
  _ = subgroupAdd(v);
  _ = subgroupBallot((v > 3u));
  _ = subgroupShuffle(v, 2u);
  _ = subgroupExclusiveAdd(vec2<u32>(v, v));
  atomicAdd(&G, v);
  atomicMax(&B[0i], v);
  atomicStore(&B[id.x], (v + 1u));
}
