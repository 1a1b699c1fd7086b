// The MSL pass list: what the IR of one entry point goes through before the MSL printer.
#pragma once
#include "ir/ir.hpp"

namespace oneshader {
class DiagEngine;
}

namespace oneshader::msl {

// Runs the MSL passes (raise.cpp) on the module of one entry point; false after a coded
// diagnostic.
bool raise(ir::Module& m, DiagEngine& diags);

}  // namespace oneshader::msl
