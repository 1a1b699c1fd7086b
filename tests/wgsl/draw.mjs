// draw.mjs: the WebGPU leg of a graphics execution test (tests/exec/draw/*.hlsl): renders the
// case's draw with a vertex and a fragment WGSL module on Dawn (node `webgpu`) and checks the
// pixels with vkdraw, so the Dawn leg and the Vulkan legs share one reading of the case.
//
//   node tests/wgsl/draw.mjs --vkdraw PATH --vs VS.wgsl --fs FS.wgsl [--entries VS_NAME FS_NAME]
//                            [--pixels OUT.bin] -- DRAW_ARGS...
//
// DRAW_ARGS are the case's `// VKDRAW:` arguments. `vkdraw --info DRAW_ARGS` says what to
// draw (target size, topology, blend, clear colour, draws); this script renders it and hands
// the image to `vkdraw --check-pixels FILE DRAW_ARGS`, which applies the --expect and
// --expect-count checks (exact float comparison) as after a Vulkan draw.
//
// The render target is one W x H rgba32float texture (vkdraw: R32G32B32A32_SFLOAT) cleared to
// the clear colour; the pipeline has no vertex buffers and no bind groups ('auto' layout; a
// shader that binds anything fails, as on vkdraw, which has no descriptors); no culling,
// front face ccw; one pass.draw(VERTICES, INSTANCES, FIRST_VERTEX, FIRST_INSTANCE) per
// --draw (vkdraw draws several with one indirect draw; WebGPU has no draw index anyway).
// --blend src1 is dual-source blending, colour = src0 * src1 + dst * (1 - src1) (WebGPU
// features `dual-source-blending` and, for an rgba32float target, `float32-blendable`).
// WebGPU has no mesh draws: --draw-mesh is a usage error (a mesh case's Dawn leg checks that
// the compiler refuses the stage instead; tests/wgsl/run_draw.sh).
//
// WebGPU features: the `enable` directives of the two modules name the features the device
// needs (subgroups, f16 -> shader-f16, dual_source_blending, primitive_index, clip_distances);
// an adapter without one skips (exit 77), naming it. Any Dawn validation error, error in a
// module's compilation info, or a draw that does not finish within 60 s fails.
//
// Exit status: vkdraw --check-pixels's (0 pass, 1 fail), 77 skip, 2 bad usage.
import { create, globals } from 'webgpu';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

Object.assign(globalThis, globals);

const FAIL = 1, USAGE = 2, SKIP = 77;

function usage(msg) {
  if (msg) console.error(`draw.mjs: ${msg}`);
  console.error('usage: node draw.mjs --vkdraw PATH --vs VS.wgsl --fs FS.wgsl [--entries VS FS] [--pixels OUT.bin] -- DRAW_ARGS...');
  process.exit(USAGE);
}

let vkdraw = '', vsPath = '', fsPath = '', vsEntry = 'vsmain', fsEntry = 'psmain', pixelsPath = '';
const argv = process.argv.slice(2);
let i = 0;
for (; i < argv.length; ++i) {
  const a = argv[i];
  if (a === '--') { ++i; break; }
  if (a === '--vkdraw') vkdraw = argv[++i] ?? usage('--vkdraw needs a path');
  else if (a === '--vs') vsPath = argv[++i] ?? usage('--vs needs a path');
  else if (a === '--fs') fsPath = argv[++i] ?? usage('--fs needs a path');
  else if (a === '--pixels') pixelsPath = argv[++i] ?? usage('--pixels needs a path');
  else if (a === '--entries') {
    vsEntry = argv[++i] ?? usage('--entries needs two names');
    fsEntry = argv[++i] ?? usage('--entries needs two names');
  } else usage(`unknown option ${a}`);
}
const drawArgs = argv.slice(i);
if (!vkdraw || !vsPath || !fsPath || !drawArgs.length) usage();

let scratch = '';
function finish(code, msg) {
  if (msg) console.log(msg);
  if (scratch) rmSync(scratch, { recursive: true, force: true });
  process.exit(code);  // dawn.node keeps the event loop alive otherwise
}
const fail = (msg) => finish(FAIL, `FAIL: ${msg}`);
setTimeout(() => fail('the WebGPU draw did not finish within 60 s'), 60000).unref?.();

// --- the draw, as vkdraw reads it
const infoRun = spawnSync(vkdraw, ['--info', ...drawArgs], { encoding: 'utf8' });
if (infoRun.error) finish(USAGE, `draw.mjs: cannot run ${vkdraw}: ${infoRun.error.message}`);
if (infoRun.status !== 0) finish(USAGE, `draw.mjs: vkdraw --info failed:\n${infoRun.stdout}${infoRun.stderr}`);
const info = { draws: [], meshDraws: [] };
for (const line of infoRun.stdout.split('\n')) {
  const eq = line.indexOf('=');
  if (eq <= 0) continue;
  const key = line.slice(0, eq), value = line.slice(eq + 1);
  if (key === 'draw') info.draws.push(value.split(' ').map(Number));
  else if (key === 'draw-mesh') info.meshDraws.push(value);
  else info[key] = value;
}
if (info.meshDraws.length) finish(USAGE, 'draw.mjs: WebGPU has no mesh draws (--draw-mesh)');
const [width, height] = info.size.split(' ').map(Number);
const clear = info.clear.split(' ').map(Number);
const dualSource = info.blend === 'src1';

