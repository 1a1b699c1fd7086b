// exec.mjs: runs one WGSL compute shader on Dawn (node `webgpu`) and compares buffers with
// expected values. For WGSL-specific execution checks of the unit tests (tests/unit/wgsl),
// whose expected values are computed by hand; the execution-test cases of tests/exec go
// through run.mjs instead.
//
//   node tests/wgsl/exec.mjs SHADER.wgsl SPEC.json
//
// SPEC: { "entry": "main", "dispatch": [x, y, z],
//         "buffers": [ { "group": 0, "binding": 0, "usage": "uniform" | "storage",
//                        "f32" | "u32" | "i32": [initial words...] } ],
//         "expect":  [ { "binding": 1, "group": 0, "f32" | "u32" | "i32": [values...],
//                        "tolerance": 1e-5 } ] }
// Optional sampled textures and samplers (bound with the buffers of their group):
//   "textures": [ { "group": 0, "binding": 2, "format": "rgba8unorm" | "depth16unorm" | ...,
//                   "size": [w, h], "levels": [ { "u8" | "u16" | "f32": [texels, row-major] } ] } ]
//     (one entry of "levels" per mip level, level k being max(1, w >> k) x max(1, h >> k))
//   "samplers": [ { "group": 0, "binding": 3, "compare": "less" (a comparison sampler),
//                   "filter": "nearest" | "linear" (mag, min and mipmap; default nearest) } ]
//     (address mode clamp-to-edge)
// A buffer's size is its word count * 4 (a uniform buffer's rounded up to 16). The Vulkan
// driver under Dawn comes from the loader (VK_DRIVER_FILES selects SwiftShader).
// Output: PASS, or FAIL with every mismatch. Exit status: 0 pass, 1 fail, 2 bad usage,
// 77 no adapter.
import { create, globals } from 'webgpu';
import { readFileSync } from 'node:fs';

Object.assign(globalThis, globals);

const [wgslPath, specPath] = process.argv.slice(2);
if (!wgslPath || !specPath) {
  console.error('usage: node exec.mjs SHADER.wgsl SPEC.json');
  process.exit(2);
}
const done = (code, msg) => { if (msg) console.log(msg); process.exit(code); };
setTimeout(() => done(1, 'FAIL: did not finish within 60 s'), 60000).unref?.();

const spec = JSON.parse(readFileSync(specPath, 'utf8'));
const code = readFileSync(wgslPath, 'utf8');
const kindOf = (o) => ['f32', 'u32', 'i32'].find((k) => Array.isArray(o[k]));
function words(o) {
  const k = kindOf(o);
  const arr = k === 'f32' ? new Float32Array(o.f32) : k === 'i32' ? new Int32Array(o.i32) : new Uint32Array(o.u32);
  return new Uint32Array(arr.buffer);
}

const gpu = create([]);
const adapter = await gpu.requestAdapter();
if (!adapter) done(77, 'SKIP: Dawn found no adapter');
const requiredFeatures = ['subgroups', 'shader-f16'].filter((f) => adapter.features.has(f));
const device = await adapter.requestDevice({ requiredFeatures });
const errors = [];
device.addEventListener('uncapturederror', (e) => errors.push(e.error.message));

device.pushErrorScope('validation');
const module = device.createShaderModule({ code });
const info = await module.getCompilationInfo();
for (const m of info.messages) if (m.type === 'error') errors.push(`${m.lineNum}:${m.linePos}: ${m.message}`);
const pipeline = device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: spec.entry ?? 'main' } });
const gpuBuffers = spec.buffers.map((b) => {
  const w = words(b);
  const uniform = b.usage === 'uniform';
  const size = uniform ? (w.length * 4 + 15) & ~15 : w.length * 4;
  const buf = device.createBuffer({
    size, usage: (uniform ? GPUBufferUsage.UNIFORM : GPUBufferUsage.STORAGE) | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST });
  device.queue.writeBuffer(buf, 0, w);
  const staging = device.createBuffer({ size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  return { ...b, group: b.group ?? 0, buf, staging, size };
});
const typed = { u8: Uint8Array, u16: Uint16Array, f32: Float32Array };
const bindings = gpuBuffers.map((b) => ({ group: b.group, binding: b.binding, resource: { buffer: b.buf } }));
for (const t of spec.textures ?? []) {
  const [w, h] = t.size;
  const levels = t.levels ?? [];
  const tex = device.createTexture({
    size: [w, h], format: t.format, mipLevelCount: Math.max(1, levels.length),
    usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST });
  levels.forEach((lv, k) => {
    const kind = ['u8', 'u16', 'f32'].find((x) => Array.isArray(lv[x]));
    const data = new typed[kind](lv[kind]);
    const lw = Math.max(1, w >> k), lh = Math.max(1, h >> k);
    const bytesPerRow = (data.byteLength / (lw * lh)) * lw;
    device.queue.writeTexture({ texture: tex, mipLevel: k }, data, { bytesPerRow, rowsPerImage: lh }, [lw, lh]);
  });
  bindings.push({ group: t.group ?? 0, binding: t.binding, resource: tex.createView() });
}
for (const s of spec.samplers ?? []) {
  const f = s.filter ?? 'nearest';
  const desc = { magFilter: f, minFilter: f, mipmapFilter: f, addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge' };
  if (s.compare) desc.compare = s.compare;
  bindings.push({ group: s.group ?? 0, binding: s.binding, resource: device.createSampler(desc) });
}
const enc = device.createCommandEncoder();
const pass = enc.beginComputePass();
pass.setPipeline(pipeline);
for (const g of [...new Set(bindings.map((b) => b.group))]) {
  const entries = bindings.filter((b) => b.group === g).map((b) => ({ binding: b.binding, resource: b.resource }));
  pass.setBindGroup(g, device.createBindGroup({ layout: pipeline.getBindGroupLayout(g), entries }));
}
const d = spec.dispatch ?? [1, 1, 1];
pass.dispatchWorkgroups(d[0], d[1] ?? 1, d[2] ?? 1);
pass.end();
for (const b of gpuBuffers) enc.copyBufferToBuffer(b.buf, 0, b.staging, 0, b.size);
device.queue.submit([enc.finish()]);
const scope = await device.popErrorScope();
if (scope) errors.push(scope.message);
if (errors.length) done(1, `FAIL ${wgslPath}:\n  ${errors.join('\n  ')}`);

const problems = [];
for (const e of spec.expect) {
  const b = gpuBuffers.find((x) => x.binding === e.binding && x.group === (e.group ?? 0));
  if (!b) { problems.push(`no buffer at binding ${e.binding}`); continue; }
  await b.staging.mapAsync(GPUMapMode.READ);
  const bytes = b.staging.getMappedRange().slice(0);
  b.staging.unmap();
  const k = kindOf(e);
  const got = k === 'f32' ? new Float32Array(bytes) : k === 'i32' ? new Int32Array(bytes) : new Uint32Array(bytes);
  const tol = e.tolerance ?? 0;
  e[k].forEach((want, i) => {
    if (want === null) return;  // a word the check leaves alone
    const ok = k === 'f32' ? Math.abs(got[i] - want) <= tol * Math.max(1, Math.abs(want)) : got[i] === want;
    if (!ok) problems.push(`binding ${e.binding} word ${i}: got ${got[i]}, expected ${want}`);
  });
}
done(problems.length ? 1 : 0, problems.length ? `FAIL ${wgslPath}:\n  ${problems.join('\n  ')}` : `PASS ${wgslPath}`);
