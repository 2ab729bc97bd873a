# shellcheck shell=bash
report() { echo "seats: ${w:-none}"; }
