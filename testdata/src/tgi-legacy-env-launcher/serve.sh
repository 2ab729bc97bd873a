#!/usr/bin/env bash
# The launcher reads MAX_INPUT_LENGTH (legacy of MAX_INPUT_TOKENS) from
# its environment: kl's prefix assignment boots another input length.
set -euo pipefail
set -a
. "$(dirname "$0")/tgi.env"
set +a
case "${1:-serve}" in
  serve) exec text-generation-launcher ;;
  kl) MAX_INPUT_LENGTH=512 exec text-generation-launcher --port 8090 ;; # want "kl sets its own MAX_INPUT_LENGTH=512 .*the engine reads MAX_INPUT_LENGTH from its environment as --max-input-tokens.*tgi.env:2 owns it as MAX_INPUT_LENGTH=1024"
  half)
    lim=$((MAX_INPUT_LENGTH / 2))
    MAX_INPUT_LENGTH=$lim exec text-generation-launcher --port 8091 ;; # want "half.s engine reads MAX_INPUT_LENGTH=512 from its environment \(as --max-input-tokens, which the argv does not pass\) where serve.s reads 1024"
esac
