package fixes

import (
	"bytes"
	"errors"
	"maps"
	"regexp"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// change replaces the first match of re in the file path by repl (with
// regexp.Expand's $1 syntax).
type change struct {
	path string
	re   string
	repl string
}

// rule is a toy analyzer rule: when every change finds a match, it reports
// one fix made of all the changes.
type rule struct {
	msg     string
	changes []change
}

// analyzer returns an analyze function applying the rules in order.
func analyzer(rules ...rule) func(map[string][]byte) ([]Fix, error) {
	return func(files map[string][]byte) ([]Fix, error) {
		var fixes []Fix
	rules:
		for _, r := range rules {
			f := Fix{Message: r.msg, Edits: map[string][]Edit{}}
			for _, c := range r.changes {
				re := regexp.MustCompile(c.re)
				src := files[c.path]
				m := re.FindSubmatchIndex(src)
				if m == nil {
					continue rules
				}
				repl := re.Expand(nil, []byte(c.repl), src, m)
				f.Edits[c.path] = append(f.Edits[c.path], Edit{m[0], m[1], string(repl)})
			}
			fixes = append(fixes, f)
		}
		return fixes, nil
	}
}

// static returns an analyze function that always reports fixes.
func static(fixes ...Fix) func(map[string][]byte) ([]Fix, error) {
	return func(map[string][]byte) ([]Fix, error) { return fixes, nil }
}

// parseShell validates shell scripts (*.sh) with mvdan.cc/sh; other files
// are always valid.
func parseShell(path string, b []byte) error {
	if !strings.HasSuffix(path, ".sh") {
		return nil
	}
	_, err := syntax.NewParser().Parse(bytes.NewReader(b), path)
	return err
}

var (
	quoteX    = rule{"quote $x", []change{{"a.sh", `([^"])\$x`, `${1}"$$x"`}}}
	backticks = rule{"use $(...)", []change{{"a.sh", "`([^`]*)`", "$$(${1})"}}}
)

func filesOf(kv ...string) map[string][]byte {
	m := map[string][]byte{}
	for i := 0; i < len(kv); i += 2 {
		m[kv[i]] = []byte(kv[i+1])
	}
	return m
}

func checkFiles(t *testing.T, got map[string][]byte, want map[string]string) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("changed files: got %d, want %d", len(got), len(want))
	}
	for path, w := range want {
		if g, ok := got[path]; !ok {
			t.Errorf("%s not changed, want %q", path, w)
		} else if string(g) != w {
			t.Errorf("%s = %q, want %q", path, g, w)
		}
	}
	for path, g := range got {
		if _, ok := want[path]; !ok {
			t.Errorf("%s changed to %q, want unchanged", path, g)
		}
	}
}

func TestLoopOverlappingFixesConverge(t *testing.T) {
	files := filesOf("a.sh", "echo `cat $x`\n")
	orig := filesOf("a.sh", "echo `cat $x`\n")
	analyze := analyzer(quoteX, backticks)

	out, rep, err := Loop(files, analyze, parseShell, 10)
	if err != nil {
		t.Fatal(err)
	}
	want := "echo $(cat \"$x\")\n"
	checkFiles(t, out, map[string]string{"a.sh": want})
	// Pass 1 applies quoteX and defers backticks, pass 2 applies
	// backticks, pass 3 finds nothing.
	if rep.Passes != 3 || !rep.Converged {
		t.Errorf("Passes = %d, Converged = %v; want 3, true", rep.Passes, rep.Converged)
	}
	if !maps.Equal(rep.Applied, map[string]int{"a.sh": 2}) {
		t.Errorf("Applied = %v, want a.sh: 2", rep.Applied)
	}
	if len(rep.Skipped) != 0 {
		t.Errorf("Skipped = %v, want none", rep.Skipped)
	}
	if !maps.EqualFunc(files, orig, bytes.Equal) {
		t.Errorf("Loop modified its input: %q", files)
	}

	// Two passes are enough to apply both; the fixed point is not checked.
	out2, rep2, err := Loop(files, analyze, parseShell, 2)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, out2, map[string]string{"a.sh": want})
	if rep2.Passes != 2 || rep2.Converged {
		t.Errorf("maxPasses 2: Passes = %d, Converged = %v; want 2, false", rep2.Passes, rep2.Converged)
	}

	// A second Loop on the output changes nothing.
	out3, rep3, err := Loop(out, analyze, parseShell, 10)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, out3, nil)
	if rep3.Passes != 1 || !rep3.Converged || len(rep3.Applied) != 0 || len(rep3.Skipped) != 0 {
		t.Errorf("second Loop: report %+v, want one pass, converged, nothing applied or skipped", rep3)
	}
}

