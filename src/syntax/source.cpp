#include "syntax/source.hpp"

#include <algorithm>
#include <cstdio>
#include <filesystem>

namespace oneshader {

struct SourceManager::File {
  std::string path;
  std::string text;
  uint32_t base = 0;
  std::vector<uint32_t> lineStarts;  // byte offsets of each line's first char
  struct LineDirective {
    uint32_t offset;   // offset of the line following the directive
    uint32_t line;     // its presumed line number
    std::string file;  // presumed file name ("" keeps the current one)
  };
  std::vector<LineDirective> lineDirectives;  // sorted by offset
};

SourceManager::SourceManager() { files_.emplace_back(); }
SourceManager::~SourceManager() = default;

FileId SourceManager::addBuffer(std::string path, std::string text) {
  auto f = std::make_unique<File>();
  f->path = std::move(path);
  f->text = std::move(text);
  f->base = nextBase_;
  nextBase_ += static_cast<uint32_t>(f->text.size()) + 1;
  f->lineStarts.push_back(0);
  for (uint32_t i = 0; i < f->text.size(); ++i)
    if (f->text[i] == '\n') f->lineStarts.push_back(i + 1);
  files_.push_back(std::move(f));
  return static_cast<FileId>(files_.size() - 1);
}

void SourceManager::addVirtualFile(std::string path, std::string text) {
  virtualFiles_[std::move(path)] = std::move(text);
}

FileId SourceManager::loadFile(const std::string& path) {
  namespace fs = std::filesystem;
  std::string key = path;
  if (auto it = byPath_.find(key); it != byPath_.end()) return it->second;
  if (auto it = virtualFiles_.find(path); it != virtualFiles_.end()) {
    FileId id = addBuffer(path, it->second);
    byPath_[key] = id;
    loaded_.push_back(id);
    return id;
  }
  // One open and one read into the buffer the source manager keeps (no stream copies).
  std::error_code ec;
  if (!fs::is_regular_file(path, ec)) return 0;
  std::FILE* in = std::fopen(path.c_str(), "rb");
  if (!in) return 0;
  std::string text;
  uintmax_t size = fs::file_size(path, ec);
  if (!ec) text.resize(size_t(size));
  size_t got = text.empty() ? 0 : std::fread(text.data(), 1, text.size(), in);
  text.resize(got);
  // A file that grew (or whose size was unknown) is read to its end.
  char buf[65536];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, in)) > 0;) text.append(buf, n);
  bool bad = std::ferror(in) != 0;
  std::fclose(in);
  if (bad) return 0;
  FileId id = addBuffer(path, std::move(text));
  byPath_[key] = id;
  loaded_.push_back(id);
  return id;
}

std::vector<std::string> SourceManager::loadedPaths() const {
  std::vector<std::string> out;
  out.reserve(loaded_.size());
  for (FileId f : loaded_) out.push_back(files_[f]->path);
  return out;
}

FileId SourceManager::findInclude(std::string_view name, bool angled, FileId includer) {
  namespace fs = std::filesystem;
  std::string n(name);
  if (fs::path(n).is_absolute()) return loadFile(n);
  if (!angled && includer != 0 && includer < files_.size()) {
    fs::path dir = fs::path(files_[includer]->path).parent_path();
    std::string cand = dir.empty() ? n : (dir / n).lexically_normal().string();
    if (FileId f = loadFile(cand)) return f;
  }
  for (const auto& d : includeDirs_) {
    std::string cand = (fs::path(d) / n).lexically_normal().string();
    if (FileId f = loadFile(cand)) return f;
  }
  if (!angled && (includer == 0 || includer >= files_.size())) return loadFile(n);
  return 0;
}

std::string_view SourceManager::text(FileId f) const { return files_[f]->text; }
const std::string& SourceManager::path(FileId f) const { return files_[f]->path; }
SourceLoc SourceManager::startOf(FileId f) const { return SourceLoc{files_[f]->base}; }

FileId SourceManager::fileOf(SourceLoc loc) const {
  if (!loc.valid()) return 0;
  // Files are appended with increasing bases: binary search.
  size_t lo = 1, hi = files_.size();
  while (lo < hi) {
    size_t mid = (lo + hi) / 2;
    if (files_[mid]->base <= loc.raw)
      lo = mid + 1;
    else
      hi = mid;
  }
  FileId f = static_cast<FileId>(lo - 1);
  if (f == 0) return 0;
  if (loc.raw > files_[f]->base + files_[f]->text.size()) return 0;
  return f;
}

const SourceManager::File* SourceManager::fileFor(SourceLoc loc) const {
  FileId f = fileOf(loc);
  return f ? files_[f].get() : nullptr;
}

uint32_t SourceManager::offsetOf(SourceLoc loc) const {
  const File* f = fileFor(loc);
  return f ? loc.raw - f->base : 0;
}

PresumedLoc SourceManager::physicalLoc(SourceLoc loc) const {
  const File* f = fileFor(loc);
  if (!f) return {};
  uint32_t off = loc.raw - f->base;
  auto it = std::upper_bound(f->lineStarts.begin(), f->lineStarts.end(), off);
  uint32_t line = static_cast<uint32_t>(it - f->lineStarts.begin());
  uint32_t col = off - f->lineStarts[line - 1] + 1;
  return PresumedLoc{f->path, line, col};
}

PresumedLoc SourceManager::presumedLoc(SourceLoc loc) const {
  PresumedLoc p = physicalLoc(loc);
  const File* f = fileFor(loc);
  if (!f || f->lineDirectives.empty()) return p;
  uint32_t off = loc.raw - f->base;
  const File::LineDirective* d = nullptr;
  std::string_view name = f->path;
  for (const auto& ld : f->lineDirectives) {
    if (ld.offset > off) break;
    d = &ld;
    if (!ld.file.empty()) name = ld.file;
  }
  if (!d) return p;
  PresumedLoc dl = physicalLoc(SourceLoc{f->base + d->offset});
  p.line = d->line + (p.line - dl.line);
  p.file = name;
  return p;
}

std::string_view SourceManager::lineText(SourceLoc loc) const {
  const File* f = fileFor(loc);
  if (!f) return {};
  uint32_t off = loc.raw - f->base;
  auto it = std::upper_bound(f->lineStarts.begin(), f->lineStarts.end(), off);
  uint32_t start = *(it - 1);
  uint32_t end = start;
  while (end < f->text.size() && f->text[end] != '\n' && f->text[end] != '\r') ++end;
  return std::string_view(f->text).substr(start, end - start);
}

void SourceManager::addLineDirective(SourceLoc loc, uint32_t line, std::optional<std::string> file) {
  File* f = const_cast<File*>(fileFor(loc));
  if (!f) return;
  uint32_t off = loc.raw - f->base;
  // The directive applies from the start of the next physical line.
  while (off < f->text.size() && f->text[off] != '\n') ++off;
  if (off < f->text.size()) ++off;
  f->lineDirectives.push_back({off, line, file ? *file : std::string()});
  std::stable_sort(f->lineDirectives.begin(), f->lineDirectives.end(),
                   [](const auto& a, const auto& b) { return a.offset < b.offset; });
}

}  // namespace oneshader
