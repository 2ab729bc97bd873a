#!/usr/bin/env bash
# A launcher whose second word is the engine's --max-num-seqs.
set -euo pipefail
exec vllm serve /m --max-num-seqs "$2" --port "$1"
