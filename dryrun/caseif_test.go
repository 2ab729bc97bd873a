package dryrun

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/interp"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// runPlain runs f in interp with builtins only (any other command fails
// with 127) and returns what it printed and its exit status.
func runPlain(t *testing.T, f *syntax.File, params ...string) string {
	t.Helper()
	var out bytes.Buffer
	r, err := interp.New(
		interp.Params(append([]string{"--"}, params...)...),
		interp.StdIO(nil, &out, &out),
		interp.ExecHandlers(func(interp.ExecHandlerFunc) interp.ExecHandlerFunc {
			return func(ctx context.Context, args []string) error {
				fmt.Fprintf(interp.HandlerCtx(ctx).Stdout, "exec %q\n", args)
				return interp.ExitStatus(127)
			}
		}),
	)
	if err != nil {
		t.Fatal(err)
	}
	err = r.Run(context.Background(), f)
	status := 0
	var es interp.ExitStatus
	if errors.As(err, &es) {
		status = int(es)
	} else if err != nil {
		t.Fatalf("run: %v", err)
	}
	return fmt.Sprintf("%s[status %d]", out.String(), status)
}

// countCases counts the case clauses under n.
func countCases(n syntax.Node) int {
	k := 0
	shwalk.Walk(n, func(n syntax.Node) bool {
		if _, ok := n.(*syntax.CaseClause); ok {
			k++
		}
		return true
	})
	return k
}

