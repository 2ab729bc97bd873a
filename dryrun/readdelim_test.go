package dryrun

import (
	"os/exec"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// The rewritten read -r -d "" gives the variable and the status bash gives
// (bash is the reference; skipped where it is missing).
func TestReadDelimAsBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for _, body := range []string{
		"read -r -d '' X <<EOF || true\n  --max-num-seqs 8\n--max-num-batched-tokens 4096\n\nEOF\nST=$?",
		"read -rd '' X <<'EOF' || :\na \\ b $HOME\nEOF\nST=$?",
		"read -d '' -r X <<< \"  one two  \" || ST=$?",
		"IFS= read -r -d '' X <<EOF || true\n  kept  \nEOF\nST=0",
		"read -r -d '' X <<-EOF || true\n\tindented\n\tEOF\nST=$?",
		"read -d '' X <<'EOF' || true\na\\tb c\\\nd\nEOF\nST=$?",
		"read -r -d '' X < /dev/null || ST=$?; X=${X-unset}",
	} {
		script := "set -euo pipefail\nST=unset\n" + body + "\nprintf '[%s] %s' \"$X\" \"$ST\"\n"
		want, err := exec.Command(bash, "-c", script).Output()
		if err != nil {
			t.Fatalf("bash: %v", err)
		}
		src := "#!/bin/bash\n" + script + "\nexec vllm serve \"[$X] $ST\"\n"
		r := evalSrc(t, src, "serve", nil, Options{})
		if r.Err != nil {
			t.Errorf("%q: Err = %v", body, r.Err)
			continue
		}
		if got := r.Argv[len(r.Argv)-1]; got != string(want) {
			t.Errorf("%q: dry run %q, bash %q", body, got, want)
		}
	}
}

// Forms the rewrite leaves alone: in a loop's condition (NUL-separated
// names, one per turn), or with another delimiter.
func TestReadDelimOthers(t *testing.T) {
	for _, src := range []string{
		"set -e\nn=0\nwhile read -r -d '' X; do n=$((n+1)); done <<< x\n",
		"set -e\nread -r -d , X <<< a,b || true\n",
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
		if err != nil {
			t.Fatal(err)
		}
		if rewriteReadDelims(f) {
			t.Errorf("%q: rewritten", src)
		}
	}
}
