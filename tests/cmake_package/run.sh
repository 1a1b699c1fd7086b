#!/usr/bin/env bash
# The installed package end to end (ctest cmake_package): installs the build into a fresh
# prefix, then a generated CMake project that find_package(oneshader)s it compiles 500
# permutations (10 sources x 50 define values) with oneshader_add_shaders() and Ninja, and
# checks that the depfiles make Ninja rebuild exactly the dependents of a touched file:
# an include used by half the sources rebuilds those 250 outputs and nothing else; a touched
# source rebuilds its 50. A C++ program links the library through the CMake target and
# through pkg-config and compiles the seed shader in-process.
#   run.sh BUILD_DIR WORK_DIR
set -euo pipefail
BUILD="$(cd "$1" && pwd)"; WORK="$2"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/../.." && pwd)"
fail() { echo "FAIL: $*"; exit 1; }
rm -rf "$WORK"; mkdir -p "$WORK/proj/shaders"
cmake --install "$BUILD" --prefix "$WORK/prefix" >/dev/null
P="$WORK/proj"
printf 'static const uint K = 3;\n' > "$P/shaders/common.hlsli"
printf 'static const uint A = 5;\n#define PICK A\n' > "$P/shaders/a.hlsli"
printf 'static const uint B = 7;\n#define PICK B\n' > "$P/shaders/b.hlsli"
for i in $(seq 0 9); do
  inc=$([[ $((i % 2)) -eq 0 ]] && echo a.hlsli || echo b.hlsli)
  cat > "$P/shaders/s$i.hlsl" <<HLSL
#include "common.hlsli"
#include "$inc"
RWStructuredBuffer<uint> Out : register(u0);
[numthreads(8, 1, 1)]
void main(uint3 id : SV_DispatchThreadID) { Out[id.x] = id.x * K + PICK + V + $i; }
HLSL
done
cat > "$P/consumer.cpp" <<'CPP'
#include <oneshader/oneshader.hpp>
#include <cstdio>
int main(int argc, char** argv) {
  oneshader::CompileOptions o;
  o.targets = {oneshader::CompileTarget::SpirV, oneshader::CompileTarget::Wgsl};
  oneshader::CompileResult r = oneshader::CompileFile(argv[1], o);
  if (!r.success || !r.reflection) return 1;
  for (const auto& e : r.reflection->entryPoints) std::printf("%s\n", oneshader::SummaryLine(e).c_str());
  return 0;
}
CPP
cat > "$P/CMakeLists.txt" <<'CMAKE'
cmake_minimum_required(VERSION 3.25)
project(permutations LANGUAGES CXX)
find_package(oneshader 0.1 REQUIRED)
set(sources)
foreach(i RANGE 0 9)
  list(APPEND sources shaders/s${i}.hlsl)
endforeach()
foreach(v RANGE 0 49)
  oneshader_add_shaders(shaders SOURCES ${sources} ENTRY main PROFILE cs_6_0 DEFINES V=${v} SUFFIX _v${v}
                        OPTIONS -fspv-target-env=vulkan1.1)
endforeach()
get_target_property(outs shaders ONESHADER_OUTPUTS)
list(LENGTH outs n)
message(STATUS "declared ${n} shader outputs")
add_executable(consumer EXCLUDE_FROM_ALL consumer.cpp)
target_link_libraries(consumer PRIVATE oneshader::oneshader)
CMAKE
cmake -S "$P" -B "$P/build" -G Ninja -DCMAKE_PREFIX_PATH="$WORK/prefix" >"$WORK/configure.log" 2>&1 ||
  { cat "$WORK/configure.log"; fail "configure"; }
grep -q "declared 500 shader outputs" "$WORK/configure.log" || fail "the project did not declare 500 outputs"
ninja -C "$P/build" -j2 shaders >"$WORK/build1.log" 2>&1 || { tail -20 "$WORK/build1.log"; fail "first build"; }
n=$(find "$P/build/shaders" -name main.spv | wc -l)
[[ $n -eq 500 ]] || fail "expected 500 modules, found $n"
# Permutations really differ: V=0 and V=1 of one source are different modules.
cmp -s "$P/build/shaders/s0_v0/main.spv" "$P/build/shaders/s0_v1/main.spv" && fail "V=0 and V=1 gave the same module"
spirv-val --target-env vulkan1.1 "$P/build/shaders/s3_v7/main.spv" || fail "spirv-val"
ninja -C "$P/build" -n shaders | grep -q "no work to do" || fail "a second build is not a no-op"

rebuilt() { ninja -C "$P/build" -n shaders | grep -o 'oneshader shaders/s[0-9]*\.hlsl' | sort | uniq -c | awk '{print $3 ":" $1}' | tr '\n' ' '; }
sleep 1  # coarse timestamps: make the touch newer than the outputs
touch "$P/shaders/a.hlsli"
got=$(rebuilt); want="shaders/s0.hlsl:50 shaders/s2.hlsl:50 shaders/s4.hlsl:50 shaders/s6.hlsl:50 shaders/s8.hlsl:50 "
[[ "$got" == "$want" ]] || fail "touching a.hlsli would rebuild [$got], expected [$want]"
ninja -C "$P/build" -j2 shaders >/dev/null || fail "rebuild"
ninja -C "$P/build" -n shaders | grep -q "no work to do" || fail "not a no-op after the rebuild"
sleep 1
touch "$P/shaders/s3.hlsl"
got=$(rebuilt); [[ "$got" == "shaders/s3.hlsl:50 " ]] || fail "touching s3.hlsl would rebuild [$got]"
sleep 1
touch "$P/shaders/common.hlsli"
got=$(rebuilt); n=$(echo "$got" | tr ' ' '\n' | grep -c ':50') 
[[ $n -eq 10 ]] || fail "touching common.hlsli would rebuild [$got], expected all 10 sources x 50"

# The library: through the CMake target, and through pkg-config.
ninja -C "$P/build" consumer >"$WORK/consumer.log" 2>&1 || { tail -20 "$WORK/consumer.log"; fail "consumer (CMake)"; }
"$P/build/consumer" "$ROOT/examples/Waves.hlsl" | grep -qx "CSSum (Compute): Basic, Arithmetic = 0x5" || fail "consumer output"
pc=$(find "$WORK/prefix" -name oneshader.pc | head -1)
[[ -n "$pc" ]] || fail "no oneshader.pc installed"
flags=$(PKG_CONFIG_PATH="$(dirname "$pc")" pkg-config --cflags --libs oneshader) || fail "pkg-config"
g++ -std=c++20 "$P/consumer.cpp" -o "$WORK/consumer_pc" $flags || fail "consumer (pkg-config: $flags)"
"$WORK/consumer_pc" "$ROOT/examples/Waves.hlsl" | grep -qx "PSSlope (Pixel): Quad = 0x80" || fail "pkg-config consumer output"
echo "cmake_package: 500 permutations built; touched includes rebuild exactly their dependents; library linked via CMake and pkg-config"
