@group(0) @binding(0) var<storage, read_write> Out: array<vec4<f32>>;

fn src_main() {
  var ip: f32;
  var fr: f32;
  var e3: vec3<f32>;
  var m3: vec3<f32>;
  var k: i32;
  var kip: i32;
  var kf: i32;
  let _e2 = modf(2.75f);
  ip = _e2.whole;
  fr = _e2.fract;
  let _e11 = frexp(vec3<f32>(8.0f, (-0.75f), 0.0f));
  e3 = vec3<f32>(_e11.exp);
  m3 = _e11.fract;
  k = (-7i);
  let _e19 = k;
  let _e22 = modf(f32(_e19));
  kip = i32(_e22.whole);
  kf = i32(_e22.fract);
  let _e33 = fr;
  let _e35 = ip;
  let _e37 = kf;
  let _e40 = kip;
  Out[0i] = vec4<f32>(_e33, _e35, f32(_e37), f32(_e40));
  let _e48 = m3;
  Out[1i] = vec4<f32>(_e48.x, _e48.y, _e48.z, 0.0f);
  let _e59 = e3;
  Out[2i] = vec4<f32>(_e59.x, _e59.y, _e59.z, 0.0f);
}

@compute @workgroup_size(1, 1, 1)
fn main() {
  src_main();
  return;
}
