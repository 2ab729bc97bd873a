#!/usr/bin/env bash
# The overlay is read after the engine started, for the client: bash
# boots bench with b.env's 128 (it was "bench's own env file re-sets
# FB_MAX_NUM_SEQS=64").
here=$(dirname "$0")
. "$here/b.env"
mode=${1:-serve}
case "$mode" in serve|bench) ;; *) exit 2 ;; esac
vllm serve /m --max-num-seqs "$FB_MAX_NUM_SEQS" &
sleep 30
[[ -f $here/b-$mode.env ]] && . "$here/b-$mode.env"
python client.py --max-concurrency "$FB_MAX_NUM_SEQS"
