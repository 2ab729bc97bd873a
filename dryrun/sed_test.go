package dryrun

import (
	"context"
	"errors"
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
		{`/b/d`, false, "a\nb", "a\n", true},
		{`s/a|ab/X/`, true, "ab\n", "X\n", true}, // leftmost-longest
		{`s/\(a\|ab\)\(c\|bcd\)/[\1|\2]/`, false, "abcd\n", "[a|bcd]\n", true},
		{`s/x/\n/;s/a.b/Y/`, false, "axb\n", "Y\n", true}, // . matches the \n an s put in
		{`s&x&\&&`, false, "x\n", "&\n", true},            // \& stays literal with & as the delimiter
		{`s/[\n]/N/g`, false, "n\\\n", "n\\\n", true},     // [\n] is a newline to GNU sed
		{`s/[\t]/T/g`, false, "a\tt\n", "aTt\n", true},
		{`s/[\\t]/T/g`, false, "a\tt\\\n", "a\tTT\n", true},
		{`s/^#\|^$/X/`, false, "\n#\n", "X\nX\n", true}, // ^ after \| is an anchor
		{`s/[\f]/F/`, false, "", "", false},
		{`s//X/`, false, "", "", false}, // the last regexp used
		{`/^$/d`, false, "", "", true},
		{`s/a\{2\}/X/`, false, "", "", false}, // an interval, not "a{2}"
		{`s/b\+\?/X/`, false, "", "", false},  // Go's +? is lazy
		{`s/$*/X/`, true, "", "", false},
		{`s/[[:word:]]/X/`, false, "", "", false},
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
		if got, err := sedLines(context.Background(), cmds, tc.in); err != nil || got != tc.want {
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

// TestSedBounds: an s that multiplies a line stops at maxFileSize instead
// of taking the memory, and a cancelled run stops between commands.
func TestSedBounds(t *testing.T) {
	var script []string
	for range 20 {
		script = append(script, `s/x/&&&&/g`)
	}
	cmds, ok := parseSed(strings.Join(script, ";"), false)
	if !ok {
		t.Fatal("refused")
	}
	if _, err := sedLines(context.Background(), cmds, "x\n"); !errors.Is(err, errSedSize) {
		t.Errorf("4^20 bytes: err = %v, want errSedSize", err)
	}
	one, _ := parseSed(`s/x*/&&&&/`, false)
	if _, err := sedLines(context.Background(), one, strings.Repeat("x", maxFileSize/2)+"\n"); !errors.Is(err, errSedSize) {
		t.Errorf("a line past the bound: err = %v", err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := sedLines(ctx, cmds[:1], "a\n"); !errors.Is(err, context.Canceled) {
		t.Errorf("cancelled: err = %v", err)
	}
}

// TestTextLocale: grep and sed are refused on text whose matches depend on
// the locale (Go's classes are ASCII, GNU's follow LC_CTYPE).
func TestTextLocale(t *testing.T) {
	for _, tc := range []struct {
		args    []string
		in      string
		refused bool
		want    string
	}{
		{[]string{"grep", "-v", "^#"}, "# é\nA=1\n", false, "A=1\n"},
		{[]string{"grep", "é"}, "é=1\nA=1\n", false, "é=1\n"},
		{[]string{"grep", `^\s*#`}, "  # é\nA=1\n", false, "  # é\n"},
		{[]string{"grep", `^\s*#`}, "\u2003# x\n", true, ""},
		{[]string{"grep", "[[:alpha:]]"}, "é\n", true, ""},
		{[]string{"grep", `\w`}, "é\n", true, ""},
		{[]string{"grep", "-i", "k"}, "\u212a\n", true, ""},
		{[]string{"grep", "a"}, "a\xff\n", true, ""},
		{[]string{"sed", `s/#.*//`}, "A=1 # é\n", false, "A=1 \n"},
		{[]string{"sed", `s/./X/g`}, "é\n", true, ""},
		{[]string{"sed", `s/x*/-/g`}, "é\n", true, ""},
		{[]string{"sed", `s/a/é/;s/[^=]/X/`}, "a\n", true, ""},
	} {
		h := helperGrep
		if tc.args[0] == "sed" {
			h = helperSed
		}
		got, _, skipped := runHelper(h, tc.args, tc.in)
		if skipped != tc.refused || !skipped && got != tc.want {
			t.Errorf("%q on %q: %q, refused %v; want %q, refused %v", tc.args, tc.in, got, skipped, tc.want, tc.refused)
		}
	}
}
