package dryrun

import (
	"bytes"
	"context"
	"errors"
	"os/exec"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"
)

// The rewritten copy runs under interp as the script runs under bash:
// the same output and exit status (bash is the reference; skipped where
// it is missing).
func TestAndTailsAsBash(t *testing.T) {
	bash, err := exec.LookPath("bash")
	if err != nil {
		t.Skip("no bash")
	}
	for _, src := range []string{
		"case x in x) false && true ;; esac; echo after-case",
		"case x in x) echo a; [[ -n ${FAST:-} ]] && X=2 ;; esac; echo after-case2",
		"if true; then false && true; fi; echo after-if",
		"if false; then :; elif true; then false || false && true; fi; echo after-elif",
		"f() { false && true; }; f; echo not-reached",
		"f() { case x in x) false && true ;; esac; }; f; echo not-reached2",
		"f() { case x in x) false && true ;; esac; echo in-f; }; f; echo after-f",
		"{ false && true; } || echo fallback",
		"case x in x) false && true ;; esac && echo and-read || echo or-read",
		"if case x in x) false && true ;; esac; then echo t; else echo e; fi",
		"case x in x) true && false ;; esac; echo not-reached3",
		"for i in 1 2; do [[ $i == 3 ]] && echo three; done; echo after-for",
		"case a in a) if true; then false && true; fi ;; esac; echo nested",
		"case a in a) true || echo no ;; esac; echo or-tail",
		"case a in a) false || false ;; esac; echo not-reached4",
		"x=$(echo in); case a in a) [ -z \"$x\" ] && echo empty ;; esac; echo \"$x\"",
		"( case x in x) false && true ;; esac ); echo not-reached5",
		"n=0; until [[ $n == 2 ]]; do n=$((n+1)); [[ $n == 5 ]] && echo five; done; echo after-until",
		"n=0; while [[ $n != 2 ]]; do n=$((n+1)); [[ $n == 5 ]] && echo five; done; echo after-while",
		"{ echo g; [[ -n ${FAST:-} ]] && echo fast; }; echo after-group",
		"trap 'echo trapped' ERR; case x in x) false && true ;; esac; echo after-trap",
		"set +e; case x in x) false && true ;; esac; echo rc=$?",
		"f() { for i in 1; do false && true; done; }; f; echo not-reached6",
		"set -o pipefail; case x in x) false | true && false ;; esac; echo after-pipe",
	} {
		script := "set -e\n" + src + "\n"
		cmd := exec.Command(bash, "-c", script)
		want, err := cmd.Output()
		wantCode := 0
		var ee *exec.ExitError
		if errors.As(err, &ee) {
			wantCode = ee.ExitCode()
		}
		f, err := syntax.NewParser().Parse(strings.NewReader(script), "")
		if err != nil {
			t.Fatal(err)
		}
		rewriteAndTails(f)
		var out bytes.Buffer
		r, err := interp.New(interp.StdIO(nil, &out, &out))
		if err != nil {
			t.Fatal(err)
		}
		err = r.Run(context.Background(), f)
		gotCode := 0
		var es interp.ExitStatus
		if errors.As(err, &es) {
			gotCode = int(es)
		}
		if out.String() != string(want) || gotCode != wantCode {
			t.Errorf("%s\ninterp (rewritten): %q, status %d\nbash: %q, status %d", src, out.String(), gotCode, want, wantCode)
		}
	}
}

// Without set -e nothing is rewritten.
func TestAndTailsNeedErrexit(t *testing.T) {
	f, err := syntax.NewParser().Parse(strings.NewReader("case x in x) false && true ;; esac\n"), "")
	if err != nil {
		t.Fatal(err)
	}
	if rewriteAndTails(f) {
		t.Error("rewritten without set -e")
	}
}
