# Sourced by run.sh: bash reads MODEL_DIR only where SERVED_MODEL is unset
# or empty.
MODEL="${SERVED_MODEL:-$MODEL_DIR}"
