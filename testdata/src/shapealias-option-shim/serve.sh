#!/usr/bin/env bash
# -s sets the seats for one ad-hoc run; the owner is the default when it is
# not given. seqs is the option's value, no shim of the owner: reading the
# owner in its stead would drop -s.
set -euo pipefail
. "$(dirname "$0")/serve.env"
seqs=""
port=8000
while getopts "s:p:" o; do
  case $o in
    s) seqs=$OPTARG ;;
    p) port=$OPTARG ;;
    *) exit 2 ;;
  esac
done
seqs=${seqs:-$VLLM_MAX_NUM_SEQS}
exec vllm serve /m --port "$port" --max-num-seqs "$seqs" --max-num-batched-tokens "$VLLM_MAX_NUM_BATCHED_TOKENS"