// debugText is everything syntax.DebugPrint shows of f: every node,
// field and position.
func debugText(t *testing.T, f *syntax.File) string {
	t.Helper()
	var b bytes.Buffer
	if err := syntax.DebugPrint(&b, f); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// Each case runs in the copy as it does in the script: the same output
// and status, with the cases it rewrites (left: those it keeps) gone.
func TestCasesAsIfsRunsAsCase(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		params    []string
		left      int // case clauses the copy keeps
		want      string
	}{
		{"arms", "case \"${1:-serve}\" in\n  serve) echo S ;;\n  bench|calib) echo B; echo B2 ;;\n  *) echo D ;;\nesac\necho \"st $?\"\n",
			[]string{"calib"}, 0, "B\nB2\nst 0\n[status 0]"},
		{"default", "case \"${1:-serve}\" in serve) echo S ;; bench) echo B ;; *) echo \"D $1\" ;; esac\n", []string{"kl"}, 0, "D kl\n[status 0]"},
		{"default-unset", "case ${1:-serve} in serve) echo S ;; *) echo D ;; esac\n", nil, 0, "S\n[status 0]"},
		{"no match is 0", "false\ncase $1 in a) echo A ;; b) echo B ;; esac\necho \"st $?\"\n", []string{"c"}, 0, "st 0\n[status 0]"},
		{"empty arm is 0", "false\ncase $1 in a) ;; esac\necho \"st $?\"\n", []string{"a"}, 0, "st 0\n[status 0]"},
		{"arm status", "case $1 in a) false ;; esac\necho \"st $?\"\n", []string{"a"}, 0, "st 1\n[status 0]"},
		{"set -e", "set -e\ncase $1 in a) echo A; false ;; b) echo B ;; esac\necho after\n", []string{"a"}, 0, "A\n[status 1]"},
		{"set -e no match", "set -e\ncase $1 in a) false ;; esac\necho after\n", []string{"z"}, 0, "after\n[status 0]"},
		{"set -e in a list", "set -e\ncase $1 in a) false ;; esac || echo \"or $?\"\necho after\n", []string{"a"}, 0, "or 1\nafter\n[status 0]"},
		{"nested in a function", "f() {\n  case $1 in\n    x) case $2 in y) return 3 ;; *) return 4 ;; esac ;;\n    *) return 5 ;;\n  esac\n}\nf x y; echo $?; f x z; echo $?; f q; echo $?\n",
			nil, 0, "3\n4\n5\n[status 0]"},
		{"in a loop", "for m in a b c; do\n  case $m in a) continue ;; b) echo B ;; c) break ;; esac\n  echo \"after $m\"\ndone\n", nil, 0, "B\nafter b\n[status 0]"},
		{"quoted words", "case \"$1\" in 'a b') echo Q1 ;; \"c d\") echo Q2 ;; \"\") echo E ;; esac\n", []string{"c d"}, 0, "Q2\n[status 0]"},
		{"empty word", "case \"$1\" in a) echo A ;; \"\") echo E ;; esac\n", []string{""}, 0, "E\n[status 0]"},
		{"punctuation", "case $1 in --port=8000) echo P ;; a.b,c/d) echo D ;; esac\n", []string{"a.b,c/d"}, 0, "D\n[status 0]"},
		{"first arm wins", "case $1 in a) echo 1 ;; a) echo 2 ;; esac\n", []string{"a"}, 0, "1\n[status 0]"},
		{"unset under set -u", "set -u\ncase $MODE in a) echo A ;; b) echo B ;; *) echo D ;; esac\necho after\n", nil, 0, "MODE: unbound variable\n[status 1]"},
		{"guard", "case \"${1:?usage: serve.sh MODE}\" in a) echo A ;; b) echo B ;; esac\necho after\n", nil, 0, "1: usage: serve.sh MODE\n[status 1]"},
		{"ERR trap", "trap 'echo ERR' ERR\ncase $1 in a) false ;; b) echo B ;; esac\necho after\n", []string{"a"}, 0, "ERR\nERR\nafter\n[status 0]"},
		{"redirect", "case $1 in a) echo A ;; esac >/dev/null\necho \"st $?\"\n", []string{"a"}, 0, "st 0\n[status 0]"},
		{"negated", "! case $1 in a) false ;; esac\necho \"st $?\"\n", []string{"a"}, 0, "st 0\n[status 0]"},
		// Kept: a pattern, a fallthrough, a default before the end, a
		// subject that changes or assigns, xtrace.
		{"glob arm", "case $1 in -*) echo O ;; a) echo A ;; esac\n", []string{"-x"}, 1, "O\n[status 0]"},
		{"fallthrough", "case $1 in a) echo A ;& b) echo B ;; esac\n", []string{"a"}, 1, "A\nB\n[status 0]"},
		{"resume", "case $1 in a) echo A ;;& b) echo B ;; esac\n", []string{"a"}, 1, "A\n[status 0]"},
		{"default first", "case $1 in *) echo D ;; a) echo A ;; esac\n", []string{"a"}, 1, "D\n[status 0]"},
		{"assigning subject", "case ${M:=a} in a) echo A ;; esac\n", nil, 1, "A\n[status 0]"},
		{"status subject", "case $? in 0) echo Z ;; esac\n", nil, 1, "Z\n[status 0]"},
		{"command subject", "case $(echo a) in a) echo A ;; esac\n", nil, 1, "A\n[status 0]"},
		{"case conversion", "case ${1,,} in a) echo A ;; esac\n", []string{"A"}, 1, "A\n[status 0]"},
		{"escaped word", "case $1 in a\\*) echo A ;; esac\n", []string{"a*"}, 1, "A\n[status 0]"},
		{"xtrace", "set -x\ncase $1 in a) echo A ;; esac\n", []string{"a"}, 1, "+ case $1 in\n+ echo A\nA\n[status 0]"},
		// The rewrite of the inner case reaches the outer one's arm; a case
		// inside $(…) stays.
		{"inner kept outer", "case $1 in -*) case $2 in a) echo A ;; esac ;; esac\n", []string{"-x", "a"}, 1, "A\n[status 0]"},
		{"in a substitution", "x=$(case $1 in a) echo A ;; esac)\necho \"$x\"\n", []string{"a"}, 1, "A\n[status 0]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := syntax.NewParser().Parse(strings.NewReader(tc.src), "t.sh")
			if err != nil {
				t.Fatal(err)
			}
			before := debugText(t, f)
			c := casesAsIfs(f)
			if got := countCases(c); got != tc.left {
				t.Errorf("the copy keeps %d case clauses, want %d", got, tc.left)
			}
			if tc.left == countCases(f) && c != f {
				t.Errorf("nothing rewritten, yet the copy is not the tree itself")
			}
			orig, copied := runPlain(t, f, tc.params...), runPlain(t, c, tc.params...)
			if orig != tc.want {
				t.Errorf("the case ran as\n%s\nwant\n%s", orig, tc.want)
			}
			if copied != orig {
				t.Errorf("the copy ran as\n%s\nthe case as\n%s", copied, orig)
			}
			if after := debugText(t, f); after != before {
				t.Errorf("the shared tree changed")
			}
		})
	}
}

