#!/usr/bin/env bash
# A virtualenv's activate (outside the tree) and an optional env file that
# is absent read none of v.env's keys: the unused one is still reported.
. /opt/venv/bin/activate
. "$(dirname "$0")/v.env"
[[ -f "$(dirname "$0")/hf.env" ]] && . "$(dirname "$0")/hf.env"
exec vllm serve /m --max-num-seqs "$V_MAX_NUM_SEQS"
