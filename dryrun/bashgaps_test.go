package dryrun

import (
	"mvdan.cc/sh/v3/syntax"
	"strings"
	"testing"
)

// TestNegatedErrexit: bash ignores set -e in every command of a pipeline
// preceded by ! (and in a compound or function so negated); interp exited
// on the last stage's failure (`! true | false`) and in a negated block or
// function. Each argv is what bash runs (bash prints still-here for each).
func TestNegatedErrexit(t *testing.T) {
	for _, body := range []string{
		"! false",
		"! true | false",
		"! false | false",
		"! { false; S=16; }",
		"f() { false; S=16; }\n! f",
		"! ( false; true )",
		"if ! true | false; then S=16; fi",
		"! true | false >/dev/null",
	} {
		r := evalSrc(t, "#!/bin/bash\nset -e\nS=16\n"+body+"\nexec vllm serve /m --max-num-seqs \"$S\"\n", "serve", nil, Options{})
		if got := strings.Join(r.Argv, " "); r.Err != nil || got != "vllm serve /m --max-num-seqs 16" {
			t.Errorf("%q: err %v, argv %q; want vllm serve /m --max-num-seqs 16", body, r.Err, got)
		}
	}
	// The status is still inverted: ! true stops nothing but fails an &&.
	for _, tc := range []struct{ body, want string }{
		{"! true && S=1", "16"},
		{"! false && S=1", "1"},
		{"! true | false && S=1", "1"},
		{"! { true; } || S=2", "2"},
		{"! true; S=$?", "1"},
	} {
		r := evalSrc(t, "#!/bin/bash\nset -e\nS=16\n"+tc.body+"\nexec vllm serve /m --max-num-seqs \"$S\"\n", "serve", nil, Options{})
		if got := strings.Join(r.Argv, " "); r.Err != nil || got != "vllm serve /m --max-num-seqs "+tc.want {
			t.Errorf("%q: err %v, argv %q; want --max-num-seqs %s", tc.body, r.Err, got, tc.want)
		}
	}
}

// TestExemptSubshells: errexit is off in a condition, left of && and ||,
// and under !, subshells included; interp turned it on again in a
// pipeline's stage and in a ( … ) group. Each want is bash 5.2's.
func TestExemptSubshells(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{"if f | true; then S=then; else S=else; fi", "then"},
		{"f | true && S=and || S=or", "and"},
		{"if ! f | true; then S=then; else S=else; fi", "else"},
		{"! f | true; S=$?", "1"},
		{"until f | true; do S=loop; break; done; S=$S-after", "16-after"},
		{"if ( false; true ); then S=then; else S=else; fi", "then"},
		{"( false; true ) || S=or; S=$S-after", "16-after"},
		{"g() { ( false; true ) | cat; S=g; }\nif g; then S=$S-then; fi", "g-then"},
	} {
		src := "#!/bin/bash\nset -eo pipefail\nS=16\nf() { false; true; }\n" + tc.body + "\nexec vllm serve /m --max-num-seqs \"$S\"\n"
		r := evalSrc(t, src, "serve", nil, Options{})
		if got := strings.Join(r.Argv, " "); r.Err != nil || got != "vllm serve /m --max-num-seqs "+tc.want {
			t.Errorf("%q: err %v, argv %q; want --max-num-seqs %s", tc.body, r.Err, got, tc.want)
		}
	}
	// Where errexit holds, the subshell still ends the run.
	for _, body := range []string{"( false; true )", "if true; then ( false; true ); fi", "true && ( false; true )", "set -o pipefail\nf() { false; true; }\nf | true"} {
		r := evalSrc(t, "#!/bin/bash\nset -e\nS=16\n"+body+"\nexec vllm serve /m --max-num-seqs \"$S\"\n", "serve", nil, Options{})
		if r.Err == nil {
			t.Errorf("%q: argv %q; want the run ended (errexit)", body, r.Argv)
		}
	}
}