// The copy shares every statement that holds no rewritten case, and the
// shared tree is left as it was, node for node: rules read it concurrently.
func TestCasesAsIfsSharesTree(t *testing.T) {
	src := "#!/bin/bash\nset -euo pipefail\nPORT=8000\nf() {\n  echo hi\n  case $1 in a) echo A ;; *) echo D ;; esac\n}\nwhile true; do\n  if [ -n \"$PORT\" ]; then\n    case \"${1:-serve}\" in serve) exec vllm serve /m --port \"$PORT\" ;; bench) echo B ;; esac\n  fi\ndone\necho end\n"
	f, err := syntax.NewParser(syntax.KeepComments(true)).Parse(strings.NewReader(src), "t.sh")
	if err != nil {
		t.Fatal(err)
	}
	before := debugText(t, f)
	c := casesAsIfs(f)
	if c == f || countCases(c) != 0 || countCases(f) != 2 {
		t.Fatalf("the copy keeps %d case clauses of %d", countCases(c), countCases(f))
	}
	if after := debugText(t, f); after != before {
		t.Fatalf("the shared tree changed:\n%s", after)
	}
	for i, st := range f.Stmts {
		shared := countCases(st) == 0
		if (c.Stmts[i] == st) != shared {
			t.Errorf("statement %d (line %d): shared %v, want %v", i, st.Pos().Line(), c.Stmts[i] == st, shared)
		}
	}
	// Down the path: the if's test and the function's echo are the shared
	// nodes themselves; the new if stands where the case stood.
	wf := f.Stmts[3].Cmd.(*syntax.WhileClause)
	wc := c.Stmts[3].Cmd.(*syntax.WhileClause)
	if wc.Cond[0] != wf.Cond[0] {
		t.Errorf("the loop's condition was copied")
	}
	inner := wc.Do[0].Cmd.(*syntax.IfClause).Then[0]
	ic, ok := inner.Cmd.(*syntax.IfClause)
	if !ok {
		t.Fatalf("the case is a %T", inner.Cmd)
	}
	cc := wf.Do[0].Cmd.(*syntax.IfClause).Then[0].Cmd.(*syntax.CaseClause)
	if ic.Pos() != cc.Pos() || ic.Then[0] != cc.Items[0].Stmts[0] || wc.Do[0].Cmd.(*syntax.IfClause).Cond[0] != wf.Do[0].Cmd.(*syntax.IfClause).Cond[0] {
		t.Errorf("the if is not at the case's position or does not share its arms")
	}
	fd := c.Stmts[2].Cmd.(*syntax.FuncDecl)
	if fd.Body.Cmd.(*syntax.Block).Stmts[0] != f.Stmts[2].Cmd.(*syntax.FuncDecl).Body.Cmd.(*syntax.Block).Stmts[0] {
		t.Errorf("the function's first statement was copied")
	}
}

// Eval runs the copy once per script for all its modes: the mode's
// branch is taken, the default arm too, and the argv is the case's.
func TestEvalCasesAsIfs(t *testing.T) {
	src := "#!/bin/bash\nset -euo pipefail\ncase \"${1:-serve}\" in\n  serve) exec vllm serve /m --port 8000 ;;\n  bench|calib) exec vllm serve /m --port 8001 ;;\n  *) echo \"usage\" >&2; exit 2 ;;\nesac\n"
	root := t.TempDir()
	script := root + "/serve.sh"
	f, err := syntax.NewParser().Parse(strings.NewReader(src), script)
	if err != nil {
		t.Fatal(err)
	}
	p := Prepare(f)
	for mode, want := range map[string]string{"serve": "8000", "calib": "8001", "bench": "8001"} {
		r := Eval(context.Background(), script, []byte(src), f, mode, Options{Root: root, Prepared: p, guard: strictGuard(t)})
		if r.Err != nil || len(r.Argv) == 0 || r.Argv[len(r.Argv)-1] != want {
			t.Errorf("%s: argv %q, err %v; want the port %s", mode, r.Argv, r.Err, want)
		}
	}
	r := Eval(context.Background(), script, []byte(src), f, "other", Options{Root: root, Prepared: p, guard: strictGuard(t)})
	if r.Err == nil || !strings.Contains(r.Err.Error(), "usage") {
		t.Errorf("other: err %v, want the usage exit", r.Err)
	}
	if p.caseFrom != f || p.caseTo == f || countCases(p.caseTo) != 0 {
		t.Errorf("Eval did not run the copy of the cases")
	}
}

