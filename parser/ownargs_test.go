package parser

import (
	"slices"
	"testing"
)

// A function every caller hands a variable that holds no mode as its first
// word (run_server "$container" …) reads its own word in $1: a case on it
// picks a runtime, not the script's mode.
func TestOwnArgsVariable(t *testing.T) {
	const src = `#!/usr/bin/env bash
run_server() {
  local container=$1
  shift
  case "${container}" in
    docker) docker run --rm img "$@" ;;
    none) llama-server "$@" ;;
  esac
}
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
    serve) run_server "$container" -np 4 ;;
    kl) run_server "$container" -np 4 --seed 1 ;;
  esac
}
main "$@"
`
	s := ParseScript("s.sh", []byte(src))
	s.Analyze(RoleMatcher{})
	var got []string
	for _, m := range s.Modes {
		got = append(got, m.Name)
	}
	if want := []string{"serve", "kl"}; !slices.Equal(got, want) {
		t.Errorf("modes = %v, want %v", got, want)
	}
}
