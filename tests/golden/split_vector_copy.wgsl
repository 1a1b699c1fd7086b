struct S {
  a: f32,
  g_x: f32,
  g_y: f32,
  g_z: f32,
}

struct type_C {
  t: f32,
  h_x: f32,
  h_y: f32,
  h_z: f32,
}

@group(0) @binding(0) var<storage, read_write> B: array<S>;
@group(0) @binding(1) var<uniform> C: type_C;

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let _e12 = B[(id.x + 1u)].g_x;
  let _e14 = B[(id.x + 1u)].g_y;
  let _e16 = B[(id.x + 1u)].g_z;
  B[id.x].g_x = _e12;
  B[id.x].g_y = _e14;
  B[id.x].g_z = _e16;
  B[0i].g_x = C.h_x;
  B[0i].g_y = C.h_y;
  B[0i].g_z = C.h_z;
  let _e43 = vec3<f32>(C.t, 2.0f, 3.0f);
  B[1i].g_x = _e43.x;
  B[1i].g_y = _e43.y;
  B[1i].g_z = _e43.z;
}
