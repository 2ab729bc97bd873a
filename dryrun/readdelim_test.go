package dryrun

import (
	"errors"
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
		"IFS=: read -r -d '' X <<< 'a:b:' || ST=$?",
		"IFS=: read -r -d '' X <<< ':a:b::' || ST=$?",
		"IFS=, read -r -d '' X <<< '  a,b , ' || ST=$?",
		"IFS=$'\\n' read -r -d '' X <<EOF || ST=$?\n  a  \n\nEOF",
		"read -d '' X <<'EOF' || ST=$?\nab\\ \nEOF",
		"read -d '' X <<'EOF' || ST=$?\n\\  ab\nEOF",
		"f() { local X; read -r -d '' X <<EOF || true\nin f\nEOF\nY=$X; }; f; X=$Y; ST=$?",
		"if read -r -d '' X <<EOF; then ST=yes; else ST=no$?; fi\nv\nEOF",
		"IFS= read -r -d '' X <<< $'\\n\\n  a\\n\\n' || ST=$?",
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

// An input past maxArgBytes, or one holding a NUL (where bash's read stops,
// status 0), stops the run: cut short, it gave a wrong value ("1" for a
// 9 MB here-string that trims to six million bytes).
func TestReadDelimBounds(t *testing.T) {
	for _, c := range []struct {
		src   string
		files map[string]string
		want  error
	}{
		{"Y=$(printf '%3000000s' x)\nread -r -d '' X <<<\"$Y$Y$Y\" || true\n", nil, ErrBudget},
		{"read -r -d '' X < nul.txt || true\n", map[string]string{"nul.txt": "a\x00b"}, ErrUnsupported},
	} {
		r := evalSrc(t, "#!/bin/bash\n"+c.src+"exec vllm serve \"${#X}\"\n", "serve", c.files, Options{})
		if !errors.Is(r.Err, c.want) {
			t.Errorf("%q: Err = %v, argv %q; want %v", c.src, r.Err, r.Argv, c.want)
		}
	}
}
