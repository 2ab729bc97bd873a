#!/usr/bin/env bash
# The engine behind a wrapper inside the container (docker exec CTR nohup
# …, compose exec SERVICE setsid …) and behind docker's or podman's own
# options before their command (podman --remote run, docker --context X
# exec): each is read as the command it runs, a mode's own shape reported.
set -euo pipefail
MODEL=meta-llama/Llama-3.1-8B-Instruct
. "$(dirname "$0")/job.env"
case "${1:-serve}" in
  serve) docker compose exec -T llm nohup vllm serve "$MODEL" --max-num-seqs "$MAX_NUM_SEQS" ;;
  cx) docker compose exec -T llm nohup vllm serve "$MODEL" --max-num-seqs 32 ;; # want "cx passes --max-num-seqs 32" "cx boots with --max-num-seqs 32 where serve boots with 512"
  dx) docker exec -w /work ctr nohup vllm serve "$MODEL" --max-num-seqs 33 ;; # want "dx passes --max-num-seqs 33" "dx boots with --max-num-seqs 33 where serve boots with 512"
  sx) docker exec ctr setsid env VLLM_LOGGING_LEVEL=DEBUG vllm serve "$MODEL" --max-num-seqs 34 ;; # want "sx passes --max-num-seqs 34" "sx boots with --max-num-seqs 34 where serve boots with 512"
  pc) podman --remote compose run --rm llm vllm serve "$MODEL" --max-num-seqs 35 ;; # want "pc passes --max-num-seqs 35" "pc boots with --max-num-seqs 35 where serve boots with 512"
  pr) podman --remote run --rm img vllm serve "$MODEL" --max-num-seqs 36 ;; # want "pr passes --max-num-seqs 36" "pr boots with --max-num-seqs 36 where serve boots with 512"
  pu) podman --url unix:/run/podman.sock --log-level=warn run --rm img vllm serve "$MODEL" --max-num-seqs 37 ;; # want "pu passes --max-num-seqs 37" "pu boots with --max-num-seqs 37 where serve boots with 512"
  ctx) docker --context gpu-box exec ctr vllm serve "$MODEL" --max-num-seqs 38 ;; # want "ctx passes --max-num-seqs 38" "ctx boots with --max-num-seqs 38 where serve boots with 512"
  sh) docker exec ctr nohup bash -lc "vllm serve $MODEL --max-num-seqs 39" ;; # want "sh passes --max-num-seqs 39" "sh boots with --max-num-seqs 39 where serve boots with 512"
  ent) podman -r run --rm --entrypoint /bin/sh img -ec "exec vllm serve $MODEL --max-num-seqs 40" ;; # want "ent passes --max-num-seqs 40" "ent boots with --max-num-seqs 40 where serve boots with 512"
  *) exit 2 ;;
esac
