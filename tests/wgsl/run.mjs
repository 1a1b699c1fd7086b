// run.mjs: the WebGPU leg of an execution-test case (tests/exec/cases/*.json).
//
//   node tests/wgsl/run.mjs --vkrun PATH [--dump OUT.bin] [--quiet] [--push-constants GROUP:BINDING]
//                           [--sampler-at SET:BINDING=GROUP:BINDING ...] CASE.json SHADER.wgsl
//
// Runs the case's compute shader, compiled to WGSL, on Dawn (node `webgpu`). The Vulkan
// driver under Dawn comes from the loader, so VK_DRIVER_FILES selects it (the tests use
// SwiftShader: /usr/lib/chromium/vk_swiftshader_icd.json).
//
// The case description is interpreted by vkrun, not here, so the two legs cannot disagree
// about it: `vkrun --info` gives the entry point, dispatch and requirements, `vkrun
// --init-dump` the buffers (name, @group = set, @binding = binding, storage or uniform)
// with their initial contents, `vkrun --inputs` the sampled textures (format, size,
// layers, texel bytes per mip level), samplers (filter, compare; clamp-to-edge), the
// push-constant bytes and the spec constants. This script creates those buffers, textures
// (written with queue.writeTexture, as tests/wgsl/exec.mjs does) and samplers, binds them through the
// pipeline's own layout ('auto', so the WGSL's access modes decide read-only-storage or
// storage), dispatches once, reads every buffer back into a dump (same format) and hands it
// to `vkrun --check` with the adapter's subgroup size range: the same expectations and the
// same wave reference model as the Vulkan legs.
//
// WebGPU has neither push constants nor specialization constants. The case's spec
// constants become the compute stage's pipeline-overridable `constants`, keyed by the id
// (the WGSL declares `@id(N) override`; a constant the shader lacks is a pipeline error).
// The push-constant bytes go into a uniform buffer (size rounded up to 16) bound at
// --push-constants GROUP:BINDING, where the compiler's reflection says the WGSL declares it
// (tests/wgsl/run_case.sh reads that); a case with push constants needs the option.
//
// WebGPU has no combined image samplers either. A case sampler on a texture's set/binding is
// that texture's [[vk::combinedImageSampler]] partner (one descriptor on Vulkan); the WGSL
// declares the sampler at a binding of its own, which the compiler's reflection reports:
// --sampler-at SET:BINDING=GROUP:BINDING binds the case sampler at SET:BINDING there
// (tests/wgsl/run_case.sh reads the reflection). Such a sampler without the option, or the
// option without such a sampler, is an error.
//
// The device gets the `subgroups` feature when the adapter offers it (`shader-f16` too,
// for cases that need shaderFloat16). Any Dawn validation error, an error in the shader's
// compilation info, or a dispatch that does not finish within 60 s fails the case.
//
// Exit status: vkrun --check's (0 pass, 1 fail), 77 skip (the adapter lacks something the
// case requires), 2 bad usage.
import { create, globals } from 'webgpu';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

Object.assign(globalThis, globals);

const PASS = 0, FAIL = 1, USAGE = 2, SKIP = 77;
const DUMP_MAGIC = 0x4448534f, DUMP_VERSION = 1;

function usage(msg) {
  if (msg) console.error(`run.mjs: ${msg}`);
  console.error('usage: node run.mjs --vkrun PATH [--dump OUT.bin] [--quiet] [--push-constants GROUP:BINDING] ' +
                '[--sampler-at SET:BINDING=GROUP:BINDING ...] CASE.json SHADER.wgsl');
  process.exit(USAGE);
}

let vkrun = '', dumpPath = '', quiet = false, pushAt = null;
const samplerAt = new Map();  // "SET:BINDING" of a case sampler -> { set: GROUP, binding } in the WGSL
const positional = [];
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; ++i) {
  const a = argv[i];
  if (a === '--vkrun') vkrun = argv[++i] ?? usage('--vkrun needs a path');
  else if (a === '--dump') dumpPath = argv[++i] ?? usage('--dump needs a path');
  else if (a === '--quiet') quiet = true;
  else if (a === '--sampler-at') {
    const m = /^(\d+):(\d+)=(\d+):(\d+)$/.exec(argv[++i] ?? '');
    if (!m) usage('--sampler-at needs SET:BINDING=GROUP:BINDING');
    samplerAt.set(`${m[1]}:${m[2]}`, { set: Number(m[3]), binding: Number(m[4]) });
  }
  else if (a === '--push-constants') {
    const m = /^(\d+):(\d+)$/.exec(argv[++i] ?? '');
    if (!m) usage('--push-constants needs GROUP:BINDING');
    pushAt = { set: Number(m[1]), binding: Number(m[2]) };
  }
  else if (a.startsWith('-')) usage(`unknown option ${a}`);
  else positional.push(a);
}
if (positional.length !== 2 || !vkrun) usage();
const [casePath, wgslPath] = positional;

