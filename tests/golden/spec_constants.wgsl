@id(0) override WG: u32 = 64u;
@id(1) override K: u32 = 5u;
@id(2) override D: i32 = (-3i);
@id(3) override B: bool = false;
@id(4) override S: f32 = 1.5f;
override M: u32 = (K * 2u) + 1u;
override E: i32 = ((D << 2u) / 3i) % 5i;
override C: bool = (K >= 6u) || (!B);

var<private> T: f32;
@group(0) @binding(0) var<storage, read_write> Out: array<u32>;
@group(0) @binding(1) var<storage, read_write> OutF: array<f32>;

fn src_main(id: vec3<u32>) {
  var id_1: vec3<u32>;
  id_1 = id;
  let _e3 = id_1;
  Out[_e3.x] = (M + ((u32(E)) * (select((~K), 3u, C))));
  let _e10 = id_1;
  let _e18 = id_1;
  Out[(_e10.x + 1u)] = ((_e18.xy * vec2<u32>(K, K)).y - (K - 1u));
  let _e26 = id_1;
  let _e32 = T;
  OutF[_e26.x] = (_e32 + S);
}

@compute @workgroup_size(WG, 1, 1)
fn main(@builtin(global_invocation_id) in_var_SV_DispatchThreadID: vec3<u32>) {
  T = (S * 2.0f);
  src_main(in_var_SV_DispatchThreadID);
  return;
}
