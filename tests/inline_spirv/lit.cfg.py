# lit configuration of the inline SPIR-V tests (shared/design/inline-spirv.md): each
# NAME.hlsl has RUN lines that compile it with OneShader and check the SPIR-V (FileCheck,
# spirv-val) or the diagnostics. ctest runs one lit invocation per file (CMakeLists.txt).
import os
import lit.formats

config.name = 'inline_spirv'
config.test_format = lit.formats.ShTest(execute_external=True)
config.suffixes = ['.hlsl']
config.excludes = ['Inputs']
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = lit_config.params.get('exec_root', os.path.join(os.path.dirname(__file__), 'Output'))
config.substitutions.append(('%oneshader', lit_config.params['oneshader']))
config.substitutions.append(('%inputs', os.path.join(os.path.dirname(__file__), 'Inputs')))
llvm_bin = '/usr/lib/llvm-14/bin'  # FileCheck, not (llvm-14-tools)
config.environment['PATH'] = os.pathsep.join([llvm_bin, os.environ['PATH']])
