// vkrun's device addresses ("address_of"), proved with glslang whatever compiler the exec
// cases use: a pointer in the push constants and one stored inside a buffer, both read,
// one written through. Expectations by hand in buffer_address.json.
#version 460
#extension GL_EXT_buffer_reference : require
layout(local_size_x = 1) in;

layout(buffer_reference, std430, buffer_reference_align = 4) buffer Words { uint v[]; };

layout(push_constant) uniform Push { Words src; } pc;          // address of Src
layout(set = 0, binding = 0, std430) buffer Out { uint o[]; };
layout(set = 0, binding = 1, std430) buffer Table { uint tag; uint pad; Words mid; };  // mid: Src + 8

void main() {
  for (int i = 0; i < 4; ++i) o[i] = pc.src.v[i];
  o[4] = mid.v[0];
  o[5] = mid.v[1];
  o[6] = tag;
  mid.v[1] = 99u;  // Src[3]
}
