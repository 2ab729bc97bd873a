#!/usr/bin/env bash
# bash's exec -c starts the launcher with an empty environment: clean's
# own MAX_CONCURRENT_REQUESTS=256 never reaches it (no privateshape
# finding), but neither does the owner's 64 serve's engine reads: clean,
# kl and eval boot with the launcher's default (argvdrift). exec -a NAME
# and -l change only the program's argv[0], in clusters too (cluster's
# -ca NAME): the launcher is the engine, and kl's, named's and cluster's
# own values are their private shapes; eval reads the owner's
# --max-batch-prefill-tokens.
set -euo pipefail
cd "$(dirname "$0")"
. ./tgi.env
export MAX_CONCURRENT_REQUESTS
case "${1:-serve}" in
  serve) ;;
  clean) export MAX_CONCURRENT_REQUESTS=256 # want "engine starts with a cleared environment that lacks MAX_CONCURRENT_REQUESTS .* where serve's reads 64"
    exec -c text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens "$MAX_BATCH_PREFILL_TOKENS" ;;
  kl) exec -c text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens 4096 ;; # want "kl passes --max-batch-prefill-tokens 4096; .*tgi.env:3 owns it" "kl boots with --max-batch-prefill-tokens 4096 where serve boots with 8192" "engine starts with a cleared environment that lacks MAX_CONCURRENT_REQUESTS .* where serve's reads 64"
  named) exec -a tgi text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens 2048 ;; # want "named passes --max-batch-prefill-tokens 2048; .*tgi.env:3 owns it" "named boots with --max-batch-prefill-tokens 2048 where serve boots with 8192"
  eval) exec -cl -a tgi text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens "$MAX_BATCH_PREFILL_TOKENS" ;; # want "engine starts with a cleared environment that lacks MAX_CONCURRENT_REQUESTS .* where serve's reads 64"
  cluster) exec -ca tgi text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens 1024 ;; # want "cluster passes --max-batch-prefill-tokens 1024; .*tgi.env:3 owns it" "cluster boots with --max-batch-prefill-tokens 1024 where serve boots with 8192" "engine starts with a cleared environment that lacks MAX_CONCURRENT_REQUESTS .* where serve's reads 64"
esac
exec text-generation-launcher --model-id "$MODEL_ID" --max-batch-prefill-tokens "$MAX_BATCH_PREFILL_TOKENS"
