// The C API (include/oneshader/oneshader.h) over the C++ API. No exception crosses the
// boundary: an internal failure becomes an OSH9999 diagnostic in the result.
#include "oneshader/oneshader.h"

#include <new>
#include <string>
#include <vector>

#include "oneshader/oneshader.hpp"

struct oneshader_options {
  oneshader::CompileOptions opts;
};

struct oneshader_result {
  oneshader::CompileResult result;
  std::vector<std::vector<uint8_t>> bytes;  // per output
  std::vector<std::string> summaries;       // per entry point
  std::vector<std::string> webgpuLayouts;   // per entry point ("" without WGSL)
  std::string reflectionJson;
  std::string diagnosticsJson;
};

namespace {

using namespace oneshader;

oneshader_result* wrap(CompileResult&& r) {
  auto* out = new (std::nothrow) oneshader_result;
  if (!out) return nullptr;
  try {
    out->result = std::move(r);
    for (const auto& o : out->result.outputs) out->bytes.push_back(o.toBytes());
    if (out->result.reflection) {
      out->reflectionJson = out->result.reflection->toJson();
      for (const auto& e : out->result.reflection->entryPoints) {
        out->summaries.push_back(SummaryLine(e));
        out->webgpuLayouts.push_back(WebGpuPipelineLayoutJson(e));
      }
    }
    out->diagnosticsJson = out->result.diagnosticsJson();
  } catch (...) {
    // Keep whatever was filled; the diagnostics already say what happened.
  }
  return out;
}

oneshader_result* failure(const char* what) {
  CompileResult r;
  DiagnosticInfo d;
  d.code = "OSH9999";
  d.severity = "error";
  d.message = std::string("internal compiler error: ") + what;
  d.rendered = "error OSH9999: " + d.message + "\n";
  r.diagnostics.push_back(std::move(d));
  return wrap(std::move(r));
}

const DiagnosticInfo* diagAt(const oneshader_result* r, size_t i) {
  if (!r || i >= r->result.diagnostics.size()) return nullptr;
  return &r->result.diagnostics[i];
}

const CompiledShader* outputAt(const oneshader_result* r, size_t i) {
  if (!r || i >= r->result.outputs.size()) return nullptr;
  return &r->result.outputs[i];
}

const EntryPointInfo* entryAt(const oneshader_result* r, size_t i) {
  if (!r || !r->result.reflection || i >= r->result.reflection->entryPoints.size()) return nullptr;
  return &r->result.reflection->entryPoints[i];
}

const CompileOptions& optionsOf(const oneshader_options* o) {
  static const CompileOptions kDefaults;  // immutable: safe to share between threads
  return o ? o->opts : kDefaults;
}

}  // namespace

