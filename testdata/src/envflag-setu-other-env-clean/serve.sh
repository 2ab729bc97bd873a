#!/usr/bin/env bash
# Under set -u, B is read bare ([ "$B" = 1 ]) and defaulted in serve.env:
# A=1 runs with B off (empty) as serve does: no "could not be evaluated". (The
# tests run before serve.env: the caller sets B, serve runs with it empty.)
set -euo pipefail
cd "$(dirname "$0")"
args=(--max-num-seqs 64)
[[ ${A:-0} == 1 ]] && args+=(--max-num-seqs 16)
[ "$B" = 1 ] && args+=(--max-num-seqs 8)
source serve.env
exec vllm serve "$MODEL" "${args[@]}"
