# lit configuration of the rich debug information tests (-fspv-debug=vulkan): the inline
# SPIR-V tests' configuration (%oneshader, FileCheck on PATH) with this folder's name and root.
import os

lit_config.load_config(config, os.path.join(os.path.dirname(__file__), '..', 'inline_spirv', 'lit.cfg.py'))
config.name = 'debug_info'
config.test_source_root = os.path.dirname(__file__)