let scratch = '';
function finish(code, msg) {
  if (msg) console.log(msg);
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  process.exit(code);  // dawn.node keeps the event loop alive otherwise
}
const fail = (msg) => finish(FAIL, `FAIL ${casePath}: ${msg}`);
const skip = (msg) => finish(SKIP, `SKIP ${casePath}: ${msg}`);
setTimeout(() => fail('the WebGPU leg did not finish within 60 s'), 60000).unref?.();

function runVkrun(args, what) {
  const r = spawnSync(vkrun, args, { encoding: 'utf8' });
  if (r.error) finish(USAGE, `run.mjs: cannot run ${vkrun}: ${r.error.message}`);
  if (r.status !== 0 && what) finish(USAGE, `run.mjs: vkrun ${what} failed:\n${r.stdout}${r.stderr}`);
  return r;
}

// --- the case, as vkrun reads it
const info = {};
for (const line of runVkrun(['--info', casePath], '--info').stdout.split('\n')) {
  const eq = line.indexOf('=');
  if (eq > 0) info[line.slice(0, eq)] = line.slice(eq + 1);
}
const list = (s) => (s ? s.split(',') : []);
const dispatch = info.dispatch.split(',').map(Number);
const subgroupOps = list(info.subgroup_ops), features = list(info.features);
const requiredSubgroupSize = Number(info.subgroup_size || 0);

scratch = mkdtempSync(join(tmpdir(), 'oneshader-wgsl-'));
runVkrun(['--init-dump', casePath, join(scratch, 'init.bin')], '--init-dump');

function readDump(path) {
  const bytes = readFileSync(path);
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let pos = 0;
  const word = () => { const w = view.getUint32(pos, true); pos += 4; return w; };
  if (word() !== DUMP_MAGIC || word() !== DUMP_VERSION) throw new Error(`${path}: not a version 1 buffer dump`);
  const out = [];
  for (let n = word(); n > 0; --n) {
    const set = word(), binding = word(), uniform = word() !== 0, len = word();
    const name = bytes.subarray(pos, pos + len).toString('utf8');
    pos += (len + 3) & ~3;
    const count = word();
    const words = new Uint32Array(count);
    for (let k = 0; k < count; ++k) words[k] = word();
    out.push({ name, set, binding, uniform, words });
  }
  return out;
}

function writeDump(path, buffers) {
  let size = 12;
  for (const b of buffers) size += 16 + ((Buffer.byteLength(b.name) + 3) & ~3) + 4 + b.words.length * 4;
  const bytes = Buffer.alloc(size);
  let pos = 0;
  const put = (w) => { bytes.writeUInt32LE(w >>> 0, pos); pos += 4; };
  put(DUMP_MAGIC); put(DUMP_VERSION); put(buffers.length);
  for (const b of buffers) {
    put(b.set); put(b.binding); put(b.uniform ? 1 : 0); put(Buffer.byteLength(b.name));
    bytes.write(b.name, pos, 'utf8');
    pos += (Buffer.byteLength(b.name) + 3) & ~3;
    put(b.words.length);
    for (const w of b.words) put(w);
  }
  writeFileSync(path, bytes);
}

const buffers = readDump(join(scratch, 'init.bin'));
// The case's textures (with their texel bytes per mip level), samplers, push-constant bytes
// and spec constants, as vkrun reads them.
const inputs = JSON.parse(runVkrun(['--inputs', casePath], '--inputs').stdout);
const { textures, samplers } = inputs;
const pushWords = inputs.push_constants.words;
if (pushWords.length && !pushAt) usage('the case has push constants: give --push-constants GROUP:BINDING');
if (!pushWords.length && pushAt) usage('--push-constants given, but the case has no push constants');
// GPUPipelineConstantValue is a double; a bool override takes 0 / 1.
const constants = {};
for (const sc of inputs.spec_constants) {
  if (['int64', 'uint64', 'double', 'int16', 'uint16'].includes(sc.type))
    fail(`spec constant ${sc.id} is ${sc.type}, which WGSL has no override of (the case needs "wgsl": "unsupported: ...")`);
  constants[String(sc.id)] = sc.type === 'bool' ? (sc.value ? 1 : 0) : sc.value;
}

