#include "output.hpp"

#include <atomic>
#include <cstdio>
#include <string_view>
#include <unordered_set>

#include <unistd.h>

namespace fs = std::filesystem;

namespace oneshader::cli {

bool commitFiles(const std::vector<PendingFile>& files, std::string& failed) {
  // Unique per process and call: batch jobs commit on several threads at once.
  static std::atomic<uint64_t> counter{0};
  std::vector<fs::path> temps;
  auto cleanup = [&] {
    std::error_code ec;
    for (auto& t : temps) fs::remove(t, ec);
  };
  for (const auto& f : files) {
    fs::path tmp = f.path;
    tmp += ".tmp" + std::to_string(::getpid()) + "." + std::to_string(counter++);
    std::FILE* os = std::fopen(tmp.c_str(), "wb");
    if (!os) {
      failed = f.path.string();
      cleanup();
      return false;
    }
    temps.push_back(tmp);
    bool ok = std::fwrite(f.data.data(), 1, f.data.size(), os) == f.data.size();
    ok = (std::fclose(os) == 0) && ok;
    if (!ok) {
      failed = f.path.string();
      cleanup();
      return false;
    }
  }
  for (size_t i = 0; i < files.size(); ++i) {
    std::error_code ec;
    fs::rename(temps[i], files[i].path, ec);
    if (ec) {
      failed = files[i].path.string();
      // Files already renamed stay (they are complete); the rest are removed.
      std::error_code ec2;
      for (size_t j = i; j < temps.size(); ++j) fs::remove(temps[j], ec2);
      return false;
    }
  }
  return true;
}

const char* targetExtension(CompileTarget t) {
  switch (t) {
    case CompileTarget::SpirV: return ".spv";
    case CompileTarget::Msl: return ".metal";
    case CompileTarget::Wgsl: return ".wgsl";
  }
  return ".out";
}

std::vector<std::string> distinctEntries(const CompileResult& r) {
  // A set, not a scan of the list: a file of 16,000 entry points has 48,000 outputs.
  std::vector<std::string> entries;
  std::unordered_set<std::string_view> seen;
  for (const auto& o : r.outputs)
    if (seen.insert(o.entryPoint).second) entries.push_back(o.entryPoint);
  return entries;
}

std::string headerText(const std::string& name, const CompiledShader& o) {
  std::vector<uint8_t> bytes = o.toBytes();
  std::string s = "// SPIR-V module of entry point '" + o.entryPoint + "' (" + std::to_string(bytes.size()) +
                  " bytes), written by oneshader -Fh\n";
  s += "const unsigned char " + name + "[] = {";
  static const char kHex[] = "0123456789abcdef";
  for (size_t i = 0; i < bytes.size(); ++i) {
    s += i % 16 == 0 ? "\n  " : " ";
    s += "0x";
    s += kHex[bytes[i] >> 4];
    s += kHex[bytes[i] & 15];
    s += ',';
  }
  s += "\n};\n";
  return s;
}

static void appendEscaped(std::string& out, const std::string& path) {
  for (char c : path) {
    if (c == ' ' || c == '#') out += '\\';
    if (c == '$') out += '$';
    out += c;
  }
}

std::string depfileText(const std::vector<std::string>& targets, const std::vector<std::string>& prerequisites) {
  std::string s;
  for (size_t i = 0; i < targets.size(); ++i) {
    if (i) s += ' ';
    appendEscaped(s, targets[i]);
  }
  s += ':';
  for (const auto& p : prerequisites) {
    s += " \\\n  ";
    appendEscaped(s, p);
  }
  s += '\n';
  return s;
}

std::string defaultDepfilePath(const Args& a, const std::string& input) {
  if (!a.foFile.empty()) return fs::path(a.foFile).replace_extension(".d").string();
  return (fs::path(a.outDir) / fs::path(input).stem()).string() + ".d";
}

}  // namespace oneshader::cli
