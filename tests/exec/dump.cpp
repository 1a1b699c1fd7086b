#include "dump.hpp"

#include <fstream>
#include <stdexcept>

namespace oneshader::exec {

namespace {

void put(std::ofstream& f, uint32_t w) {
  unsigned char b[4] = {static_cast<unsigned char>(w), static_cast<unsigned char>(w >> 8),
                        static_cast<unsigned char>(w >> 16), static_cast<unsigned char>(w >> 24)};
  f.write(reinterpret_cast<const char*>(b), 4);
}

struct Reader {
  const std::vector<unsigned char>& bytes;
  const std::string& path;
  size_t pos = 0;
  uint32_t word() {
    if (pos + 4 > bytes.size()) throw std::runtime_error(path + ": truncated buffer dump");
    uint32_t w = uint32_t(bytes[pos]) | uint32_t(bytes[pos + 1]) << 8 | uint32_t(bytes[pos + 2]) << 16 |
                 uint32_t(bytes[pos + 3]) << 24;
    pos += 4;
    return w;
  }
};

}  // namespace

void writeDump(const std::string& path, const std::vector<DumpBuffer>& buffers) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  if (!f) throw std::runtime_error("cannot write " + path);
  put(f, kDumpMagic);
  put(f, kDumpVersion);
  put(f, static_cast<uint32_t>(buffers.size()));
  for (const auto& b : buffers) {
    put(f, b.set);
    put(f, b.binding);
    put(f, b.uniform ? 1 : 0);
    put(f, static_cast<uint32_t>(b.name.size()));
    std::string padded = b.name;
    padded.resize((padded.size() + 3) & ~size_t{3}, '\0');
    f.write(padded.data(), static_cast<std::streamsize>(padded.size()));
    put(f, static_cast<uint32_t>(b.words.size()));
    for (uint32_t w : b.words) put(f, w);
  }
  if (!f) throw std::runtime_error("cannot write " + path);
}

std::vector<DumpBuffer> readDump(const std::string& path) {
  std::ifstream f(path, std::ios::binary);
  if (!f) throw std::runtime_error("cannot open " + path);
  std::vector<unsigned char> bytes((std::istreambuf_iterator<char>(f)), std::istreambuf_iterator<char>());
  Reader r{bytes, path};
  if (r.word() != kDumpMagic) throw std::runtime_error(path + ": not a buffer dump (bad magic)");
  if (uint32_t v = r.word(); v != kDumpVersion)
    throw std::runtime_error(path + ": buffer dump version " + std::to_string(v) + ", expected 1");
  uint32_t n = r.word();
  std::vector<DumpBuffer> out;
  for (uint32_t i = 0; i < n; ++i) {
    DumpBuffer b;
    b.set = r.word();
    b.binding = r.word();
    b.uniform = r.word() != 0;
    uint32_t len = r.word();
    size_t padded = (size_t{len} + 3) & ~size_t{3};
    if (r.pos + padded > bytes.size()) throw std::runtime_error(path + ": truncated buffer dump");
    b.name.assign(reinterpret_cast<const char*>(bytes.data() + r.pos), len);
    r.pos += padded;
    uint32_t words = r.word();
    if (r.pos + size_t{words} * 4 > bytes.size()) throw std::runtime_error(path + ": truncated buffer dump");
    b.words.resize(words);
    for (auto& w : b.words) w = r.word();
    out.push_back(std::move(b));
  }
  if (r.pos != bytes.size()) throw std::runtime_error(path + ": trailing bytes after the buffer dump");
  return out;
}

std::vector<DumpBuffer> dumpOf(const Case& c, const std::vector<std::vector<uint32_t>>& contents) {
  std::vector<DumpBuffer> out;
  for (size_t i = 0; i < c.buffers.size(); ++i)
    out.push_back({c.buffers[i].name, c.buffers[i].set, c.buffers[i].binding, c.buffers[i].uniform, contents.at(i)});
  return out;
}

std::vector<std::vector<uint32_t>> contentsFromDump(const Case& c, const std::vector<DumpBuffer>& dump) {
  if (dump.size() != c.buffers.size())
    throw std::runtime_error("the dump has " + std::to_string(dump.size()) + " buffers, the case " +
                             std::to_string(c.buffers.size()));
  std::vector<std::vector<uint32_t>> out;
  for (size_t i = 0; i < c.buffers.size(); ++i) {
    const auto& d = c.buffers[i];
    const auto& b = dump[i];
    if (b.name != d.name || b.set != d.set || b.binding != d.binding || b.uniform != d.uniform)
      throw std::runtime_error("dump buffer " + std::to_string(i) + " is " + b.name + " (set " + std::to_string(b.set) +
                               ", binding " + std::to_string(b.binding) + "), the case's is " + d.name);
    if (b.words.size() != d.init.size())
      throw std::runtime_error("dump buffer " + b.name + " has " + std::to_string(b.words.size()) +
                               " words, the case's " + std::to_string(d.init.size()));
    out.push_back(b.words);
  }
  return out;
}

}  // namespace oneshader::exec
