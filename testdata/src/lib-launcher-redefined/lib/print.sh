#!/usr/bin/env bash
# Redefines launch to print the command line only (sourced after
# lib/launch.sh, this one is what the script calls).
launch() { echo "would run: vllm serve /m $*"; }
