enable dual_source_blending;

struct PSOut {
  color: vec4<f32>,
  blend: vec4<f32>,
}

struct out_main {
  @location(0) @blend_src(0) var_SV_Target0: vec4<f32>,
  @location(0) @blend_src(1) var_SV_Target1: vec4<f32>,
}

fn src_main(c: vec4<f32>, uv: vec2<f32>) -> PSOut {
  var o: PSOut;
  o.color = c;
  o.blend = vec4<f32>(uv.x, uv.y, (1.0f - uv.x), 0.25f);
  return o;
}

@fragment
fn main(@location(0) in_var_COLOR: vec4<f32>, @location(1) in_var_TEXCOORD0: vec2<f32>) -> out_main {
  let _e2 = src_main(in_var_COLOR, in_var_TEXCOORD0);
  return out_main(_e2.color, _e2.blend);
}
