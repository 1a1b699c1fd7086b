# lit configuration of the resource struct tests: the inline SPIR-V tests' configuration
# (%oneshader, FileCheck on PATH) with this folder's name and root, and %wgslcheck (Dawn's
# WGSL compiler through tests/wgsl/check.mjs; `true` when Dawn is not installed).
import os

here = os.path.dirname(__file__)
lit_config.load_config(config, os.path.join(here, '..', 'inline_spirv', 'lit.cfg.py'))
config.name = 'resource_structs'
config.test_source_root = here
wgsl = os.path.join(here, '..', 'wgsl')
dawn = os.path.isdir(os.path.join(wgsl, 'node_modules', 'webgpu'))
config.substitutions.append(('%wgslcheck', 'node ' + os.path.join(wgsl, 'check.mjs') if dawn else 'true'))
config.substitutions.append(('%mslcheck', 'python3 ' + os.path.join(here, '..', 'msl', 'check_msl.py') +
                             ' --shim ' + os.path.join(here, '..', 'msl', 'shim') + ' --metal'))
config.environment['PYTHONDONTWRITEBYTECODE'] = '1'  # check_msl.py leaves no __pycache__ in the tree
