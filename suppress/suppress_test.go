package suppress

import (
	"strings"
	"testing"

	"github.com/servelint/servelint/parser"
)

var known = map[string]bool{"privateshape": true, "argvdrift": true, "freethroughput": true, "envowner": true, "envdialect": true, "syntax": true, Rule: true}

func script(src string) *parser.Script {
	s := parser.ParseScript("s.sh", []byte(src))
	s.Analyze(parser.RoleMatcher{})
	return s
}

// check is one (line, rule) probe and whether it is silenced.
type check struct {
	line int
	rule string
	want bool
}

func TestScriptScopes(t *testing.T) {
	tests := []struct {
		name   string
		src    string
		checks []check
		// problems are substrings of the expected problems, in order.
		problems []string
	}{
		{
			name: "end of line",
			src:  "#!/bin/bash\nfoo --a 1 # servelint:ignore privateshape -- why\nbar\n",
			checks: []check{
				{2, "privateshape", true}, {2, "argvdrift", false}, {3, "privateshape", false}, {1, "privateshape", false},
			},
		},
		{
			name: "own line covers the next command and its continuation lines",
			src:  "#!/bin/bash\n# servelint:ignore privateshape,argvdrift -- why\n# another comment\nfoo \\\n  --a 1 \\\n  --b 2\nbar --c 3\n",
			checks: []check{
				{2, "privateshape", true}, {3, "privateshape", true}, {4, "privateshape", true}, {6, "argvdrift", true},
				{7, "privateshape", false}, {5, "freethroughput", false},
			},
		},
		{
			name:   "own line before an if covers its head only",
			src:    "#!/bin/bash\n# servelint:ignore privateshape -- why\nif [[ -n $x ]] &&\n   true; then\n  foo --a 1\nfi\n",
			checks: []check{{3, "privateshape", true}, {4, "privateshape", true}, {5, "privateshape", false}},
		},
		{
			name:   "own line before a case covers the case word only",
			src:    "#!/bin/bash\n# servelint:ignore privateshape -- why\ncase $1 in\n  a) foo ;;\nesac\n",
			checks: []check{{3, "privateshape", true}, {4, "privateshape", false}},
		},
		{
			name:   "inside a multi-line array: the next line",
			src:    "#!/bin/bash\nargs=(\n  # servelint:ignore privateshape -- why\n  --a 1\n  --b 2\n)\n",
			checks: []check{{4, "privateshape", true}, {5, "privateshape", false}},
		},
		{
			name:   "ignore-file before the first command",
			src:    "#!/bin/bash\n# header\n# servelint:ignore-file freethroughput -- quoted runbook\nset -e\n# free throughput\nfoo\n",
			checks: []check{{5, "freethroughput", true}, {100, "freethroughput", true}, {5, "privateshape", false}},
		},
		{
			name:     "ignore-file after the first command",
			src:      "#!/bin/bash\nset -e\n# servelint:ignore-file freethroughput -- late\n# free\n",
			checks:   []check{{4, "freethroughput", false}},
			problems: []string{"must come before the first command"},
		},
		{
			name:     "ignore-file at the end of a line",
			src:      "#!/bin/bash\nfoo # servelint:ignore-file freethroughput -- x\n",
			checks:   []check{{2, "freethroughput", false}},
			problems: []string{"must stand on its own line"},
		},
		{
			name:     "no reason still silences",
			src:      "#!/bin/bash\nfoo # servelint:ignore privateshape\n",
			checks:   []check{{2, "privateshape", true}},
			problems: []string{"has no reason"},
		},
		{
			name:     "empty reason",
			src:      "#!/bin/bash\nfoo # servelint:ignore privateshape --   \n",
			checks:   []check{{2, "privateshape", true}},
			problems: []string{"has no reason"},
		},
		{
			name:     "reason without --",
			src:      "#!/bin/bash\nfoo # servelint:ignore privateshape because reasons\n",
			checks:   []check{{2, "privateshape", false}},
			problems: []string{`write the reason after "--"`},
		},
		{
			name:     "rules without commas",
			src:      "#!/bin/bash\nfoo # servelint:ignore privateshape argvdrift -- x\n",
			checks:   []check{{2, "privateshape", false}},
			problems: []string{"separate rule names with commas"},
		},
		{
			name:   "blanks around commas",
			src:    "#!/bin/bash\nfoo # servelint:ignore privateshape , argvdrift -- x\n",
			checks: []check{{2, "privateshape", true}, {2, "argvdrift", true}},
		},
		{
			name:     "unknown rule",
			src:      "#!/bin/bash\nfoo # servelint:ignore privatshape,argvdrift -- x\n",
			checks:   []check{{2, "argvdrift", true}},
			problems: []string{`unknown rule "privatshape"`},
		},
		{
			name:     "unknown directive",
			src:      "#!/bin/bash\nfoo # servelint:disable privateshape -- x\n",
			checks:   []check{{2, "privateshape", false}},
			problems: []string{"unknown directive servelint:disable"},
		},
		{
			name:     "no rule",
			src:      "#!/bin/bash\nfoo # servelint:ignore -- x\n",
			problems: []string{"names no rule"},
		},
		{
			name:   "directive after text in the same comment",
			src:    "#!/bin/bash\n# wide step is free throughput # servelint:ignore freethroughput -- quoted\nfoo\n",
			checks: []check{{2, "freethroughput", true}, {3, "freethroughput", false}},
		},
		{
			name: "not a directive",
			src:  "#!/bin/bash\n# see servelint:ignore in the README\nfoo # x#servelint:ignore privateshape\n",
			checks: []check{
				{2, "privateshape", false}, {3, "privateshape", false},
			},
		},
		{
			name:   "CRLF",
			src:    "#!/bin/bash\r\nfoo # servelint:ignore privateshape -- why\r\nbar\r\n",
			checks: []check{{2, "privateshape", true}, {3, "privateshape", false}},
		},
		{
			name:   "a script that does not parse: own-line directives",
			src:    "#!/bin/bash\n# servelint:ignore-file syntax -- vendored zsh\ncase x in\n",
			checks: []check{{3, "syntax", true}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := New(func(n string) bool { return known[n] })
			set.AddScript(script(tt.src))
			for _, c := range tt.checks {
				if got := set.Silences("s.sh", c.line, c.rule); got != c.want {
					t.Errorf("Silences(line %d, %s) = %v, want %v", c.line, c.rule, got, c.want)
				}
			}
			ps := set.Problems(nil)
			var msgs []string
			for _, p := range ps {
				msgs = append(msgs, p.Message)
			}
			if len(ps) != len(tt.problems) {
				t.Fatalf("problems:\n  %s\nwant %d matching %q", strings.Join(msgs, "\n  "), len(tt.problems), tt.problems)
			}
			for i, want := range tt.problems {
				if !strings.Contains(ps[i].Message, want) {
					t.Errorf("problem %d = %q, want it to contain %q", i, ps[i].Message, want)
				}
			}
		})
	}
}