// TestExemptInPerTree: exemptIn answers for the tree it is asked of,
// whichever asks first. In the script's tree `if true | f` holds no exempt
// subshell (f, the last stage, runs in the shell); in the copy rewrite
// makes, f is in a ( … ) group (rewriteLastPipes), which is. The answer
// kept from the script's tree left the copy unrewritten, and f's false
// ended the group where bash takes the then.
func TestExemptInPerTree(t *testing.T) {
	src := "#!/bin/bash\nset -eo pipefail\nf() { false; true; }\nif true | f; then :; fi\n"
	parse := func() *syntax.File {
		f, err := syntax.NewParser().Parse(strings.NewReader(src), "t.sh")
		if err != nil {
			t.Fatal(err)
		}
		return f
	}
	orig, cp := parse(), parse()
	if !rewriteLastPipes(cp) {
		t.Fatal("rewriteLastPipes changed nothing (the test checks nothing)")
	}
	p := Prepare(orig)
	if p.exemptIn(orig) || !p.exemptIn(cp) {
		t.Errorf("script's tree first: exemptIn(script) %v, exemptIn(copy) %v; want false, true", p.exemptIn(orig), p.exemptIn(cp))
	}
	p = Prepare(orig)
	if !p.exemptIn(cp) || p.exemptIn(orig) {
		t.Errorf("copy first: exemptIn(copy) %v, exemptIn(script) %v; want true, false", p.exemptIn(cp), p.exemptIn(orig))
	}
}

// TestArithNounset: under set -u, bash stops at an arithmetic read of an
// unset variable ("X: unbound variable"), in $((…)), ((…)), a for ((…))
// loop, let, and an assignment to a name declared -i; interp's arithmetic
// read it as 0 and the mode booted with a number bash never reaches. A
// branch arithmetic does not evaluate (A ? 1 : X with A set) reads
// nothing, as in bash; without set -u the read is 0.
func TestArithNounset(t *testing.T) {
	const pre = "#!/bin/bash\nset -u\nif false; then X=1; UNSET=1; fi\n"
	for _, body := range []string{
		"p=$((8000+X))",
		"declare -i p=8000+UNSET",
		"declare -i p\np=8000+UNSET",
		"declare -i p=5\np+=UNSET",
		"y=X+1\ndeclare -i p=y",
		"(( X > 1 )) || true\np=1",
		"for (( i = 0; i < X; i++ )); do :; done\np=1",
		"let p=X+1",
		"p=$((A ? X : 1))",
	} {
		r := evalSrc(t, pre+body+"\nexec vllm serve /m --port \"$p\"\n", "serve", nil, Options{})
		if r.Err == nil || !strings.Contains(r.Err.Error(), "unbound variable") {
			t.Errorf("%q: err %v, argv %q; want an unbound variable, as bash", body, r.Err, r.Argv)
		}
	}
	for _, tc := range []struct{ pre, body, want string }{
		{"set -u\n", "A=1\np=$((A ? 1 : X))", "1"},
		{"set -u\n", "X=7\np=$((8000+X))", "8007"},
		{"set -u\n", "X=7\ndeclare -i p=8000+X", "8007"},
		{"set -u\n", "X=\np=$((8000+X))", "8000"},
		{"set -u\n", "X=2\n(( p = X * 4 ))", "8"},
		{"", "p=$((8000+X))", "8000"},
		{"", "declare -i p=8000+X", "8000"},
		{"set -u\nset +u\n", "declare -i p=8000+X", "8000"},
	} {
		r := evalSrc(t, "#!/bin/bash\n"+tc.pre+"if false; then X=1; fi\n"+tc.body+"\nexec vllm serve /m --port \"$p\"\n", "serve", nil, Options{})
		if got := strings.Join(r.Argv, " "); r.Err != nil || got != "vllm serve /m --port "+tc.want {
			t.Errorf("%q %q: err %v, argv %q; want --port %s", tc.pre, tc.body, r.Err, got, tc.want)
		}
	}
	// A variable the caller supplies keeps its placeholder.
	r := evalSrc(t, "#!/bin/bash\nset -u\ndeclare -i p=8000+RANK\nexec vllm serve /m --port \"$p\"\n", "serve", nil, Options{Caller: []string{"RANK"}})
	if got := strings.Join(r.Argv, " "); r.Err != nil || !strings.Contains(got, "<unresolved") {
		t.Errorf("caller's RANK: err %v, argv %q; want its placeholder", r.Err, got)
	}
}

