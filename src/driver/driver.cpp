// The driver: options -> SourceManager -> Preprocessor -> Parser -> Sema -> portability
// checks -> Lowering -> IR validation -> one backend run per entry point and target ->
// reflection. The API (oneshader.hpp), the C API and the CLI call only this.
//
// Every compile owns all of its state (source manager, AST arena, type context, IR
// module, diagnostics), so separate calls are independent and safe on separate threads.
#include <algorithm>
#include <atomic>
#include <cctype>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <cstring>
#include <exception>
#include <functional>
#include <memory>
#include <new>
#include <thread>

#include <pthread.h>

#include "diag/diag.hpp"
#include "backend/msl/msl.hpp"
#include "backend/wgsl/wgsl.hpp"
#include "driver/pipeline.hpp"
#include "driver/portability.hpp"
#include "ir/ir.hpp"
#include "passes/pass.hpp"
#include "oneshader/oneshader.hpp"
#include "reflect/reflect.hpp"
#include "sema/sema.hpp"
#include "syntax/ast.hpp"
#include "syntax/parser.hpp"
#include "syntax/preprocessor.hpp"
#include "syntax/source.hpp"

namespace oneshader {
namespace {

using Clock = std::chrono::steady_clock;

class PhaseTimer {
 public:
  explicit PhaseTimer(std::vector<PhaseTiming>& out) : out_(out), start_(Clock::now()) {}
  // Ends the current phase under `name` and starts the next one.
  void lap(std::string name) {
    auto now = Clock::now();
    auto us = std::chrono::duration_cast<std::chrono::microseconds>(now - start_).count();
    out_.push_back({std::move(name), static_cast<uint64_t>(us)});
    start_ = now;
  }