// A sourced file that turns on xtrace makes interp trace each case: the
// run of the copy stops there, and the script's own tree is run, whose
// failed run shows the case's trace as bash would.
func TestEvalCasesAsIfsTraced(t *testing.T) {
	src := "#!/bin/bash\nset -e\nsource ./lib.sh\ncase \"${1:-serve}\" in\n  serve) (( 0 )) ;;\n  bench) exec vllm serve /m ;;\nesac\nexec vllm serve /m --port 1\n"
	r := evalSrc(t, src, "serve", map[string]string{"lib.sh": "set -x\n"}, Options{})
	var ee *ExitError
	if !errors.As(r.Err, &ee) || !strings.Contains(ee.Error(), `+ case "${1:-serve}" in`) {
		t.Errorf("err %v, want the exit with the case's trace", r.Err)
	}
	r = evalSrc(t, src, "bench", map[string]string{"lib.sh": "set -x\n"}, Options{})
	if r.Err != nil || len(r.Argv) != 3 {
		t.Errorf("bench: argv %q, err %v", r.Argv, r.Err)
	}
}

func TestSetsXtrace(t *testing.T) {
	for _, tc := range []struct {
		name string
		args []string
		want bool
	}{
		{"set", []string{"-x"}, true},
		{"set", []string{"-eux", "-o", "pipefail"}, true},
		{"set", []string{"-euo", "pipefail", "-x"}, true},
		{"set", []string{"-o", "xtrace"}, true},
		{"set", []string{"-euo", "pipefail"}, false},
		{"set", []string{"+x"}, false},
		{"set", []string{"--", "-x"}, false},
		{"set", []string{"serve", "-x"}, false},
		{"shopt", []string{"-os", "xtrace"}, true},
		{"shopt", []string{"-s", "extglob"}, false},
	} {
		if got := setsXtrace(tc.name, tc.args); got != tc.want {
			t.Errorf("setsXtrace(%s %q) = %v, want %v", tc.name, tc.args, got, tc.want)
		}
	}
}

// A function that the script prints (declare -f, in $(…) too) is printed
// with its case: the text handed on is the script's, not the copy's.
func TestCasesAsIfsPrintedFunc(t *testing.T) {
	fn := "launch() {\n  case \"$1\" in\n    serve) vllm serve /m ;;\n    *) exit 1 ;;\n  esac\n}\n"
	for _, use := range []string{
		"docker run --rm img bash -c \"$(declare -f launch); launch serve\"\n",
		"body=$(typeset -fx launch)\ndocker run --rm img bash -c \"$body; launch serve\"\n",
		"opt=-f\ndeclare $opt launch > f.sh\nexec ssh host launch\n",
	} {
		src := "#!/bin/bash\n" + fn + use
		f, err := syntax.NewParser().Parse(strings.NewReader(src), "t.sh")
		if err != nil {
			t.Fatal(err)
		}
		if casesAsIfs(f) != f {
			t.Errorf("%q: the cases were rewritten", use)
		}
		if strings.Contains(use, "docker run") {
			r := evalSrc(t, src, "serve", nil, Options{})
			if n := len(r.Skipped); n == 0 || !strings.Contains(strings.Join(r.Skipped[n-1], " "), "case \"$1\" in") {
				t.Errorf("%q: skipped %q, err %v; want the function's case", use, r.Skipped, r.Err)
			}
		}
	}
	src := "#!/bin/bash\ndeclare -x PORT=1\ndeclare -a A=(x)\ncase \"$1\" in serve) exec vllm serve /m ;; esac\n"
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "t.sh")
	if err != nil {
		t.Fatal(err)
	}
	if casesAsIfs(f) == f {
		t.Errorf("declare -x/-a: the case was kept")
	}
}

