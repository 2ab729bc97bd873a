#!/usr/bin/env bash
# A function fills its caller's local array through a nameref: the
# interpreter would not write the caller's local, and the argv would miss
# the shared flags (kl would seem to add --max-num-seqs where serve passes
# none). The modes are said not evaluated; privateshape still reads kl's 4,
# after the shared copy the call writes through the nameref: a second one
# that overrides it.
set -euo pipefail
. "$(dirname "$0")/l.env"
common_args() { local -n _out=$1; _out+=(--max-num-seqs "$L_MAX_NUM_SEQS" --max-num-batched-tokens "$L_MAX_NUM_BATCHED_TOKENS"); }
mode_serve() { local -a args=(serve /m --port 8000); common_args args; exec vllm "${args[@]}"; }
mode_kl() { local -a args=(serve /m --port 8001); common_args args; args+=(--max-num-seqs 4); exec vllm "${args[@]}"; }
"mode_$1"
# want@11 "the proven mode serve could not be evaluated .*a nameref in a function"
# want@12 "kl passes a second --max-num-seqs 4 that overrides the shared one"
