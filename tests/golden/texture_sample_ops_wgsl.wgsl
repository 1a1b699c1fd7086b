diagnostic(off, derivative_uniformity);

@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var texArr: texture_2d_array<f32>;
@group(0) @binding(2) var cube: texture_cube<f32>;
@group(0) @binding(3) var vol: texture_3d<f32>;
@group(0) @binding(4) var line: texture_1d<f32>;
@group(0) @binding(5) var depth: texture_depth_2d;
@group(0) @binding(6) var depthCubes: texture_depth_cube_array;
@group(0) @binding(7) var samp: sampler;
@group(0) @binding(8) var cmp: sampler_comparison;
@group(0) @binding(9) var depthArr: texture_depth_2d_array;

@fragment
fn main(@location(0) uv: vec2<f32>, @location(1) dir: vec3<f32>, @location(2) ref_: f32) -> @location(0) vec4<f32> {
  let _e3 = textureSample(tex, samp, uv, vec2<i32>(1i, (-1i)));
  var c = _e3;
  let _e10 = textureSampleBias(tex, samp, uv, 0.5f);
  c = (c + _e10);
  let _e21 = textureSampleBias(texArr, samp, vec3<f32>(uv.x, uv.y, 2.0f).xy, i32(round(vec3<f32>(uv.x, uv.y, 2.0f).z)), 1.5f, vec2<i32>(2i, 3i));
  c = (c + _e21);
  let _e29 = textureSampleGrad(tex, samp, uv, dpdx(uv), dpdy(uv));
  c = (c + _e29);
  let _e41 = textureSampleGrad(texArr, samp, vec3<f32>(uv.x, uv.y, 1.0f).xy, i32(round(vec3<f32>(uv.x, uv.y, 1.0f).z)), dpdx(uv), dpdy(uv), vec2<i32>((-1i), 0i));
  c = (c + _e41);
  let _e56 = textureSampleGrad(cube, samp, dir, vec3<f32>(0.25f, 0.0f, 0.0f), vec3<f32>(0.0f, 0.25f, 0.0f));
  c = (c + _e56);
  let _e62 = textureSampleGrad(vol, samp, dir, dir, dir, vec3<i32>(1i, 0i, (-1i)));
  c = (c + _e62);
  let _e69 = textureSampleLevel(tex, samp, uv, 2.0f, vec2<i32>(0i, 1i));
  c = (c + _e69);
  let _e77 = textureSample(line, samp, (uv.x + f32(3i) / f32(textureDimensions(line))));
  c.x = (c.x + _e77.x);
  let _e87 = textureSampleCompare(depth, cmp, uv, ref_);
  c.y = (c.y + _e87);
  let _e95 = textureSampleCompareLevel(depth, cmp, uv, ref_, vec2<i32>((-2i), 1i));
  c.z = (c.z + _e95);
  let _e104 = vec4<f32>(textureSampleLevel(depth, samp, uv, i32(1.0f)), 0.0f, 0.0f, 1.0f);
  c.z = (c.z + _e104.x);
  let _e113 = vec4<f32>(textureSample(depth, samp, uv), 0.0f, 0.0f, 1.0f);
  c.z = (c.z + _e113.x);
  let _e123 = vec3<i32>(1i, 2i, 0i);
  let _e127 = vec4<f32>(textureLoad(depth, _e123.xy, _e123.z), 0.0f, 0.0f, 1.0f);
  c.z = (c.z + _e127.x);
  let _e141 = textureSampleCompare(depthCubes, cmp, vec4<f32>(dir.x, dir.y, dir.z, 1.0f).xyz, i32(round(vec4<f32>(dir.x, dir.y, dir.z, 1.0f).w)), ref_);
  c.w = (c.w + _e141);
  let _e154 = textureSampleCompareLevel(depthCubes, cmp, vec4<f32>(dir.x, dir.y, dir.z, 0.0f).xyz, i32(round(vec4<f32>(dir.x, dir.y, dir.z, 0.0f).w)), ref_);
  c.w = (c.w + _e154);
  let _e166 = textureSampleCompare(depthArr, cmp, vec3<f32>(uv.x, uv.y, 3.0f).xy, i32(round(vec3<f32>(uv.x, uv.y, 3.0f).z)), ref_, vec2<i32>(1i, 1i));
  c.w = (c.w + _e166);
  let _e178 = textureSampleCompareLevel(depthArr, cmp, vec3<f32>(uv.x, uv.y, 2.5999999f).xy, i32(round(vec3<f32>(uv.x, uv.y, 2.5999999f).z)), ref_);
  c.w = (c.w + _e178);
  return c;
}