// A sourced library that prints a function of the script: the run of the
// copy stops there, and the script's own tree prints the case.
func TestEvalCasesAsIfsSourcedPrint(t *testing.T) {
	src := "#!/bin/bash\nlaunch() {\n  case \"$1\" in\n    serve) vllm serve /m ;;\n    *) exit 1 ;;\n  esac\n}\nsource ./lib.sh\nremote serve\n"
	lib := "remote() { docker run --rm img bash -c \"$(declare -f launch); launch $1\"; }\n"
	r := evalSrc(t, src, "serve", map[string]string{"lib.sh": lib}, Options{})
	if n := len(r.Skipped); n == 0 || !strings.Contains(strings.Join(r.Skipped[n-1], " "), "case \"$1\" in") {
		t.Errorf("skipped %q, err %v; want the function's case", r.Skipped, r.Err)
	}
}

// TestPrintsFuncsModel: the model's answer, which PrepareScript hands to
// caseIfs in place of printsFuncs' walk, is printsFuncs' on every script
// of the printed-function tests and on every testdata script.
func TestPrintsFuncsModel(t *testing.T) {
	fn := "launch() {\n  case \"$1\" in\n    serve) vllm serve /m ;;\n    *) exit 1 ;;\n  esac\n}\n"
	srcs := []string{
		"#!/bin/bash\n" + fn + "docker run --rm img bash -c \"$(declare -f launch); launch serve\"\n",
		"#!/bin/bash\n" + fn + "body=$(typeset -fx launch)\ndocker run --rm img bash -c \"$body; launch serve\"\n",
		"#!/bin/bash\n" + fn + "opt=-f\ndeclare $opt launch > f.sh\nexec ssh host launch\n",
		"#!/bin/bash\nf() { local -f g; }\ncase \"$1\" in serve) exec vllm serve /m ;; esac\n",
		"#!/bin/bash\ndeclare -x PORT=1\ndeclare -a A=(x)\ncase \"$1\" in serve) exec vllm serve /m ;; esac\n",
	}
	paths, _ := filepath.Glob("../testdata/src/*/*.sh")
	for _, p := range paths {
		if b, err := os.ReadFile(p); err == nil {
			srcs = append(srcs, string(b))
		}
	}
	printing := 0
	for _, src := range srcs {
		s := parser.ParseScript("t.sh", []byte(src))
		if s.File == nil {
			continue
		}
		s.Analyze(parser.RoleMatcher{})
		want := printsFuncs(s.File)
		if want {
			printing++
		}
		if got := s.PrintsFuncs(); got != want {
			t.Errorf("model %v, printsFuncs %v, on %q", got, want, src)
		}
		if p := PrepareScript(s); p != nil && (!p.printsKnown || p.prints != want) {
			t.Errorf("PrepareScript: known %v prints %v, printsFuncs %v, on %q", p.printsKnown, p.prints, want, src)
		}
	}
	if printing < 4 {
		t.Fatalf("only %d scripts print a function: the test reads too few", printing)
	}
}

// countMatches counts the [[ == ]] and [[ != ]] tests under n.
func countMatches(n syntax.Node) int {
	k := 0
	shwalk.Walk(n, func(n syntax.Node) bool {
		if b, ok := n.(*syntax.BinaryTest); ok && (b.Op == syntax.TsMatch || b.Op == syntax.TsMatchShort || b.Op == syntax.TsNoMatch) {
			k++
		}
		return true
	})
	return k
}

