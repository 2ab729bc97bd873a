package dryrun

import (
	"errors"
	"slices"
	"strings"
	"testing"
)

// TestCoproc: interp lacks coproc ("unhandled command node:
// *syntax.CoprocClause", status 1: under set -e the mode was abandoned,
// without it the run went on). It runs as bash runs it, a job in a
// subshell: its assignments do not reach the script, and an engine it
// starts is the mode's launch.
func TestCoproc(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"set -euo pipefail\ncoproc tail -f log.txt\nexec vllm serve /m --max-num-seqs \"$S\"", "vllm serve /m --max-num-seqs 8"},
		{"set -e\ncoproc W { S=48; }\nexec vllm serve /m --max-num-seqs \"$S\"", "vllm serve /m --max-num-seqs 8"},
		{"set -e\ncoproc vllm serve /m --max-num-seqs 4\nwait", "vllm serve /m --max-num-seqs 4"},
	} {
		r := evalSrc(t, "#!/bin/bash\nS=8\n"+tc.body+"\n", "serve", nil, Options{})
		if got := strings.Join(r.Argv, " "); r.Err != nil || got != tc.want {
			t.Errorf("%q: err %v, argv %q; want %q", tc.body, r.Err, got, tc.want)
		}
	}
	// The pipes are not there: a write to one stops the run.
	r := evalSrc(t, "#!/bin/bash\nset -u\ncoproc cat\necho hi >&\"${COPROC[1]}\"\nexec vllm serve /m\n", "serve", nil, Options{})
	if r.Err == nil {
		t.Errorf("COPROC write: argv %q; want the run stopped", r.Argv)
	}
}

// TestValueAttributes: declare -i, local -i, typeset -i, declare -l and
// -u, which interp's declare lacks ("invalid option"), are evaluated as
// bash assigns: arithmetically for -i (n+=1 adds, a variable holding an
// expression read as its value), case-mapped for -l and -u, within the
// declaration's scope; what the rewrite cannot make exact stops the run.
func TestValueAttributes(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"declare -i n=3\nn=n+1", "4"},
		{"declare -i n=3\nn+=2", "5"},
		{"declare -i n\nn=${UNSET_X:-'1+1'}", "2"},
		{"declare -i n\nn=' 7 '", "7"},
		{"x='2*3'\ndeclare -i n=x+1", "7"},
		{"declare -i n=010+0x10", "24"},
		{"f() { local -i c=0; c+=5; c=c*2; echo \"$c\"; }\nn=$(f)", "10"},
		{"f() { typeset -i t=3; t+=1; echo $t; }\nn=$(f)", "4"},
		// The local's attribute ends with the function: the global k is
		// text.
		{"g() { local -i k=2; k=k*8; S=$k; }\nk=7\ng\nk=k+1\nn=$S-$k", "16-k+1"},
		{"declare -i n=1\nunset n\nn=a+b", "a+b"},
		{"declare -i n\nn=$(false) || n=7", "7"},
		{"declare -i a=2 b=a+1\nn=$a$b", "23"},
		{"declare -l n=LLAMA-3", "llama-3"},
		{"declare -u n=ab\nn+=cd", "ABCD"},
		{"typeset -u n\nn=x y=Q\nn+=$y", "XQ"},
		{"declare -i n=5\ndeclare +i n\nn=n+1", "n+1"},
		{"declare -ix n=2*8", "16"},
		{"declare -ir n=4*4", "16"},
		{"declare -i n=2\nreadonly n=n*8", "16"},
		{"declare -i n=2\nexport n=n*8", "16"},
		{"declare -i n=2\nf() { local n=a+b; S=$n; }\nf\nn=${#S}", "3"},
		{"f() { declare -gi n; }\nf\nn=3+3", "6"},
	} {
		src := "#!/bin/bash\nset -euo pipefail\n" + tc.body + "\nexec vllm serve /m --max-num-seqs \"$n\"\n"
		r := evalSrc(t, src, "serve", nil, Options{})
		if want := []string{"vllm", "serve", "/m", "--max-num-seqs", tc.want}; r.Err != nil || !slices.Equal(r.Argv, want) {
			t.Errorf("%q: err %v, argv %q; want %q", tc.body, r.Err, r.Argv, want)
		}
	}
	for _, body := range []string{
		"i=1\ndeclare -i n\nn='i++'",             // a side effect (i unset: unbound)
		"declare -i n\nread -r n <<< 16",         // read: not rewritten
		"declare -i n\nfor n in 1 2; do :; done", // nor a loop
		"declare -i n=08",                        // bash: value too great for base
		"x=09\ndeclare -i n=x",
		"declare -ia n=(1 2)",
		"x=3\ndeclare -i n\nn='$x'", // an expansion left in the value
	} {
		src := "#!/bin/bash\nset -euo pipefail\n" + body + "\nexec vllm serve /m --max-num-seqs \"$n\"\n"
		if r := evalSrc(t, src, "serve", nil, Options{}); !errors.Is(r.Err, ErrUnsupported) {
			t.Errorf("%q: err %v, argv %q; want ErrUnsupported", body, r.Err, r.Argv)
		}
	}
	// A skipped command's output stays unresolved.
	src := "#!/bin/bash\ndeclare -i n=$(nvidia-smi -L | wc -l)/2\nexec vllm serve /m --max-num-seqs \"$n\"\n"
	r := evalSrc(t, src, "serve", nil, Options{})
	if r.Err != nil || len(r.Argv) != 5 || !strings.Contains(r.Argv[4], "unresolved") {
		t.Errorf("$(nproc)/2: err %v, argv %q; want unresolved", r.Err, r.Argv)
	}
}

