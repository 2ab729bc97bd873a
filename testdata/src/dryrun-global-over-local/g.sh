#!/usr/bin/env bash
# pick writes a global over its own local: bash boots with the local's
# 8192, the interpreter would give 4096. The mode calling it is not
# evaluated (an info, not a made-up drift); serve, which does not call it,
# is.
. "$(dirname "$0")/g.env"
pick() {
  local step=$STEP
  declare -g step=4096
  exec vllm serve /m --max-num-batched-tokens "$step"
}
case "${1:-serve}" in
  serve) exec vllm serve /m --max-num-batched-tokens "$STEP" ;;
  eval) pick ;; # want "eval could not be evaluated .*g.sh:9:3: declare -g step in a function with a local step"
esac
