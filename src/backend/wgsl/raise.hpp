// The WGSL pass list: what the IR of one entry point goes through before the WGSL printer.
#pragma once
#include "ir/ir.hpp"

namespace oneshader {
class DiagEngine;
}

namespace oneshader::wgsl {

// Runs the WGSL passes (raise.cpp) on the module of one entry point; false after a coded
// diagnostic.
bool raise(ir::Module& m, DiagEngine& diags);

}  // namespace oneshader::wgsl
