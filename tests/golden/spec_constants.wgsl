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
  Out[id.x] = (M + ((u32(E)) * (select((~K), 3u, C))));
  Out[(id.x + 1u)] = ((id.xy * vec2<u32>(K, K)).y - (K - 1u));
  let _e23 = T;
  OutF[id.x] = (_e23 + S);
}

@compute @workgroup_size(WG, 1, 1)
fn main(@builtin(global_invocation_id) in_var_SV_DispatchThreadID: vec3<u32>) {
  T = (S * 2.0f);
  src_main(in_var_SV_DispatchThreadID);
  return;
}
