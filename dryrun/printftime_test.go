package dryrun

import (
	"slices"
	"testing"
)

// TestPrintfTimes: printf's %(…)T conversions are formatted at the fixed
// clock and their arguments dropped; what cannot be rewritten exactly is
// left to the interpreter.
func TestPrintfTimes(t *testing.T) {
	for _, tc := range []struct {
		in   []string
		want []string
	}{
		{[]string{"%(%F %T)T %s\n", "-1", "msg"}, []string{"2026-01-01 00:00:00 %s\n", "msg"}},
		{[]string{"--", "[%(%H:%M)T] %d%%\n", "-1", "5"}, []string{"--", "[00:00] %d%%\n", "5"}},
		{[]string{"%s at %(%Y)T\n", "a", "-2"}, []string{"%s at 2026\n", "a"}},
		{[]string{"%s\n", "a"}, nil},                         // no time
		{[]string{"-v", "ts", "%(%F)T", "-1"}, nil},          // -v: printfTime's
		{[]string{"%-12(%F)T|\n", "-1"}, nil},                // a width
		{[]string{"%(%F)T %s\n", "-1", "a", "-1", "b"}, nil}, // the format reused
	} {
		got, ok := printfTimes(tc.in)
		if ok != (tc.want != nil) || !slices.Equal(got, tc.want) {
			t.Errorf("printfTimes(%q) = %q, %v; want %q", tc.in, got, ok, tc.want)
		}
	}
}
