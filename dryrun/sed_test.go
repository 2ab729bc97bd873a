package dryrun

import (
	"strings"
	"testing"
)

// TestSed: the sed scripts of env-file loaders, line by line as GNU sed
// runs them; anything else is refused (the command is then skipped).
func TestSed(t *testing.T) {
	for _, tc := range []struct {
		script string
		ext    bool
		in     string
		want   string // "" with ok false: refused
		ok     bool
	}{
		{`s/#.*//`, false, "A=1 # one\n# c\nB=2\n", "A=1 \n\nB=2\n", true},
		{`s/\r$//`, false, "A=1\r\nB=2\n", "A=1\nB=2\n", true},
		{`/^#/d`, false, "# c\nA=1\n", "A=1\n", true},
		{`/^\s*$/d; s/^export //`, false, "export A=1\n\n  \nB=2\n", "A=1\nB=2\n", true},
		{`s/^/export /`, false, "A=1\nB=2", "export A=1\nexport B=2", true},
		{`s/a/b/`, false, "aaa\n", "baa\n", true},
		{`s/a/b/g`, false, "aaa\n", "bbb\n", true},
		{`s|/m|/models|`, false, "P=/m/x\n", "P=/models/x\n", true},
		{`s/\([A-Z_]*\)=\(.*\)/\1="\2"/`, false, "A=1 2\n", "A=\"1 2\"\n", true},
		{`s/([A-Z_]+)=(.*)/\2 & \\ \&/`, true, "AB=1\n", "1 AB=1 \\ &\n", true},
		{`s/a/$HOME/`, false, "a\n", "$HOME\n", true},
		{`s/a/b/p`, false, "", "", false},
		{`s/a/\U&/`, false, "", "", false},
		{`s/a/\1/`, false, "", "", false},
		{`2d`, false, "", "", false},
		{`/x/p`, false, "", "", false},
		{`w /tmp/x`, false, "", "", false},
		{`s/a/b/w /tmp/x`, false, "", "", false},
		{`y/ab/cd/`, false, "", "", false},
	} {
		cmds, ok := parseSed(tc.script, tc.ext)
		if ok != tc.ok {
			t.Errorf("%q: ok = %v, want %v", tc.script, ok, tc.ok)
			continue
		}
		if !ok {
			continue
		}
		var out strings.Builder
		for _, line := range splitLines(tc.in) {
			if l, keep := runSed(cmds, line); keep {
				out.WriteString(l + "\n")
			}
		}
		got := out.String()
		if !strings.HasSuffix(tc.in, "\n") {
			got = strings.TrimSuffix(got, "\n")
		}
		if got != tc.want {
			t.Errorf("%q on %q = %q, want %q", tc.script, tc.in, got, tc.want)
		}
	}
}

// TestTrSet: tr's sets as the emulation expands them; false for what it
// leaves to a skip.
func TestTrSet(t *testing.T) {
	for _, tc := range []struct {
		set  string
		want string
		ok   bool
	}{
		{`\r`, "\r", true},
		{`a-d`, "abcd", true},
		{`[:upper:]`, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", true},
		{`"'`, `"'`, true},
		{`\n\t\\`, "\n\t\\", true},
		{`-_`, "-_", true},
		{`z-a`, "", false},
		{`[:foo:]`, "", false},
		{`[=a=]`, "", false},
		{`[a*3]`, "", false},
		{`\1`, "", false},
		{`é`, "", false},
	} {
		got, ok := trSet(tc.set)
		if ok != tc.ok || ok && string(got) != tc.want {
			t.Errorf("trSet(%q) = %q, %v; want %q, %v", tc.set, got, ok, tc.want, tc.ok)
		}
	}
}
