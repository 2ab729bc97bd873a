package dryrun

import (
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

// TestWaitLoopAssumedToEnd: a while or until loop whose condition runs a
// skipped command spun out the command budget; it is assumed to end, with
// a note, and the run reaches the engine.
func TestWaitLoopAssumedToEnd(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		argv      []string
		notes     []string
	}{
		{"while on a skipped status", "#!/bin/sh\nwhile pgrep -f 'vllm serve' >/dev/null; do sleep 2; done\nvllm serve /m\n",
			[]string{"vllm", "serve", "/m"}, []string{"line 2: while pgrep -f 'vllm serve' >/dev/null ends"}},
		{"while on a pipeline through grep", "#!/bin/sh\nwhile nvidia-smi --query-compute-apps=pid --format=csv,noheader | grep -q .; do sleep 2; done\nvllm serve /m\n",
			[]string{"vllm", "serve", "/m"}, []string{"line 2: while nvidia-smi"}},
		{"until on a skipped output, in a function", "#!/bin/bash\nset -e\nwait_free() {\n  until [[ -z $(docker ps -q --filter name=vllm) ]]; do sleep 1; done\n}\nwait_free\nvllm serve /m\n",
			[]string{"vllm", "serve", "/m"}, []string{"line 4: until [["}},
		{"after a host file test", "#!/bin/sh\n[ -d /models/x ] || { echo 'no model' >&2; exit 1; }\nwhile pgrep -f 'vllm serve' >/dev/null; do sleep 2; done\nvllm serve /models/x\n",
			[]string{"vllm", "serve", "/models/x"}, []string{"line 3: while pgrep"}},
		{"after a preflight guard", "#!/bin/sh\nn=$(nvidia-smi -L | wc -l)\n[ \"$n\" -ge 1 ] || exit 1\nwhile pgrep -f 'vllm serve' >/dev/null; do sleep 2; done\nvllm serve /m\n",
			[]string{"vllm", "serve", "/m"}, []string{"line 4: while pgrep"}},
		{"then a preflight guard", "#!/bin/bash\nwhile pgrep -x vllm >/dev/null; do sleep 1; done\nn=$(nvidia-smi -L | wc -l)\n(( n >= 1 )) || exit 1\nvllm serve /m\n",
			[]string{"vllm", "serve", "/m"}, []string{"line 2: while pgrep -x vllm >/dev/null ends"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			// A generous bound: the first run spins out the command budget, and
			// on a loaded machine the runs after it must still fit.
			r := evalSrc(t, tc.src, "serve", nil, Options{Timeout: 30 * time.Second})
			if r.Err != nil || !slices.Equal(r.Argv, tc.argv) {
				t.Fatalf("Err = %v, argv %q; want %q", r.Err, r.Argv, tc.argv)
			}
			var got []string
			for _, n := range r.Notes {
				if strings.Contains(n, "assumed the wait") {
					got = append(got, n)
				}
			}
			if len(got) != len(tc.notes) {
				t.Fatalf("notes %q, want %d about %q", r.Notes, len(tc.notes), tc.notes)
			}
			for i, want := range tc.notes {
				if !strings.Contains(got[i], want) {
					t.Errorf("note %d = %q, want it to say %q", i, got[i], want)
				}
			}
		})
	}
}

// TestWaitLoopNotAssumed: a loop on a known condition is never ended, and
// a run that reaches the engine keeps its answer without a note.
func TestWaitLoopNotAssumed(t *testing.T) {
	// while true: no skipped command in the condition; still the budget.
	r := evalSrc(t, "#!/bin/sh\nwhile true; do pgrep vllm >/dev/null || break; sleep 1; done\nvllm serve /m\n", "serve", nil, Options{})
	if len(r.Argv) > 0 || !errors.Is(r.Err, ErrBudget) {
		t.Errorf("while true: argv %q, Err %v; want the command budget", r.Argv, r.Err)
	}
	// A wait that ends by itself in the sandbox: no note.
	r = evalSrc(t, "#!/bin/sh\nuntil curl -sf localhost:8000/health; do sleep 1; done\nvllm serve /m\n", "serve", nil, Options{})
	if r.Err != nil || len(r.Argv) == 0 {
		t.Fatalf("until curl: argv %q, Err %v", r.Argv, r.Err)
	}
	for _, n := range r.Notes {
		if strings.Contains(n, "assumed the wait") {
			t.Errorf("until curl: note %q", n)
		}
	}
}

