package lsp

import (
	"strings"
	"testing"

	protocol "github.com/tliron/glsp/protocol_3_16"

	"github.com/servelint/servelint/lint"
)

// ignoreResult applies the ignore edit for a privateshape finding that
// starts on a zero-based line, or returns ok false when none is offered.
func ignoreResult(t *testing.T, path, text string, line int) (string, bool) {
	t.Helper()
	d := &document{path: path, text: text}
	m := newMapper([]byte(text), false)
	off := m.lines[line] + len(text[m.lines[line]:m.lineEnd(line)]) - len(strings.TrimLeft(text[m.lines[line]:m.lineEnd(line)], " \t"))
	te, ok := newIgnorer(d, m).edit(lint.Finding{File: path, Rule: "privateshape", Line: line + 1, Offset: off, EndOffset: m.lineEnd(line)})
	if !ok {
		return "", false
	}
	return applyEdits(t, text, []protocol.TextEdit{te}), true
}

func TestIgnoreEditScript(t *testing.T) {
	const dir = "/nonexistent/"
	for _, tc := range []struct {
		name, text string
		line       int
		want       string // "" when no action
	}{
		{"end of line", "a=1\nrun --x 2048\nb=2\n", 1,
			"a=1\nrun --x 2048 # servelint:ignore privateshape -- TODO: reason\nb=2\n"},
		{"CRLF keeps its line end", "a=1\r\nrun --x 2048\r\n", 1,
			"a=1\r\nrun --x 2048 # servelint:ignore privateshape -- TODO: reason\r\n"},
		{"no final newline", "run --x 2048", 0,
			"run --x 2048 # servelint:ignore privateshape -- TODO: reason"},
		{"inside an array", "args=(\n  --x 2048\n)\n", 1,
			"args=(\n  --x 2048 # servelint:ignore privateshape -- TODO: reason\n)\n"},
		{"after a comment", "run --x 2048  # the bench's own step\n", 0,
			"run --x 2048  # the bench's own step # servelint:ignore privateshape -- TODO: reason\n"},
		{"backslash continuation: on a line of its own above", "run --x 2048 \\\n  --y 1\n", 0,
			"# servelint:ignore privateshape -- TODO: reason\nrun --x 2048 \\\n  --y 1\n"},
		{"continuation line: above the command, indented like it", "  run --x 1 \\\n    --y 2048 \\\n    --z 1\n", 1,
			"  # servelint:ignore privateshape -- TODO: reason\n  run --x 1 \\\n    --y 2048 \\\n    --z 1\n"},
		{"after another directive's comment: above", "run --x 2048 # servelint:ignore argvdrift -- same step\n", 0,
			"# servelint:ignore privateshape -- TODO: reason\nrun --x 2048 # servelint:ignore argvdrift -- same step\n"},
		{"heredoc body", "cat <<EOF\n--x 2048\nEOF\n", 1, ""},
		{"multi-line string", "x=\"a\n--x 2048\nb\"\n", 1, ""},
		{"already ignored", "run --x 2048 # servelint:ignore privateshape -- bench\n", 0, ""},
		{"does not parse", "if then\n--x 2048\n", 1, ""},
	} {
		got, ok := ignoreResult(t, dir+"s.sh", tc.text, tc.line)
		switch {
		case tc.want == "" && ok:
			t.Errorf("%s: offered an ignore that changes the script:\n%s", tc.name, got)
		case tc.want != "" && !ok:
			t.Errorf("%s: no ignore offered", tc.name)
		case ok && got != tc.want:
			t.Errorf("%s: got\n%q\nwant\n%q", tc.name, got, tc.want)
		}
	}
}

