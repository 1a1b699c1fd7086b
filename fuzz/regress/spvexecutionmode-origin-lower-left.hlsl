// A user execution mode that conflicts with one OneShader emits (OriginLowerLeft against the
// OriginUpperLeft of every pixel entry point): the validator's OSH3001 at the attribute, as
// DXC's validator refuses it. Inline SPIR-V, so the fuzz oracle allows OSH3001 here.
[[vk::spvexecutionmode(8)]]
float4 main() : SV_Target { return 1; }
