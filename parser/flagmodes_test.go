package parser

import (
	"strings"
	"testing"
)

// A boolean environment flag tested at the top level (or in main "$@")
// is a mode of its own, named VAR=value, when no other dispatch picks a
// mode and its branch reaches the engine; the script with no flag set is
// the proven mode. A variable whose value is used, defaulted on, assigned,
// tracing, or beside a $1 dispatch is none.
func TestFlagModes(t *testing.T) {
	const launch = "\nvllm serve /m --max-num-seqs \"$seqs\"\n"
	for _, tc := range []struct {
		name, src, want string
	}{
		{"dbl-bracket", "[[ ${EVAL_ONLY:-0} == 1 ]] && seqs=4", "serve|EVAL_ONLY=1"},
		{"if-true", "if [[ $DP == true ]]; then seqs=4; fi", "serve|DP=true"},
		{"swapped", "if [[ yes == \"$DP\" ]]; then seqs=4; fi", "serve|DP=yes"},
		{"single-bracket", "if [ \"${FAST:-}\" = \"on\" ]; then seqs=4; fi", "serve|FAST=on"},
		{"test-n", "if test -n \"$FAST\"; then seqs=4; fi", "serve|FAST=1"},
		{"dash-n", "if [[ -n ${FAST:-} ]]; then seqs=4; fi", "serve|FAST=1"},
		{"arith", "if (( FAST )); then seqs=4; fi", "serve|FAST=1"},
		{"arith-eq", "if (( ${FAST:-0} == 1 )); then seqs=4; fi", "serve|FAST=1"},
		{"arith-eq-self-default", "FAST=${FAST:-0}\nif (( FAST == 1 )); then seqs=4; fi", "serve|FAST=1"},
		{"arith-ne", "FAST=${FAST:-0}\n(( FAST != 0 )) && seqs=4", "serve|FAST=1"},
		{"arith-default", "(( ${FAST:-0} )) && seqs=4", "serve|FAST=1"},
		{"bare", "[[ $FAST ]] && seqs=4", "serve|FAST=1"},
		{"bare-single", "[ \"$FAST\" ] && seqs=4", "serve|FAST=1"},
		{"bare-empty-default", "[[ ${FAST:-} ]] && seqs=4", "serve|FAST=1"},
		{"eq-num", "[[ ${FAST:-0} -eq 1 ]] && seqs=4", "serve|FAST=1"},
		{"eq-num-swapped", "[ 1 -eq \"${FAST:-0}\" ] && seqs=4", "serve|FAST=1"},
		{"ne-zero", "[[ ${FAST:-0} != 0 ]] && seqs=4", "serve|FAST=1"},
		{"ne-false", "[ \"${FAST:-false}\" != false ] && seqs=4", "serve|FAST=true"},
		{"ne-num", "[[ ${FAST:-0} -ne 0 ]] && seqs=4", "serve|FAST=1"},
		{"ne-self-default", "FAST=${FAST:-no}\n[[ $FAST != no ]] && seqs=4", "serve|FAST=yes"},
		// A count compared with 1 is no switch unless its written default
		// is 0; a test true with the flag unset is none either.
		{"count-arith", "if (( NNODES == 1 )); then seqs=4; fi", ""},
		{"count-eq", "[[ $NNODES -eq 1 ]] && seqs=4", ""},
		{"count-eq-default-on", "[[ ${NNODES:-1} -eq 1 ]] && seqs=4", ""},
		{"count-eq-empty-default", "[[ ${NNODES:-} -eq 1 ]] && seqs=4", ""},
		{"ne-no-default", "[[ $FAST != 0 ]] && seqs=4", ""},
		{"ne-other-default", "[[ ${FAST:-0} != false ]] && seqs=4", ""},
		{"ne-num-no-default", "[[ $FAST -ne 0 ]] && seqs=4", ""},
		{"n-default-set", "[[ -n ${FAST:-0} ]] && seqs=4", ""},
		{"n-self-default", "FAST=${FAST:-0}\n[[ -n $FAST ]] && seqs=4", ""},
		{"bare-default-set", "[[ ${FAST:-false} ]] && seqs=4", ""},
		{"arith-false-default", "(( ${FAST:-false} )) && seqs=4", ""},
		{"eq-two", "[[ ${FAST:-0} -eq 2 ]] && seqs=4", ""},
		// A string test with 1 and no default anywhere may read a count
		// (NNODES=1), as (( NNODES == 1 )) does: a default of 0 written in
		// the test, the script's V=${V:-0} or another test of V makes it a
		// flag; true, yes or on name a switch whatever the default.
		{"count-str", "[[ $NNODES == 1 ]] && seqs=4", ""},
		{"count-str-single", "[ \"$NNODES\" = 1 ] && seqs=4", ""},
		{"count-str-swapped", "[[ 1 == $NNODES ]] && seqs=4", ""},
		{"str-one-empty-default", "[[ ${FAST:-} == 1 ]] && seqs=4", "serve|FAST=1"},
		{"str-true-no-default", "[[ $FAST == true ]] && seqs=4", "serve|FAST=true"},
		{"arith-eq-default-in-other-test", "[[ ${A:-0} == 1 ]] && seqs=4\n(( A == 1 )) && seqs=2", "serve|A=1"},
		{"arith-eq-empty-default-in-other-test", "[[ ${A:-} == 1 ]] && seqs=4\n(( A == 1 )) && seqs=2", ""},
		// A negated test reads as its positive form: the branch run with
		// the flag set (the else, what follows ||) is its mode's.
		{"neg-z-or", "[[ -z ${FAST:-} ]] || seqs=4", "serve|FAST=1"},
		{"neg-z-single-or", "[ -z \"${FAST:-}\" ] || seqs=4", "serve|FAST=1"},
		{"neg-bang-single-or", "[ ! -n \"${FAST:-}\" ] || seqs=4", "serve|FAST=1"},
		{"neg-ne-or", "[[ ${FAST:-0} != 1 ]] || seqs=4", "serve|FAST=1"},
		{"neg-ne-no-default", "[[ $FAST != 1 ]] || seqs=4", ""},
		{"neg-eq-zero-or", "[[ ${FAST:-0} == 0 ]] || seqs=4", "serve|FAST=1"},
		{"neg-num-or", "[[ ${FAST:-0} -ne 1 ]] || seqs=4", "serve|FAST=1"},
		{"neg-arith-or", "(( ! ${FAST:-0} )) || seqs=4", "serve|FAST=1"},
		{"neg-arith-ne-or", "FAST=${FAST:-0}\n(( FAST != 1 )) || seqs=4", "serve|FAST=1"},
		{"neg-stmt-or", "! [[ ${FAST:-0} == 1 ]] || seqs=4", "serve|FAST=1"},
		{"neg-if-else", "if [[ ! ${FAST:-0} == 1 ]]; then seqs=6; else seqs=4; fi", "serve|FAST=1"},
		{"neg-and", "[[ -z ${FAST:-} ]] && seqs=4", ""},
		{"pos-or", "[[ ${FAST:-0} == 1 ]] || seqs=4", ""},
		{"neg-if-no-else", "if [[ -z ${FAST:-} ]]; then seqs=4; fi", ""},
		{"neg-if-elif", "if [[ -z ${FAST:-} ]]; then seqs=4; elif [[ ${B:-0} == 1 ]]; then seqs=2; fi", ""},
		{"neg-elif-after-flag", "if [[ ${B:-0} == 1 ]]; then seqs=2; elif [[ -z ${FAST:-} ]]; then seqs=4; else seqs=6; fi", "serve|B=1"},
		{"neg-guard-holds-launch", "if [[ -z ${M:-} ]]; then exit 1; else\nseqs=4\nLAUNCH\nfi", ""},
		{"neg-guard-or-holds-launch", "[[ -z ${M:-} ]] || {\nseqs=4\nLAUNCH\n}", ""},
		{"neg-then-holds-launch", "if [[ -z ${M:-} ]]; then\n[[ ${A:-0} == 1 ]] && seqs=4\nLAUNCH\nelse exit 1\nfi", "serve|A=1"},
		{"self-default", "FAST=${FAST:-0}\nif [[ $FAST == 1 ]]; then seqs=4; fi", "serve|FAST=1"},
		{"main", "main() {\nif [[ ${FAST:-0} == 1 ]]; then seqs=4; fi" + launch + "}\nmain \"$@\"", "serve|FAST=1"},
		{"two", "[[ ${A:-0} == 1 ]] && seqs=4\n[[ ${B:-0} == 1 ]] && seqs=2", "serve|A=1|B=1"},
		{"else", "if [[ ${A:-0} == 1 ]]; then seqs=4; else seqs=6; fi", "serve|A=1"},
		{"one-name", "[[ $A == 1 ]] && seqs=4\n[[ ${A:-0} -eq 1 ]] && seqs=2", "serve|A=1"},
		{"one-name-any-set", "[[ ${A:-0} != 0 ]] && seqs=4\n[[ $A == true ]] && seqs=2", "serve|A=true"},
		// No one value turns both on: A=1 would hold A=true's branch.
		{"one-name-disagree", "[[ ${A:-0} == 1 ]] && seqs=4\n[[ $A == true ]] && seqs=2", ""},
		{"one-name-arith-true", "[[ $A == true ]] && seqs=4\n(( A )) && seqs=2", ""},
		{"no-reach", "[[ ${A:-0} == 1 ]] && echo hi", ""},
		{"not-equal", "[[ $A != 1 ]] && seqs=4", ""},
		{"falsy", "[[ $A == 0 ]] && seqs=4", ""},
		{"default-on", "[[ ${A:-1} == 1 ]] && seqs=4", ""},
		{"default-on-assign", "A=${A:-1}\n[[ $A == 1 ]] && seqs=4", ""},
		// A flag that defaults on, compared with its default: the run
		// that turns it off is the mode (A=0), its code what runs then.
		{"default-on-off-path", "[[ ${A:-1} == 1 ]] || seqs=4", "serve|A=0"},
		{"default-on-ne", "[[ ${A:-1} != 1 ]] && seqs=4", "serve|A=0"},
		{"default-on-true", "[ \"${A:-true}\" = true ] || seqs=4", "serve|A=false"},
		{"default-on-other-value", "[[ ${A:-1} != 2 ]] && seqs=4", ""},
		{"default-count", "[[ ${N:-8} != 8 ]] && seqs=4", ""},
		{"default-on-off-exec", "[[ ${A:-1} == 1 ]] || exec vllm serve /m --max-num-seqs 8\nseqs=4", "serve|A=0"},
		{"assigned", "A=1\n[[ ${A:-0} == 1 ]] && seqs=4", ""},
		{"value-used", "[[ -n $LORA ]] && seqs=$LORA", ""},
		{"value-arith", "[[ -n $N ]] && seqs=$(( N * 2 ))", ""},
		{"assign-default-on", ": \"${A:=1}\"\n[[ ${A:-0} == 1 ]] && seqs=4", ""},
		// The script's own default written by := (: "${V:=0}", : ${V=0},
		// V=${V:=0}) is read as V=${V:-0} is; one that may leave the flag
		// on, or that is not the only write of it, is none.
		{"colon-default", ": \"${FAST:=0}\"\n[[ $FAST == 1 ]] && seqs=4", "serve|FAST=1"},
		{"colon-default-unquoted", ": ${FAST:=0}\n[[ $FAST == 1 ]] && seqs=4", "serve|FAST=1"},
		{"colon-default-unset-only", ": ${FAST=false}\n[ \"$FAST\" = true ] && seqs=4", "serve|FAST=true"},
		{"colon-default-test-default", ": \"${FAST:=0}\"\n[[ ${FAST:-0} == 1 ]] && seqs=4", "serve|FAST=1"},
		{"colon-default-arith", ": \"${FAST:=0}\"\n(( FAST == 1 )) && seqs=4", "serve|FAST=1"},
		{"assign-colon-default", "FAST=${FAST:=0}\n[[ $FAST == 1 ]] && seqs=4", "serve|FAST=1"},
		{"assign-colon-default-on", "FAST=${FAST:=1}\n[[ $FAST == 1 ]] && seqs=4", ""},
		{"colon-default-on", ": \"${FAST:=1}\"\n[[ $FAST == 1 ]] && seqs=4", ""},
		{"colon-default-from-var", ": \"${FAST:=$X}\"\n[[ ${FAST:-0} == 1 ]] && seqs=4", ""},
		{"colon-default-in-func", "f() { : \"${FAST:=0}\"; }\nf\n[[ $FAST == 1 ]] && seqs=4", ""},
		{"colon-default-guarded", "[[ -f /x ]] && : \"${FAST:=0}\"\n[[ $FAST == 1 ]] && seqs=4", ""},
		{"colon-default-and-assign", ": \"${FAST:=0}\"\nFAST=1\n[[ $FAST == 1 ]] && seqs=4", ""},
		{"colon-default-twice", ": \"${FAST:=0}\"\n: \"${FAST:=1}\"\n[[ $FAST == 1 ]] && seqs=4", ""},
		{"colon-default-value-used", ": \"${FAST:=0}\"\n[[ $FAST == 1 ]] && seqs=4\ntag=\"$FAST\"", ""},
		{"colon-default-value-echoed", ": \"${FAST:=0}\"\n[[ $FAST == 1 ]] && seqs=4\necho \"fast=$FAST\" >&2", "serve|FAST=1"},
		{"value-echoed-in-pipe", "[[ ${FAST:-0} == 1 ]] && seqs=4\necho \"$FAST\" | tee /tmp/a", ""},
		{"value-printf-v", "[[ ${FAST:-0} == 1 ]] && seqs=4\nprintf -v x %s \"$FAST\"", ""},
		{"colon-default-two-words", ": \"${FAST:=0}\" \"${X:=1}\"\n[[ $FAST == 1 ]] && seqs=4", ""},
		{"env-file-value", "[[ -n ${A:-} ]] && seqs=4\necho \"$A\" > /tmp/a", ""},
		{"read", "read -r A\n[[ ${A:-0} == 1 ]] && seqs=4", ""},
		{"nested", "if true; then [[ ${A:-0} == 1 ]] && seqs=4; fi", ""},
		{"in-func", "f() { [[ ${A:-0} == 1 ]] && seqs=4; }\nf", "serve|A=1"},
		{"in-func-chain", "g() { [[ ${A:-0} == 1 ]] && seqs=4; }\nf() { g; }\nf", "serve|A=1"},
		{"in-func-from-main", "g() { [[ ${A:-0} == 1 ]] && seqs=4; }\nmain() {\ng\nLAUNCH}\nmain \"$@\"", "serve|A=1"},
		{"in-func-subshell", "f() ( [[ ${A:-0} == 1 ]] && seqs=4 )\nf", ""},
		{"in-func-uncalled", "f() { [[ ${A:-0} == 1 ]] && seqs=4; }", ""},
		{"in-func-call-in-if", "f() { [[ ${A:-0} == 1 ]] && seqs=4; }\nif [[ -f /x ]]; then f; fi", ""},
		{"in-func-call-in-loop", "f() { [[ ${A:-0} == 1 ]] && seqs=4; }\nfor i in 1; do f; done", ""},
		{"in-func-call-first", "f\nf() { [[ ${A:-0} == 1 ]] && seqs=4; }", ""},
		{"nested-holds-launch", "if [[ -f /x ]]; then\n[[ ${A:-0} == 1 ]] && seqs=4\nLAUNCH\nfi", "serve|A=1"},
		{"nested-else-holds-launch", "if [[ -z ${M:-} ]]; then exit 1; else\n[[ ${A:-0} == 1 ]] && seqs=4\nLAUNCH\nfi", "serve|A=1"},
		{"nested-block", "{ [[ ${A:-0} == 1 ]] && seqs=4; }", "serve|A=1"},
		{"nested-other-launch", "if [[ -f /x ]]; then\n[[ ${A:-0} == 1 ]] && seqs=4\nLAUNCH\nfi\nvllm serve /m2 --max-num-seqs 4", ""},
		{"nested-loop", "for i in 1; do\n[[ ${A:-0} == 1 ]] && seqs=4\nLAUNCH\ndone", ""},
		{"elif", "if [[ ${A:-0} == 1 ]]; then seqs=4; elif [[ ${B:-0} == 1 ]]; then seqs=2; fi", "serve|A=1|B=1"},
		{"elif-else", "if [[ ${A:-0} == 1 ]]; then seqs=4; elif [[ ${B:-0} -eq 1 ]]; then seqs=2; else seqs=6; fi", "serve|A=1|B=1"},
		{"elif-then-other", "if [[ ${A:-0} == 1 ]]; then seqs=4; elif [[ -f /x ]]; then seqs=2; fi", "serve|A=1"},
		{"elif-after-other", "if [[ -f /x ]]; then seqs=2; elif [[ ${A:-0} == 1 ]]; then seqs=4; fi", ""},
		{"elif-after-debug", "if [[ $DEBUG == 1 ]]; then seqs=2; elif [[ ${A:-0} == 1 ]]; then seqs=4; fi", ""},
		{"elif-after-assigned", "B=1\nif [[ ${B:-0} == 1 ]]; then seqs=2; elif [[ ${A:-0} == 1 ]]; then seqs=4; fi", ""},
		{"elif-same-flag", "if [[ ${A:-0} == 1 ]]; then seqs=4; elif [[ $A == true ]]; then seqs=2; fi", ""},
		{"odd-empty-bracket", "[ ] && seqs=4\ntest && seqs=2\n(( )) && seqs=1\n[ ] ] && seqs=3\nA=1\n{ :; }", ""},
		{"debug", "[[ $DEBUG == 1 ]] && seqs=1", ""},
		{"shell-var", "[[ -n $HOME ]] && seqs=4", ""},
		{"with-case", "case \"${1:-serve}\" in serve) ;; bench) seqs=16 ;; esac\n[[ ${A:-0} == 1 ]] && seqs=4", "serve|bench|serve with A=1"},
		{"with-case-debug", "case \"${1:-serve}\" in serve) ;; bench) seqs=16 ;; esac\n[[ $DEBUG == 1 ]] && seqs=4", "serve|bench"},
		{"with-case-in-branch", "case \"${1:-serve}\" in serve) ;; bench) seqs=16; [[ ${A:-0} == 1 ]] && seqs=4 ;; esac", "serve|bench"},
		{"with-case-after-serve-exits", "case \"${1:-serve}\" in serve) exec vllm serve /m --max-num-seqs $seqs ;; bench) seqs=16 ;; esac\n[[ ${A:-0} == 1 ]] && seqs=4", "serve|bench"},
		{"with-case-elif", "case \"${1:-serve}\" in serve) ;; bench) seqs=16 ;; esac\nif [[ ${A:-0} == 1 ]]; then seqs=4; elif (( ${B:-0} )); then seqs=2; else seqs=6; fi", "serve|bench|serve with A=1|serve with B=1"},
		{"with-case-elif-after-bench", "case \"${1:-serve}\" in serve) ;; bench) seqs=16 ;; esac\nif [[ $1 == bench ]]; then seqs=4; elif [[ ${A:-0} == 1 ]]; then seqs=2; fi", "serve|bench"},
		{"with-case-func", "f() { [[ ${A:-0} == 1 ]] && seqs=4; }\nf\ncase \"${1:-serve}\" in serve) ;; bench) seqs=16 ;; esac", "serve with A=1|serve|bench"},
		{"with-case-func-in-branch", "f() { [[ ${A:-0} == 1 ]] && seqs=4; }\ncase \"${1:-serve}\" in serve) ;; bench) seqs=16; f ;; esac", "serve|bench"},
		{"with-case-func-after-serve-exits", "f() { [[ ${A:-0} == 1 ]] && seqs=4; }\ncase \"${1:-serve}\" in serve) exec vllm serve /m --max-num-seqs $seqs ;; bench) seqs=16 ;; esac\nf", "serve|bench"},
		{"with-case-neg", "case \"${1:-serve}\" in serve) ;; bench) seqs=16 ;; esac\n[[ -z ${A:-} ]] || seqs=4", "serve|bench|serve with A=1"},
		{"with-case-neg-else", "case \"${1:-serve}\" in serve) ;; bench) seqs=16 ;; esac\nif [[ ${A:-0} != 1 ]]; then seqs=6; else seqs=4; fi", "serve|bench|serve with A=1"},
		// TEST || exec ENGINE: the off path boots and ends the script, so
		// what follows it is the flag's own code; not when the off path
		// boots nothing (a requirement), does not end the script, sits in
		// a called function, or when another flag is tested after it (its
		// test runs only with this one set).
		{"off-exec", "[[ ${A:-0} == 1 ]] || exec vllm serve /m --max-num-seqs 8\nseqs=4", "serve|A=1"},
		{"off-exec-neg-block", "[[ ${A:-0} != 1 ]] && { vllm serve /m --max-num-seqs 8; exit $?; }\nseqs=4", "serve|A=1"},
		{"off-exec-if-neg", "if [[ ${A:-0} != 1 ]]; then\nexec vllm serve /m --max-num-seqs 8\nfi\nseqs=4", "serve|A=1"},
		{"off-exit-if-neg-no-launch", "if [[ ${A:-0} != 1 ]]; then echo no; exit 1; fi\nseqs=4", ""},
		{"off-exit-no-launch", "[[ ${A:-0} == 1 ]] || exit 1\nseqs=4", ""},
		{"off-no-exec", "[[ ${A:-0} == 1 ]] || vllm serve /m --max-num-seqs 8\nseqs=4", ""},
		{"off-exec-in-func", "f() { [[ ${A:-0} == 1 ]] || exec vllm serve /m --max-num-seqs 8; }\nf\nseqs=4", ""},
		// Another flag tested only after it, in a branch, runs only with
		// this one set: its branch is A=1's code under a condition, no
		// mode of one flag. Tested before too, or with an off path that
		// ends the script itself, A's rest is no mode (B keeps its own
		// reading, as before: the run with both set is not read).
		{"off-exec-other-flag-after", "[[ ${A:-0} == 1 ]] || exec vllm serve /m --max-num-seqs 8\n[[ ${B:-0} == 1 ]] && seqs=4", "serve|A=1"},
		{"off-exec-other-flag-before-too", "[[ ${B:-0} == 1 ]] && seqs=2\n[[ ${A:-0} == 1 ]] || exec vllm serve /m --max-num-seqs 8\n[[ ${B:-0} == 1 ]] && seqs=4", "serve|B=1"},
		{"off-exec-other-off-exec-after", "[[ ${A:-0} == 1 ]] || exec vllm serve /m --max-num-seqs 8\n[[ ${B:-0} == 1 ]] || exec vllm serve /m --max-num-seqs 6\nseqs=4", "serve|B=1"},
		{"with-case-off-exec", "case \"${1:-serve}\" in serve) ;; bench) seqs=16 ;; esac\n[[ ${A:-0} == 1 ]] || exec vllm serve /m --max-num-seqs 8\nseqs=4", "serve|bench|serve with A=1"},
		// serve's own branch after the off path runs only with A=1: it is
		// serve with A=1's code.
		{"with-case-off-exec-over-serve", "[[ ${A:-0} == 1 ]] || exec vllm serve /m --max-num-seqs 8\ncase \"${1:-serve}\" in serve) seqs=4 ;; bench) seqs=16 ;; esac", "serve with A=1|serve|bench"},
		{"with-case-off-exec-over-modes", "[[ ${A:-0} == 1 ]] || exec vllm serve /m --max-num-seqs 8\ncase \"${1:-serve}\" in serve) ;; bench) seqs=16 ;; esac", "serve|bench"},
		{"with-case-no-serve", "case \"${1:-prod}\" in prod) ;; bench) seqs=16 ;; esac\n[[ ${A:-0} == 1 ]] && seqs=4", "prod|bench"},
	} {
		src := tc.src + launch
		if strings.Contains(tc.src, "LAUNCH") {
			src = strings.ReplaceAll(tc.src, "LAUNCH", launch[1:])
		}
		s := ParseScript("/x/serve.sh", []byte("#!/bin/bash\nseqs=8\n"+src))
		s.Analyze(RoleMatcher{})
		var got []string
		for _, m := range s.Modes {
			got = append(got, m.Label())
		}
		if g := strings.Join(got, "|"); g != tc.want {
			t.Errorf("%s: modes %q, want %q", tc.name, g, tc.want)
		}
	}
}