func TestLoopPassLimitReportsDeferred(t *testing.T) {
	files := filesOf("a.sh", "echo `cat $x`\n")
	out, rep, err := Loop(files, analyzer(quoteX, backticks), parseShell, 1)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, out, map[string]string{"a.sh": "echo `cat \"$x\"`\n"})
	if rep.Passes != 1 || rep.Converged {
		t.Errorf("Passes = %d, Converged = %v; want 1, false", rep.Passes, rep.Converged)
	}
	if len(rep.Skipped) != 1 {
		t.Fatalf("Skipped = %v, want the backticks fix", rep.Skipped)
	}
	s := rep.Skipped[0]
	if s.Pass != 1 || s.Index != 1 || s.Fix.Message != backticks.msg || s.Reason != Conflict || !errors.Is(s.Err, ErrOverlap) {
		t.Errorf("Skipped[0] = %+v, want pass 1, index 1, %q, Conflict, ErrOverlap", s, backticks.msg)
	}
	if !strings.Contains(s.Err.Error(), quoteX.msg) {
		t.Errorf("Skipped[0].Err = %q, want it to name the fix it overlaps (%q)", s.Err, quoteX.msg)
	}
}

func TestLoopMultiFileFixAllOrNothing(t *testing.T) {
	files := filesOf(
		"a.sh", ". ./b.env\necho \"$OLD_NAME\"\n",
		"b.env", "OLD_NAME=1\n",
		"c.sh", "echo unrelated\n",
	)
	bump := rule{"bump", []change{{"b.env", `OLD_NAME=1`, `OLD_NAME=2`}}}
	rename := rule{"rename", []change{{"a.sh", `OLD_NAME`, `NEW_NAME`}, {"b.env", `OLD_NAME`, `NEW_NAME`}}}
	analyze := analyzer(bump, rename)

	// Pass 1: rename overlaps bump in b.env, so a.sh is not changed either.
	out, rep, err := Loop(files, analyze, parseShell, 1)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, out, map[string]string{"b.env": "OLD_NAME=2\n"})
	if len(rep.Skipped) != 1 || rep.Skipped[0].Fix.Message != "rename" || rep.Skipped[0].Reason != Conflict {
		t.Errorf("Skipped = %+v, want rename (Conflict)", rep.Skipped)
	}

	out, rep, err = Loop(files, analyze, parseShell, 10)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, out, map[string]string{
		"a.sh":  ". ./b.env\necho \"$NEW_NAME\"\n",
		"b.env": "NEW_NAME=2\n",
	})
	if !rep.Converged || !maps.Equal(rep.Applied, map[string]int{"a.sh": 1, "b.env": 2}) {
		t.Errorf("report %+v, want converged, a.sh: 1, b.env: 2", rep)
	}
}

func TestLoopRefusesInvalidResult(t *testing.T) {
	files := filesOf("a.sh", "echo \"hi\"\necho ok\n")
	upper := rule{"upper", []change{{"a.sh", `ok`, `OK`}}}
	breaker := rule{"breaker", []change{{"a.sh", `hi"`, `hi`}}} // drops a closing quote
	after := rule{"after", []change{{"a.sh", `echo "hi"`, `printf '%s\n' "hi"`}}}

	out, rep, err := Loop(files, analyzer(upper, breaker, after), parseShell, 10)
	if err != nil {
		t.Fatal(err)
	}
	// breaker overlaps after, so after is deferred in the first plan; once
	// breaker is refused, the pass is planned again and after applies.
	checkFiles(t, out, map[string]string{"a.sh": "printf '%s\\n' \"hi\"\necho OK\n"})
	if !rep.Converged || !maps.Equal(rep.Applied, map[string]int{"a.sh": 2}) {
		t.Errorf("report %+v, want converged, a.sh: 2", rep)
	}
	// The refused fix, found again by the last pass, is reported.
	if len(rep.Skipped) != 1 || rep.Skipped[0].Fix.Message != "breaker" || rep.Skipped[0].Reason != Invalid {
		t.Errorf("Skipped = %+v, want breaker (Invalid)", rep.Skipped)
	}

	out, rep, err = Loop(files, analyzer(upper, breaker), parseShell, 10)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, out, map[string]string{"a.sh": "echo \"hi\"\necho OK\n"})
	if rep.Passes != 2 || !rep.Converged {
		t.Errorf("Passes = %d, Converged = %v; want 2, true", rep.Passes, rep.Converged)
	}
	if len(rep.Skipped) != 1 {
		t.Fatalf("Skipped = %+v, want breaker", rep.Skipped)
	}
	s := rep.Skipped[0]
	var perr syntax.ParseError
	if s.Fix.Message != "breaker" || s.Reason != Invalid || s.Pass != 2 || !errors.As(s.Err, &perr) {
		t.Errorf("Skipped[0] = %+v, want breaker, Invalid, pass 2, a syntax.ParseError", s)
	}
}

