#!/usr/bin/env bash
# The env file holds 340 comment lines of prose with "for" in them: no
# compound command, not too deeply nested.
. "$(dirname "$0")/p.env"
exec vllm serve /m --max-num-seqs "$P_MAX_NUM_SEQS"
