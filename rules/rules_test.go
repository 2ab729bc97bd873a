package rules

import (
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
)

// TestValidate: every rule is a well-formed analyzer (analysis.Validate:
// names, docs, acyclic Requires, result types), with a Doc whose first line
// says what it finds and whose body says why.
func TestValidate(t *testing.T) {
	if err := analysis.Validate(All); err != nil {
		t.Fatal(err)
	}
	seen := map[string]bool{}
	for _, a := range All {
		if seen[a.Name] {
			t.Errorf("rule %s listed twice", a.Name)
		}
		seen[a.Name] = true
		first, rest, ok := strings.Cut(a.Doc, "\n\n")
		if !ok || strings.TrimSpace(first) == "" || strings.Contains(first, "\n") || len(strings.TrimSpace(rest)) < 80 {
			t.Errorf("%s: Doc must be a one-line summary, a blank line, then why (the law or the readers' disagreement):\n%s", a.Name, a.Doc)
		}
		if ByName(a.Name) != a {
			t.Errorf("ByName(%q) does not find it", a.Name)
		}
	}
}
