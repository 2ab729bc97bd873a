#!/usr/bin/env bash
# DEBUG=1 traces the script; nothing the engine receives changes.
set -euo pipefail
cd "$(dirname "$0")"
source serve.env
[[ ${DEBUG:-0} == 1 ]] && set -x
if [ -n "${TRACE_ME:-}" ]; then set -x; fi
exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS"
