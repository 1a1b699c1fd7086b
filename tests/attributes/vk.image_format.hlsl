// ATTR: [[vk::image_format]]
// ARGS: -E main -T cs_6_0
// REMOVE: [[vk::image_format("rgba8")]]
// SPIRV: OpTypeImage %float 2D 0 0 0 2 Rgba8
// WGSL: texture_storage_2d<rgba8unorm, read_write>
// REFLECT-MSL: "pixelFormat": "RGBA8Unorm"
// NOTE: without it the format is inferred from float4 (Rgba32f / rgba32float / RGBA32Float),
// NOTE: as DXC does. MSL's texture type has no format: the host creates the texture with the
// NOTE: reflected pixel format.
[[vk::image_format("rgba8")]] RWTexture2D<float4> Img : register(u0);
[numthreads(8, 8, 1)]
void main(uint3 id : SV_DispatchThreadID) {
  Img[id.xy] = float4(id.xy / 8.0, 0, 1);
}
