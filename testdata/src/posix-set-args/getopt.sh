#!/bin/sh
# The model reads no words set -- takes from a command: "$@" stays the
# script's arguments, forwarded, and no mode is made of it. (The dry run
# answers getopt from its words: run with none, it prints " --", and the
# engine gets that word, as under bash.)
. "$(dirname "$0")/r.env"
set -- $(getopt -o m: -- "$@")
exec vllm serve /m --max-num-seqs "$R_MAX_SEQS" --max-num-batched-tokens "$R_MAX_BATCHED_TOKENS" "$@"
