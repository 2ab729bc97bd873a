package parser

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestLibLaunchers: a function of a sourced library that wraps an engine's
// launch around its words (in_docker() { docker run … IMAGE "$@"; },
// launch() { exec vllm serve … "$@"; }, behind the library's runner too)
// makes each call of the script an engine invocation: the call's words keep
// their spans in the script, the library's own words have none. A helper
// that does something else with "$@" is no launcher, and a library the
// script does not source counts for nothing. A function booting the engine
// with words of its own only (engine_only) is an invocation at each call.
func TestLibLaunchers(t *testing.T) {
	root := t.TempDir()
	write := func(name, src string) {
		p := filepath.Join(root, name)
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(src), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	write("lib/run.sh", `run() { echo "+ $*"; "$@"; }
in_docker() { docker run --gpus all -v "$HF_HOME:/hf" "${IMAGE:-vllm/vllm-openai:v0.9.1}" "$@"; }
in_box() { docker run --rm box:1 "$@"; }
launch() { local port=$1; shift; exec vllm serve /m --port "$port" --max-num-seqs 8 "$@"; }
via_run() { run vllm serve /m "$@"; }
log() { echo "$@"; }
show() { printf '%q ' "$@"; }
each() { for a in "$@"; do echo "$a"; done; }
maybe() { if [[ -n ${DRY:-} ]]; then echo "$@"; else "$@"; fi; }
engine_only() { exec vllm serve /m --max-num-seqs 8; }
`)
	write("serve.sh", `. "$(dirname "$0")/lib/run.sh"
case "$1" in
  a) in_docker --model /m --max-num-seqs 1 ;;
  b) launch 9000 --max-num-seqs 2 ;;
  c) via_run --max-num-seqs 3 ;;
  d) run in_docker --model /m --max-num-seqs 4 ;;
  e) in_box vllm serve /m --max-num-seqs 5 ;;
  f) log vllm serve /m --max-num-seqs 6; show vllm serve /m; each vllm serve /m; engine_only ;;
esac
`)
	// A library sourced by a library the script sources.
	write("lib/docker.sh", `in_gpu() { docker run --gpus all vllm/vllm-openai:v0.9.1 "$@"; }
`)
	write("lib/outer.sh", `. "${BASH_SOURCE[0]%/*}/docker.sh"
`)
	write("nested.sh", `. "$(dirname "$0")/lib/outer.sh"
case "$1" in
  a) in_gpu --model /m --max-num-seqs 7 ;;
esac
`)
	write("other.sh", `case "$1" in
  a) in_docker --model /m --max-num-seqs 1 ;;
esac
`)
	u := Load(LoadOptions{Paths: []string{root}})
	var s, other, nested *Script
	for _, x := range u.Scripts {
		switch filepath.Base(x.Path) {
		case "serve.sh":
			s = x
		case "other.sh":
			other = x
		case "nested.sh":
			nested = x
		}
	}
	if s == nil || other == nil || nested == nil {
		t.Fatal("scripts not loaded")
	}
	if len(nested.Invocations) != 1 || len(nested.Invocations[0].Flags) != 2 {
		t.Errorf("nested.sh (in_gpu of lib/docker.sh through lib/outer.sh): %d invocations, want 1 with 2 flags", len(nested.Invocations))
	}
	// nested.sh linted alone (a pre-commit hook, the language server): the
	// libraries are not walked, and lib/outer.sh's own source is read all
	// the same.
	alone := Load(LoadOptions{Paths: []string{filepath.Join(root, "nested.sh")}})
	if len(alone.Scripts) != 1 || len(alone.Scripts[0].Invocations) != 1 {
		t.Errorf("nested.sh linted alone: want 1 invocation through lib/outer.sh's lib/docker.sh")
	}
	if len(other.Invocations) != 0 {
		t.Errorf("other.sh (no source): %d invocations, want none", len(other.Invocations))
	}
	got := map[string]string{}
	for _, inv := range s.Invocations {
		line := s.Line(inv.Start)
		var flags []string
		for _, f := range inv.Flags {
			v := "?"
			if f.ValStart >= 0 {
				v = s.Text(f.ValStart, f.ValEnd)
			}
			if f.NameStart >= 0 && s.Text(f.NameStart, f.NameEnd) != f.Name {
				t.Errorf("line %d: %s spans %q", line, f.Name, s.Text(f.NameStart, f.NameEnd))
			}
			flags = append(flags, f.Name+"="+v)
		}
		got[ModeNames(inv.Modes)] += strings.Join(flags, " ")
	}
	want := map[string]string{
		"a": "--model=/m --max-num-seqs=1",
		"b": "--port=? --max-num-seqs=? --max-num-seqs=2",
		"c": "--max-num-seqs=3",
		"d": "--model=/m --max-num-seqs=4",
		"e": "--max-num-seqs=5",
		// engine_only boots with words all the library's: an invocation
		// with no span in the script (log, show and each reach none).
		"f": "--max-num-seqs=?",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("mode %s: flags %q, want %q", k, got[k], v)
		}
	}
	for k := range got {
		if _, ok := want[k]; !ok {
			t.Errorf("mode %s: an invocation (%q), want none", k, got[k])
		}
	}
}
