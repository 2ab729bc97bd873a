package parser

import (
	"slices"
	"testing"
)

// TestRegexWords: an anchored expression whose language is a few words is
// read as those words; anything else as none.
func TestRegexWords(t *testing.T) {
	for _, tc := range []struct {
		re   string
		want []string
	}{
		{`^serve$`, []string{"serve"}},
		{`^(kl|kl-ref|eval)$`, []string{"kl", "kl-ref", "eval"}},
		{`^kl(-ref)?$`, []string{"kl", "kl-ref"}},
		{`^(kl|eval)(-ref)?$`, []string{"kl", "kl-ref", "eval", "eval-ref"}},
		{`^(serve|bench)$`, []string{"serve", "bench"}},
		{`^(a|(b|c)d)e?$`, []string{"a", "ae", "bd", "bde", "cd", "cde"}},
		{`^(kl|kl)$`, []string{"kl"}},
		{`^kl`, nil},
		{`kl$`, nil},
		{`^kl[0-9]$`, nil},
		{`^(kl)+$`, nil},
		{`^kl*$`, nil},
		{`^k.l$`, nil},
		{`^kl\$`, nil},
		{`^(kl$`, nil},
		{`^kl)$`, nil},
		{`^(kl)?$`, nil},                     // "" is no mode
		{`^(-x|y)$`, nil},                    // -x is an option, no mode
		{`^(a|b)(c|d)(e|f)(g|h)(i|j)$`, nil}, // 32 words: too many
		{`^$`, nil},
	} {
		if got := regexWords(tc.re); !slices.Equal(got, tc.want) {
			t.Errorf("regexWords(%q) = %q, want %q", tc.re, got, tc.want)
		}
	}
}
