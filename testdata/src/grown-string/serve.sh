#!/bin/sh
# The command line is a string each mode appends to: its fields are read
# like an argv array's (score's own copy of the step is found and deleted),
# and the dry run compares what each mode runs.
. "$(dirname "$0")/serve.env"
MODEL=/models/mistral
CMD="serve $MODEL --max-model-len $LLM_MAX_MODEL_LEN"
CMD="$CMD --max-num-seqs $LLM_MAX_NUM_SEQS --max-num-batched-tokens $LLM_MAX_NUM_BATCHED_TOKENS"
case "$1" in
  serve)
    CMD="$CMD --port 8000"
    ;;
  score)
    CMD="$CMD --port 8001 --max-num-batched-tokens 8192" # want "score passes a second --max-num-batched-tokens 8192 that overrides the shared one" "score boots with --max-num-batched-tokens 8192 where serve boots with 4096"
    ;;
  bench)
    CMD="$CMD --port 8002 --enforce-eager"
    ;;
  *) echo "usage" >&2; exit 2 ;;
esac
echo "running: $CMD"
exec vllm $CMD
