struct Stride16_f32 {
  @size(16) v: f32,
}

struct Light {
  dir: vec3<f32>,
  intensity: f32,
}

struct type_Frame {
  time: f32,
  wind_x: f32,
  wind_y: f32,
  wind_z: f32,
  jitter: vec2<f32>,
  @size(8) exposure: f32,
  weights: array<Stride16_f32, 3>,
  viewProj: mat4x4<f32>,
  model: mat3x4<f32>,
  sun: Light,
  frameIndex: u32,
}

@group(0) @binding(0) var<uniform> Frame: type_Frame;
@group(0) @binding(1) var<storage, read_write> Out: array<vec4<f32>>;

fn src_main() {
  var p: vec4<f32>;
  var m: vec3<f32>;
  let _e2 = Frame.viewProj;
  let _e6 = vec3<f32>(Frame.wind_x, Frame.wind_y, Frame.wind_z);
  let _e9 = Frame.time;
  p = (vec4<f32>(_e6.x, _e6.y, _e6.z, _e9) * transpose(_e2));
  let _e18 = Frame.model;
  let _e20 = p;
  m = (_e20 * _e18);
  let _e28 = p;
  let _e30 = m;
  let _e39 = Frame.jitter;
  let _e42 = Frame.exposure;
  let _e47 = Frame.frameIndex;
  let _e52 = Frame.weights[(_e47 % 3u)].v;
  let _e60 = Frame.sun.dir;
  let _e64 = Frame.sun.intensity;
  let _e66 = (_e60 * vec3<f32>(_e64));
  Out[0i] = (((_e28 + vec4<f32>(_e30.x, _e30.y, _e30.z, 0.0f)) + vec4<f32>(_e39.x, _e39.y, _e42, _e52)) + vec4<f32>(_e66.x, _e66.y, _e66.z, 0.0f));
}

@compute @workgroup_size(1, 1, 1)
fn main() {
  src_main();
  return;
}
