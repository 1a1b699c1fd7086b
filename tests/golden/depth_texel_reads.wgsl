@group(0) @binding(0) var D4: texture_depth_2d;
@group(0) @binding(1) var D2: texture_depth_2d;
@group(0) @binding(2) var S: sampler;
@group(0) @binding(3) var C: sampler_comparison;
@group(0) @binding(4) var<storage, read_write> Out: array<vec4<f32>>;

@compute @workgroup_size(1, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let _e2 = vec2<f32>(id.xy);
  let uv = (vec2<f32>(_e2.x, _e2.y) / vec2<f32>(8.0f));
  let _e19 = vec4<f32>(textureSampleLevel(D4, S, uv, i32(0.0f)), 0.0f, 0.0f, 1.0f);
  Out[0i] = _e19;
  let _e25 = bitcast<vec2<i32>>(id.xy);
  let _e29 = vec3<i32>(_e25.x, _e25.y, 0i);
  let _e33 = vec4<f32>(textureLoad(D4, _e29.xy, _e29.z), 0.0f, 0.0f, 1.0f);
  Out[1i] = _e33;
  let _e43 = vec4<f32>(textureSampleLevel(D2, S, uv, i32(0.0f)), 0.0f, 0.0f, 1.0f);
  let _e44 = _e43.xy;
  let _e46 = bitcast<vec2<i32>>(id.xy);
  let _e50 = vec3<i32>(_e46.x, _e46.y, 0i);
  let _e54 = vec4<f32>(textureLoad(D2, _e50.xy, _e50.z), 0.0f, 0.0f, 1.0f);
  let _e55 = _e54.xy;
  Out[2i] = vec4<f32>(_e44.x, _e44.y, _e55.x, _e55.y);
  let _e70 = textureSampleCompareLevel(D4, C, uv, 0.5f);
  let _e76 = textureSampleCompareLevel(D2, C, uv, 0.25f);
  Out[3i] = vec4<f32>((_e70 + _e76));
}
