@group(0) @binding(0) var<storage, read_write> Out: array<vec4<f32>>;

@compute @workgroup_size(1, 1, 1)
fn main() {
  let _e2 = modf(2.75f);
  let ip = _e2.whole;
  let fr = _e2.fract;
  let _e11 = frexp(vec3<f32>(8.0f, (-0.75f), 0.0f));
  let e3 = vec3<f32>(_e11.exp);
  let m3 = _e11.fract;
  let k = (-7i);
  let _e22 = modf(f32(k));
  let kip = i32(_e22.whole);
  let kf = i32(_e22.fract);
  Out[0i] = vec4<f32>(fr, ip, f32(kf), f32(kip));
  Out[1i] = vec4<f32>(m3.x, m3.y, m3.z, 0.0f);
  Out[2i] = vec4<f32>(e3.x, e3.y, e3.z, 0.0f);
}
