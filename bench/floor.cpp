// The floor for a compiler process (issue 11, "a process within 1.3x of a trivial C++
// read-and-write program"): reads a file whole and writes its bytes to another, as any C++
// program would, with iostreams. bench/floor.sh compares oneshader's process against it.
//
//   build/bench/oneshader_floor IN OUT
#include <fstream>
#include <iostream>
#include <iterator>
#include <string>

int main(int argc, char** argv) {
  if (argc != 3) {
    std::cerr << "usage: " << argv[0] << " IN OUT\n";
    return 2;
  }
  std::ifstream in(argv[1], std::ios::binary);
  if (!in) return 1;
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::ofstream out(argv[2], std::ios::binary);
  out << text;
  return out ? 0 : 1;
}
