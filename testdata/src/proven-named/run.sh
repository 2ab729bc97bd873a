#!/usr/bin/env bash
# With modes.proven named, every flag outside the per-mode ones must match.
. "$(dirname "$0")/run.env"
args=(serve "$RUN_MODEL" --max-num-seqs "$RUN_MAX_SEQS")
case "$1" in
  serve) args+=(--port 8000 --dtype bfloat16) ;;
  canary) args+=(--port 8001 --dtype bfloat16) ;;
  fp16) args+=(--port 8002 --dtype float16) ;; # want "fp16 boots with --dtype float16 where serve boots with bfloat16.*\(argvdrift\)"
esac
exec radiance "${args[@]}"
