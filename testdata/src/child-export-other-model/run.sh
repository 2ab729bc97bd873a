#!/usr/bin/env bash
# Per-model presets through the shared launcher: llama72 hands launch.sh
# another model (MODEL_PATH) with its own seats, another server, as it
# would be written in this script's own argv. bench serves serve's model
# (the owner's, by default) with its own seats: reported.
set -euo pipefail
here=$(dirname "$0")
case "${1:-serve}" in
  serve) ;;
  llama72) export MODEL_PATH=meta-llama/Llama-3.3-70B-Instruct SEQS=32 ;;
  bench) export MODEL_PATH=Qwen/Qwen3-8B SEQS=64 ;; # want "bench passes --max-num-seqs 64 by exporting SEQS=64 to its run of launch.sh" "bench boots with --max-num-seqs 64 where serve boots with 256"
esac
exec "$here/launch.sh"