// TestPipeStatus: interp never sets PIPESTATUS (under set -u the read
// stopped the run: "PIPESTATUS: unbound variable"). After a pipeline it
// holds the statuses the sandbox gave each command, as bash's; a read
// bash would answer from another command stops the run.
func TestPipeStatus(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"nvidia-smi -L | tee gpus.txt\n[ \"${PIPESTATUS[0]}\" -eq 0 ]\nS=ok", "ok"},
		{"nvidia-smi -L | tee gpus.txt\nS=${PIPESTATUS[*]}", "0 0"},
		{"echo a | grep -q zz | cat || S=\"${PIPESTATUS[*]}\"", "0 1 0"},
		{"if echo a | grep -q a; then S=\"${PIPESTATUS[*]}\"; fi", "0 0"},
		{"if echo a | grep -q zz; then :; else S=\"${PIPESTATUS[*]}\"; fi", "0 1"},
		{"echo a | grep -q zz || S=\"${PIPESTATUS[*]}\"", "0 1"},
		{"set +o pipefail\necho a | grep zz | cat\nS=${PIPESTATUS[1]}$?", "10"},
		{"while echo a | grep -q zz; do :; done\nS=x", "x"},
		// Left of ||, errexit is off in the stage too (bash): f returns 3
		// and the stage reports it.
		{"f() { return 3; }\nf | cat || S=${PIPESTATUS[0]}", "3"},
	} {
		src := "#!/bin/bash\nset -euo pipefail\n" + tc.body + "\nexec vllm serve /m --tag \"$S\"\n"
		r := evalSrc(t, src, "serve", nil, Options{})
		if want := []string{"vllm", "serve", "/m", "--tag", tc.want}; r.Err != nil || !slices.Equal(r.Argv, want) {
			t.Errorf("%q: err %v, argv %q; want %q", tc.body, r.Err, r.Argv, want)
		}
	}
	for _, body := range []string{
		"echo a | cat\necho b\nS=${PIPESTATUS[0]}",           // bash: echo b's status
		"S=${PIPESTATUS[0]-x}",                               // no pipeline yet
		"echo a | grep zz | cat || true\nS=${PIPESTATUS[1]}", // true's
		// A function's failure ends its stage under set -e before the
		// stage reports.
		"set -e\nf() { false; return 3; }\nf | cat\nS=${PIPESTATUS[0]}",
		// The same for a function named in quotes, and for the code
		// eval runs (bash: PIPESTATUS[0] is 1, false's): the stage is
		// no plain command made an if's condition, where errexit is off
		// and the stage reported 0.
		"set -e\nf() { false; true; }\n\"f\" | cat\nS=${PIPESTATUS[0]}",
		"set -e\neval 'false; true' | cat\nS=${PIPESTATUS[0]}",
	} {
		src := "#!/bin/bash\n" + body + "\nexec vllm serve /m --tag \"$S\"\n"
		if r := evalSrc(t, src, "serve", nil, Options{}); !errors.Is(r.Err, ErrUnsupported) {
			t.Errorf("%q: err %v, argv %q; want ErrUnsupported", body, r.Err, r.Argv)
		}
	}
}