extern "C" {

const char* oneshader_version(void) { return oneshader::Version(); }

oneshader_options* oneshader_options_create(void) { return new (std::nothrow) oneshader_options; }
void oneshader_options_destroy(oneshader_options* o) { delete o; }

void oneshader_options_set_targets(oneshader_options* o, unsigned targets) {
  if (!o) return;
  o->opts.targets.clear();
  if (targets & ONESHADER_TARGET_SPIRV) o->opts.targets.push_back(CompileTarget::SpirV);
  if (targets & ONESHADER_TARGET_MSL) o->opts.targets.push_back(CompileTarget::Msl);
  if (targets & ONESHADER_TARGET_WGSL) o->opts.targets.push_back(CompileTarget::Wgsl);
}
void oneshader_options_set_entry_point(oneshader_options* o, const char* name) {
  if (o) o->opts.entryPoint = name ? name : "";
}
void oneshader_options_set_profile(oneshader_options* o, const char* profile) {
  if (o) o->opts.profile = profile ? profile : "";
}
void oneshader_options_add_define(oneshader_options* o, const char* name, const char* value) {
  if (!o || !name) return;
  Define d;
  d.name = name;
  if (value) d.value = std::string(value);
  o->opts.defines.push_back(std::move(d));
}
void oneshader_options_add_undefine(oneshader_options* o, const char* name) {
  if (o && name) o->opts.undefines.push_back(name);
}
void oneshader_options_add_include_dir(oneshader_options* o, const char* dir) {
  if (o && dir) o->opts.includeDirs.push_back(dir);
}
void oneshader_options_set_spirv_env(oneshader_options* o, oneshader_spirv_env env) {
  if (!o) return;
  switch (env) {
    case ONESHADER_VULKAN_1_0: o->opts.spirvEnv = SpirvTargetEnv::Vulkan1_0; break;
    case ONESHADER_VULKAN_1_1: o->opts.spirvEnv = SpirvTargetEnv::Vulkan1_1; break;
    case ONESHADER_VULKAN_1_2: o->opts.spirvEnv = SpirvTargetEnv::Vulkan1_2; break;
    case ONESHADER_VULKAN_1_3: o->opts.spirvEnv = SpirvTargetEnv::Vulkan1_3; break;
  }
}
void oneshader_options_set_optimization_level(oneshader_options* o, int level) {
  if (o) o->opts.optimizationLevel = level;  // out of range: OSH9003 at compile time
}
void oneshader_options_set_validate(oneshader_options* o, int validate) {
  if (o) o->opts.validate = validate != 0;
}
void oneshader_options_set_enable_16bit_types(oneshader_options* o, int enable) {
  if (o) o->opts.enable16BitTypes = enable != 0;
}
void oneshader_options_set_hlsl_version(oneshader_options* o, unsigned version) {
  if (o) o->opts.hlslVersion = version;
}
void oneshader_options_set_warnings_as_errors(oneshader_options* o, int enable) {
  if (o) o->opts.warningsAsErrors = enable != 0;
}
void oneshader_options_set_disassemble(oneshader_options* o, int enable) {
  if (o) o->opts.disassemble = enable != 0;
}

oneshader_result* oneshader_compile_file(const char* path, const oneshader_options* o) {
  try {
    return wrap(CompileFile(path ? path : "", optionsOf(o)));
  } catch (const std::exception& e) {
    return failure(e.what());
  } catch (...) {
    return failure("unknown exception");
  }
}

oneshader_result* oneshader_compile_source(const char* source, const char* virtual_path, const oneshader_options* o) {
  try {
    return wrap(CompileSource(source ? source : "", virtual_path ? virtual_path : "<source>", optionsOf(o)));
  } catch (const std::exception& e) {
    return failure(e.what());
  } catch (...) {
    return failure("unknown exception");
  }
}

void oneshader_result_free(oneshader_result* r) { delete r; }

int oneshader_result_success(const oneshader_result* r) { return r && r->result.success ? 1 : 0; }

size_t oneshader_result_diagnostic_count(const oneshader_result* r) { return r ? r->result.diagnostics.size() : 0; }
const char* oneshader_result_diagnostic_code(const oneshader_result* r, size_t i) {
  auto* d = diagAt(r, i);
  return d ? d->code.c_str() : nullptr;
}
const char* oneshader_result_diagnostic_severity(const oneshader_result* r, size_t i) {
  auto* d = diagAt(r, i);
  return d ? d->severity.c_str() : nullptr;
}
const char* oneshader_result_diagnostic_message(const oneshader_result* r, size_t i) {
  auto* d = diagAt(r, i);
  return d ? d->message.c_str() : nullptr;
}
const char* oneshader_result_diagnostic_text(const oneshader_result* r, size_t i) {
  auto* d = diagAt(r, i);
  return d ? d->rendered.c_str() : nullptr;
}
const char* oneshader_result_diagnostic_file(const oneshader_result* r, size_t i) {
  auto* d = diagAt(r, i);
  return d ? d->span.file.c_str() : nullptr;
}
uint32_t oneshader_result_diagnostic_line(const oneshader_result* r, size_t i) {
  auto* d = diagAt(r, i);
  return d ? d->span.line : 0;
}
uint32_t oneshader_result_diagnostic_column(const oneshader_result* r, size_t i) {
  auto* d = diagAt(r, i);
  return d ? d->span.column : 0;
}
const char* oneshader_result_diagnostics_json(const oneshader_result* r) {
  return r ? r->diagnosticsJson.c_str() : nullptr;
}

size_t oneshader_result_output_count(const oneshader_result* r) { return r ? r->result.outputs.size() : 0; }
const char* oneshader_result_output_entry(const oneshader_result* r, size_t i) {
  auto* o = outputAt(r, i);
  return o ? o->entryPoint.c_str() : nullptr;
}
oneshader_target oneshader_result_output_target(const oneshader_result* r, size_t i) {
  auto* o = outputAt(r, i);
  if (!o) return static_cast<oneshader_target>(0);
  switch (o->target) {
    case CompileTarget::SpirV: return ONESHADER_TARGET_SPIRV;
    case CompileTarget::Msl: return ONESHADER_TARGET_MSL;
    case CompileTarget::Wgsl: return ONESHADER_TARGET_WGSL;
  }
  return static_cast<oneshader_target>(0);
}
const void* oneshader_result_output_bytes(const oneshader_result* r, size_t i, size_t* size) {
  if (size) *size = 0;
  if (!outputAt(r, i) || i >= r->bytes.size()) return nullptr;
  if (size) *size = r->bytes[i].size();
  return r->bytes[i].data();
}
const char* oneshader_result_output_text(const oneshader_result* r, size_t i) {
  auto* o = outputAt(r, i);
  return o ? o->text.c_str() : nullptr;
}

const char* oneshader_result_reflection_json(const oneshader_result* r) {
  if (!r || !r->result.reflection) return nullptr;
  return r->reflectionJson.c_str();
}
size_t oneshader_result_entry_point_count(const oneshader_result* r) {
  return r && r->result.reflection ? r->result.reflection->entryPoints.size() : 0;
}
const char* oneshader_result_entry_point_summary(const oneshader_result* r, size_t i) {
  if (!entryAt(r, i) || i >= r->summaries.size()) return nullptr;
  return r->summaries[i].c_str();
}
uint32_t oneshader_result_entry_point_subgroup_operations(const oneshader_result* r, size_t i) {
  auto* e = entryAt(r, i);
  return e ? e->subgroupOperations : 0;
}
const char* oneshader_result_entry_point_name(const oneshader_result* r, size_t i) {
  auto* e = entryAt(r, i);
  return e ? e->name.c_str() : nullptr;
}
const char* oneshader_result_entry_point_webgpu_layout_json(const oneshader_result* r, size_t i) {
  if (!entryAt(r, i) || i >= r->webgpuLayouts.size() || r->webgpuLayouts[i].empty()) return nullptr;
  return r->webgpuLayouts[i].c_str();
}

}  // extern "C"
