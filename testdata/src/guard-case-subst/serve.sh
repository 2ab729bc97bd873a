#!/usr/bin/env bash
# The GPU check cases on nvidia-smi's answer directly, not on a variable
# holding it: the dry run does not run nvidia-smi, so the case's word is
# unknown and the guard is assumed to pass (its first item that does not
# exit), as on the machine that boots. Then the modes are compared.
set -euo pipefail
. "$(dirname "$0")/serve.env"
case "$(nvidia-smi --query-gpu=name --format=csv,noheader | head -1)" in
  *H100*) tp=8 ;;
  *A100*) tp=4 ;;
  *) echo "unsupported GPU" >&2; exit 1 ;;
esac
case "$(uname -m)" in
  x86_64|aarch64) ;;
  *) echo "unsupported arch" >&2; exit 1 ;;
esac
seqs=$MAX_NUM_SEQS
case "${1:-serve}" in
  serve) ;;
  bench) seqs=64 ;; # want "bench passes --max-num-seqs 64 through the mode-local seqs=64" "bench boots with --max-num-seqs 64 where serve boots with 256"
esac
exec vllm serve /models/llama --tensor-parallel-size "$tp" --max-num-seqs "$seqs"