func TestEnvScopes(t *testing.T) {
	src := "# servelint:ignore-file envdialect -- read by bash and docker on purpose\n" +
		"A=1\n" +
		"# servelint:ignore envowner -- kept for the old runner\n" +
		"\n" +
		"B=\"multi\n" +
		"line\"\n" +
		"C=3 # servelint:ignore envowner -- inline\n" +
		"D=4\n"
	e := parser.ParseEnv("e.env", []byte(src))
	set := New(func(n string) bool { return known[n] })
	set.AddEnv(e)
	for _, c := range []check{
		{2, "envdialect", true}, {8, "envdialect", true},
		{5, "envowner", true}, {6, "envowner", true}, {7, "envowner", true},
		{8, "envowner", false}, {2, "envowner", false},
	} {
		if got := set.Silences("e.env", c.line, c.rule); got != c.want {
			t.Errorf("Silences(line %d, %s) = %v, want %v", c.line, c.rule, got, c.want)
		}
	}
	if ps := set.Problems(nil); len(ps) != 0 {
		t.Errorf("unexpected problems: %+v", ps)
	}
}

func TestUnusedFixes(t *testing.T) {
	tests := []struct {
		name, src, want string
	}{
		{"own line: the whole line", "#!/bin/bash\n# servelint:ignore argvdrift -- x\nfoo\n", "#!/bin/bash\nfoo\n"},
		{"end of line: the comment and the blanks before it", "#!/bin/bash\nfoo   # servelint:ignore argvdrift -- x\nbar\n", "#!/bin/bash\nfoo\nbar\n"},
		{"after text in a comment: the directive only", "#!/bin/bash\n# note # servelint:ignore argvdrift -- x\nfoo\n", "#!/bin/bash\n# note\nfoo\n"},
		{"some names unused: the list", "#!/bin/bash\nfoo # servelint:ignore privateshape, argvdrift -- x\n", "#!/bin/bash\nfoo # servelint:ignore privateshape -- x\n"},
		{"CRLF kept", "#!/bin/bash\r\nfoo # servelint:ignore argvdrift -- x\r\nbar\r\n", "#!/bin/bash\r\nfoo\r\nbar\r\n"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			set := New(func(n string) bool { return known[n] })
			set.AddScript(script(tt.src))
			set.Silences("s.sh", 2, "privateshape")
			ps := set.Problems(nil)
			if len(ps) != 1 || len(ps[0].Edits) != 1 {
				t.Fatalf("problems = %+v, want one with one edit", ps)
			}
			e := ps[0].Edits[0]
			got := tt.src[:e.Start] + e.New + tt.src[e.End:]
			if got != tt.want {
				t.Errorf("after the fix:\n%q\nwant\n%q", got, tt.want)
			}
		})
	}
}

func TestRanAndPseudoRule(t *testing.T) {
	src := "#!/bin/bash\n# servelint:ignore-file suppression -- migrating\nfoo # servelint:ignore argvdrift\nbar # servelint:ignore privateshape -- x\n"
	set := New(func(n string) bool { return known[n] })
	set.AddScript(script(src))
	// argvdrift's missing reason and privateshape's unused suppression are
	// silenced by the ignore-file of the pseudo-rule; privateshape did not
	// run, so it is not unused anyway.
	ps := set.Problems(func(r string) bool { return r != "privateshape" })
	if len(ps) != 0 {
		t.Errorf("problems = %+v, want none", ps)
	}
	set2 := New(func(n string) bool { return known[n] })
	set2.AddScript(script("#!/bin/bash\nbar # servelint:ignore privateshape -- x\n"))
	if ps := set2.Problems(func(r string) bool { return r != "privateshape" }); len(ps) != 0 {
		t.Errorf("a suppression of a rule that did not run is reported: %+v", ps)
	}
	if ps := set2.Problems(nil); len(ps) != 1 {
		t.Errorf("a suppression of a rule that ran and silenced nothing is not reported: %+v", ps)
	}
}
