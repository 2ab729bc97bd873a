#!/usr/bin/env bash
# env K=V in the container's command (docker exec CTR env K=V ENGINE,
# compose exec/run, kubectl exec) sets the engine's environment over what
# the container hands it, as a later -e K=V would: TGI reads
# MAX_BATCH_PREFILL_TOKENS from it, and a mode's own value there is its
# own shape where serve hands the owner's.
set -euo pipefail
. "$(dirname "$0")/tgi.env"
case "${1:-serve}" in
  serve) docker exec tgi env MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" nohup text-generation-launcher --model-id /m ;;
  bench) docker exec tgi env MAX_BATCH_PREFILL_TOKENS=2048 nohup text-generation-launcher --model-id /m ;; # want "bench sets MAX_BATCH_PREFILL_TOKENS=2048 in the container \(env on the engine's command\) where the script hands the owner's own"
  cx) docker compose exec -T tgi env MAX_BATCH_PREFILL_TOKENS=1024 text-generation-launcher --model-id /m ;; # want "cx sets MAX_BATCH_PREFILL_TOKENS=1024 in the container"
  cr) docker compose run --rm tgi env LOG_LEVEL=info MAX_BATCH_PREFILL_TOKENS=512 text-generation-launcher --model-id /m ;; # want "cr sets MAX_BATCH_PREFILL_TOKENS=512 in the container"
  pod) kubectl exec tgi-0 -- env MAX_BATCH_PREFILL_TOKENS=256 text-generation-launcher --model-id /m ;; # want "pod sets MAX_BATCH_PREFILL_TOKENS=256 in the container"
  dead) docker exec -e MAX_BATCH_PREFILL_TOKENS=1 tgi env MAX_BATCH_PREFILL_TOKENS="$MAX_BATCH_PREFILL_TOKENS" text-generation-launcher --model-id /m ;; # want "dead sets its own MAX_BATCH_PREFILL_TOKENS=1 for the container \(docker -e\), which the later env MAX_BATCH_PREFILL_TOKENS=.* overrides \(env sets it over what the container hands the engine\): the copy is dead"
esac