 private:
  std::vector<PhaseTiming>& out_;
  Clock::time_point start_;
};

const char* severityName(Severity s) {
  switch (s) {
    case Severity::Note: return "note";
    case Severity::Warning: return "warning";
    case Severity::Error: return "error";
    case Severity::Fatal: return "fatal";
  }
  return "error";
}

SourceSpan spanOf(const SourceManager& sm, SourceRange r) {
  SourceSpan s;
  if (!r.valid()) return s;
  PresumedLoc b = sm.presumedLoc(r.begin);
  if (!b.valid()) return s;
  s.file = std::string(b.file);
  s.line = b.line;
  s.column = b.column;
  PresumedLoc e = r.end.valid() ? sm.presumedLoc(r.end) : b;
  if (e.valid()) {
    s.endLine = e.line;
    s.endColumn = e.column;
  } else {
    s.endLine = b.line;
    s.endColumn = b.column;
  }
  return s;
}

void convertDiagnostics(const SourceManager& sm, const DiagEngine& diags, std::vector<DiagnosticInfo>& out) {
  auto add = [&](const Diagnostic& d) {
    DiagnosticInfo info;
    info.code = diagCodeString(d.id);
    info.severity = severityName(d.severity);
    info.message = d.message;
    info.span = spanOf(sm, d.range);
    for (const DiagNote& n : d.notes) info.notes.emplace_back(spanOf(sm, n.range), n.message);
    info.suggestions = d.suggestions;
    info.rendered = diags.render(d);
    out.push_back(std::move(info));
  };
  for (const Diagnostic& d : diags.diagnostics()) add(d);
  if (std::optional<Diagnostic> note = diags.errorLimitNote()) add(*note);
}

// DXC's stage numbers for __SHADER_TARGET_STAGE / __SHADER_STAGE_* (DXIL shader kinds).
int dxcStageNumber(ShaderStage s) {
  switch (s) {
    case ShaderStage::Pixel: return 0;
    case ShaderStage::Vertex: return 1;
    case ShaderStage::Geometry: return 2;
    case ShaderStage::Hull: return 3;
    case ShaderStage::Domain: return 4;
    case ShaderStage::Compute: return 5;
    case ShaderStage::Mesh: return 13;
    case ShaderStage::Amplification: return 14;
    case ShaderStage::RayGeneration: return 7;
    case ShaderStage::Intersection: return 8;
    case ShaderStage::AnyHit: return 9;
    case ShaderStage::ClosestHit: return 10;
    case ShaderStage::Miss: return 11;
    case ShaderStage::Callable: return 12;
  }
  return 6;
}

// The macros DXC predefines, then the user's -D / -U in order.
void predefinedMacros(const CompileOptions& o, const ProfileInfo* profile, driver::MacroList& defs) {
  // SPIR-V output only (DXC defines them with -spirv): header libraries test __spirv__ to
  // choose inline SPIR-V or a portable form, so one compile for MSL or WGSL next to SPIR-V
  // takes the portable form for all of them.
  bool spirvOnly = !o.targets.empty();
  for (CompileTarget t : o.targets) spirvOnly &= t == CompileTarget::SpirV;
  if (spirvOnly) {
    defs.push_back({"__spirv__", "1"});
    int minor = 5;
    switch (o.spirvEnv) {
      case SpirvTargetEnv::Vulkan1_0: minor = 0; break;
      case SpirvTargetEnv::Vulkan1_1: minor = 3; break;
      case SpirvTargetEnv::Vulkan1_2: minor = 5; break;
      case SpirvTargetEnv::Vulkan1_3: minor = 6; break;
      case SpirvTargetEnv::Vulkan1_1Spirv1_4: minor = 4; break;
      case SpirvTargetEnv::Universal1_5: minor = 5; break;
    }
    defs.push_back({"__SPIRV_MAJOR_VERSION__", "1"});
    defs.push_back({"__SPIRV_MINOR_VERSION__", std::to_string(minor)});
  }
  if (o.enable16BitTypes) defs.push_back({"__HLSL_ENABLE_16_BIT", "1"});
  static constexpr struct {
    const char* name;
    int value;
  } kStages[] = {
      {"__SHADER_STAGE_PIXEL", 0},   {"__SHADER_STAGE_VERTEX", 1}, {"__SHADER_STAGE_GEOMETRY", 2},
      {"__SHADER_STAGE_HULL", 3},    {"__SHADER_STAGE_DOMAIN", 4}, {"__SHADER_STAGE_COMPUTE", 5},
      {"__SHADER_STAGE_LIBRARY", 6}, {"__SHADER_STAGE_MESH", 13},  {"__SHADER_STAGE_AMPLIFICATION", 14},
  };
  for (const auto& s : kStages) defs.push_back({s.name, std::to_string(s.value)});
  if (profile) {
    int stage = profile->stage ? dxcStageNumber(*profile->stage) : 6;
    defs.push_back({"__SHADER_TARGET_STAGE", std::to_string(stage)});
    defs.push_back({"__SHADER_TARGET_MAJOR", std::to_string(profile->major)});
    defs.push_back({"__SHADER_TARGET_MINOR", std::to_string(profile->minor)});
  }
}

// Options that can be rejected before reading the source.
bool checkOptions(const CompileOptions& o, ProfileInfo& profile, bool& haveProfile, DiagEngine& diags) {
  bool ok = true;
  haveProfile = false;
  if (!o.profile.empty()) {
    if (ParseProfile(o.profile, profile)) {
      haveProfile = true;
    } else {
      diags.report(DiagId::InvalidOption, SourceRange{},
                   {"unknown shader profile '" + o.profile + "' (expected e.g. cs_6_0, ps_6_5, vs_6_0)"});
      ok = false;
    }
  }
  if (o.targets.empty()) {
    diags.report(DiagId::InvalidOption, SourceRange{}, {"no target requested"});
    ok = false;
  }
  if (o.optimizationLevel < 0 || o.optimizationLevel > 3) {
    diags.report(DiagId::InvalidOption, SourceRange{},
                 {"optimization level " + std::to_string(o.optimizationLevel) + " is not in 0..3"});
    ok = false;
  }
  if (o.hlslVersion != 2016 && o.hlslVersion != 2017 && o.hlslVersion != 2018 && o.hlslVersion != 2021 &&
      o.hlslVersion != 2029) {
    diags.report(
        DiagId::InvalidOption, SourceRange{},
        {"HLSL version " + std::to_string(o.hlslVersion) + " (-HV takes 2016, 2017, 2018, 2021 or 202x, 2029)"});
    ok = false;
  }
  if (!o.registerBindings.empty() && (!o.bindingShifts.empty() || o.autoShiftBindings)) {
    // DXC: -fvk-bind-register "cannot be used together with other binding assignment options".
    diags.report(DiagId::InvalidOption, SourceRange{},
                 {"-fvk-bind-register cannot be used together with -fvk-*-shift or -fvk-auto-shift-bindings"});
    ok = false;
  }
  for (const std::string& g : o.disabledWarningGroups) {
    std::vector<DiagId> ids = warningGroup(g);
    if (ids.empty())
      diags.report(DiagId::OptionNoEffect, SourceRange{}, {"-Wno-" + g, "no OneShader warning belongs to this group"});
    for (DiagId id : ids) diags.suppress(id);
  }
  for (const auto& s : o.bindingShifts) {
    if (s.kind != 't' && s.kind != 'u' && s.kind != 'b' && s.kind != 's') {
      diags.report(DiagId::InvalidOption, SourceRange{},
                   {std::string("binding shift for unknown register class '") + s.kind + "'"});
      ok = false;
    }
  }
  return ok;
}

// ---- validation on a second core (docs/design.md, "Validation on a second core")
//
// Threads busy compiling in this process: every compile, and every second thread one
// started. A compile starts a second thread only while these and the machine's load
// (the 1-minute load average, which counts other processes) leave a core idle, so that
// batch mode (`-j N`, N compiles on N threads) and a loaded machine are not oversubscribed.
std::atomic<unsigned> gBusyThreads{0};

struct BusyThread {
  BusyThread() { gBusyThreads.fetch_add(1, std::memory_order_relaxed); }
  ~BusyThread() { gBusyThreads.fetch_sub(1, std::memory_order_relaxed); }
};

// The smallest SPIR-V module (in words) that gets a second thread. Starting one cost
// 70-140 us on the development machine, and its allocations come from a fresh malloc
// arena whose pages fault in (10 us a page there); CSSum (336 words, 0.25 ms of
// validation) was slower with it (docs/results/cssum-parallel-2026-12-04.md). From 16,384
// words validation takes tens of milliseconds, and the text targets as long again.
constexpr size_t kMinWordsForSecondThread = 16384;

// Without validation, the smallest module (IR expressions over all its functions) whose
// text targets are split between two threads: about the size of the module above.
constexpr size_t kMinExpressionsForSecondThread = 4096;

size_t moduleExpressions(const ir::Module& m) {
  size_t n = 0;
  for (const ir::Function& f : m.functions) n += f.expressions.size();
  return n;
}

// ONESHADER_SECOND_THREAD (docs/user-guide.md): "0" never starts a second thread, "1"
// starts one for every module that can use it, whatever its size and the load (tests and
// benchmarks measure and check both paths with it); unset or anything else: the rules above.
enum class SecondThreadMode : uint8_t { Auto, Never, Always };
SecondThreadMode secondThreadMode() {
  static const SecondThreadMode mode = [] {
    const char* v = std::getenv("ONESHADER_SECOND_THREAD");
    if (v && std::strcmp(v, "0") == 0) return SecondThreadMode::Never;
    if (v && std::strcmp(v, "1") == 0) return SecondThreadMode::Always;
    return SecondThreadMode::Auto;
  }();
  return mode;
}

bool startLargeStackThread(pthread_t& thread, void* (*fn)(void*), void* arg);

// A function run on a second thread when a core is idle, joined before anything it wrote
// is read.
class SecondThread {
 public:
  ~SecondThread() { join(); }
  bool start(std::function<void()> fn) {
    const SecondThreadMode mode = secondThreadMode();
    if (mode == SecondThreadMode::Never) return false;
    const unsigned cores = std::max(1u, std::thread::hardware_concurrency());
    const unsigned busy = gBusyThreads.fetch_add(1, std::memory_order_relaxed) + 1;
    double load[1] = {0};
    if (mode == SecondThreadMode::Auto && getloadavg(load, 1) != 1) load[0] = 0;
    // The load average counts this compile's own thread too.
    if (mode == SecondThreadMode::Auto && (busy > cores || std::max(load[0], double(busy - 1)) + 1 > cores)) {
      gBusyThreads.fetch_sub(1, std::memory_order_relaxed);
      return false;
    }
    fn_ = std::move(fn);
    started_ = startLargeStackThread(thread_, &SecondThread::run, this);
    if (!started_) gBusyThreads.fetch_sub(1, std::memory_order_relaxed);
    return started_;
  }
  void join() {
    if (!started_) return;
    pthread_join(thread_, nullptr);
    started_ = false;
    gBusyThreads.fetch_sub(1, std::memory_order_relaxed);
  }