func TestLoopRefusesInvalidMultiFileFix(t *testing.T) {
	files := filesOf("a.sh", "echo \"$A\"\n", "b.env", "A=1\n")
	bad := rule{"bad", []change{{"b.env", `A=1`, `A=2`}, {"a.sh", `"\$A"`, `"$$A`}}}
	out, rep, err := Loop(files, analyzer(bad), parseShell, 10)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, out, nil) // b.env's part is not written either
	if len(rep.Skipped) != 1 || rep.Skipped[0].Reason != Invalid || len(rep.Applied) != 0 {
		t.Errorf("report %+v, want bad skipped as Invalid, nothing applied", rep)
	}
}

func TestLoopFileInvalidBefore(t *testing.T) {
	files := filesOf("a.sh", "echo \"unterminated\n")
	printf := rule{"printf", []change{{"a.sh", `^echo`, `printf`}}}
	closeQuote := rule{"close quote", []change{{"a.sh", `unterminated`, `terminated"`}}}

	out, rep, err := Loop(files, analyzer(printf), parseShell, 10)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, out, nil)
	if len(rep.Skipped) != 1 || rep.Skipped[0].Reason != Invalid || !strings.Contains(rep.Skipped[0].Err.Error(), "before") {
		t.Errorf("Skipped = %+v, want printf refused because the file was invalid before", rep.Skipped)
	}

	// A fix that makes the file valid is applied.
	out, _, err = Loop(files, analyzer(printf, closeQuote), parseShell, 10)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, out, map[string]string{"a.sh": "printf \"terminated\"\n"})
}

func TestLoopBadFixes(t *testing.T) {
	files := filesOf("a.sh", "abc\n", "b.env", "\ufeffX=1\n")
	good := Fix{Message: "good", Edits: map[string][]Edit{"a.sh": {{0, 1, "A"}}}}
	unknown := Fix{Message: "unknown", Edits: map[string][]Edit{"a.sh": {{1, 2, "B"}}, "nope.sh": {{0, 0, "x"}}}}
	outOfRange := Fix{Message: "out of range", Edits: map[string][]Edit{"a.sh": {{2, 9, ""}}}}
	bomEdit := Fix{Message: "bom", Edits: map[string][]Edit{"b.env": {{0, 0, "# x\n"}}}}
	self := Fix{Message: "self", Edits: map[string][]Edit{"a.sh": {{1, 3, "x"}, {2, 4, "y"}}}}
	noop := Fix{Message: "noop", Edits: map[string][]Edit{"a.sh": {{3, 4, "\n"}}, "b.env": {}}}
	empty := Fix{Message: "empty"}
	out, rep, err := Loop(files, static(good, unknown, outOfRange, bomEdit, self, noop, empty), nil, 10)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, out, map[string]string{"a.sh": "Abc\n"})
	if !rep.Converged || rep.Passes != 2 {
		t.Errorf("Converged = %v, Passes = %d; want true, 2", rep.Converged, rep.Passes)
	}
	want := []struct {
		msg    string
		reason Reason
		err    error
	}{
		{"unknown", BadEdit, ErrBadEdit},
		{"out of range", BadEdit, ErrBadEdit},
		{"bom", BadEdit, ErrBadEdit},
		{"self", SelfOverlap, ErrOverlap},
	}
	if len(rep.Skipped) != len(want) {
		t.Fatalf("Skipped = %+v, want %d fixes", rep.Skipped, len(want))
	}
	for i, w := range want {
		s := rep.Skipped[i]
		if s.Fix.Message != w.msg || s.Reason != w.reason || !errors.Is(s.Err, w.err) || s.Index != i+1 {
			t.Errorf("Skipped[%d] = %+v, want %s, %v, %v, index %d", i, s, w.msg, w.reason, w.err, i+1)
		}
	}
}

func TestLoopOscillationStopsAtPassLimit(t *testing.T) {
	files := filesOf("a.sh", "a\n")
	out, rep, err := Loop(files, analyzer(
		rule{"a to b", []change{{"a.sh", `a`, `b`}}},
		rule{"b to a", []change{{"a.sh", `b`, `a`}}},
	), parseShell, 5)
	if err != nil {
		t.Fatal(err)
	}
	if rep.Passes != 5 || rep.Converged {
		t.Errorf("Passes = %d, Converged = %v; want 5, false", rep.Passes, rep.Converged)
	}
	checkFiles(t, out, map[string]string{"a.sh": "b\n"}) // odd number of passes
	if rep.Applied["a.sh"] != 5 {
		t.Errorf("Applied = %v, want a.sh: 5", rep.Applied)
	}
}

