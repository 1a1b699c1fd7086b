@group(0) @binding(0) var<storage, read> In: array<f32>;
@group(0) @binding(1) var<storage, read_write> Out: array<f32>;
@group(0) @binding(2) var<storage, read_write> Ints: array<i32>;

@compute @workgroup_size(1, 1, 1)
fn main() {
  let k = In[0i];
  Out[0i] = (0.00499999989f * k);
  Out[1i] = ((k * 0.100000001f) * 0.0500000007f);
  Out[2i] = (0.454545468f * k);
  Out[3i] = 17.5f;
  Ints[0i] = 1073741824i;
  Ints[1i] = (-7i);
  Ints[2i] = 0i;
}
