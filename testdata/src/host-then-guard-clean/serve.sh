#!/bin/sh
# A host file test, then a preflight guard on nvidia-smi's answer: on the
# box both pass. The dry run assumes the model dir's config exists, then
# that the GPU-count guard passes; serve and bench are compared (identical
# shape), not "could not be evaluated".
set -eu
. "$(dirname "$0")/serve.env"
[ -f "$MODEL_DIR/config.json" ] || { echo "no model at $MODEL_DIR" >&2; exit 1; }
ngpu=$(nvidia-smi --list-gpus | wc -l)
if [ "$ngpu" -lt 1 ]; then
	echo "no GPUs" >&2
	exit 1
fi
case "${1:-serve}" in
	serve) port=8000 ;;
	bench) port=8001 ;;
	*) echo "usage: $0 [serve|bench]" >&2; exit 2 ;;
esac
exec vllm serve "$MODEL_DIR" --tensor-parallel-size "$ngpu" --port "$port" \
	--max-num-seqs "$MAX_NUM_SEQS" --max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