func TestIgnoreEditEnv(t *testing.T) {
	for _, tc := range []struct {
		name, text string
		line       int
		want       string
	}{
		{"line above", "A=1\nSHIM=${A}\nB=2\n", 1,
			"A=1\n# servelint:ignore privateshape -- TODO: reason\nSHIM=${A}\nB=2\n"},
		{"first line", "SHIM=${A}\n", 0,
			"# servelint:ignore privateshape -- TODO: reason\nSHIM=${A}\n"},
		{"CRLF", "A=1\r\nSHIM=${A}\r\n", 1,
			"A=1\r\n# servelint:ignore privateshape -- TODO: reason\r\nSHIM=${A}\r\n"},
		{"inside a multi-line value: above the entry", "A=\"x\ny\"\n", 1,
			"# servelint:ignore privateshape -- TODO: reason\nA=\"x\ny\"\n"},
		{"already ignored", "# servelint:ignore privateshape -- shim kept\nSHIM=${A}\n", 1, ""},
	} {
		got, ok := ignoreResult(t, "/nonexistent/app.env", tc.text, tc.line)
		switch {
		case tc.want == "" && ok:
			t.Errorf("%s: offered an ignore that is not needed or changes a value:\n%s", tc.name, got)
		case tc.want != "" && !ok:
			t.Errorf("%s: no ignore offered", tc.name)
		case ok && got != tc.want:
			t.Errorf("%s: got\n%q\nwant\n%q", tc.name, got, tc.want)
		}
		if ok && strings.Contains(got, "${A} #") {
			t.Errorf("%s: a trailing comment in an env file", tc.name)
		}
	}
}

func TestKindWanted(t *testing.T) {
	for _, tc := range []struct {
		only []string
		kind string
		want bool
	}{
		{nil, FixAllKind, true},
		{[]string{"source"}, FixAllKind, true},
		{[]string{"source.fixAll"}, FixAllKind, true},
		{[]string{"source.fix"}, FixAllKind, false},
		{[]string{"quickfix"}, FixAllKind, false},
		{[]string{"quickfix"}, "quickfix", true},
		{[]string{"refactor"}, "quickfix", false},
	} {
		if got := kindWanted(tc.only, tc.kind); got != tc.want {
			t.Errorf("kindWanted(%v, %s) = %v", tc.only, tc.kind, got)
		}
	}
}

func TestTiers(t *testing.T) {
	ev := func(func(string) ([]byte, error)) lint.Evaluator { return nil }
	ts, err := tiers(Options{Evaluator: ev, Disable: []string{"suppression"}}, DefaultDebounce, DefaultEvalDebounce)
	if err != nil {
		t.Fatal(err)
	}
	if len(ts) != 2 || ts[0].eval || !ts[1].eval {
		t.Fatalf("tiers = %d, want static and dry-run", len(ts))
	}
	has := func(l []string, n string) bool {
		for _, x := range l {
			if x == n {
				return true
			}
		}
		return false
	}
	for _, tc := range []struct {
		tier int
		rule string
	}{{0, "privateshape"}, {0, "envdialect"}, {0, "syntax"}, {1, "argvdrift"}, {1, "ngramplacement"}} {
		if !has(ts[tc.tier].enable, tc.rule) || has(ts[1-tc.tier].enable, tc.rule) {
			t.Errorf("%s is not in tier %s alone", tc.rule, ts[tc.tier].name)
		}
	}
	for _, tr := range ts {
		if !has(tr.disable, "suppression") {
			t.Errorf("tier %s runs the suppression rule the user disabled", tr.name)
		}
	}
	// Together the tiers run exactly the enabled rules, each once.
	on, _ := lint.Analyzers(nil, []string{"suppression"})
	if n := len(ts[0].enable) + len(ts[1].enable); n != len(on) {
		t.Errorf("the tiers run %d rules, %d are enabled", n, len(on))
	}
	for _, a := range on {
		if !has(ts[0].enable, a.Name) && !has(ts[1].enable, a.Name) {
			t.Errorf("enabled rule %s is in no tier", a.Name)
		}
	}
	ts, err = tiers(Options{}, DefaultDebounce, DefaultEvalDebounce)
	if err != nil || len(ts) != 1 || has(ts[0].enable, "argvdrift") {
		t.Errorf("without an evaluator: %d tiers, want the static one alone", len(ts))
	}
	if _, err := tiers(Options{Enable: []string{"nosuchrule"}}, 0, 0); err == nil {
		t.Error("an unknown rule was accepted")
	}
}
