package parser

import (
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	"mvdan.cc/sh/v3/pattern"
)

// A glob tested against the mode names a mode, evaluated with a word it
// matches that no earlier branch takes; a glob every word or every option
// matches, or one whose literal text is no word, names none.
func TestGlobModes(t *testing.T) {
	const launch = "\nvllm serve /m --max-num-seqs \"$seqs\"\n"
	for _, tc := range []struct {
		name, src, want string
	}{
		{"if", "m=${1:-serve}\nif [[ $m == serve* ]]; then :; elif [[ $m == bench* ]]; then seqs=16; fi", "serve serve*|bench bench*"},
		{"case", "case ${1:-serve} in serve*) ;; bench*) seqs=16 ;; esac", "serve serve*|bench bench*"},
		{"case-inner", "case $1 in *bench*) seqs=16 ;; esac", "bench *bench*"},
		{"not-modes", "case $1 in *) seqs=1 ;; esac\ncase $1 in -*) seqs=2 ;; esac\ncase $1 in --*) seqs=3 ;; esac\ncase $1 in *.yaml) seqs=4 ;; esac\ncase $1 in ?) seqs=5 ;; esac", ""},
		{"quoted", "case $1 in \"bench*\") seqs=16 ;; esac", ""},
		{"classic-test", "if [ \"$1\" = bench* ]; then seqs=16; fi", ""},
		{"case-first-wins", "case $1 in serve*) ;; serve-fast*) seqs=4 ;; serve-x) seqs=5 ;; bench) seqs=6 ;; esac", "serve serve*|bench"},
		{"case-longer-first", "case $1 in serve-fast*) seqs=4 ;; serve*) ;; esac", "serve-fast serve-fast*|serve serve*"},
		{"if-first-wins", "if [[ $1 == serve* ]]; then :; elif [[ $1 == serve-fast* ]]; then seqs=4; elif [[ $1 == serve ]]; then seqs=5; elif [[ $1 == bench* ]]; then seqs=6; fi", "serve serve*|bench bench*"},
		{"literal-first", "case $1 in serve) ;; serve*) seqs=4 ;; bench) seqs=6 ;; esac", "serve|serve-x serve*|bench"},
		{"literal-first-alone", "case $1 in serve) ;; serve*) seqs=4 ;; esac", "serve|serve-x serve*"},
		{"literal-first-if", "if [[ $1 == serve ]]; then :; elif [[ $1 == serve* ]]; then seqs=4; fi", "serve|serve-x serve*"},
		{"or-not", "[[ ${1:-serve} != bench* ]] || seqs=16", "serve|bench bench*"},
		{"or-not-negated", "! [[ ${1:-serve} == bench* ]] || seqs=16", "serve|bench bench*"},
		{"or-not-classic", "[ \"${1:-serve}\" != bench* ] || seqs=16", ""},
		{"guard", "m=${1:-serve}\n[[ $m != serve && $m != bench* ]] && exit 2\nvllm serve /m\n[[ $m == bench-long ]] && seqs=4", "serve|bench bench*|bench-long"},
		{"no-free-word", "case $1 in serve) ;; bench) seqs=6 ;; *bench) seqs=4 ;; serve-x) ;; serve*) seqs=5 ;; esac", "serve|bench|serve-x"},
	} {
		s := ParseScript("s.sh", []byte("#!/bin/bash\nseqs=8\n"+tc.src+launch))
		s.Analyze(RoleMatcher{})
		var got []string
		for _, m := range s.Modes {
			got = append(got, strings.TrimSpace(m.Name+" "+m.Pattern))
		}
		if g := strings.Join(got, "|"); g != tc.want {
			t.Errorf("%s: modes %q, want %q", tc.name, g, tc.want)
		}
	}
}

// The direct match of a pattern of * and ? agrees with the regexp
// mvdan.cc/sh/v3/pattern makes of it.
func TestWildcardMatchAsRegexp(t *testing.T) {
	pats := []string{"*", "?", "bench*", "*bench*", "serve-?", "s*e*", "*-fast", "a*b*c", "??*", "**", "kl*ref", "é?", "*?"}
	words := []string{"", "b", "bench", "bench-long", "xbenchx", "serve-1", "serve-12", "sxe", "serve", "a-fast", "abc", "aXbYc", "acb", "kl-ref", "klref", "éa", "ée"}
	for _, p := range pats {
		expr, err := pattern.Regexp(p, pattern.EntireString)
		if err != nil {
			t.Fatal(err)
		}
		rx := regexp.MustCompile(expr)
		for _, w := range words {
			if got, want := globMatches(p, w), rx.MatchString(w); got != want {
				t.Errorf("globMatches(%q, %q) = %v, want %v", p, w, got, want)
			}
		}
	}
}

