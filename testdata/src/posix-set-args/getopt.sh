#!/bin/sh
# Words set -- takes from a command are not known statically: "$@" stays
# the script's arguments, forwarded, and no mode is made of it.
. "$(dirname "$0")/r.env"
set -- $(getopt -o m: -- "$@")
exec vllm serve /m --max-num-seqs "$R_MAX_SEQS" --max-num-batched-tokens "$R_MAX_BATCHED_TOKENS" "$@"
