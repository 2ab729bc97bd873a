#!/bin/bash
# TGI's launcher reads --max-input-length, the legacy spelling of
# --max-input-tokens, from MAX_INPUT_LENGTH: eval's own -e over the
# --env-file that owns it is the container's input length.
set -eu
here=$(dirname "$0")
opts=(--rm --gpus all -p 8080:80 --env-file "$here/tgi.env")
case "${1:-serve}" in
  serve) ;;
  eval) opts+=(-p 8081:80 -e MAX_INPUT_LENGTH=512) ;; # want "eval sets MAX_INPUT_LENGTH=512 for the container \(docker -e\), over the --env-file's own: the engine's --max-input-tokens gets 512; .*tgi.env:2 owns it as MAX_INPUT_LENGTH=1024"
esac
exec docker run "${opts[@]}" ghcr.io/huggingface/text-generation-inference:1.4