// The proven mode of flags runs with none set (no words); each flag's mode
// with its variable set to the value that turns it on. A flag read with no
// default is set empty for the proven mode (set -u).
func TestFlagModeSelectors(t *testing.T) {
	s := ParseScript("/x/serve.sh", []byte("#!/bin/bash\nset -u\nseqs=8\n[[ $A == true ]] && seqs=4\n[[ ${B:-0} == 1 ]] && seqs=2\nvllm serve /m --max-num-seqs \"$seqs\"\n"))
	s.Analyze(RoleMatcher{})
	p := s.Proven()
	if p == nil || p.Name != "serve" {
		t.Fatalf("proven %v, want serve", p)
	}
	if env, params := s.EvalSelectors(p); env != nil || params == nil || len(params) != 0 {
		t.Errorf("proven selectors %q, params %q: want none, no words", env, params)
	}
	if e := s.FlagsEmpty(p); strings.Join(e, ",") != "A" {
		t.Errorf("proven empties %q, want A", e)
	}
	a := s.ModeNamed("A=true")
	if a == nil {
		t.Fatal("no mode A=true")
	}
	if env, params := s.EvalSelectors(a); strings.Join(env, ",") != "A" || params != nil || s.SelectorValue(a) != "true" {
		t.Errorf("A=true: selectors %q=%q, params %q: want A=true, no words", env, s.SelectorValue(a), params)
	}
	if got := s.ModesAt(strings.Index(string(s.Src), "seqs=4")); ModeNames(got) != "A=true" {
		t.Errorf("modes at A's branch %q", ModeNames(got))
	}
}

