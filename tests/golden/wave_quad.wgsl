enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> In: array<f32>;
@group(0) @binding(1) var<storage, read_write> Out: array<vec4<f32>>;

fn src_main(id: vec3<u32>) {
  var id_1: vec3<u32>;
  var v: f32;
  id_1 = id;
  let _e3 = id_1;
  let _e8 = In[_e3.x];
  v = _e8;
  let _e11 = id_1;
  let _e17 = v;
  let _e18 = quadSwapX(_e17);
  let _e20 = v;
  let _e21 = quadSwapY(_e20);
  let _e23 = v;
  let _e24 = quadSwapDiagonal(_e23);
  let _e26 = v;
  let _e28 = quadBroadcast(_e26, 2u);
  Out[_e11.x] = vec4<f32>(_e18, _e21, _e24, _e28);
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) in_var_SV_DispatchThreadID: vec3<u32>) {
  src_main(in_var_SV_DispatchThreadID);
  return;
}
