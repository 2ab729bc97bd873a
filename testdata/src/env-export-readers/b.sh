#!/usr/bin/env bash
here=$(dirname "$0")
. "$here/rig.env"
exec vllm serve m --max-num-seqs "$RIG_MAX_NUM_SEQS"
