// ARGS: -E main -T vs_6_0
// SPIRV: BuiltIn InstanceIndex
// SPIRV: OpDecorate %out_var_SV_InstanceID Location 0
// MSL: [[instance_id]]
// MSL: [[user(locn0)]]
// WGSL: @builtin(instance_index)
// WGSL: @location(0) @interpolate(flat)
// NOTE: DXC (semantic.instance-id.vs.hlsl): an SV_InstanceID vertex output is a user value at
// NOTE: a Location; WGSL needs @interpolate(flat) on an integer vertex output (Dawn).
struct Out {
  int id : SV_InstanceID;
  float4 pos : SV_Position;
};
Out main(int input : SV_InstanceID) {
  Out o;
  o.id = input;
  o.pos = float4(0, 0, 0, 1);
  return o;
}
