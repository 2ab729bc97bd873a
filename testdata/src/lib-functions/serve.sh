#!/usr/bin/env bash
# The owners are read inside a function of a sourced library: used.
here=$(dirname "$0")
. "$here/lib.sh"
. "$here/shape.env"
vllm_args
exec vllm serve "${VLLM_ARGS[@]}"