// --- device with the features the modules enable
const vsCode = readFileSync(vsPath, 'utf8'), fsCode = readFileSync(fsPath, 'utf8');
const featureOf = {
  subgroups: 'subgroups', f16: 'shader-f16', dual_source_blending: 'dual-source-blending',
  primitive_index: 'primitive-index', clip_distances: 'clip-distances' };
const needed = new Set();
for (const code of [vsCode, fsCode])
  for (const m of code.matchAll(/^\s*enable\s+([^;]+);/gm))
    for (const ext of m[1].split(',').map((s) => s.trim()).filter(Boolean)) {
      if (!featureOf[ext]) fail(`the WGSL enables '${ext}', which draw.mjs does not know a WebGPU feature for`);
      needed.add(featureOf[ext]);
    }
if (dualSource) needed.add('dual-source-blending').add('float32-blendable');

const gpu = create([]);  // kept alive: the adapter and device need it
const adapter = await gpu.requestAdapter();
if (!adapter) finish(SKIP, 'SKIP: Dawn found no adapter');
const missing = [...needed].filter((f) => !adapter.features.has(f));
if (missing.length) finish(SKIP, `SKIP: the adapter (${adapter.info?.description ?? '?'}) lacks the WebGPU feature(s) ${missing.join(', ')}`);
const device = await adapter.requestDevice({ requiredFeatures: [...needed] });
const errors = [];
device.addEventListener('uncapturederror', (e) => errors.push(e.error.message));
device.pushErrorScope('internal');
device.pushErrorScope('out-of-memory');
device.pushErrorScope('validation');

async function moduleOf(path, code) {
  const module = device.createShaderModule({ code });
  for (const m of (await module.getCompilationInfo()).messages)
    if (m.type === 'error') errors.push(`${path}:${m.lineNum}:${m.linePos}: ${m.message}`);
  return module;
}
const vsModule = await moduleOf(vsPath, vsCode), fsModule = await moduleOf(fsPath, fsCode);

const format = 'rgba32float';
const target = { format };
if (dualSource)
  target.blend = {
    color: { srcFactor: 'src1', dstFactor: 'one-minus-src1', operation: 'add' },
    alpha: { srcFactor: 'src1-alpha', dstFactor: 'one-minus-src1-alpha', operation: 'add' } };
const pipeline = device.createRenderPipeline({
  layout: 'auto',
  vertex: { module: vsModule, entryPoint: vsEntry },
  fragment: { module: fsModule, entryPoint: fsEntry, targets: [target] },
  primitive: { topology: info.topology === 'points' ? 'point-list' : 'triangle-list', frontFace: 'ccw', cullMode: 'none' },
});
const texture = device.createTexture({
  size: [width, height], format, usage: GPUTextureUsage.RENDER_ATTACHMENT | GPUTextureUsage.COPY_SRC });
const rowBytes = width * 16, paddedRow = Math.ceil(rowBytes / 256) * 256;
const readback = device.createBuffer({ size: paddedRow * height, usage: GPUBufferUsage.MAP_READ | GPUBufferUsage.COPY_DST });
const enc = device.createCommandEncoder();
const pass = enc.beginRenderPass({
  colorAttachments: [{
    view: texture.createView(), loadOp: 'clear', storeOp: 'store',
    clearValue: { r: clear[0], g: clear[1], b: clear[2], a: clear[3] } }] });
pass.setPipeline(pipeline);
for (const [vertices, instances, firstVertex, firstInstance] of info.draws)
  pass.draw(vertices, instances, firstVertex, firstInstance);
pass.end();
enc.copyTextureToBuffer({ texture }, { buffer: readback, bytesPerRow: paddedRow, rowsPerImage: height }, [width, height]);
device.queue.submit([enc.finish()]);
for (let k = 0; k < 3; ++k) {
  const scope = await device.popErrorScope();
  if (scope) errors.push(scope.message);
}
if (errors.length) fail(`Dawn reported errors:\n  ${errors.join('\n  ')}`);

await readback.mapAsync(GPUMapMode.READ);
const padded = new Uint8Array(readback.getMappedRange());
const pixels = new Uint8Array(rowBytes * height);
for (let y = 0; y < height; ++y) pixels.set(padded.subarray(y * paddedRow, y * paddedRow + rowBytes), y * rowBytes);
readback.unmap();
console.log(`device: ${adapter.info?.description ?? 'Dawn'} (WebGPU, ${device.features.size} features)`);

// --- the checks, by vkdraw
let file = pixelsPath;
if (!file) {
  scratch = mkdtempSync(join(tmpdir(), 'oneshader-draw-'));
  file = join(scratch, 'pixels.bin');
}
writeFileSync(file, pixels);
const check = spawnSync(vkdraw, ['--check-pixels', file, ...drawArgs], { encoding: 'utf8' });
if (check.error) finish(USAGE, `draw.mjs: cannot run ${vkdraw}: ${check.error.message}`);
process.stdout.write(check.stdout + check.stderr);
finish(check.status ?? FAIL);
