package parser

import (
	"path/filepath"
	"testing"

	"github.com/servelint/servelint/internal/testfs"
)

// TestLocalWritesDoNotReachArgv: a subcommand's writes of a name that the
// launching function declares local (or reads as its own $1) never set what
// its argv reads, so stop, status and logs of a fleet script are not modes;
// start and restart (which calls start's code) are, and start is the proven
// one. A write from a function the launcher calls (dynamic scope) and one of
// a global still reach it.
func TestLocalWritesDoNotReachArgv(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"fleet.env": "TGI_IMAGE=ghcr.io/huggingface/text-generation-inference:3.0.1\n",
		"fleet.sh": `#!/usr/bin/env bash
. "$(dirname "$0")/fleet.env"
name_of() { local id=$1; echo "tgi-${id##*/}"; }
start_one() {
  local id=$1 port=$2 name
  name=$(name_of "$id")
  docker run -d --name "$name" -p "$port:80" -e MODEL_ID="$id" "$TGI_IMAGE"
}
stop_one() { local id=$1 name; name=$(name_of "$id"); docker stop "$name"; }
cmd_start() { local id; for id in a/b c/d; do start_one "$id" 8080; done; }
cmd_stop() { local id; for id in a/b c/d; do stop_one "$id"; done; }
cmd_status() { local id name port; for id in a/b; do name=$(name_of "$id"); port=8080; docker inspect "$name"; done; }
case "${1:-status}" in
  start) cmd_start ;;
  stop) cmd_stop ;;
  restart) cmd_stop; cmd_start ;;
  status) cmd_status ;;
esac
`,
		"dyn.sh": `#!/usr/bin/env bash
pick() { seqs=$1; }
launch() { local seqs=256; pick "$SEQS_ARG"; exec vllm serve /m --max-num-seqs "$seqs"; }
case "$1" in
  serve) launch ;;
  bench) SEQS_ARG=64; launch ;;
  tune) seqs=8 ;;
esac
`,
	})
	u := Load(LoadOptions{Paths: []string{root}})
	want := map[string]string{"fleet.sh": "start|restart", "dyn.sh": "serve|bench"}
	for _, s := range u.Scripts {
		w, ok := want[filepath.Base(s.Path)]
		if !ok {
			continue
		}
		if got := ModeNames(s.Modes); got != w {
			t.Errorf("%s: modes %q, want %q", filepath.Base(s.Path), got, w)
		}
		if p := s.Proven(); p == nil || p.Name != s.Modes[0].Name {
			t.Errorf("%s: proven %v, want the first mode", filepath.Base(s.Path), p)
		}
	}
}
