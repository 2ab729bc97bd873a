package dryrun

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestFakePids: $$, $PPID and $BASHPID are the sandbox's fixed process IDs
// wherever the script reads them (its own code, a sourced file, eval, a
// bash -c string), not the host's: interp answered $$ and $PPID from the
// process running servelint, so the argv changed run to run and showed a
// host fact.
func TestFakePids(t *testing.T) {
	const want = "vllm serve /m --port 20242 --served-model-name run-4242-4241-4242"
	for _, tc := range []struct{ name, body, lib string }{
		{"script", "P=$((20000 + $$ % 1000))\nN=run-$$-${PPID:-0}-$BASHPID\n", ""},
		{"braced", "P=$((20000 + ${$} % 1000))\nN=run-${$}-$PPID-${BASHPID}\n", ""},
		{"sourced", ". ./lib.sh\n", "P=$((20000 + $$ % 1000))\nN=run-$$x\nN=${N%x}-${PPID:-0}-$BASHPID\n"},
		{"eval", "eval 'P=$((20000 + $$ % 1000))'\neval N=run-'$$'-'$PPID'-'$BASHPID'\n", ""},
		// A bare PPID read by arithmetic: interp's lookup, as for $PPID.
		{"arith", "P=$((20000 + PPID - 3999 + $$ % 1000 - 242))\n(( PPID > 1 )) && let 'q = PPID'\nN=run-$$-$((PPID))-$((q))\nN=${N%-*}-$BASHPID\n", ""},
		{"sourced-arith", ". ./lib.sh\n", "P=$((20000 + PPID - 3999 + $$ % 1000 - 242))\nN=run-$$-$((PPID))-$BASHPID\n"},
	} {
		files := map[string]string{}
		if tc.lib != "" {
			files["lib.sh"] = tc.lib
		}
		r := evalSrc(t, "#!/bin/bash\nset -euo pipefail\n"+tc.body+"exec vllm serve /m --port \"$P\" --served-model-name \"$N\"\n", "serve", files, Options{})
		if got := strings.Join(r.Argv, " "); r.Err != nil || got != want {
			t.Errorf("%s: err %v, argv %q; want %q", tc.name, r.Err, got, want)
		}
	}
	r := evalSrc(t, "#!/bin/bash\nbash -c 'exec vllm serve /m --port $((20000 + $$ % 1000)) --served-model-name run-$PPID'\n", "serve", nil, Options{})
	if got := strings.Join(r.Argv, " "); r.Err != nil || got != "vllm serve /m --port 20242 --served-model-name run-4241" {
		t.Errorf("bash -c: err %v, argv %q", r.Err, got)
	}
}

// A note printing code fakePids rewrote prints $$ and $PPID as written.
func TestFakePidsNodeText(t *testing.T) {
	src := "if [[ $$ -gt ${PPID:-0} ]] && (( PPID > 1 )); then :; fi\n"
	orig, err := syntax.NewParser().Parse(strings.NewReader(src), "t.sh")
	if err != nil {
		t.Fatal(err)
	}
	f, _ := syntax.NewParser().Parse(strings.NewReader(src), "t.sh")
	if !fakePids(f) {
		t.Fatal("nothing rewritten (the test checks nothing)")
	}
	if got, want := nodeText(f.Stmts[0]), nodeText(orig.Stmts[0]); got != want {
		t.Errorf("the note prints %q, the script has %q", got, want)
	}
}

// A trap's code reads the sandbox's $$ too.
func TestFakePidsTrap(t *testing.T) {
	r := evalSrc(t, "#!/bin/bash\ntrap 'exec vllm serve /m --port $$' EXIT\nexit 0\n", "serve", nil, Options{})
	if got := strings.Join(r.Argv, " "); r.Err != nil || got != "vllm serve /m --port 4242" {
		t.Errorf("err %v, argv %q", r.Err, got)
	}
}
