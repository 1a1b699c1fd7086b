// spec_workgroup_size.comp by hand: the workgroup size's x is the override with id 0.
@id(0) override WG : u32 = 64;
@group(0) @binding(0) var<storage, read_write> Out : array<u32>;

@compute @workgroup_size(WG)
fn main(@builtin(global_invocation_id) g : vec3u, @builtin(workgroup_id) w : vec3u,
        @builtin(local_invocation_id) l : vec3u) {
  if (g.x >= 8u) { return; }
  Out[g.x] = w.x * 100u + l.x;
}
