@id(0) override WX: u32 = 8u;
@id(1) override WY: i32 = 4i;

@group(0) @binding(0) var<storage, read_write> Out: array<u32>;

@compute @workgroup_size(WX, (u32(WY)), 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  Out[id.x] = (id.y * WX);
}
