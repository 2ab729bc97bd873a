#!/usr/bin/env bash
# A comment ending in a backslash continues no line in bash (mvdan.cc/sh
# would join the next line to the statement before it): the env file's
# ACME_MODEL and this script's exec are read as bash reads them, and the
# env line's rewrite keeps ACME_MODEL.
set -a; . "$(dirname "$0")/a.env"; set +a
NAS=/models   # on the NAS: \\nas\models\
case "$1" in
  serve) exec docker run --env-file a.env vllm/vllm-openai:v0.8.5 --model "$ACME_MODEL" --max-num-seqs "$ACME_MAX_NUM_SEQS" ;;
  kl) exec docker run --env-file a.env vllm/vllm-openai:v0.8.5 --model "$ACME_MODEL" --max-num-seqs 8 ;;
esac
# want@10 "kl boots with --max-num-seqs 8 where serve boots with 64" "kl passes --max-num-seqs 8"
