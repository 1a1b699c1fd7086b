// check_layout.mjs: proves that the WebGPU pipeline-layout view of oneshader's reflection
// JSON is what Dawn needs to run the WGSL oneshader wrote.
//
//   node tests/golden/check_layout.mjs REFLECT.json WGSL_DIR
//
// For every entry point with a "webgpu" object in REFLECT.json (oneshader --reflect-json)
// whose stage is Compute, WGSL_DIR/ENTRY.wgsl is compiled on Dawn's null backend and:
//   1. each bindGroupLayouts[g] object is passed AS IT IS to device.createBindGroupLayout,
//      the layouts to createPipelineLayout, and createComputePipeline with that explicit
//      layout must succeed without a validation error;
//   2. (the check can fail) for each entry of the layout, a copy of the layout with that
//      entry's shape changed (buffer type flipped, texture sample type / sampler type
//      changed, or the entry dropped) must make createComputePipeline fail: the layout
//      was checked against the shader, not merely accepted.
// The device requests the entry point's requiredFeatures; if the adapter lacks one, that
// entry point is skipped (reported), and the exit status is 77 when nothing was checked.
//
// Exit status: 0 all checked entry points passed, 1 a failure, 2 bad usage, 77 skipped.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { create, globals } from '../wgsl/node_modules/webgpu/index.js';

Object.assign(globalThis, globals);

if (process.argv.length !== 4) {
  console.error('usage: node check_layout.mjs REFLECT.json WGSL_DIR');
  process.exit(2);
}
const reflection = JSON.parse(readFileSync(process.argv[2], 'utf8'));
const wgslDir = process.argv[3];

const gpu = create(['backend=null']);
const adapter = await gpu.requestAdapter();
if (!adapter) {
  console.error('check_layout.mjs: Dawn gave no null-backend adapter');
  process.exit(2);
}

// Runs fn inside a validation error scope; returns the error message or null.
async function validationError(device, fn) {
  device.pushErrorScope('validation');
  let thrown = null;
  try {
    fn();
  } catch (e) {
    thrown = e.message ?? String(e);
  }
  const err = await device.popErrorScope();
  return thrown ?? (err ? err.message : null);
}

function buildPipeline(device, module, entryPoint, bindGroupLayouts) {
  const layouts = bindGroupLayouts.map((l) => device.createBindGroupLayout(l));
  const layout = device.createPipelineLayout({ bindGroupLayouts: layouts });
  device.createComputePipeline({ layout, compute: { module, entryPoint } });
}

// A copy of the layouts with entry (g, i) made incompatible with the shader.
function broken(layouts, g, i) {
  const copy = JSON.parse(JSON.stringify(layouts));
  const e = copy[g].entries[i];
  if (e.buffer) {
    e.buffer.type = e.buffer.type === 'uniform' ? 'storage' : 'uniform';
  } else if (e.texture) {
    e.texture.sampleType = e.texture.sampleType === 'uint' ? 'sint' : 'uint';
  } else if (e.sampler) {
    e.sampler.type = e.sampler.type === 'comparison' ? 'filtering' : 'comparison';
  } else {
    copy[g].entries.splice(i, 1);
  }
  return copy;
}

let failed = 0, checked = 0, skipped = 0;
for (const ep of reflection.entryPoints ?? []) {
  if (!ep.webgpu) continue;
  if (ep.stage !== 'Compute') {
    console.log(`skip ${ep.name}: ${ep.stage} (only compute pipelines are built here)`);
    continue;
  }
  const missing = ep.webgpu.requiredFeatures.filter((f) => !adapter.features.has(f));
  if (missing.length) {
    console.log(`skip ${ep.name}: the adapter lacks ${missing.join(', ')}`);
    ++skipped;
    continue;
  }
  const device = await adapter.requestDevice({ requiredFeatures: ep.webgpu.requiredFeatures });
  const code = readFileSync(join(wgslDir, `${ep.name}.wgsl`), 'utf8');
  const module = device.createShaderModule({ code });
  const info = await module.getCompilationInfo();
  const bad = info.messages.filter((m) => m.type === 'error');
  if (bad.length) {
    console.log(`FAIL ${ep.name}: the WGSL does not compile: ${bad.map((m) => m.message).join('; ')}`);
    ++failed;
    continue;
  }
  const layouts = ep.webgpu.bindGroupLayouts;
  const err = await validationError(device, () => buildPipeline(device, module, ep.name, layouts));
  if (err) {
    console.log(`FAIL ${ep.name}: createComputePipeline with the reflected layout: ${err}`);
    ++failed;
    continue;
  }
  let negatives = 0;
  for (let g = 0; g < layouts.length; ++g) {
    for (let i = 0; i < layouts[g].entries.length; ++i) {
      const what = `group ${g} binding ${layouts[g].entries[i].binding}`;
      const e2 = await validationError(device, () => buildPipeline(device, module, ep.name, broken(layouts, g, i)));
      if (!e2) {
        console.log(`FAIL ${ep.name}: a wrong shape at ${what} was accepted too (the check proves nothing)`);
        ++failed;
      }
      ++negatives;
    }
  }
  console.log(`PASS ${ep.name}: ${layouts.length} bind group layout(s), ${negatives} altered layout(s) rejected`);
  ++checked;
  device.destroy();
}
if (failed) process.exit(1);
if (checked === 0) {
  console.log(skipped ? 'nothing checked (skipped)' : 'no compute entry point with a webgpu layout');
  process.exit(skipped ? 77 : 1);
}
process.exit(0);
