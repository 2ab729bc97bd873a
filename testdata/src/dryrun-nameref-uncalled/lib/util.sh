#!/usr/bin/env bash
# Helpers: sourced, never run. join_by's nameref is never called by serve.sh.
join_by() { local -n _arr=$1; local IFS=$2; echo "${_arr[*]}"; }
