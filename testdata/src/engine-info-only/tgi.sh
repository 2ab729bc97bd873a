#!/bin/sh
# POSIX TGI launcher with a version and a usage subcommand.
. "$(dirname "$0")/tgi.env"
case "${1:-serve}" in
  serve) exec text-generation-launcher --model-id /m --max-batch-prefill-tokens "$TGI_MAX_BATCH_PREFILL_TOKENS" --max-total-tokens "$TGI_MAX_TOTAL_TOKENS" ;;
  version) exec text-generation-launcher --version ;;
  usage) exec text-generation-launcher -h ;;
esac