// An if/elif chain testing flags: each arm is its flag's own code, the
// final else the proven mode's alone (every flag it could run with is
// tested before); an else after an arm testing anything else is no one's.
func TestFlagModeChain(t *testing.T) {
	src := "#!/bin/bash\nif [[ ${A:-0} == 1 ]]; then seqs=4\nelif [[ ${B:-0} == 1 ]]; then seqs=2\nelse seqs=6\nfi\nvllm serve /m --max-num-seqs \"$seqs\"\n"
	s := ParseScript("/x/serve.sh", []byte(src))
	s.Analyze(RoleMatcher{})
	for _, tc := range []struct{ at, want string }{{"seqs=4", "A=1"}, {"seqs=2", "B=1"}, {"seqs=6", "serve"}} {
		if got := ModeNames(s.ModesAt(strings.Index(src, tc.at))); got != tc.want {
			t.Errorf("modes at %s: %q, want %q", tc.at, got, tc.want)
		}
	}
	// Negated, the then is the proven mode's, the else the flag's.
	src = "#!/bin/bash\nif [[ -z ${A:-} ]]; then seqs=6\nelse seqs=4\nfi\nvllm serve /m --max-num-seqs \"$seqs\"\n"
	s = ParseScript("/x/serve.sh", []byte(src))
	s.Analyze(RoleMatcher{})
	for _, tc := range []struct{ at, want string }{{"seqs=4", "A=1"}, {"seqs=6", "serve"}} {
		if got := ModeNames(s.ModesAt(strings.Index(src, tc.at))); got != tc.want {
			t.Errorf("negated: modes at %s: %q, want %q", tc.at, got, tc.want)
		}
	}
	// Beside a dispatch the chain's else is every mode's but the flags'.
	src = "#!/bin/bash\ncase \"${1:-serve}\" in serve) ;; bench) seqs=16 ;; esac\nif [[ ${A:-0} == 1 ]]; then seqs=4\nelif [[ ${B:-0} == 1 ]]; then seqs=2\nelse seqs=6\nfi\nvllm serve /m --max-num-seqs \"$seqs\"\n"
	s = ParseScript("/x/serve.sh", []byte(src))
	s.Analyze(RoleMatcher{})
	for _, tc := range []struct{ at, want string }{{"seqs=4", "serve with A=1"}, {"seqs=2", "serve with B=1"}, {"seqs=6", "serve|bench"}} {
		if got := ModeNames(s.ModesAt(strings.Index(src, tc.at))); got != tc.want {
			t.Errorf("beside: modes at %s: %q, want %q", tc.at, got, tc.want)
		}
	}
}
