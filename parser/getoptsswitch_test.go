package parser

import (
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// TestGetoptsSwitch: an arm of letters is the switch of its first letter
// only when the literal option string lists every letter with no ':'.
func TestGetoptsSwitch(t *testing.T) {
	for _, tc := range []struct {
		optstring, arm, want string
	}{
		{"eb", "e) M=eval ;;", "-e"},
		{"eEb", "e|E) M=eval ;;", "-e"},
		{":EeB", "E|e) M=eval ;;", "-E"},
		{"eE:b", "e|E) M=eval ;;", ""}, // E takes a value
		{"eb", "e|E) M=eval ;;", ""},   // E is no option
		{"eEb", "e|$x) M=eval ;;", ""}, // not a literal
		{"eEb", "e|-E) M=eval ;;", ""},
		{"eEb", "e*) M=eval ;;", ""},
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader("case $o in "+tc.arm+" esac"), "")
		if err != nil {
			t.Fatal(err)
		}
		it := f.Stmts[0].Cmd.(*syntax.CaseClause).Items[0]
		got, ok := getoptsSwitch(it, tc.optstring)
		if got != tc.want || ok != (tc.want != "") {
			t.Errorf("getoptsSwitch(%q, %q) = %q, %v; want %q", tc.arm, tc.optstring, got, ok, tc.want)
		}
	}
}
