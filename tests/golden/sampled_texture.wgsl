diagnostic(off, derivative_uniformity);

@group(0) @binding(0) var Color: texture_2d<f32>;
@group(0) @binding(1) var Depth: texture_depth_2d;
@group(0) @binding(2) var Sky: texture_cube<f32>;
@group(0) @binding(3) var Color_sampler: sampler;
@group(0) @binding(4) var Depth_sampler: sampler_comparison;
@group(0) @binding(5) var Sky_sampler: sampler;

@fragment
fn main(@location(0) uv: vec2<f32>, @location(1) dir: vec3<f32>) -> @location(0) vec4<f32> {
  let _e3 = textureSample(Color, Color_sampler, uv);
  var c = _e3;
  let _e10 = textureSampleLevel(Color, Color_sampler, uv, 1.0f);
  c = (c + _e10);
  let _e17 = vec3<i32>(1i, 2i, 0i);
  let _e21 = textureLoad(Color, _e17.xy, _e17.z);
  c = (c + _e21);
  let _e27 = textureGather(0, Color, Color_sampler, uv);
  c = (c + _e27);
  let _e31 = textureDimensions(Color, 0u);
  let w = _e31.x;
  let h = _e31.y;
  let _e36 = textureNumLevels(Color);
  let levels = _e36;
  c.x = (c.x + f32(((w + h) + levels)));
  let _e62 = textureSampleGrad(Color, Color_sampler, uv, vec2<f32>(0.25f, 0.0f), vec2<f32>(0.0f, 0.25f));
  c = (c + _e62);
  let _e70 = textureSampleCompare(Depth, Depth_sampler, uv, 0.5f);
  c.z = (c.z + _e70);
  let _e79 = textureSampleBias(Sky, Sky_sampler, dir, 0.5f);
  c = (c + _e79);
  return c;
}