// --- adapter and device
const gpu = create([]);
const adapter = await gpu.requestAdapter();
if (!adapter) fail('Dawn found no adapter (is VK_DRIVER_FILES a working Vulkan driver? see docs/testing.md)');
const ai = adapter.info;
const sgMin = ai.subgroupMinSize, sgMax = ai.subgroupMaxSize;
if (!quiet)
  console.log(`adapter: ${ai.vendor} ${ai.architecture} (${ai.description}), subgroups ${sgMin}..${sgMax}, ` +
              `features ${[...adapter.features].sort().join(' ')}`);
const requiredFeatures = [];
if (adapter.features.has('subgroups')) requiredFeatures.push('subgroups');
else if (subgroupOps.length) skip('the adapter lacks the subgroups feature');
for (const f of features) {
  if (f === 'shaderFloat16') {
    if (!adapter.features.has('shader-f16')) skip('the adapter lacks shader-f16');
    requiredFeatures.push('shader-f16');
  }
  // 64-bit, 16-bit integer and 8-bit types have no WebGPU feature: such a case declares
  // "wgsl": "unsupported: OSHnnnn" and never gets here.
}
if (subgroupOps.includes('partitioned_nv')) skip('WebGPU has no partitioned subgroup operations');
if (requiredSubgroupSize && (requiredSubgroupSize < sgMin || requiredSubgroupSize > sgMax || sgMin !== sgMax))
  skip(`the adapter cannot guarantee subgroups of ${requiredSubgroupSize} (it has ${sgMin}..${sgMax})`);
// Ask for the adapter's limits on buffers per stage and workgroup size: a case is small.
const requiredLimits = {};
for (const k of ['maxStorageBuffersPerShaderStage', 'maxUniformBuffersPerShaderStage', 'maxComputeInvocationsPerWorkgroup',
                 'maxComputeWorkgroupSizeX', 'maxComputeWorkgroupSizeY', 'maxComputeWorkgroupSizeZ',
                 'maxComputeWorkgroupStorageSize', 'maxBindGroups'])
  requiredLimits[k] = adapter.limits[k];
const device = await adapter.requestDevice({ requiredFeatures, requiredLimits });
const uncaptured = [];
device.addEventListener('uncapturederror', (e) => uncaptured.push(e.error.message));
device.lost.then((l) => { if (l.reason !== 'destroyed') fail(`device lost: ${l.message}`); });

async function scoped(what, fn) {
  device.pushErrorScope('internal');
  device.pushErrorScope('out-of-memory');
  device.pushErrorScope('validation');
  const result = fn();
  const errors = [await device.popErrorScope(), await device.popErrorScope(), await device.popErrorScope()].filter(Boolean);
  if (errors.length) fail(`${what}: ${errors.map((e) => e.message).join('\n')}`);
  return result;
}

// --- shader and pipeline
const code = readFileSync(wgslPath, 'utf8');
const module = await scoped('createShaderModule', () => device.createShaderModule({ code, label: wgslPath }));
const compilation = await module.getCompilationInfo();
let compileErrors = 0;
for (const m of compilation.messages) {
  console.log(`${wgslPath}:${m.lineNum}:${m.linePos}: ${m.type}: ${m.message}`);
  if (m.type === 'error') ++compileErrors;
}
if (compileErrors) fail(`Dawn rejected ${wgslPath}`);
const pipeline = await scoped('createComputePipeline', () =>
  device.createComputePipeline({ layout: 'auto', compute: { module, entryPoint: info.entry, constants } }));

