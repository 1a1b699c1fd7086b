/* OneShader C API: HLSL in; SPIR-V (and later MSL, WGSL) out, with coded diagnostics and
 * reflection as JSON. Plain C99, opaque handles, no global state: separate calls are
 * independent and may run on separate threads.
 *
 *   oneshader_options* o = oneshader_options_create();
 *   oneshader_options_set_entry_point(o, "CSSum");
 *   oneshader_result* r = oneshader_compile_file("Waves.hlsl", o);
 *   for (size_t i = 0; i < oneshader_result_diagnostic_count(r); ++i)
 *     fputs(oneshader_result_diagnostic_text(r, i), stderr);
 *   if (oneshader_result_success(r)) {
 *     size_t size;
 *     const void* spv = oneshader_result_output_bytes(r, 0, &size);
 *     ...
 *   }
 *   oneshader_result_free(r);
 *   oneshader_options_destroy(o);
 *
 * Strings returned by accessors are owned by the result (or options) and stay valid until
 * it is freed. An index out of range gives NULL / 0 rather than undefined behaviour.
 */
#ifndef ONESHADER_ONESHADER_H
#define ONESHADER_ONESHADER_H

#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

typedef struct oneshader_options oneshader_options;
typedef struct oneshader_result oneshader_result;

typedef enum oneshader_target {
  ONESHADER_TARGET_SPIRV = 1,
  ONESHADER_TARGET_MSL = 2,
  ONESHADER_TARGET_WGSL = 4
} oneshader_target;

typedef enum oneshader_spirv_env {
  ONESHADER_VULKAN_1_0 = 0,
  ONESHADER_VULKAN_1_1 = 1,
  ONESHADER_VULKAN_1_2 = 2, /* default */
  ONESHADER_VULKAN_1_3 = 3
} oneshader_spirv_env;

/* "oneshader 0.1.0" */
const char* oneshader_version(void);

/* ---- options (NULL options mean the defaults everywhere) ---- */
oneshader_options* oneshader_options_create(void);
void oneshader_options_destroy(oneshader_options* o);
/* A bit set of oneshader_target values; 0 is rejected at compile time (OSH9003). */
void oneshader_options_set_targets(oneshader_options* o, unsigned targets);
void oneshader_options_set_entry_point(oneshader_options* o, const char* name); /* -E */
void oneshader_options_set_profile(oneshader_options* o, const char* profile);  /* -T */
/* -D NAME or -D NAME=VALUE (value NULL: defined as 1) */
void oneshader_options_add_define(oneshader_options* o, const char* name, const char* value);
void oneshader_options_add_undefine(oneshader_options* o, const char* name);   /* -U */
void oneshader_options_add_include_dir(oneshader_options* o, const char* dir); /* -I */
void oneshader_options_set_spirv_env(oneshader_options* o, oneshader_spirv_env env);
void oneshader_options_set_optimization_level(oneshader_options* o, int level); /* 0..3 */
void oneshader_options_set_validate(oneshader_options* o, int validate);        /* 0 = -Vd */
void oneshader_options_set_enable_16bit_types(oneshader_options* o, int enable);
void oneshader_options_set_hlsl_version(oneshader_options* o, unsigned version); /* -HV: 2016, 2017, 2018, 2021 */
void oneshader_options_set_warnings_as_errors(oneshader_options* o, int enable); /* -WX */
void oneshader_options_set_disassemble(oneshader_options* o, int enable);

/* ---- compiling: never returns NULL (except when out of memory) ---- */
oneshader_result* oneshader_compile_file(const char* path, const oneshader_options* o);
oneshader_result* oneshader_compile_source(const char* source, const char* virtual_path, const oneshader_options* o);
void oneshader_result_free(oneshader_result* r);

/* 1 when the compile succeeded (no errors), else 0. */
int oneshader_result_success(const oneshader_result* r);

/* ---- diagnostics, in the order they were reported ---- */
size_t oneshader_result_diagnostic_count(const oneshader_result* r);
const char* oneshader_result_diagnostic_code(const oneshader_result* r, size_t i);     /* "OSH0350" */
const char* oneshader_result_diagnostic_severity(const oneshader_result* r, size_t i); /* "error" */
const char* oneshader_result_diagnostic_message(const oneshader_result* r, size_t i);
/* Rendered like the CLI: "file:line:col: error OSHnnnn: msg", the source line, a caret. */
const char* oneshader_result_diagnostic_text(const oneshader_result* r, size_t i);
const char* oneshader_result_diagnostic_file(const oneshader_result* r, size_t i);
uint32_t oneshader_result_diagnostic_line(const oneshader_result* r, size_t i);   /* 1-based; 0 = none */
uint32_t oneshader_result_diagnostic_column(const oneshader_result* r, size_t i); /* 1-based; 0 = none */
/* Every diagnostic as one JSON array. */
const char* oneshader_result_diagnostics_json(const oneshader_result* r);

/* ---- outputs: one per entry point and target ---- */
size_t oneshader_result_output_count(const oneshader_result* r);
const char* oneshader_result_output_entry(const oneshader_result* r, size_t i);
oneshader_target oneshader_result_output_target(const oneshader_result* r, size_t i);
/* SPIR-V: the module's bytes (little-endian words); MSL/WGSL: the text without a NUL. */
const void* oneshader_result_output_bytes(const oneshader_result* r, size_t i, size_t* size);
/* SPIR-V disassembly when requested with oneshader_options_set_disassemble, else "". */
const char* oneshader_result_output_text(const oneshader_result* r, size_t i);

/* ---- reflection ---- */
/* The reflection as JSON (see docs/api.md), or NULL when the compile failed. */
const char* oneshader_result_reflection_json(const oneshader_result* r);
/* The summary line of entry point i ("CSSum (Compute): Basic, Arithmetic = 0x5"), or NULL. */
size_t oneshader_result_entry_point_count(const oneshader_result* r);
const char* oneshader_result_entry_point_summary(const oneshader_result* r, size_t i);
/* VkSubgroupFeatureFlagBits needed by entry point i. */
uint32_t oneshader_result_entry_point_subgroup_operations(const oneshader_result* r, size_t i);
/* The name of entry point i ("CSSum"), or NULL. */
const char* oneshader_result_entry_point_name(const oneshader_result* r, size_t i);
/* Entry point i's WebGPU pipeline-layout view as JSON ({"requiredFeatures": [...],
 * "bindGroupLayouts": [{"entries": [...]}, ...]}, see docs/api.md), or NULL when WGSL was
 * not compiled. Each entries array can be passed to device.createBindGroupLayout. */
const char* oneshader_result_entry_point_webgpu_layout_json(const oneshader_result* r, size_t i);

#ifdef __cplusplus
}
#endif

#endif /* ONESHADER_ONESHADER_H */