// TestEnvArithNounset: an env file sourced under set -u whose arithmetic
// reads a key nothing sets (MAX_NUM_SEQS=$((A))) stops bash ("A: unbound
// variable"); the dry run booted with 0. Keys that read each other (A=$B,
// B=$A) stop it too; without set -u they are empty and 0, as in bash.
func TestEnvArithNounset(t *testing.T) {
	const script = "#!/bin/bash\n%sset -a\n. ./serve.env\nset +a\nexec vllm serve /m --max-num-seqs \"$MAX_NUM_SEQS\" --port \"$B\"\n"
	for _, env := range []string{
		"MAX_NUM_SEQS=$((A))\nB=1\n",
		"MAX_NUM_SEQS=$((MAX_NUM_SEQS + 1))\nB=1\n",
		"A=$B\nB=$A\nMAX_NUM_SEQS=4\n",
	} {
		r := evalSrc(t, strings.Replace(script, "%s", "set -u\n", 1), "serve", map[string]string{"serve.env": env}, Options{})
		if r.Err == nil || !strings.Contains(r.Err.Error(), "unbound variable") {
			t.Errorf("set -u, %q: err %v, argv %q; want an unbound variable, as bash", env, r.Err, r.Argv)
		}
	}
	for _, tc := range []struct{ env, want string }{
		{"MAX_NUM_SEQS=$((A))\nB=1\n", "0 --port 1"},
		{"MAX_NUM_SEQS=$((MAX_NUM_SEQS + 1))\nB=1\n", "1 --port 1"},
		{"A=$B\nB=$A\nMAX_NUM_SEQS=4\n", "4 --port ''"},
	} {
		r := evalSrc(t, strings.Replace(script, "%s", "", 1), "serve", map[string]string{"serve.env": tc.env}, Options{})
		if got := strings.Join(quoteAll(r.Argv), " "); r.Err != nil || got != "vllm serve /m --max-num-seqs "+tc.want {
			t.Errorf("%q: err %v, argv %q; want --max-num-seqs %s", tc.env, r.Err, got, tc.want)
		}
	}
}

func quoteAll(args []string) []string {
	out := make([]string, len(args))
	for i, a := range args {
		out[i] = a
		if a == "" {
			out[i] = "''"
		}
	}
	return out
}

// TestQuotedLet: bash's let evaluates each argument, after expansion, as
// an arithmetic expression; interp's let read a quoted one ("s = 256") as
// a number (0) and assigned nothing, and under set -e the 0 ended the run.
func TestQuotedLet(t *testing.T) {
	for _, tc := range []struct{ body, want string }{
		{`let "s = 256"`, "256"},
		{`s=4; let 's=s*2'`, "8"},
		{`let "s = 256" 's=s*2'`, "512"},
		{`let s=3 "s += 1"`, "4"},
		{`x=5; let "s = $x * 2"`, "10"},
		{`let "s = 2, s <<= 3"`, "16"},
		{`let s=2+1 's *= 2'`, "6"},
		{`s=1; let "t = 0" || s=2`, "2"},
		{`s=1; if let "s > 0"; then s=3; fi`, "3"},
	} {
		r := evalSrc(t, "#!/bin/bash\nset -e\n"+tc.body+"\nexec vllm serve /m --max-num-seqs \"$s\"\n", "serve", nil, Options{})
		if got := strings.Join(r.Argv, " "); r.Err != nil || got != "vllm serve /m --max-num-seqs "+tc.want {
			t.Errorf("%q: err %v, argv %q; want --max-num-seqs %s", tc.body, r.Err, got, tc.want)
		}
	}
	// A let whose value is 0 fails, as bash's: set -e ends the run.
	r := evalSrc(t, "#!/bin/bash\nset -e\nlet \"s = 0\"\nexec vllm serve /m\n", "serve", nil, Options{})
	if r.Err == nil {
		t.Errorf(`let "s = 0" under set -e: argv %q; want the run ended`, r.Argv)
	}
	// A value not statically known is not a number: the name it assigns
	// is not statically known either (as $(( … )) over one gives), never
	// a guess; a test over one would pick a branch: the run stops.
	r = evalSrc(t, "#!/bin/bash\nset -e\nlet \"s = $(nvidia-smi -L | wc -l) / 2\"\nexec vllm serve /m --max-num-seqs \"$s\"\n", "serve", nil, Options{})
	if r.Err != nil || len(r.Argv) != 5 || !strings.HasPrefix(r.Argv[4], "<unresolved") {
		t.Errorf(`let "s = $(nvidia-smi …) / 2": err %v, argv %q; want --max-num-seqs not statically known`, r.Err, r.Argv)
	}
	r = evalSrc(t, "#!/bin/bash\nset -e\nlet 't = 2' \"h = $(nvidia-smi -L | wc -l)\" 's = t * 8'\nexec vllm serve /m --max-num-seqs \"$s\"\n", "serve", nil, Options{})
	if got := strings.Join(r.Argv, " "); r.Err != nil || got != "vllm serve /m --max-num-seqs 16" {
		t.Errorf("let with an unknown assignment among others: err %v, argv %q; want --max-num-seqs 16", r.Err, got)
	}
	r = evalSrc(t, "#!/bin/bash\nif let \"$(nvidia-smi -L | wc -l) > 1\"; then s=8; else s=4; fi\nexec vllm serve /m --max-num-seqs \"$s\"\n", "serve", nil, Options{})
	if r.Err == nil {
		t.Errorf(`if let "$(nvidia-smi …) > 1": argv %q; want the run stopped`, r.Argv)
	}
}

