// check.mjs: validates WGSL files with Dawn's WGSL compiler (Tint) on the null backend.
//
//   node tests/wgsl/check.mjs [--quiet] FILE.wgsl|DIR ...
//
// One long-lived process checks every file (a DIR contributes its *.wgsl files, sorted).
// Each file is compiled with createShaderModule on a device that has the `subgroups`,
// `shader-f16`, `primitive-index`, `dual-source-blending` and `clip-distances` features when the adapter offers them; getCompilationInfo's messages are printed, and any
// error OR warning fails that file (so does a validation error Dawn reports outside the
// compilation info). Nothing executes: the null backend only compiles and validates.
//
// Output: one line per file (PASS/FAIL), the messages under a failing one, then a count.
// Exit status: 0 all passed, 1 any file failed, 2 bad usage or no device.
import { create, globals } from 'webgpu';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

Object.assign(globalThis, globals);

function usage(msg) {
  if (msg) console.error(`check.mjs: ${msg}`);
  console.error('usage: node check.mjs [--quiet] FILE.wgsl|DIR ...');
  process.exit(2);
}

let quiet = false;
const files = [];
for (const arg of process.argv.slice(2)) {
  if (arg === '--quiet') { quiet = true; continue; }
  if (arg.startsWith('-')) usage(`unknown option ${arg}`);
  let st;
  try { st = statSync(arg); } catch { usage(`no such file or folder: ${arg}`); }
  if (st.isDirectory()) {
    for (const f of readdirSync(arg).filter((f) => f.endsWith('.wgsl')).sort()) files.push(join(arg, f));
  } else {
    files.push(arg);
  }
}
if (files.length === 0) usage('no .wgsl files to check');

const gpu = create(['backend=null']);
const adapter = await gpu.requestAdapter();
if (!adapter) { console.error('check.mjs: Dawn gave no null-backend adapter'); process.exit(2); }
// Language extensions the compiler may enable: `subgroups`, `f16`, `primitive_index`,
// `dual_source_blending`, `clip_distances`.
const requiredFeatures = ['subgroups', 'shader-f16', 'primitive-index', 'dual-source-blending', 'clip-distances']
  .filter((f) => adapter.features.has(f));
const device = await adapter.requestDevice({ requiredFeatures });
// Errors Dawn reports outside an error scope; each file's own scope should catch them all.
let uncaptured = [];
device.addEventListener('uncapturederror', (e) => uncaptured.push(e.error.message));
if (!quiet) console.log(`dawn null backend, features: ${requiredFeatures.join(' ') || '(none)'}`);

let failed = 0;
for (const file of files) {
  let code;
  try {
    code = readFileSync(file, 'utf8');
  } catch (e) {
    console.log(`FAIL ${file}: ${e.message}`);
    ++failed;
    continue;
  }
  uncaptured = [];
  device.pushErrorScope('validation');
  const mod = device.createShaderModule({ code, label: file });
  const info = await mod.getCompilationInfo();
  const scopeError = await device.popErrorScope();
  const problems = [];
  let bad = false;
  for (const m of info.messages) {
    // Info messages are notes that belong to an error or warning; print them with it.
    problems.push(`${file}:${m.lineNum}:${m.linePos}: ${m.type}: ${m.message}`);
    if (m.type === 'error' || m.type === 'warning') bad = true;
  }
  if (!bad) problems.length = 0;
  // A scope error without a message in the compilation info still fails the file.
  if (scopeError && problems.length === 0) problems.push(`${file}: validation error: ${scopeError.message}`);
  for (const u of uncaptured) problems.push(`${file}: uncaptured error: ${u}`);
  if (problems.length) {
    ++failed;
    console.log(`FAIL ${file}`);
    for (const p of problems) console.log(`  ${p}`);
  } else if (!quiet) {
    console.log(`PASS ${file}`);
  }
}
console.log(`wgsl check: ${files.length - failed} of ${files.length} files passed, ${failed} failed`);
process.exit(failed ? 1 : 0);  // dawn.node keeps the event loop alive otherwise
