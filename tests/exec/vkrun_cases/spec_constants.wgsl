// spec_constants.hlsl by hand, as the WebGPU leg expects a compiler to translate it: each
// [[vk::constant_id(N)]] constant an `@id(N) override` with the HLSL default.
@id(3) override N : u32 = 32;
@id(4) override K : i32 = -1;
@id(5) override F : f32 = 1.0;
@id(6) override B : bool = false;
@id(7) override T : bool = true;
@id(10) override U : u32 = 77;
@group(0) @binding(0) var<storage, read_write> Out : array<u32>;

@compute @workgroup_size(1)
fn main(@builtin(global_invocation_id) id : vec3u) {
  let t = id.x;
  Out[0] = N + t;
  Out[1] = bitcast<u32>(K + i32(t));
  Out[2] = bitcast<u32>(F + f32(t));
  Out[3] = select(22u, 11u, B && t == 0u);
  Out[4] = select(44u, 33u, T || t != 0u);
  Out[5] = U + t;
  for (var k = t; k < N; k++) { Out[6u + k] = k * 3u; }
}