func TestHasWaitLoop(t *testing.T) {
	for src, want := range map[string]bool{
		"while pgrep x; do sleep 1; done":              true,
		"until [ -z \"$(docker ps -q)\" ]; do :; done": true,
		"while true; do pgrep x || break; done":        false,
		"while [ $i -lt 3 ]; do i=$((i+1)); done":      false,
		"while read -r l; do echo $l; done < f":        false,
		"for i in 1 2; do pgrep x; done":               false,
		"f() { while \"$probe\"; do sleep 1; done; }":  true,
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
		if err != nil {
			t.Fatal(err)
		}
		if got := hasWaitLoop(f); got != want {
			t.Errorf("%s: %v, want %v", src, got, want)
		}
	}
}

// TestSkipWait: a loop that skips the same command over and over stops
// after maxSkipRepeats of it, said as a wait (it ran to the 20,000-command
// budget); a loop that skips it a bounded number of times, or with other
// words each time, goes on.
func TestSkipWait(t *testing.T) {
	// No engine after the wait: the runs that assume it ends do not
	// reach one either, and the first run's answer stands.
	r := evalSrc(t, "#!/bin/bash\nwhile pgrep -f vllm >/dev/null; do sleep 2; done\nexit 3\nvllm serve /m\n", "serve", nil, Options{Timeout: 30 * time.Second})
	var se skipWaitError
	if !errors.As(r.Err, &se) || !errors.Is(r.Err, ErrBudget) || se.args != "pgrep -f vllm" || se.line != 2 {
		t.Fatalf("Err = %v, want a wait on pgrep at line 2", r.Err)
	}
	if n := len(r.Skipped); n > maxSkipRepeats+2 {
		t.Errorf("%d commands skipped before the wait was seen", n)
	}
	for _, src := range []string{
		"#!/bin/bash\nfor i in {1..300}; do nvidia-smi -i \"$i\"; done\nvllm serve /m\n",
		"#!/bin/bash\nfor i in {1..100}; do nvidia-smi; done\nvllm serve /m\n",
	} {
		if r := evalSrc(t, src, "serve", nil, Options{Timeout: 30 * time.Second}); r.Err != nil || len(r.Argv) == 0 {
			t.Errorf("%q: Err = %v, argv %q", src, r.Err, r.Argv)
		}
	}
}

// TestSkipWaitNotBesideJobs: a poll in the background skips its command on
// and on while the script goes on to the engine; it is no wait of the
// script's (the clean CI run of 5ed3131 stopped TestEngineJobsInOrder's
// pair mode there).
func TestSkipWaitNotBesideJobs(t *testing.T) {
	src := "#!/bin/bash\npoll() { while true; do curl -sf localhost:8000/health; done; }\npoll &\nfor i in {1..2000}; do :; done\nvllm serve /m\n"
	for range 5 {
		if r := evalSrc(t, src, "serve", nil, Options{Timeout: 30 * time.Second}); r.Err != nil || len(r.Argv) == 0 {
			t.Fatalf("Err = %v, argv %q", r.Err, r.Argv)
		}
	}
}

// TestSkipWaitOnlyConditions: a bounded loop that skips its command more
// than maxSkipRepeats times ends by itself, and a loop's body is no
// condition: neither is stopped early.
func TestSkipWaitOnlyConditions(t *testing.T) {
	r := evalSrc(t, "#!/bin/bash\nfor i in {1..300}; do pgrep -f vllm || break; sleep 1; done\nvllm serve /m\n", "serve", nil, Options{Timeout: 30 * time.Second})
	if r.Err != nil || len(r.Argv) == 0 {
		t.Errorf("bounded loop: Err = %v, argv %q", r.Err, r.Argv)
	}
	r = evalSrc(t, "#!/bin/bash\nwhile true; do nvidia-smi; sleep 5; done\nvllm serve /m\n", "serve", nil, Options{Timeout: 30 * time.Second})
	var be commandBudgetError
	if !errors.As(r.Err, &be) {
		t.Errorf("a body's command: Err = %v, want the command budget", r.Err)
	}
}
