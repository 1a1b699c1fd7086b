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

@compute @workgroup_size(1, 1, 1)
fn main() {
  let _e11 = vec3<f32>(Frame.wind_x, Frame.wind_y, Frame.wind_z);
  let p = (vec4<f32>(_e11.x, _e11.y, _e11.z, Frame.time) * transpose(Frame.viewProj));
  let m = (p * Frame.model);
  let _e44 = Frame.jitter;
  let _e54 = (Frame.frameIndex % 3u);
  let _e71 = (Frame.sun.dir * vec3<f32>(Frame.sun.intensity));
  Out[0i] = (((p + vec4<f32>(m.x, m.y, m.z, 0.0f)) + vec4<f32>(_e44.x, _e44.y, Frame.exposure, Frame.weights[_e54].v)) + vec4<f32>(_e71.x, _e71.y, _e71.z, 0.0f));
}
