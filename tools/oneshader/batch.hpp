// Batch mode: many files and permutations in one process on every core (docs/cli.md,
// "Batch mode"). Each compile is independent and deterministic, so the files written are
// byte-identical whatever -j is; what is printed (diagnostics, summary lines) is printed in
// job order, not completion order.
#pragma once
#include <string>
#include <vector>

#include "args.hpp"

namespace oneshader::cli {

// Runs the batch the parsed command line `a` describes (its inputs and/or --manifest).
// `argv` is the command line as given (the manifest's args are parsed on top of it).
int runBatch(const Args& a, const std::vector<std::string>& argv);

}  // namespace oneshader::cli
