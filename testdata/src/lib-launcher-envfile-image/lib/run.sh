#!/usr/bin/env bash
# The image is the env file's: the library never sets it.
in_docker() { docker run --gpus all --ipc=host "$VLLM_IMAGE" "$@"; }