 private:
  static void* run(void* self) {
    static_cast<SecondThread*>(self)->fn_();
    return nullptr;
  }
  std::function<void()> fn_;
  bool started_ = false;
  pthread_t thread_{};
};

// Every phase after parsing walks trees recursively, and the parser allows trees
// kMaxTreeDepth (100,000) deep (OSH2005 beyond): deeper than a default 8 MB thread stack
// holds (a 15,000-term sum overflowed it). So a compile that can go that deep runs on a
// thread of its own with a stack for that depth; its pages are only touched as deep as
// the input goes. Where the thread cannot be made, the compile runs on the caller's thread.
constexpr size_t kCompileStackBytes = size_t(512) << 20;

// A small input runs on the caller's thread instead (issue 11: the thread, its stack and
// its malloc arena cost CSSum a quarter of an in-process compile). The bound: every level
// of recursion after the parse consumes at least one token of the preprocessed input, and
// a level costs at most the compile stack's share per tree level (512 MB for 100,000
// levels, the most the large stack is made for; a 15,000-term sum measured 560 bytes a
// term). A template may be instantiated within itself (128 levels, each a whole body): a
// file that declares one takes the large stack. The parse itself recurses at most
// Parser::kMaxDepth (256) levels and the preprocessor 256: kFrontEndStack holds them, and
// kStackReserve what SPIRV-Tools and the back ends use beside the trees.
#if defined(__SANITIZE_ADDRESS__)
constexpr size_t kStackScale = 4;  // AddressSanitizer's redzones make frames larger
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr size_t kStackScale = 4;
#else
constexpr size_t kStackScale = 1;
#endif
#else
constexpr size_t kStackScale = 1;
#endif
constexpr size_t kStackPerToken = kCompileStackBytes / Parser::kMaxTreeDepth * kStackScale;
constexpr size_t kFrontEndStack = (size_t(2) << 20) * kStackScale;
constexpr size_t kStackReserve = (size_t(2) << 20) * kStackScale;

// Bytes of stack left below this frame on the calling thread; 0 where unknown. The lowest
// address is looked up once per thread (for the main thread glibc reads /proc/self/maps).
size_t callerStackLeft() {
  thread_local uintptr_t low = 0;
  thread_local bool known = false;
  if (!known) {
    known = true;
    pthread_attr_t attr;
    if (pthread_getattr_np(pthread_self(), &attr) == 0) {
      void* addr = nullptr;
      size_t size = 0;
      if (pthread_attr_getstack(&attr, &addr, &size) == 0) low = reinterpret_cast<uintptr_t>(addr);
      pthread_attr_destroy(&attr);
    }
  }
  char here = 0;
  auto sp = reinterpret_cast<uintptr_t>(&here);
  return low && sp > low ? size_t(sp - low) : 0;
}

bool fitsCallerStack(size_t need) { return need < kCompileStackBytes && callerStackLeft() >= need; }

// What the phases after the parse can need, from what the parse saw.
size_t stackNeed(const driver::ParseStats& s) {
  if (s.templates || s.tokens >= Parser::kMaxTreeDepth) return kCompileStackBytes;
  return kStackReserve + s.tokens * kStackPerToken;
}

struct StackJob {
  const std::function<void()>* fn;
};

void* runStackJob(void* arg) {
  (*static_cast<StackJob*>(arg)->fn)();
  return nullptr;
}

// A thread with the compile's stack; false where none could be made.
bool startLargeStackThread(pthread_t& thread, void* (*fn)(void*), void* arg) {
  pthread_attr_t attr;
  if (pthread_attr_init(&attr) != 0) return false;
  bool started =
      pthread_attr_setstacksize(&attr, kCompileStackBytes) == 0 && pthread_create(&thread, &attr, fn, arg) == 0;
  pthread_attr_destroy(&attr);
  return started;
}

void runWithLargeStack(const std::function<void()>& fn) {
  pthread_t thread;
  StackJob job{&fn};
  bool started = startLargeStackThread(thread, runStackJob, &job);
  if (started)
    pthread_join(thread, nullptr);
  else
    fn();
}

// A text target's result computed ahead, while the validator ran.
struct AheadResult {
  bool done = false;
  std::optional<wgsl::WgslResult> wgsl;
  std::optional<msl::MslResult> msl;
};

void compileImpl(const std::string& path, const std::string* source, const CompileOptions& options,
                 CompileResult& result, bool onLargeStack) {
  BusyThread busy;
  PhaseTimer timer(result.timings);
  SourceManager sm;
  for (const auto& d : options.includeDirs) sm.addIncludeDir(d);
  DiagEngine diags(&sm);
  diags.setWarningsAsErrors(options.warningsAsErrors);
  diags.setSuppressWarnings(options.disableWarnings);
  if (options.errorLimit) diags.setErrorLimit(options.errorLimit);

  auto finish = [&] {
    result.dependencies = sm.loadedPaths();
    convertDiagnostics(sm, diags, result.diagnostics);
    result.success = !diags.hasErrors();
    if (!result.success) {
      result.outputs.clear();
      result.reflection.reset();
    }
  };

  try {
    ProfileInfo profile;
    bool haveProfile = false;
    bool optionsOk = checkOptions(options, profile, haveProfile, diags);
    const uint32_t optionErrors = diags.errorCount();
    auto frontEndFailed = [&] { return diags.errorCount() > optionErrors; };

    FileId mainFile = source ? sm.addBuffer(path, *source) : sm.loadFile(path);
    if (!mainFile) {
      diags.report(DiagId::FileNotFound, SourceRange{}, {path});
      return finish();
    }
    timer.lap("read");
    if (!optionsOk) return finish();

    // ---- front end
    driver::MacroList macros;
    predefinedMacros(options, haveProfile ? &profile : nullptr, macros);
    for (const auto& d : options.defines) macros.push_back({d.name, d.value});
    ast::AstContext astCtx;
    driver::ParseStats stats;
    ast::TranslationUnit* tu = driver::parseMainFile(sm, diags, mainFile, macros, options.undefines,
                                                     options.hlslVersion, astCtx, options.maxTokens, &stats);
    timer.lap("preprocess+parse");
    if (frontEndFailed() || !tu) return finish();

    // Everything after the parse walks its trees recursively, as deep as they go: on this
    // thread when its stack holds what the input can need, else on one with the stack for
    // the deepest input (runWithLargeStack). An exception there comes back here.
    auto rest = [&] {
      sema::SemaOptions so;
      so.enable16BitTypes = options.enable16BitTypes;
      // A library profile compiles every [shader] function; DXC ignores -E there.
      so.entryPoint = haveProfile && !profile.stage ? std::string() : options.entryPoint;
      // DXC's -E defaults to `main` with a stage profile: when the file defines a top-level
      // `main`, -T alone compiles it (otherwise the [shader] functions, as without -T).
      if (haveProfile && profile.stage && so.entryPoint.empty())
        for (const ast::Decl* d : tu->decls)
          if (d && d->kind == ast::DeclKind::Function && d->name.str() == "main") so.entryPoint = "main";
      so.profile = options.profile;
      so.hlslVersion = options.hlslVersion;
      sema::TypeContext types;
      sema::Sema sema(astCtx, types, diags, so);
      sema.check(tu);
      timer.lap("sema");
      if (frontEndFailed()) return finish();
      const sema::Program& program = sema.program();
      if (program.entryPoints.empty()) {
        if (!options.entryPoint.empty())
          diags.report(DiagId::EntryPointNotFound, SourceRange{}, {options.entryPoint});
        else
          diags.report(DiagId::NoEntryPoints, SourceRange{});
        return finish();
      }

      // ---- portability (needs the checked AST; before any code generation)
      driver::checkPartitionedWaveOps(program, options.targets, diags);
      driver::checkInlineSpirv(program, options.targets, diags);
      driver::checkStages(program, options.targets, diags);
      driver::checkRayTracing(program, options.targets, diags);
      driver::checkInterpolation(program, options.targets, diags);
      driver::checkExports(program, options, diags);
      timer.lap("portability");
      if (diags.hasErrors()) return finish();

      // ---- lowering
      std::unique_ptr<ir::Module> module = driver::lower(tu, program, sema, options, diags);
      timer.lap("lower");
      if (diags.hasErrors()) return finish();
      if (!module) {
        diags.report(DiagId::InternalError, SourceRange{}, {"lowering produced no module"});
        return finish();
      }

      // ---- back ends, one module per entry point and target
      Reflection reflection;
      wgsl::WgslOptions wo;  // what every entry point of the file agrees on, decided once
      wo.nagaDialect = options.wgslNagaDialect;
      wo.pushConstantGroup = options.wgslPushConstantGroup;
      wo.pushConstantBinding = int32_t(options.wgslPushConstantBinding);
      if (std::find(options.targets.begin(), options.targets.end(), CompileTarget::Wgsl) != options.targets.end())
        wgsl::decideFileBindings(*module, wo);
      for (const ir::EntryPoint& fileEp : module->entryPoints) {
        // With several entry points, each one's back ends and reflection get the module of
        // that entry point alone, so that they cost what it reaches, not the whole file
        // (issue 11: 16,000 entry points in one file were quadratic).
        std::optional<ir::Module> own;
        if (module->entryPoints.size() > 1) own = passes::extractEntryPoint(*module, fileEp, true);
        const ir::Module& m = own ? *own : *module;
        const ir::EntryPoint& ep = own ? own->entryPoints[0] : fileEp;
        EntryPointInfo info = reflect::buildEntryPointInfo(m, ep);
        // SPIR-V first and a text target after it, and a large module: the SPIR-V module is
        // emitted, then spirv-val checks it here while a second thread makes the text targets
        // (which read the IR module only; the validator reads the words only), and the results
        // are then taken in the targets' order, as one after the other would give them. The
        // validator stays on this thread, whose malloc arena is warm: it allocates more than
        // the text targets, and a fresh arena's pages fault in. The text targets report into
        // an engine of their own meanwhile: if they reported anything, their results are
        // dropped and they run again in order below, so that every diagnostic comes where the
        // sequential order puts it.
        std::optional<spirv::SpirvJob> spvJob;
        bool spvEmitted = false, validatedAhead = false;
        bool valid = false;
        std::string invalidMessage;
        uint32_t invalidIndex = ~0u;
        std::vector<AheadResult> ahead(options.targets.size());
        // What the second thread makes reports into an engine of its own (the compile's
        // warning settings); an exception must not leave the thread (std::terminate). Either
        // way its results are dropped and those targets run again in order on this thread.
        DiagEngine side(&sm);
        side.setWarningsAsErrors(options.warningsAsErrors);
        side.setSuppressWarnings(options.disableWarnings);
        for (const std::string& g : options.disabledWarningGroups)
          for (DiagId id : warningGroup(g)) side.suppress(id);
        bool threw = false;
        auto makeText = [&](size_t i) {
          if (options.targets[i] == CompileTarget::Wgsl)
            ahead[i].wgsl = wgsl::compileWgsl(m, ep.name, wo, side);
          else if (options.targets[i] == CompileTarget::Msl)
            ahead[i].msl = msl::compileMsl(m, ep.name, msl::MslOptions{options.mslLayoutAsserts}, side);
          else
            return;
          ahead[i].done = true;
        };
        auto sideClean = [&] {
          return !threw && side.diagnostics().empty() && !side.errorCount() && !side.warningCount();
        };
        SecondThread second;
        size_t textTargets = 0;
        bool hasSpirv = false;
        for (CompileTarget t : options.targets) {
          textTargets += t != CompileTarget::SpirV;
          hasSpirv |= t == CompileTarget::SpirV;
        }
        const bool textAfterSpirv = textTargets && options.targets[0] == CompileTarget::SpirV;
        if (options.validate && textAfterSpirv && !diags.hasErrors()) {
          const spirv::SpirvOptions so = driver::spirvOptions(options);
          spvJob.emplace(m, ep.name, so, diags);
          spvEmitted = spvJob->emit();
          if (spvEmitted && spvJob->needsValidation() &&
              (spvJob->words().size() >= kMinWordsForSecondThread || secondThreadMode() == SecondThreadMode::Always)) {
            auto text = [&] {
              try {
                for (size_t i = 1; i < options.targets.size(); ++i) makeText(i);
              } catch (...) {
                threw = true;
              }
            };
            auto validate = [&] {
              valid =
                  spirv::validateSpirv(spvJob->words(), so.env, &invalidMessage, &invalidIndex, so.scalarBlockLayout);
            };
            if (second.start(text)) {
              timer.lap("spirv:" + ep.name);
              validate();
              second.join();
              timer.lap("spirv-val+text:" + ep.name);
              validatedAhead = true;
              if (!sideClean())
                for (AheadResult& a : ahead) a = AheadResult{};
            }
          }
        }
        // No validation to overlap (-Vd, or no SPIR-V target) and two text targets or more:
        // for a large module the last text target is made on a second thread while this one
        // makes the others in order, and it is joined when its turn comes.
        size_t aheadOne = ~size_t(0);
        if (!spvJob && !(options.validate && hasSpirv) && textTargets >= 2 && !diags.hasErrors() &&
            (moduleExpressions(m) >= kMinExpressionsForSecondThread ||
             secondThreadMode() == SecondThreadMode::Always)) {
          size_t last = options.targets.size() - 1;
          while (options.targets[last] == CompileTarget::SpirV) --last;
          auto one = [&, last] {
            try {
              makeText(last);
            } catch (...) {
              threw = true;
            }
          };
          if (second.start(one)) aheadOne = last;
        }
        for (size_t ti = 0; ti < options.targets.size(); ++ti) {
          const CompileTarget t = options.targets[ti];
          AheadResult& pre = ahead[ti];
          if (ti == aheadOne) {
            second.join();
            timer.lap("join:" + ep.name);
            if (!sideClean()) pre = AheadResult{};
          }
          if (t == CompileTarget::Wgsl) {
            std::optional<wgsl::WgslResult> w;
            if (pre.done) {
              w = std::move(pre.wgsl);
            } else {
              w = wgsl::compileWgsl(m, ep.name, wo, diags);
              timer.lap("wgsl:" + ep.name);
            }
            if (!w) continue;
            std::vector<reflect::TargetBinding> tb;
            for (const wgsl::WgslBinding& b : w->bindings)
              tb.push_back({b.name, b.type, b.group, b.binding, b.depthTexture});
            reflect::addWgslBindings(m, ep, tb, w->requiredFeatures, info);
            result.outputs.push_back(CompiledShader{ep.name, t, {}, std::move(w->text)});
            continue;
          }
          if (t == CompileTarget::Msl) {
            std::optional<msl::MslResult> mr;
            if (pre.done) {
              mr = std::move(pre.msl);
            } else {
              mr = msl::compileMsl(m, ep.name, msl::MslOptions{options.mslLayoutAsserts}, diags);
              timer.lap("msl:" + ep.name);
            }
            if (!mr) continue;
            std::vector<reflect::TargetBinding> tb;
            for (const msl::MslBinding& b : mr->bindings) tb.push_back({b.name, b.kind, 0, b.index, false, b.count});
            reflect::addMslBindings(tb, info);
            result.outputs.push_back(CompiledShader{ep.name, t, {}, std::move(mr->text)});
            continue;
          }
          driver::SpirvOutput spv;
          bool ok = false;
          if (spvJob && ti == 0) {
            // Emitted above; validated above, or here when no second thread was started.
            if (!spvEmitted) {
              ok = false;
            } else if (!spvJob->needsValidation()) {
              ok = driver::takeSpirv(spvJob->complete(true), spv);
            } else if (validatedAhead) {
              ok = driver::takeSpirv(spvJob->complete(valid, invalidMessage, invalidIndex), spv);
            } else {
              spirv::SpirvOptions so = driver::spirvOptions(options);
              valid =
                  spirv::validateSpirv(spvJob->words(), so.env, &invalidMessage, &invalidIndex, so.scalarBlockLayout);
              ok = driver::takeSpirv(spvJob->complete(valid, invalidMessage, invalidIndex), spv);
            }
            if (!validatedAhead) timer.lap("spirv:" + ep.name);
          } else {
            ok = driver::emitSpirv(m, ep, options, diags, spv);
            timer.lap("spirv:" + ep.name);
          }
          if (!ok) continue;
          CompiledShader out;
          out.entryPoint = ep.name;
          out.target = t;
          out.spirv = std::move(spv.words);
          if (options.disassemble) out.text = DisassembleSpirv(out.spirv);
          info.spirvCapabilities = std::move(spv.capabilities);
          info.spirvExtensions = std::move(spv.extensions);
          reflect::addSpirvBindings(m, info);
          result.outputs.push_back(std::move(out));
        }
        reflection.entryPoints.push_back(std::move(info));
      }
      timer.lap("reflect");
      result.reflection = std::move(reflection);
      return finish();
    };
    if (onLargeStack || fitsCallerStack(stackNeed(stats))) return rest();
    std::exception_ptr thrown;
    runWithLargeStack([&] {
      try {
        rest();
      } catch (...) {
        thrown = std::current_exception();
      }
    });
    if (thrown) std::rethrow_exception(thrown);
    return;
  } catch (const std::bad_alloc&) {
    diags.report(DiagId::InternalError, SourceRange{}, {"out of memory"});
  } catch (const std::exception& e) {
    diags.report(DiagId::InternalError, SourceRange{}, {e.what()});
  } catch (...) {
    diags.report(DiagId::InternalError, SourceRange{}, {"unknown exception"});
  }
  finish();
}

}  // namespace

// -P: the token stream printed back as text. A token goes on the line of its (presumed)
// source position; a jump of more than a few lines or into another file is a `#line`
// marker, so that diagnostics against the output point at the original lines. #pragma
// lines the preprocessor leaves to the compiler (pack_matrix, ...) are printed where they
// were.
PreprocessResult PreprocessFile(const std::string& path, const CompileOptions& options) {
  PreprocessResult result;
  SourceManager sm;
  for (const auto& d : options.includeDirs) sm.addIncludeDir(d);
  DiagEngine diags(&sm);
  diags.setWarningsAsErrors(options.warningsAsErrors);
  diags.setSuppressWarnings(options.disableWarnings);
  auto finish = [&] {
    result.dependencies = sm.loadedPaths();
    std::vector<DiagnosticInfo> infos;
    convertDiagnostics(sm, diags, infos);
    result.diagnostics = std::move(infos);
    result.success = !diags.hasErrors();
    if (!result.success) result.text.clear();
    return result;
  };
  ProfileInfo profile;
  bool haveProfile = false;
  bool optionsOk = checkOptions(options, profile, haveProfile, diags);
  FileId mainFile = sm.loadFile(path);
  if (!mainFile) {
    diags.report(DiagId::FileNotFound, SourceRange{}, {path});
    return finish();
  }
  if (!optionsOk) return finish();
  driver::MacroList macros;
  predefinedMacros(options, haveProfile ? &profile : nullptr, macros);
  for (const auto& d : options.defines) macros.push_back({d.name, d.value});
  PPOptions ppo;
  ppo.defines = macros;
  ppo.undefines = options.undefines;
  ppo.hlslVersion = options.hlslVersion;
  if (options.maxTokens) ppo.maxTokens = options.maxTokens;
  Preprocessor pp(sm, diags, ppo);
  pp.enterMainFile(mainFile);
  std::string& out = result.text;
  std::string_view curFile;
  uint32_t curLine = 0;
  bool lineHasText = false;
  size_t pragmasDone = 0;
  auto moveTo = [&](PresumedLoc p) {
    if (p.file != curFile || p.line < curLine || p.line > curLine + 8) {
      if (lineHasText) out += '\n';
      out += "#line " + std::to_string(p.line) + " \"" + std::string(p.file) + "\"\n";
      curFile = p.file;
      curLine = p.line;
      lineHasText = false;
      return;
    }
    if (p.line > curLine) {
      out.append(p.line - curLine, '\n');
      curLine = p.line;
      lineHasText = false;
    }
  };
  for (;;) {
    Token t = pp.next();
    while (pragmasDone < pp.pragmas().size()) {
      const auto& [loc, text] = pp.pragmas()[pragmasDone++];
      PresumedLoc p = sm.presumedLoc(loc);
      if (p.valid()) moveTo(p);
      if (lineHasText) {
        out += '\n';
        ++curLine;
      }
      out += "#pragma " + text + "\n";
      ++curLine;
      lineHasText = false;
    }
    if (t.is(Tok::eof)) break;
    PresumedLoc p = sm.presumedLoc(t.loc);
    if (p.valid()) moveTo(p);
    if (lineHasText && !t.text.empty()) {
      // The source's spacing, and a space wherever two tokens would otherwise read as one
      // (names and numbers, or two operator characters from a macro expansion).
      auto word = [](char c) { return std::isalnum(static_cast<unsigned char>(c)) || c == '_'; };
      auto op = [](char c) { return std::strchr("+-*/%<>=!&|^~.:#?", c) != nullptr && c != 0; };
      char a = out.back(), b = t.text.front();
      if ((t.flags & Token::LeadingSpace) || (word(a) && word(b)) || (op(a) && op(b))) out += ' ';
    } else if (!lineHasText && p.valid() && p.column > 1)
      out.append(std::min<uint32_t>(p.column - 1, 80), ' ');
    out.append(t.text);
    lineHasText = true;
  }
  if (lineHasText) out += '\n';
  return finish();
}

namespace {
// A compile starts on the caller's thread when its stack holds the front end (compileImpl
// moves the rest to the large stack when the input needs it), else on the large stack.
void compileOnSomeStack(const std::string& path, const std::string* source, const CompileOptions& options,
                        CompileResult& r) {
  if (fitsCallerStack(kFrontEndStack + kStackReserve))
    compileImpl(path, source, options, r, false);
  else
    runWithLargeStack([&] { compileImpl(path, source, options, r, true); });
}
}  // namespace

CompileResult CompileFile(const std::string& path, const CompileOptions& options) {
  CompileResult r;
  compileOnSomeStack(path, nullptr, options, r);
  return r;
}

CompileResult CompileSource(const std::string& source, const std::string& virtualPath, const CompileOptions& options) {
  CompileResult r;
  compileOnSomeStack(virtualPath, &source, options, r);
  return r;
}

}  // namespace oneshader
