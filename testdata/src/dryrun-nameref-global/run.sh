#!/usr/bin/env bash
# A helper appends to a GLOBAL array through a nameref (add_env
# docker_opts): the interpreter writes a global through a nameref as bash
# does, so kl is evaluated and compared with serve, where every call of a
# function declaring a nameref used to stop the run ("kl could not be
# evaluated … a nameref in a function"). kl adds only -e HF_TOKEN=…, no
# number of the env file's: nothing to report.
set -euo pipefail
. "$(dirname "$0")/g.env"
HF_TOKEN=${HF_TOKEN:-}
docker_opts=(--gpus all)
add_env() { local -n out=$1; out+=(-e "HF_TOKEN=$HF_TOKEN"); }
case "${1:-serve}" in
  serve) ;;
  kl) add_env docker_opts ;;
esac
exec docker run "${docker_opts[@]}" vllm/vllm-openai --model /m --max-num-seqs "$G_MAX_NUM_SEQS"
