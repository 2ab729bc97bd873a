#!/usr/bin/env bash
# logmsg stamps its lines with bash's printf %(…)T, which the interpreter
# lacked: every mode was "could not be evaluated" (invalid format char).
set -euo pipefail
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/serve.env"
logmsg() { printf '%(%F %T)T %s\n' -1 "$*" >&2; }
logmsg "starting ${1:-serve}"
case "${1:-serve}" in
  serve|eval) ;;
  *) logmsg "unknown mode"; exit 2 ;;
esac
exec vllm serve /models/m --max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
