// vkrun's shader clock support (VK_KHR_shader_clock), proved with glslang whatever compiler
// the exec cases use: subgroup (clock2x32ARB) and device (clockRealtime2x32EXT) readings in
// one invocation must not decrease; booleans only. Expectations by hand in shader_clock.json.
#version 460
#extension GL_ARB_shader_clock : require
#extension GL_EXT_shader_realtime_clock : require
layout(local_size_x = 8) in;
layout(set = 0, binding = 0, std430) buffer Out { uint o[]; };

bool le(uvec2 a, uvec2 b) { return a.y < b.y || (a.y == b.y && a.x <= b.x); }

void main() {
  uint i = gl_GlobalInvocationID.x;
  uvec2 s0 = clock2x32ARB();
  uvec2 d0 = clockRealtime2x32EXT();
  uint h = i;
  for (uint k = 0u; k < 100u; ++k) h = h * 1664525u + 1013904223u;
  uvec2 s1 = clock2x32ARB();
  uvec2 d1 = clockRealtime2x32EXT();
  o[2u * i] = le(s0, s1) ? 1u : 0u;
  o[2u * i + 1u] = le(d0, d1) ? 1u : 0u;
  o[16u + i] = h;  // keeps the work between the readings (not checked)
}
