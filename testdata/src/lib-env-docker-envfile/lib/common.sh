# shellcheck shell=bash
. "$(dirname "${BASH_SOURCE[0]}")/../vllm.env"
