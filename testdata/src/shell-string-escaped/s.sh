#!/usr/bin/env bash
# A double-quoted shell string with escapes: the bytes the inner shell
# reads are not the file's, so the spans in it are not exact. The drift is
# found by the dry run; no fix edits the string.
set -euo pipefail
. "$(dirname "$0")/s.env"
MODEL=/models/llama
case "${1:-serve}" in
  serve) bash -c "vllm serve \"$MODEL\" --max-num-seqs $MAX_NUM_SEQS" ;;
  bench) bash -c "vllm serve \"$MODEL\" --max-num-seqs 64" ;; # want "bench boots with --max-num-seqs 64 where serve boots with 16"
esac
