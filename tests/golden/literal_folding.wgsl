@group(0) @binding(0) var<storage, read> In: array<f32>;
@group(0) @binding(1) var<storage, read_write> Out: array<f32>;
@group(0) @binding(2) var<storage, read_write> Ints: array<i32>;

fn src_main() {
  var k: f32;
  let _e4 = In[0i];
  k = _e4;
  let _e12 = k;
  Out[0i] = (0.00499999989f * _e12);
  let _e19 = k;
  Out[1i] = ((_e19 * 0.100000001f) * 0.0500000007f);
  let _e30 = k;
  Out[2i] = (0.454545468f * _e30);
  Out[3i] = 17.5f;
  Ints[0i] = 1073741824i;
  Ints[1i] = (-7i);
  Ints[2i] = 0i;
}

@compute @workgroup_size(1, 1, 1)
fn main() {
  src_main();
  return;
}
