enable subgroups;
diagnostic(off, subgroup_uniformity);

@group(0) @binding(0) var<storage, read> In: array<f32>;
@group(0) @binding(1) var<storage, read_write> Out: array<vec4<f32>>;

@compute @workgroup_size(64, 1, 1)
fn main(@builtin(global_invocation_id) id: vec3<u32>) {
  let v = In[id.x];
  let _e13 = quadSwapX(v);
  let _e16 = quadSwapY(v);
  let _e19 = quadSwapDiagonal(v);
  let _e23 = quadBroadcast(v, 2u);
  Out[id.x] = vec4<f32>(_e13, _e16, _e19, _e23);
}
