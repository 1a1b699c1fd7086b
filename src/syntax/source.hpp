// Source manager: owns file buffers, maps SourceLoc to file/line/column, include search.
#pragma once
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

namespace oneshader {

// A location is a 32-bit offset into one global space: every loaded buffer occupies
// [base, base + size] of it (the +1 lets the end-of-file position be addressed).
// 0 is the invalid location.
struct SourceLoc {
  uint32_t raw = 0;
  bool valid() const { return raw != 0; }
  friend bool operator==(SourceLoc a, SourceLoc b) { return a.raw == b.raw; }
  friend bool operator<(SourceLoc a, SourceLoc b) { return a.raw < b.raw; }
  SourceLoc operator+(uint32_t n) const { return SourceLoc{raw + n}; }
};

// Half-open: [begin, end). An empty range (begin == end) points at one position.
struct SourceRange {
  SourceLoc begin, end;
  bool valid() const { return begin.valid(); }
};

using FileId = uint32_t;  // index into the manager's file table; 0 is invalid

struct PresumedLoc {
  std::string_view file;  // as named by #line, or the file's path
  uint32_t line = 0;      // 1-based
  uint32_t column = 0;    // 1-based, in bytes
  bool valid() const { return line != 0; }
};

class SourceManager {
 public:
  SourceManager();
  ~SourceManager();
  SourceManager(const SourceManager&) = delete;
  SourceManager& operator=(const SourceManager&) = delete;

  // Adds an in-memory buffer (the main file given as text, or a test's source).
  FileId addBuffer(std::string path, std::string text);
  // Loads a file from disk; caches by path. Returns 0 when it cannot be read.
  FileId loadFile(const std::string& path);
  // Include search: quoted includes look beside `includer` first, then the -I dirs;
  // angled includes search the -I dirs only. Returns 0 if not found.
  FileId findInclude(std::string_view name, bool angled, FileId includer);
  void addIncludeDir(std::string dir) { includeDirs_.push_back(std::move(dir)); }
  const std::vector<std::string>& includeDirs() const { return includeDirs_; }
  // Lets tests and the API provide virtual files (looked up before the disk).
  void addVirtualFile(std::string path, std::string text);

  // The paths of the files loaded from disk or from virtual files (not addBuffer's), in
  // load order.
  std::vector<std::string> loadedPaths() const;

  std::string_view text(FileId f) const;
  const std::string& path(FileId f) const;
  SourceLoc startOf(FileId f) const;       // location of byte 0
  FileId fileOf(SourceLoc loc) const;      // 0 if invalid
  uint32_t offsetOf(SourceLoc loc) const;  // byte offset inside its file

  // Physical line/column (ignores #line).
  PresumedLoc physicalLoc(SourceLoc loc) const;
  // Honours #line directives recorded with addLineDirective.
  PresumedLoc presumedLoc(SourceLoc loc) const;
  // The text of the physical line containing loc (without the newline).
  std::string_view lineText(SourceLoc loc) const;

  // `#line N "file"` at `loc`: the line after the directive is number N.
  void addLineDirective(SourceLoc loc, uint32_t line, std::optional<std::string> file);

 private:
  struct File;
  const File* fileFor(SourceLoc loc) const;
  std::vector<std::unique_ptr<File>> files_;  // index 0 unused
  std::unordered_map<std::string, FileId> byPath_;
  std::unordered_map<std::string, std::string> virtualFiles_;
  std::vector<std::string> includeDirs_;
  std::vector<FileId> loaded_;  // loadFile's files, in load order
  uint32_t nextBase_ = 1;
};

}  // namespace oneshader
