#version 450
// vkrun with a workgroup size set by a specialization constant, proved with glslang's module
// (not OneShader's): x is SpecId 0, default 64; the case sets 4. glslang makes the
// WorkgroupSize built-in for vulkan1.0-1.2 and OpExecutionModeId LocalSizeId for vulkan1.3,
// which needs the maintenance4 feature (vkrun enables it for such a module).
layout(local_size_x = 64) in;
layout(local_size_x_id = 0) in;
layout(std430, binding = 0) buffer B { uint Out[]; };
void main() {
  if (gl_GlobalInvocationID.x >= 8u) return;  // with 64 threads per group, 128 would run
  Out[gl_GlobalInvocationID.x] = gl_WorkGroupID.x * 100u + gl_LocalInvocationID.x;
}
