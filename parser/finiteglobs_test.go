package parser

import (
	"slices"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

func TestFinitePattern(t *testing.T) {
	for _, tc := range []struct {
		src   string
		words []string // nil: not a finite pattern
	}{
		{"[Ss]erve", []string{"Serve", "serve"}},
		{"@(serve|prod)", []string{"serve", "prod"}},
		{"@([Bb]ench|perf)", []string{"Bench", "bench", "perf"}},
		{"serve", nil},                // no glob: a plain word, named elsewhere
		{"serve*", nil},               // infinite
		{"[a-z]erve", nil},            // a range: not a short list
		{"[!s]erve", nil},             // negated
		{"?(serve|prod)", nil},        // matches the empty word too
		{"+(serve)", nil},             // infinite
		{"@(serve|pr*)", nil},         // an alternative with a star
		{`"[Ss]"erve`, nil},           // quoted: no bracket
		{"[Ss][Ee][Rr][Vv][Ee]", nil}, // 32 spellings: past the bound
	} {
		f, err := syntax.NewParser(syntax.Variant(syntax.LangBash)).Parse(strings.NewReader("case x in "+tc.src+") ;; esac\n"), "")
		if err != nil {
			t.Fatalf("%s: %v", tc.src, err)
		}
		w := f.Stmts[0].Cmd.(*syntax.CaseClause).Items[0].Patterns[0]
		pat, words, ok := finitePattern(w)
		if ok != (tc.words != nil) || !slices.Equal(words, tc.words) {
			t.Errorf("finitePattern(%s) = %q, %v; want %q", tc.src, words, ok, tc.words)
		}
		if ok {
			for _, v := range words {
				if !globMatches(pat, v) {
					t.Errorf("globMatches(%q, %q) = false", pat, v)
				}
			}
		}
	}
}

func TestFiniteModeWords(t *testing.T) {
	none := func(string) bool { return false }
	if got := finiteModeWords([]string{"Serve", "serve"}, none); !slices.Equal(got, []string{"serve"}) {
		t.Errorf("[Ss]erve names %q, want serve", got)
	}
	if got := finiteModeWords([]string{"serve", "prod"}, none); !slices.Equal(got, []string{"serve", "prod"}) {
		t.Errorf("@(serve|prod) names %q", got)
	}
	taken := func(w string) bool { return w == "serve" }
	if got := finiteModeWords([]string{"Serve", "serve", "dev"}, taken); !slices.Equal(got, []string{"Serve", "dev"}) {
		t.Errorf("with serve taken: %q, want Serve dev", got)
	}
}

func TestLastArgParam(t *testing.T) {
	for src, want := range map[string]bool{
		`${!#}`: true, `"${!#}"`: true, `${@: -1}`: true, `"${@: -1}"`: true, `${*: -1}`: true,
		`$1`: false, `${@: -2}`: false, `${@: -1:1}`: false, `${!x}`: false, `${#}`: false, `${!#:-serve}`: false, `$#`: false,
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader("m="+src+"\n"), "")
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		w := f.Stmts[0].Cmd.(*syntax.CallExpr).Assigns[0].Value
		if got := lastArgParam(w); got != want {
			t.Errorf("lastArgParam(%s) = %v, want %v", src, got, want)
		}
	}
}