// TestBashOwnVars: bash's own variables the interpreter does not set
// (BASH_VERSION, BASH_VERSINFO, SECONDS, EPOCHSECONDS) have values, so a
// version check or a timer under set -u does not stop the run ("SECONDS:
// unbound variable").
func TestBashOwnVars(t *testing.T) {
	r := evalSrc(t, "#!/bin/bash\nset -euo pipefail\nv=$BASH_VERSION\n(( BASH_VERSINFO[0] >= 4 )) || exit 1\n"+
		"deadline=$(( SECONDS + 600 ))\n(( EPOCHSECONDS > 0 ))\nexec vllm serve /m --max-num-seqs 64 --served-model-name \"x${v:0:1}-$deadline\"\n", "serve", nil, Options{})
	if got := strings.Join(r.Argv, " "); r.Err != nil || got != "vllm serve /m --max-num-seqs 64 --served-model-name x5-600" {
		t.Errorf("err %v, argv %q", r.Err, got)
	}
}

// A note about a condition rewriteExemptSubshells rewrote prints it as the
// script wrote it (nodeText undoes the rewrite while it prints), and a
// group of one plain command, which ends with that command's status
// anyway, is not rewritten.
func TestExemptNodeText(t *testing.T) {
	for _, body := range []string{
		"if f | grep -q x; then :; fi",
		"if ( f; true ) | grep -q x; then :; fi",
		"if ! f | g | grep -qx \"$name\"; then :; fi",
		"f | true && echo ok",
		"if ( grep -q x f.txt ); then :; fi",
	} {
		src := "#!/bin/bash\nset -eo pipefail\nf() { false; true; }\ng() { cat; }\n" + body + "\n"
		orig, err := syntax.NewParser().Parse(strings.NewReader(src), "t.sh")
		if err != nil {
			t.Fatal(err)
		}
		f, _ := syntax.NewParser().Parse(strings.NewReader(src), "t.sh")
		changed := rewriteExemptSubshells(f)
		last := len(f.Stmts) - 1
		if got, want := nodeText(f.Stmts[last]), nodeText(orig.Stmts[last]); got != want {
			t.Errorf("%q: the note prints %q, the script has %q", body, got, want)
		}
		if strings.Contains(body, "( grep") && changed {
			t.Errorf("%q: a group of one plain command was rewritten", body)
		}
		if !strings.Contains(body, "( grep") && !changed {
			t.Errorf("%q: nothing rewritten (the test checks nothing)", body)
		}
	}
}

// A note about a condition reading $0 in a script zeroForJobs rewrote (a
// background job, $0 read) prints $0, not the variable standing for it.
func TestZeroNodeText(t *testing.T) {
	src := "[[ $(hostname) == \"${0##*/}\" ]] || exit 1\n[[ -n $0 ]] && sleep 1 &\n"
	orig, _ := syntax.NewParser().Parse(strings.NewReader(src), "t.sh")
	f, _ := syntax.NewParser().Parse(strings.NewReader(src), "t.sh")
	zeroForJobs(f)
	for i := range orig.Stmts {
		if got, want := nodeText(f.Stmts[i+1]), nodeText(orig.Stmts[i]); got != want || strings.Contains(got, zeroVar) {
			t.Errorf("the note prints %q, the script has %q", got, want)
		}
	}
	// The run's tree reads the variable again once the note is made.
	var b strings.Builder
	_ = syntax.NewPrinter().Print(&b, f)
	if strings.Count(b.String(), zeroVar) != 3 {
		t.Errorf("after the notes, the run's tree is\n%s", b.String())
	}
}