// An if chain of many glob tests is read in time linear in its clauses:
// each clause's tests were gathered again for every later clause, and each
// glob compiled to a regexp per question (1,200 elifs took 11 s).
func TestGlobChainScales(t *testing.T) {
	var b strings.Builder
	b.WriteString("#!/bin/bash\nseqs=8\nm=${1:-serve}\nif [[ $m == serve ]]; then :\n")
	for i := range 2000 {
		fmt.Fprintf(&b, "elif [[ $m == m%d-* ]]; then seqs=%d\n", i, i)
	}
	b.WriteString("fi\nvllm serve /m --max-num-seqs \"$seqs\"\n")
	start := time.Now()
	s := ParseScript("s.sh", []byte(b.String()))
	s.Analyze(RoleMatcher{})
	if d := time.Since(start); d > 3*raceFactor*time.Second {
		t.Errorf("2,000 glob elifs took %v", d)
	}
	if len(s.Modes) != 2001 {
		t.Errorf("%d modes, want 2001", len(s.Modes))
	}
}

// A case of many arms, each glob after a literal it takes (m1) ;; m1*)), is
// read in time near linear in its arms: each glob looks for a free word
// among the arms before once or twice, no more.
func TestGlobCaseScales(t *testing.T) {
	var b strings.Builder
	b.WriteString("#!/bin/bash\nseqs=8\ncase ${1:-serve} in serve) ;;\n")
	for i := range 1000 {
		fmt.Fprintf(&b, "m%da) ;; m%da*) seqs=%d ;;\n", i, i, i)
	}
	b.WriteString("esac\nvllm serve /m --max-num-seqs \"$seqs\"\n")
	start := time.Now()
	s := ParseScript("s.sh", []byte(b.String()))
	s.Analyze(RoleMatcher{})
	if d := time.Since(start); d > 3*raceFactor*time.Second {
		t.Errorf("a case of 2,000 arms took %v", d)
	}
	// serve, each m<i>a (empty, taking the shared path) and m<i>a-x (as m<i>a*).
	if len(s.Modes) != 2001 {
		t.Errorf("%d modes, want 2001", len(s.Modes))
	}
}

// Code a glob's negated test runs ([[ $m != calib* ]] && …) is every mode's
// but those the glob takes: serve's and bench's, not calib-long's, though the
// test names calib.
func TestExceptGlob(t *testing.T) {
	src := "#!/bin/bash\nseqs=8\nm=${1:-serve}\ncase $m in serve) ;; calib-long) seqs=2 ;; bench) seqs=3 ;; esac\n[[ $m != calib* ]] && seqs=5\nvllm serve /m --max-num-seqs \"$seqs\"\n"
	s := ParseScript("s.sh", []byte(src))
	s.Analyze(RoleMatcher{})
	var got []string
	for _, m := range s.ModesAt(strings.Index(src, "seqs=5")) {
		got = append(got, m.Name)
	}
	if g := strings.Join(got, "|"); g != "serve|bench" {
		t.Errorf("seqs=5 is the code of %q, want serve|bench", g)
	}
}

// globMatches with brackets agrees with bash's [[ WORD == PAT ]] (the
// results below are bash 5's): negation with ! and ^, POSIX classes, a ]
// first in the set, escapes, a [ that opens no set. Asked twice, so the
// cached pattern answers as the first compilation did.
func TestGlobMatchesBrackets(t *testing.T) {
	cases := []struct {
		pat, word string
		want      bool
	}{
		{"[!x]*", "xa", false},
		{"[!x]*", "ya", true},
		{"[^x]*", "ya", true},
		{"[^x]*", "xa", false},
		{"[[:digit:]]*", "7b", true},
		{"[[:digit:]]*", "b7", false},
		{"bench[0-9]", "bench7", true},
		{"bench[0-9]", "bench77", false},
		{"[a-c]x", "bx", true},
		{"[a-c]x", "dx", false},
		{"[]]x", "]x", true},
		{"[!]]x", "]x", false},
		{"[!]]x", "ax", true},
		{"kl[_-]*", "kl-a", true},
		{"kl[_-]*", "kl_a", true},
		{"kl[_-]*", "kla", false},
		{"\\*x", "*x", true},
		{"\\*x", "ax", false},
		{"[[:alpha:]][[:alnum:]]", "a1", true},
		{"[[:alpha:]][[:alnum:]]", "1a", false},
		{"[[:upper:]]*", "Serve", true},
		{"[[:upper:]]*", "serve", false},
		{"[*]", "*", true},
		{"[*]", "a", false},
		{"[?]x", "?x", true},
		{"[?]x", "ax", false},
		{"a[", "a[", true},
		{"[a", "[a", true},
		{"[[:space:]]", "x", false},
		{"[.]x", ".x", true},
		{"[.]x", "ax", false},
		{"[\\]]x", "]x", true},
		{"[a-]x", "-x", true},
		{"[!a-c]", "d", true},
		{"[!a-c]", "b", false},
	}
	for range 2 {
		for _, c := range cases {
			if got := globMatches(c.pat, c.word); got != c.want {
				t.Errorf("globMatches(%q, %q) = %v, want %v (bash)", c.pat, c.word, got, c.want)
			}
		}
	}
}

// A bracket pattern is compiled once, not per word it is asked of (a
// regexp's compilation allocates dozens of times; a cached lookup none).
func TestGlobMatchesCompilesOnce(t *testing.T) {
	globMatches("bench[0-9]*", "bench1")
	if n := testing.AllocsPerRun(100, func() { globMatches("bench[0-9]*", "bench12") }); n > 2 {
		t.Errorf("globMatches allocates %v times per call of a pattern met before", n)
	}
}