func TestLoopNetNoChangeConverges(t *testing.T) {
	files := filesOf("a.sh", "xa\n")
	out, rep, err := Loop(files, static(
		Fix{Message: "insert x", Edits: map[string][]Edit{"a.sh": {{0, 0, "x"}}}},
		Fix{Message: "delete x", Edits: map[string][]Edit{"a.sh": {{0, 1, ""}}}},
	), nil, 10)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, out, nil)
	if rep.Passes != 1 || !rep.Converged || len(rep.Applied) != 0 {
		t.Errorf("report %+v, want one pass, converged, nothing applied", rep)
	}
}

func TestLoopCRLFAndBOM(t *testing.T) {
	files := filesOf("a.sh", "\ufeffecho a\r\necho b\r\n")
	out, _, err := Loop(files, analyzer(
		rule{"split", []change{{"a.sh", "echo a\r\necho b", "echo a\necho a2\r\necho b"}}},
	), parseShell, 10)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, out, map[string]string{"a.sh": "\ufeffecho a\r\necho a2\r\necho b\r\n"})
}

func TestLoopErrors(t *testing.T) {
	files := filesOf("a.sh", "a\n")
	if _, _, err := Loop(files, static(), nil, 0); err == nil {
		t.Error("Loop with maxPasses 0 succeeded")
	}
	boom := errors.New("boom")
	calls := 0
	out, rep, err := Loop(files, func(m map[string][]byte) ([]Fix, error) {
		calls++
		if calls == 2 {
			return nil, boom
		}
		return []Fix{{Message: "a", Edits: map[string][]Edit{"a.sh": {{0, 0, "#"}}}}}, nil
	}, nil, 10)
	if !errors.Is(err, boom) || out != nil || rep.Passes != 2 {
		t.Errorf("Loop = %q, %+v, %v; want nil, pass 2, boom", out, rep, err)
	}
	// No files: one pass, nothing to do.
	out, rep, err = Loop(nil, static(), nil, 3)
	if err != nil || len(out) != 0 || !rep.Converged {
		t.Errorf("Loop(nil) = %q, %+v, %v", out, rep, err)
	}
}

// TestLoopValidateNotDeterministic checks that Loop terminates when
// validate fails on combined results but not on single fixes.
func TestLoopValidateNotDeterministic(t *testing.T) {
	files := filesOf("a.sh", "a b\n")
	calls := 0
	validate := func(path string, b []byte) error {
		calls++
		if calls == 1 {
			return errors.New("flaky")
		}
		return nil
	}
	out, rep, err := Loop(files, static(
		Fix{Message: "1", Edits: map[string][]Edit{"a.sh": {{0, 1, "A"}}}},
		Fix{Message: "2", Edits: map[string][]Edit{"a.sh": {{2, 3, "B"}}}},
	), validate, 10)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, out, nil)
	if len(rep.Skipped) != 2 || rep.Skipped[0].Reason != Invalid {
		t.Errorf("Skipped = %+v, want both fixes refused", rep.Skipped)
	}
}

// TestLoopJointlyInvalid checks that when fixes are valid one by one but
// not together, the first ones are kept and the one that breaks the file
// is refused.
func TestLoopJointlyInvalid(t *testing.T) {
	src := "if a; then\n  b\n  c\nfi\n"
	files := filesOf("a.sh", src)
	dropB := Fix{Message: "drop b", Edits: map[string][]Edit{"a.sh": {{11, 15, ""}}}}
	dropC := Fix{Message: "drop c", Edits: map[string][]Edit{"a.sh": {{15, 19, ""}}}}
	for _, f := range []Fix{dropB, dropC} {
		b, _, _, err := Apply([]byte(src), [][]Edit{f.Edits["a.sh"]})
		if err != nil || parseShell("a.sh", b) != nil {
			t.Fatalf("%s alone: %q, %v: want valid", f.Message, b, err)
		}
	}
	both, _, _, err := Apply([]byte(src), [][]Edit{dropB.Edits["a.sh"], dropC.Edits["a.sh"]})
	if err != nil || parseShell("a.sh", both) == nil {
		t.Fatalf("both: %q, %v: want invalid", both, err)
	}

	out, rep, err := Loop(files, func(m map[string][]byte) ([]Fix, error) {
		if string(m["a.sh"]) == src {
			return []Fix{dropB, dropC}, nil
		}
		return nil, nil
	}, parseShell, 10)
	if err != nil {
		t.Fatal(err)
	}
	checkFiles(t, out, map[string]string{"a.sh": "if a; then\n  c\nfi\n"})
	if rep.Applied["a.sh"] != 1 {
		t.Errorf("Applied = %v, want a.sh: 1", rep.Applied)
	}
}
