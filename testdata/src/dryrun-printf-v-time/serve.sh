#!/usr/bin/env bash
# printf -v ts '%(%F)T' -1, a log timestamp: the interpreter's printf
# lacks both -v and %(…)T, and the dry run abandoned every mode ("the
# value is the clock's"). The variable now takes the sandbox's fixed
# clock, as ts=$(date +%F) does, so serve is evaluated and bench's 16 is
# compared with the env file's 64.
set -euo pipefail
source "$(dirname "$0")/serve.env"
printf -v ts '%(%F)T' -1
echo "$ts starting ${1:-serve}"
case "${1:-serve}" in
  serve) exec vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  bench) exec vllm serve "$MODEL" --max-num-seqs 16 ;;
esac
# want@13 "bench boots with --max-num-seqs 16 where serve boots with 64"
# want@13 "bench passes --max-num-seqs 16"
