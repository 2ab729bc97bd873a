#!/usr/bin/env bash
# Helpers that do something else with their words: none boots an engine.
log() { echo "[$(date +%T)] $*" >&2; }
show_cmd() { printf '%q ' "$@"; echo; }
each() { for a in "$@"; do echo "arg: $a"; done; }
note() { logger -t serve "$@"; }
in_docker() { docker run --gpus all --ipc=host -v "$HF_HOME:/root/.cache/huggingface" vllm/vllm-openai:v0.9.1 "$@"; }
