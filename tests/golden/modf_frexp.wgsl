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
  let _e12 = frexp(vec3<f32>(8.0f, (-0.75f), 0.0f));
  e3 = vec3<f32>(_e12.exp);
  m3 = _e12.fract;
  k = (-7i);
  let _e21 = k;
  let _e24 = modf(f32(_e21));
  kip = i32(_e24.whole);
  kf = i32(_e24.fract);
  let _e35 = fr;
  let _e37 = ip;
  let _e39 = kf;
  let _e42 = kip;
  Out[0i] = vec4<f32>(_e35, _e37, f32(_e39), f32(_e42));
  let _e50 = m3;
  Out[1i] = vec4<f32>(_e50.x, _e50.y, _e50.z, 0.0f);
  let _e61 = e3;
  Out[2i] = vec4<f32>(_e61.x, _e61.y, _e61.z, 0.0f);
}

@compute @workgroup_size(1, 1, 1)
fn main() {
  src_main();
  return;
}
