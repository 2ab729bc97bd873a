#!/usr/bin/env bash
# The runtime is run by name, "${container}" run, in the arm where it is
# docker or podman: it names no function of the script (not main).
. "$(dirname "$0")/ca.env"
run_server() {
  local container=$1
  shift
  case "${container}" in
    docker|podman) "${container}" run --rm img "$@" ;;
    none) llama-server "$@" ;;
  esac
}
mode_serve() { run_server "$container" -np "$CA_PARALLEL"; }
mode_kl() { run_server "$container" -np 8; } # want "kl boots with -np 8 where serve boots with 4.*\(argvdrift\)" "kl passes -np 8.*\(privateshape\)"
main() {
  local mode=serve
  container=none
  for arg in "$@"; do
    case "${arg}" in
      --mode=*) mode=${arg#*=} ;;
      --container=*) container=${arg#*=} ;;
    esac
  done
  case "${mode}" in
    serve) mode_serve ;;
    kl) mode_kl ;;
  esac
}
main "$@"
