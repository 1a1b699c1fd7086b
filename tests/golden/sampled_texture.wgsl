diagnostic(off, derivative_uniformity);

@group(0) @binding(0) var Color: texture_2d<f32>;
@group(0) @binding(1) var Depth: texture_depth_2d;
@group(0) @binding(2) var Sky: texture_cube<f32>;
@group(0) @binding(3) var Color_sampler: sampler;
@group(0) @binding(4) var Depth_sampler: sampler_comparison;
@group(0) @binding(5) var Sky_sampler: sampler;

fn src_main(uv: vec2<f32>, dir: vec3<f32>) -> vec4<f32> {
  var uv_1: vec2<f32>;
  var dir_1: vec3<f32>;
  var c: vec4<f32>;
  var w: u32;
  var h: u32;
  var levels: u32;
  uv_1 = uv;
  dir_1 = dir;
  let _e5 = uv_1;
  let _e8 = textureSample(Color, Color_sampler, _e5);
  c = _e8;
  let _e11 = c;
  let _e13 = uv_1;
  let _e17 = textureSampleLevel(Color, Color_sampler, _e13, 1.0f);
  c = (_e11 + _e17);
  let _e20 = c;
  let _e24 = vec3<i32>(1i, 2i, 0i);
  let _e28 = textureLoad(Color, _e24.xy, _e24.z);
  c = (_e20 + _e28);
  let _e31 = c;
  let _e33 = uv_1;
  let _e36 = textureGather(0, Color, Color_sampler, _e33);
  c = (_e31 + _e36);
  let _e40 = textureDimensions(Color, 0u);
  w = _e40.x;
  h = _e40.y;
  let _e45 = textureNumLevels(Color);
  levels = _e45;
  let _e48 = c;
  let _e51 = w;
  let _e53 = h;
  let _e56 = levels;
  c.x = (_e48.x + f32(((_e51 + _e53) + _e56)));
  let _e62 = c;
  let _e64 = uv_1;
  let _e73 = textureSampleGrad(Color, Color_sampler, _e64, vec2<f32>(0.25f, 0.0f), vec2<f32>(0.0f, 0.25f));
  c = (_e62 + _e73);
  let _e76 = c;
  let _e79 = uv_1;
  let _e83 = textureSampleCompare(Depth, Depth_sampler, _e79, 0.5f);
  c.z = (_e76.z + _e83);
  let _e87 = c;
  let _e89 = dir_1;
  let _e93 = textureSampleBias(Sky, Sky_sampler, _e89, 0.5f);
  c = (_e87 + _e93);
  let _e96 = c;
  return _e96;
}

@fragment
fn main(@location(0) in_var_TEXCOORD0: vec2<f32>, @location(1) in_var_TEXCOORD1: vec3<f32>) -> @location(0) vec4<f32> {
  let _e2 = src_main(in_var_TEXCOORD0, in_var_TEXCOORD1);
  return _e2;
}
