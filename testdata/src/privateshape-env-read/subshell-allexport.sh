#!/usr/bin/env bash
# set -a in a subshell ends with it: the shell's own copy of the file is
# sourced plainly, and the exports of the other modes do not run in bench,
# so bench's assignment is not exported and the launcher never sees it (no
# finding). The launcher run through sudo (env_reset) or env -i gets none
# of the shell's variables, exported or not; sudo -E keeps them. A mode
# that execs its own launcher never reaches the shared one.
set -euo pipefail
cd "$(dirname "$0")"
( set -a; . ./tgi.env; set +a; env | grep '^MAX_' >&2 )
. ./tgi.env
case "${1:-serve}" in
  serve) ;;
  bench) MAX_CONCURRENT_REQUESTS=256 ;;
  as-user) export MAX_CONCURRENT_REQUESTS=256
    exec sudo -u tgi text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens "$MAX_BATCH_PREFILL_TOKENS" ;;
  clean) export MAX_CONCURRENT_REQUESTS=256
    exec env -i PATH="$PATH" text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens "$MAX_BATCH_PREFILL_TOKENS" ;;
  keep) export MAX_CONCURRENT_REQUESTS=256 # want "keep re-assigns the owner MAX_CONCURRENT_REQUESTS=256"
    exec sudo -E -u tgi text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens "$MAX_BATCH_PREFILL_TOKENS" ;;
esac
exec text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens "$MAX_BATCH_PREFILL_TOKENS"
