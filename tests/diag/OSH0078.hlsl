// EXPECT: OSH0078 5:51
// vk::integral_constant<T, v> names an OpConstant of T: T is bool, an integer type or an
// enum (inline-spirv.md section 9; OneShader gives v the type T, as proposal 0011 does).
typedef vk::SpirvOpaqueType</* OpTypeArray */ 28, float,
                            vk::integral_constant<float, 4> > Arr;
[numthreads(1, 1, 1)]
void main() { Arr a; }
