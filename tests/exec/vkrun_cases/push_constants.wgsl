// push_constants.hlsl by hand, as the WebGPU leg expects a compiler to translate it: the
// push constants are a uniform buffer at the binding push_constants.reflect.json reports
// (group 1 here, so the leg binds a group that has no case buffer).
struct PC {
  tint : vec4f,
  idx : u32,
  count : u32,
  bias : i32,
  scale : f32,
}
@group(1) @binding(0) var<uniform> pc : PC;
@group(0) @binding(0) var<storage, read_write> OutF : array<f32>;
@group(0) @binding(1) var<storage, read_write> OutU : array<u32>;

@compute @workgroup_size(8)
fn main(@builtin(global_invocation_id) id : vec3u) {
  let i = id.x;
  OutF[i] = pc.tint[i % 4u] * pc.scale + f32(i);
  OutU[i] = pc.idx * i + pc.count + u32(pc.bias);
}
