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
  let _e2 = transpose(Frame.viewProj);
  let _e5 = vec3<f32>(Frame.wind_x, Frame.wind_y, Frame.wind_z);
  let _e8 = Frame.time;
  p = (vec4<f32>(_e5.x, _e5.y, _e5.z, _e8) * _e2);
  let _e17 = Frame.model;
  let _e19 = p;
  m = (_e19 * _e17);
  let _e27 = p;
  let _e29 = m;
  let _e38 = Frame.jitter;
  let _e41 = Frame.exposure;
  let _e46 = Frame.frameIndex;
  let _e50 = Frame.weights[(_e46 % 3u)].v;
  let _e58 = Frame.sun.dir;
  let _e62 = Frame.sun.intensity;
  let _e64 = (_e58 * vec3<f32>(_e62));
  Out[0i] = (((_e27 + vec4<f32>(_e29.x, _e29.y, _e29.z, 0.0f)) + vec4<f32>(_e38.x, _e38.y, _e41, _e50)) + vec4<f32>(_e64.x, _e64.y, _e64.z, 0.0f));
}

@compute @workgroup_size(1, 1, 1)
fn main() {
  src_main();
  return;
}
