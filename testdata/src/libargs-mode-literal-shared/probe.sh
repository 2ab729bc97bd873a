#!/usr/bin/env bash
# Sources the library too: an edit there would reach this script.
. "$(dirname "$0")/_common.sh"
echo "${ARGS[@]}"
