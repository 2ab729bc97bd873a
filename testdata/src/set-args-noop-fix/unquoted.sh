#!/usr/bin/env bash
# set -- $@ (unquoted) splits and globs the words it sets again: it is no
# no-op, so the fix deletes only the copy and leaves `set -- $@`; deleting
# the whole statement would change how bench's other words are split.
set -euo pipefail
. "$(dirname "$0")/serve.env"
MODE=${1:-serve}; shift || true
case $MODE in
  bench) set -- $@ --max-num-seqs 16 ;; # want "bench passes a second --max-num-seqs 16 that overrides the shared one" "bench boots with --max-num-seqs 16 where serve boots with 8"
esac
exec vllm serve --model /models/m --max-num-seqs "$V_MAX_NUM_SEQS" "$@"
