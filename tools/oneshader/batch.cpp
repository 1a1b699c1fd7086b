#include "batch.hpp"

#include <nlohmann/json.hpp>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <thread>

#include <unistd.h>

#include "diag/diag.hpp"
#include "oneshader/oneshader.hpp"
#include "output.hpp"

namespace fs = std::filesystem;

namespace oneshader::cli {
namespace {

// One compile: a file with one set of options (its entry, defines and targets); every
// target of it comes from one parse.
struct Unit {
  std::string file;
  Args args;
  CompileOptions opts;
  std::string prefix;  // outputs are PREFIX.ENTRY.EXT, the depfile PREFIX.d
  std::string label;   // "file.hlsl -E main -D A=1" for messages
};

struct UnitResult {
  bool ok = false;
  std::string out;  // stdout text (summary lines, wrote ...)
  std::string err;  // stderr text (diagnostics)
  size_t files = 0;
};

std::string stemOf(const std::string& file) { return fs::path(file).stem().string(); }

// DIR/NAME, or NAME alone for the current directory (paths stay as short as the user's).
std::string inDir(const std::string& dir, const std::string& name) {
  return dir.empty() || dir == "." ? name : (fs::path(dir) / name).string();
}

std::string labelOf(const std::string& file, const Args& a) {
  std::string s = file;
  if (!a.entry.empty()) s += " -E " + a.entry;
  for (const auto& d : a.defines) s += " -D" + d;
  if (!a.targets.empty()) {
    s += " --target ";
    for (size_t i = 0; i < a.targets.size(); ++i) s += (i ? "," : "") + a.targets[i];
  }
  return s;
}

void optionError(std::string& err, const std::string& msg) {
  DiagEngine de;
  de.report(DiagId::InvalidOption, SourceRange{}, {msg});
  err += de.renderAll();
}

// Replaces {stem}, {perm}, {entry-less} placeholders of a manifest "out" prefix.
std::string expand(std::string pattern, const std::string& stem, size_t perm, const std::string& dir) {
  auto rep = [&](const std::string& key, const std::string& val) {
    for (size_t p; (p = pattern.find(key)) != std::string::npos;) pattern.replace(p, key.size(), val);
  };
  rep("{stem}", stem);
  rep("{perm}", std::to_string(perm));
  rep("{dir}/", inDir(dir, ""));
  rep("{dir}", dir);
  return pattern;
}

std::vector<std::string> stringList(const nlohmann::json& j, const char* what, std::string& error) {
  std::vector<std::string> out;
  if (!j.is_array()) {
    error = std::string("manifest: \"") + what + "\" must be an array of strings";
    return out;
  }
  for (const auto& e : j) {
    if (!e.is_string()) {
      error = std::string("manifest: \"") + what + "\" must be an array of strings";
      return {};
    }
    out.push_back(e.get<std::string>());
  }
  return out;
}

// Expands the command line and the manifest into compile units.
bool buildUnits(const Args& base, const std::vector<std::string>& argv, std::vector<Unit>& units, std::string& error) {
  auto add = [&](const std::string& file, Args a, std::string prefix) -> bool {
    a.inputs = {file};
    Unit u;
    u.file = file;
    u.label = labelOf(file, a);
    if (!toCompileOptions(a, u.opts, error)) {
      error = u.label + ": " + error;
      return false;
    }
    u.args = std::move(a);
    u.prefix = std::move(prefix);
    units.push_back(std::move(u));
    return true;
  };
  if (!base.foFile.empty() || !base.fcFile.empty() || !base.depfilePath.empty() || !base.reflectJson.empty()) {
    error =
        "-Fo, -Fc, -MF and --reflect-json name one file and cannot be used in batch mode "
        "(outputs are OUTDIR/STEM.ENTRY.EXT; see docs/cli.md)";
    return false;
  }
  for (const auto& f : base.inputs)
    if (!add(f, base, inDir(base.outDir, stemOf(f)))) return false;
  if (base.manifest.empty()) return true;

  std::ifstream in(base.manifest, std::ios::binary);
  if (!in) {
    error = "cannot read manifest '" + base.manifest + "'";
    return false;
  }
  nlohmann::json m = nlohmann::json::parse(in, nullptr, false);
  if (m.is_discarded() || !m.is_object() || !m.contains("jobs") || !m["jobs"].is_array()) {
    error = "manifest '" + base.manifest + "' is not a JSON object with a \"jobs\" array";
    return false;
  }
  // Paths in the manifest are used as written (relative to the working directory), so
  // that outputs and depfiles name them exactly as the build system does.
  Args common = base;
  common.inputs.clear();
  if (m.contains("args")) {
    std::vector<std::string> extra = stringList(m["args"], "args", error);
    if (!error.empty() || !parseArgs(extra, common, error)) return false;
  }
  size_t jobIndex = 0;
  for (const auto& job : m["jobs"]) {
    ++jobIndex;
    std::string where = "manifest job " + std::to_string(jobIndex);
    if (!job.is_object() || !job.contains("file") || !job["file"].is_string()) {
      error = where + ": needs a \"file\" string";
      return false;
    }
    std::string file = job["file"].get<std::string>();
    Args ja = common;
    if (job.contains("args")) {
      std::vector<std::string> extra = stringList(job["args"], "args", error);
      if (!error.empty() || !parseArgs(extra, ja, error)) {
        error = where + ": " + error;
        return false;
      }
      if (!ja.inputs.empty()) {
        error = where + ": \"args\" may not name input files";
        return false;
      }
    }
    if (job.contains("targets")) {
      ja.targets = stringList(job["targets"], "targets", error);
      if (!error.empty()) return false;
    }
    std::vector<std::string> entries{ja.entry};
    if (job.contains("entries")) {
      entries = stringList(job["entries"], "entries", error);
      if (!error.empty()) return false;
      if (entries.empty()) entries.push_back("");
    }
    std::vector<std::vector<std::string>> perms{{}};
    if (job.contains("defines")) {
      const auto& d = job["defines"];
      if (!d.is_array() || d.empty()) {
        error = where + ": \"defines\" must be a non-empty array of arrays of NAME[=VALUE] strings";
        return false;
      }
      perms.clear();
      for (const auto& set : d) {
        perms.push_back(stringList(set, "defines", error));
        if (!error.empty()) return false;
      }
    }
    std::string outPattern = "{dir}/{stem}" + std::string(perms.size() > 1 ? ".{perm}" : "");
    if (job.contains("out")) {
      if (!job["out"].is_string()) {
        error = where + ": \"out\" must be a string";
        return false;
      }
      outPattern = job["out"].get<std::string>();
      if (perms.size() > 1 && outPattern.find("{perm}") == std::string::npos) {
        error = where + ": \"out\" must contain {perm} when there are several define sets";
        return false;
      }
    }
    for (size_t p = 0; p < perms.size(); ++p) {
      for (const auto& e : entries) {
        Args ua = ja;
        ua.entry = e;
        ua.defines.insert(ua.defines.end(), perms[p].begin(), perms[p].end());
        if (!add(file, ua, expand(outPattern, stemOf(file), p, ja.outDir))) return false;
      }
    }
  }
  (void)argv;
  return true;
}

// Identity of a compile: two units with the same key produce the same outputs.
std::string unitKey(const Unit& u) {
  std::string k = u.file + '\0' + u.args.entry + '\0' + u.args.profile + '\0' + u.args.targetEnv + '\0';
  for (const auto& d : u.args.defines) k += "D" + d + '\0';
  for (const auto& d : u.args.undefines) k += "U" + d + '\0';
  for (const auto& d : u.args.includeDirs) k += "I" + d + '\0';
  for (auto t : u.opts.targets) k += char('0' + int(t));
  k += '\0' + std::to_string(u.opts.optimizationLevel) + (u.opts.validate ? "v" : "") +
       (u.opts.enable16BitTypes ? "h" : "") + char('0' + int(u.opts.layout)) + (u.opts.warningsAsErrors ? "W" : "") +
       (u.opts.disableWarnings ? "w" : "") + (u.opts.wgslNagaDialect ? "n" : "") +
       (u.opts.mslLayoutAsserts ? "a" : "") + (u.args.disassemble ? "s" : "") + (u.args.depfile ? "d" : "") +
       (u.args.reflectDetail ? "r" : "");
  k += ';' + std::to_string(u.opts.wgslPushConstantGroup) + ':' + std::to_string(u.opts.wgslPushConstantBinding) + ';';
  for (const auto& s : u.opts.bindingShifts)
    k += std::string(1, s.kind) + std::to_string(s.shift) + ":" + std::to_string(s.space) + ";";
  return k;
}

UnitResult runUnit(const Unit& u) {
  UnitResult r;
  CompileResult cr = CompileFile(u.file, u.opts);
  const bool json = u.args.diagFormat == "json";
  std::vector<PendingFile> files;
  std::string planError;
  if (cr.success) {
    OutputPlan plan = planOutputs(u.args, u.opts, cr, [&](const std::string& entry, CompileTarget t) {
      return u.prefix + "." + entry + targetExtension(t);
    });
    planError = plan.error;
    files = std::move(plan.files);
    if (planError.empty() && u.args.depfile) {
      std::vector<std::string> targets = u.args.depTargets;
      if (targets.empty())
        for (const auto& f : files) targets.push_back(f.path.string());
      files.push_back({u.prefix + ".d", depfileText(targets, cr.dependencies)});
    }
  }
  bool ok = cr.success && planError.empty();
  std::string failed;
  if (ok) {
    std::error_code ec;
    for (const auto& f : files)
      if (f.path.has_parent_path()) fs::create_directories(f.path.parent_path(), ec);
    ok = commitFiles(files, failed);
  }
  r.err = json ? cr.diagnosticsJson() : cr.renderedDiagnostics();
  if (!planError.empty()) optionError(r.err, planError);
  if (cr.success && planError.empty() && !ok) {
    DiagEngine de;
    de.report(DiagId::FileWriteFailed, SourceRange{}, {failed});
    r.err += de.renderAll();
  }
  r.ok = ok;
  if (ok) {
    if (cr.reflection)
      for (const auto& e : cr.reflection->entryPoints) {
        r.out += SummaryLine(e) + "\n";
        if (u.args.reflectDetail) r.out += ReflectionDetail(e);
      }
    for (const auto& f : files)
      r.out += "wrote " + f.path.string() + " (" + std::to_string(f.data.size()) + " bytes)\n";
    r.files = files.size();
  }
  return r;
}

void drawProgress(size_t done, size_t total, size_t failed) {
  const int width = 30;
  int fill = total ? int(double(done) / double(total) * width) : width;
  std::string bar(size_t(fill), '=');
  if (fill < width) bar += '>';
  bar.resize(width, ' ');
  std::fprintf(stderr, "\r[%s] %zu/%zu%s", bar.c_str(), done, total,
               failed ? (", " + std::to_string(failed) + " failed").c_str() : "");
  std::fflush(stderr);
}

}  // namespace

int runBatch(const Args& a, const std::vector<std::string>& argv) {
  using Clock = std::chrono::steady_clock;
  auto t0 = Clock::now();
  std::vector<Unit> units;
  std::string error;
  if (!buildUnits(a, argv, units, error)) {
    std::string err;
    optionError(err, error);
    std::fputs(err.c_str(), stderr);
    return 1;
  }
  // Identical permutations compile once; every other output path must be distinct.
  std::map<std::string, size_t> byKey;
  std::vector<size_t> sameAs(units.size());
  std::map<std::string, size_t> prefixes;
  std::vector<size_t> todo;
  for (size_t i = 0; i < units.size(); ++i) {
    auto [it, fresh] = byKey.emplace(unitKey(units[i]) + '\0' + units[i].prefix, i);
    sameAs[i] = it->second;
    if (!fresh) continue;
    auto [pit, pfresh] = prefixes.emplace(units[i].prefix, i);
    if (!pfresh) {
      std::string err;
      optionError(err, "batch: '" + units[pit->second].label + "' and '" + units[i].label + "' would both write " +
                           units[i].prefix + ".* (give the manifest job an \"out\" with {perm})");
      std::fputs(err.c_str(), stderr);
      return 1;
    }
    todo.push_back(i);
  }

  size_t threads = a.jobs > 0 ? size_t(a.jobs) : std::max(1u, std::thread::hardware_concurrency());
  threads = std::min(threads, std::max<size_t>(1, todo.size()));
  bool progress = a.progress == "on" || (a.progress == "auto" && ::isatty(2));

  std::vector<std::optional<UnitResult>> results(units.size());
  std::mutex mu;
  std::condition_variable cv;
  std::atomic<size_t> next{0};
  size_t doneCount = 0, failedCount = 0;
  auto worker = [&] {
    for (size_t k; (k = next++) < todo.size();) {
      UnitResult r = runUnit(units[todo[k]]);
      std::lock_guard<std::mutex> lock(mu);
      failedCount += !r.ok;
      results[todo[k]] = std::move(r);
      ++doneCount;
      cv.notify_one();
    }
  };
  std::vector<std::thread> pool;
  for (size_t t = 0; t < threads; ++t) pool.emplace_back(worker);

  // Print each unit's text in unit order as soon as it and every unit before it are done.
  size_t printed = 0, succeeded = 0, files = 0;
  std::vector<std::string> failedLabels;
  auto lastDraw = Clock::now() - std::chrono::seconds(1);
  {
    std::unique_lock<std::mutex> lock(mu);
    while (printed < todo.size()) {
      cv.wait_for(lock, std::chrono::milliseconds(100));
      bool drew = false;
      while (printed < todo.size() && results[todo[printed]]) {
        const UnitResult& r = *results[todo[printed]];
        if (progress && !drew) std::fputs("\r\033[K", stderr), drew = true;
        std::fwrite(r.err.data(), 1, r.err.size(), stderr);
        std::fwrite(r.out.data(), 1, r.out.size(), stdout);
        if (r.ok)
          ++succeeded, files += r.files;
        else
          failedLabels.push_back(units[todo[printed]].label);
        ++printed;
      }
      if (drew) std::fflush(stdout);
      if (progress && (drew || Clock::now() - lastDraw > std::chrono::milliseconds(100))) {
        drawProgress(doneCount, todo.size(), failedCount);
        lastDraw = Clock::now();
      }
    }
  }
  for (auto& t : pool) t.join();
  if (progress) std::fputs("\r\033[K", stderr);

  double secs = std::chrono::duration<double>(Clock::now() - t0).count();
  size_t dup = units.size() - todo.size();
  std::fprintf(
      stderr, "oneshader: %zu compile%s, %zu succeeded, %zu failed%s; %zu file%s written; %.2f s on %zu thread%s\n",
      todo.size(), todo.size() == 1 ? "" : "s", succeeded, failedLabels.size(),
      dup ? (" (" + std::to_string(dup) + " repeated permutation" + (dup == 1 ? "" : "s") + " compiled once)").c_str()
          : "",
      files, files == 1 ? "" : "s", secs, threads, threads == 1 ? "" : "s");
  for (const auto& l : failedLabels) std::fprintf(stderr, "  failed: %s\n", l.c_str());
  return failedLabels.empty() ? 0 : 1;
}

}  // namespace oneshader::cli
