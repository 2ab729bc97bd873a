package parser

import (
	"strings"
	"testing"
)

// FlagCondAt names the flag test a mode's code runs under, not the test
// that picks the mode; none under a test of anything else, an elif arm, a
// loop or a function body.
func TestFlagCondAt(t *testing.T) {
	for _, tc := range []struct {
		name, arm, want string
	}{
		{"and", "[[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs 16)", "when FAST=1"},
		{"and-single", "[ \"${FAST:-}\" = true ] && args+=(--max-num-seqs 16)", "when FAST=true"},
		{"set", "[[ -n ${FAST:-} ]] && args+=(--max-num-seqs 16)", "when FAST is set"},
		{"ne-zero", "[[ ${FAST:-0} != 0 ]] && args+=(--max-num-seqs 16)", "when FAST is not 0"},
		{"arith", "(( ${FAST:-0} )) && args+=(--max-num-seqs 16)", "when FAST is not 0"},
		{"neg-or", "[[ -z ${FAST:-} ]] || args+=(--max-num-seqs 16)", "when FAST is set"},
		{"neg-and", "[[ -z ${FAST:-} ]] && args+=(--max-num-seqs 16)", "unless FAST is set"},
		{"pos-or", "[[ ${FAST:-0} == 1 ]] || args+=(--max-num-seqs 16)", "unless FAST=1"},
		{"if", "if [[ ${FAST:-0} == 1 ]]; then args+=(--max-num-seqs 16); fi", "when FAST=1"},
		{"if-else", "if [[ ${FAST:-0} == 1 ]]; then :; else args+=(--max-num-seqs 16); fi", "unless FAST=1"},
		{"nested", "if [[ ${A:-0} == 1 ]]; then [[ ${B:-0} == 1 ]] && args+=(--max-num-seqs 16); fi", "when A=1 and B=1"},
		{"plain", "args+=(--max-num-seqs 16)", ""},
		{"other-test", "[[ $GPU == a100 ]] && args+=(--max-num-seqs 16)", ""},
		{"elif", "if [[ ${A:-0} == 1 ]]; then :; elif [[ ${B:-0} == 1 ]]; then args+=(--max-num-seqs 16); fi", ""},
		{"else-of-elif", "if [[ ${A:-0} == 1 ]]; then :; elif [[ ${B:-0} == 1 ]]; then :; else args+=(--max-num-seqs 16); fi", ""},
		{"other-outer", "[[ -f x ]] && { [[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs 16); }", ""},
		{"loop", "for i in 1; do [[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs 16); done", ""},
		{"chained", "[[ ${A:-0} == 1 ]] && [[ ${B:-0} == 1 ]] && args+=(--max-num-seqs 16)", ""},
	} {
		src := "#!/bin/bash\nargs=(--max-num-seqs 64)\ncase \"${1:-serve}\" in\n  serve) ;;\n  bench)\n    " + tc.arm +
			"\n    ;;\nesac\nexec vllm serve /m \"${args[@]}\"\n"
		s := ParseScript("/x/serve.sh", []byte(src))
		s.Analyze(RoleMatcher{})
		at := strings.Index(src, "--max-num-seqs 16")
		got, ok := s.FlagCondAt(at)
		if !ok {
			got = ""
		}
		if got != tc.want {
			t.Errorf("%s: FlagCondAt = %q, want %q", tc.name, got, tc.want)
		}
	}
	// The test that picks the mode is none: if [[ $MODE == bench ]].
	src := "#!/bin/bash\nMODE=${1:-serve}\nargs=(--max-num-seqs 64)\nif [[ $MODE == bench ]]; then\n  [[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs 16)\nfi\nexec vllm serve /m \"${args[@]}\"\n"
	s := ParseScript("/x/serve.sh", []byte(src))
	s.Analyze(RoleMatcher{})
	if got, _ := s.FlagCondAt(strings.Index(src, "--max-num-seqs 16")); got != "when FAST=1" {
		t.Errorf("mode-if: FlagCondAt = %q, want %q", got, "when FAST=1")
	}
	// A test whose branch holds every launch is none: any boot runs it.
	src = "#!/bin/bash\nargs=(--max-num-seqs 64)\nif [[ -z ${MODEL:-} ]]; then\n  exit 1\nelse\n  [[ ${EVAL_ONLY:-0} -eq 1 ]] && args+=(--max-num-seqs 8)\n  exec vllm serve \"$MODEL\" \"${args[@]}\"\nfi\n"
	s = ParseScript("/x/serve.sh", []byte(src))
	s.Analyze(RoleMatcher{})
	if got, ok := s.FlagCondAt(strings.Index(src, "--max-num-seqs 8")); ok {
		t.Errorf("guard: FlagCondAt = %q, want none", got)
	}
	if got, ok := s.FlagCondAt(-1); ok {
		t.Errorf("FlagCondAt(-1) = %q", got)
	}
}
