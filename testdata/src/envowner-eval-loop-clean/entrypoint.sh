#!/bin/sh
# Each engine flag comes from the env var of the same name, read by the
# text of an eval: the keys are used, though no expansion names them.
set -eu
. "$(dirname "$0")/serve.env"
set -- --model "$MODEL"
for k in MAX_NUM_SEQS MAX_NUM_BATCHED_TOKENS; do
	eval "v=\${$k:-}"
	if [ -n "$v" ]; then
		set -- "$@" "--$(echo "$k" | tr 'A-Z_' 'a-z-')" "$v"
	fi
done
exec python3 -m vllm.entrypoints.openai.api_server "$@"
