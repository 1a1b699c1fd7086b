@group(0) @binding(0) var tex: texture_2d<f32>;
@group(0) @binding(1) var texArr: texture_2d_array<u32>;
@group(0) @binding(2) var cube: texture_cube<i32>;
@group(0) @binding(3) var cubes: texture_cube_array<f32>;
@group(0) @binding(4) var depth: texture_depth_2d;
@group(0) @binding(5) var depthArr: texture_depth_2d_array;
@group(0) @binding(6) var depthCube: texture_depth_cube;
@group(0) @binding(7) var samp: sampler;
@group(0) @binding(8) var cmp: sampler_comparison;

@fragment
fn main(@location(0) uv: vec2<f32>, @location(1) dir: vec3<f32>, @location(2) ref_: f32) -> @location(0) vec4<f32> {
  let _e3 = textureGather(0, tex, samp, uv);
  var c = _e3;
  let _e9 = textureGather(0, tex, samp, uv, vec2<i32>(1i, (-1i)));
  c = (c + _e9);
  let _e15 = vec4<f32>(textureGather(1, tex, samp, uv, vec2<i32>(0i, 1i)).w, textureGather(1, tex, samp, uv, vec2<i32>(1i, 0i)).w, textureGather(1, tex, samp, uv, vec2<i32>((-1i), 0i)).w, textureGather(1, tex, samp, uv, vec2<i32>(0i, (-1i))).w);
  c = (c + _e15);
  let _e25 = textureGather(2, texArr, samp, vec3<f32>(uv.x, uv.y, 1.0f).xy, i32(round(vec3<f32>(uv.x, uv.y, 1.0f).z)), vec2<i32>(2i, 3i));
  let _e26 = vec4<f32>(_e25);
  c = (c + vec4<f32>(_e26.x, _e26.y, _e26.z, _e26.w));
  let _e41 = textureGather(3, texArr, samp, vec3<f32>(uv.x, uv.y, 2.0f).xy, i32(round(vec3<f32>(uv.x, uv.y, 2.0f).z)));
  let _e42 = vec4<f32>(_e41);
  c = (c + vec4<f32>(_e42.x, _e42.y, _e42.z, _e42.w));
  let _e54 = textureGather(1, cube, samp, dir);
  let _e55 = vec4<f32>(_e54);
  c = (c + vec4<f32>(_e55.x, _e55.y, _e55.z, _e55.w));
  let _e71 = textureGather(3, cubes, samp, vec4<f32>(dir.x, dir.y, dir.z, 3.0f).xyz, i32(round(vec4<f32>(dir.x, dir.y, dir.z, 3.0f).w)));
  c = (c + _e71);
  let _e78 = textureGatherCompare(depth, cmp, uv, ref_);
  c = (c + _e78);
  let _e84 = textureGatherCompare(depth, cmp, uv, ref_, vec2<i32>((-2i), 1i));
  c = (c + _e84);
  let _e90 = vec4<f32>(textureGatherCompare(depth, cmp, uv, ref_, vec2<i32>(0i, 0i)).w, textureGatherCompare(depth, cmp, uv, ref_, vec2<i32>(1i, 0i)).w, textureGatherCompare(depth, cmp, uv, ref_, vec2<i32>(0i, 1i)).w, textureGatherCompare(depth, cmp, uv, ref_, vec2<i32>(1i, 1i)).w);
  c = (c + _e90);
  let _e100 = textureGatherCompare(depthArr, cmp, vec3<f32>(uv.x, uv.y, 1.0f).xy, i32(round(vec3<f32>(uv.x, uv.y, 1.0f).z)), ref_, vec2<i32>(1i, 1i));
  c = (c + _e100);
  let _e106 = textureGatherCompare(depthCube, cmp, dir, ref_);
  c = (c + _e106);
  let _e112 = textureGather(depth, samp, uv, vec2<i32>((-1i), (-1i)));
  c = (c + _e112);
  return c;
}
