enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> In: array<f32>;
@group(0) @binding(1) var<storage, read_write> Out: array<vec4<f32>>;

fn src_main(id: vec3<u32>) {
  var v: f32;
  let _e5 = In[id.x];
  v = _e5;
  let _e12 = v;
  let _e13 = quadSwapX(_e12);
  let _e15 = v;
  let _e16 = quadSwapY(_e15);
  let _e18 = v;
  let _e19 = quadSwapDiagonal(_e18);
  let _e21 = v;
  let _e23 = quadBroadcast(_e21, 2u);
  Out[id.x] = vec4<f32>(_e13, _e16, _e19, _e23);
}

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) in_var_SV_DispatchThreadID: vec3<u32>) {
  src_main(in_var_SV_DispatchThreadID);
  return;
}
