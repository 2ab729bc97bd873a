package rules

import (
	"regexp"
	"sync"
)

// lazyRE is a regular expression compiled on its first use, not when the
// program starts. The rules' prose and name patterns took 0.96 ms of
// package init (GODEBUG=inittrace=1), a fifth of a lint of one repo, and
// most of them are only asked once a comment makes a claim or a script
// names a tap.
type lazyRE struct{ get func() *regexp.Regexp }

// lazy returns expr compiled on first use; like regexp.MustCompile it
// panics when expr is not valid (TestLazyPatternsCompile compiles them all).
func lazy(expr string) lazyRE {
	l := lazyRE{sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })}
	lazies = append(lazies, l)
	return l
}

// lazies are all the lazy patterns, for the test that compiles them.
var lazies []lazyRE

// MatchString is regexp.Regexp's.
func (l lazyRE) MatchString(s string) bool { return l.get().MatchString(s) }

// FindStringIndex is regexp.Regexp's.
func (l lazyRE) FindStringIndex(s string) []int { return l.get().FindStringIndex(s) }

// FindAllStringIndex is regexp.Regexp's.
func (l lazyRE) FindAllStringIndex(s string, n int) [][]int { return l.get().FindAllStringIndex(s, n) }

// ReplaceAllString is regexp.Regexp's.
func (l lazyRE) ReplaceAllString(src, repl string) string { return l.get().ReplaceAllString(src, repl) }