// --- buffers, each with a staging copy for the read-back
const gpuBuffers = [];
for (const b of buffers) {
  const size = b.uniform ? (b.words.length * 4 + 15) & ~15 : b.words.length * 4;
  const usage = (b.uniform ? GPUBufferUsage.UNIFORM : GPUBufferUsage.STORAGE) | GPUBufferUsage.COPY_SRC | GPUBufferUsage.COPY_DST;
  const buf = device.createBuffer({ size, usage, label: b.name });
  device.queue.writeBuffer(buf, 0, b.words);
  const staging = device.createBuffer({ size, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
  gpuBuffers.push({ buf, staging, size });
}

// --- textures and samplers (bound with the buffers of their group), the push constants' buffer
const resources = buffers.map((b, i) => ({ set: b.set, binding: b.binding, resource: { buffer: gpuBuffers[i].buf } }));
if (pushAt) {
  if (resources.some((r) => r.set === pushAt.set && r.binding === pushAt.binding))
    fail(`the push constants' @group(${pushAt.set}) @binding(${pushAt.binding}) is also a case buffer's`);
  const words = new Uint32Array((pushWords.length + 3) & ~3);  // a uniform buffer's size: a multiple of 16 bytes
  words.set(pushWords);
  const buf = device.createBuffer({ size: words.byteLength, usage: GPUBufferUsage.UNIFORM | GPUBufferUsage.COPY_DST,
                                    label: 'push constants' });
  device.queue.writeBuffer(buf, 0, words);
  resources.push({ ...pushAt, resource: { buffer: buf } });
}
for (const t of textures) {
  const tex = device.createTexture({
    size: [t.width, t.height, t.layers], format: t.format, mipLevelCount: t.levels.length, label: t.name,
    usage: GPUTextureUsage.TEXTURE_BINDING | GPUTextureUsage.COPY_DST });
  const texel = t.format === 'depth16unorm' ? 2 : 4;
  t.levels.forEach((bytes, k) => {
    const lw = Math.max(1, t.width >> k), lh = Math.max(1, t.height >> k);
    device.queue.writeTexture({ texture: tex, mipLevel: k }, new Uint8Array(bytes), { bytesPerRow: lw * texel, rowsPerImage: lh },
                              [lw, lh, t.layers]);
  });
  resources.push({ set: t.set, binding: t.binding, resource: tex.createView({ dimension: t.array ? '2d-array' : '2d' }) });
}
for (const key of samplerAt.keys())
  if (!samplers.some((s) => `${s.set}:${s.binding}` === key)) usage(`--sampler-at ${key}: the case has no sampler there`);
for (const s of samplers) {
  const key = `${s.set}:${s.binding}`;
  const combined = textures.some((t) => t.set === s.set && t.binding === s.binding);
  if (combined && !samplerAt.has(key))
    fail(`sampler ${s.name} shares texture binding ${key} (a combined image sampler): give --sampler-at ${key}=GROUP:BINDING`);
  if (!combined && samplerAt.has(key)) usage(`--sampler-at ${key}: sampler ${s.name} is not on a texture's binding`);
  const at = samplerAt.get(key) ?? { set: s.set, binding: s.binding };
  const desc = { magFilter: s.filter, minFilter: s.filter, mipmapFilter: s.filter, label: s.name,
                 addressModeU: 'clamp-to-edge', addressModeV: 'clamp-to-edge', addressModeW: 'clamp-to-edge' };
  if (s.compare) desc.compare = s.compare.replace('_', '-');
  resources.push({ ...at, resource: device.createSampler(desc) });
}

// One bind group per @group the case uses, through the pipeline's own layout. A group the
// shader does not use has an empty layout, so only groups with case resources are bound.
const groups = [...new Set(resources.map((b) => b.set))].sort((a, b) => a - b);
const bindGroups = [];
for (const g of groups) {
  const entries = [];
  for (const r of resources) if (r.set === g) entries.push({ binding: r.binding, resource: r.resource });
  const bg = await scoped(`bind group ${g} (bindings ${entries.map((e) => e.binding).join(' ')})`,
                          () => device.createBindGroup({ layout: pipeline.getBindGroupLayout(g), entries }));
  bindGroups.push([g, bg]);
}

// --- dispatch and read back
const t0 = performance.now();
await scoped('dispatch', () => {
  const enc = device.createCommandEncoder();
  const pass = enc.beginComputePass();
  pass.setPipeline(pipeline);
  for (const [g, bg] of bindGroups) pass.setBindGroup(g, bg);
  pass.dispatchWorkgroups(dispatch[0], dispatch[1], dispatch[2]);
  pass.end();
  for (const { buf, staging, size } of gpuBuffers) enc.copyBufferToBuffer(buf, 0, staging, 0, size);
  device.queue.submit([enc.finish()]);
});
const readBack = [];
for (let i = 0; i < buffers.length; ++i) {
  const { staging } = gpuBuffers[i];
  await staging.mapAsync(GPUMapMode.READ);
  readBack.push({ ...buffers[i], words: new Uint32Array(staging.getMappedRange().slice(0, buffers[i].words.length * 4)) });
  staging.unmap();
}
const ms = performance.now() - t0;
if (uncaptured.length) fail(`Dawn reported errors:\n${uncaptured.join('\n')}`);
if (!quiet) console.log(`timing: dispatch + read-back ${ms.toFixed(1)} ms`);

// --- the same checks as the Vulkan legs
const out = dumpPath || join(scratch, 'result.bin');
writeDump(out, readBack);
const check = runVkrun(['--check', casePath, out, '--subgroup-size', `${sgMin}:${sgMax}`, ...(quiet ? ['--quiet'] : [])]);
process.stdout.write(check.stdout);
process.stderr.write(check.stderr);
finish(check.status === 0 ? PASS : check.status === null ? FAIL : check.status);