// Each [[ S == W ]] the copy compares as strings (a condition's) runs as
// the match does: the same output and status, with the tests it rewrites
// (left: those it keeps) gone.
func TestMatchAsCompareRuns(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		params    []string
		left      int // [[ == ]] and [[ != ]] the copy keeps
		want      string
	}{
		{"elif chain", "m=${1:-serve}\nif [[ $m == serve ]]; then echo S\nelif [[ $m == m2 ]]; then echo M2\nelif [[ \"$m\" = m3 ]]; then echo M3\nelse echo D; fi\n",
			[]string{"m3"}, 0, "M3\n[status 0]"},
		{"not equal", "[[ $1 != serve ]] && echo other; [[ $1 != kl ]] || echo KL\n", []string{"kl"}, 0, "other\nKL\n[status 0]"},
		{"chain", "[[ $1 == a ]] && [[ $2 == b ]] && echo AB; [[ $1 == x ]] || [[ $2 == b ]] || echo no\n", []string{"a", "b"}, 0, "AB\n[status 0]"},
		{"status after", "if [[ $1 == a ]]; then :; fi; echo $?; [[ $1 == b ]] || true; [[ $1 == a ]] && echo $?\n", []string{"a"}, 0, "0\n0\n[status 0]"},
		{"while", "i=0\nwhile [[ $i != 3 ]]; do i=$((i+1)); done\necho $i\n", nil, 0, "3\n[status 0]"},
		{"empty word", "[[ $1 == \"\" ]] && echo empty; [[ $1 == '' ]] && echo again\n", []string{""}, 0, "empty\nagain\n[status 0]"},
		{"empty subject, set word", "[[ $1 == a ]] || echo not-a\n", []string{""}, 0, "not-a\n[status 0]"},
		{"quoted glob is literal", "[[ $1 == \"a*\" ]] && echo star; [[ $1 == 'a?' ]] || echo no-q\n", []string{"a*"}, 0, "star\nno-q\n[status 0]"},
		{"prefix is not equal", "[[ $1 == serve ]] || echo no; [[ $1 == serve-fast ]] && echo yes\n", []string{"serve-fast"}, 0, "no\nyes\n[status 0]"},
		{"unset under set -u", "set -u\nif [[ $MODE == a ]]; then echo A; fi\necho after\n", nil, 0, "MODE: unbound variable\n[status 1]"},
		{"guard", "[[ ${1:?usage: MODE} == a ]] && echo A\necho after\n", nil, 0, "1: usage: MODE\n[status 1]"},
		{"set -e in a condition", "set -e\nif [[ $1 == a ]]; then echo A; fi\n[[ $1 == a ]] && echo A2\necho after\n", []string{"b"}, 0, "after\n[status 0]"},
		{"in a function and loop", "f() { [[ $1 == x ]] && return 3; return 4; }\nfor v in x y; do f $v; echo $?; done\n", nil, 0, "3\n4\n[status 0]"},
		{"regexp", "[[ $1 =~ ^a ]] && echo R; [[ $1 == ab ]] && echo E\n", []string{"ab"}, 0, "R\nE\n[status 0]"},
		// Kept: a test where set -e applies (a statement, the right of the
		// last && or ||), a negated one, one inside a larger [[ ]], a
		// pattern, a subject that changes, case conversion, xtrace, a test
		// inside $(…).
		{"set -e", "set -e\n[[ $1 == a ]]\necho after\n", []string{"b"}, 1, "[status 1]"},
		{"last of a list", "set -e\ntrue && [[ $1 == a ]]\necho after\n", []string{"b"}, 1, "[status 1]"},
		{"negated", "! [[ $1 == a ]] && echo not-a\n", []string{"b"}, 1, "not-a\n[status 0]"},
		{"inside a larger test", "set -u\n[[ $1 == a && $M == b ]] && echo yes\necho after\n", []string{"a"}, 2, "M: unbound variable\n[status 1]"},
		{"glob", "[[ $1 == -* ]] && echo opt; [[ $1 == a ]] || echo not-a\n", []string{"-x"}, 1, "opt\nnot-a\n[status 0]"},
		{"command subject", "[[ $(echo a) == a ]] && echo A\n", nil, 1, "A\n[status 0]"},
		{"case conversion", "[[ ${1,,} == a ]] && echo A\n", []string{"A"}, 1, "A\n[status 0]"},
		{"escaped word", "[[ $1 == a\\* ]] && echo A\n", []string{"a*"}, 1, "A\n[status 0]"},
		{"xtrace", "set -x\n[[ $1 == a ]] && echo A\n", []string{"a"}, 1, "+ echo A\nA\n[status 0]"},
		{"in a substitution", "x=$([[ $1 == a ]] && echo A)\necho \"$x\"\n", []string{"a"}, 1, "A\n[status 0]"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f, err := syntax.NewParser().Parse(strings.NewReader(tc.src), "t.sh")
			if err != nil {
				t.Fatal(err)
			}
			before := debugText(t, f)
			c := casesAsIfs(f)
			if got := countMatches(c); got != tc.left {
				t.Errorf("the copy keeps %d [[ == ]] tests, want %d", got, tc.left)
			}
			orig, copied := runPlain(t, f, tc.params...), runPlain(t, c, tc.params...)
			if orig != tc.want {
				t.Errorf("the test ran as\n%s\nwant\n%s", orig, tc.want)
			}
			if copied != orig {
				t.Errorf("the copy ran as\n%s\nthe test as\n%s", copied, orig)
			}
			if after := debugText(t, f); after != before {
				t.Errorf("the shared tree changed")
			}
		})
	}
}
