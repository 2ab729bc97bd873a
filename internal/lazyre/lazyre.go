// Package lazyre holds regular expressions compiled on their first use,
// not when the program starts.
//
// A package-level regexp.MustCompile runs in package init, in every
// process, whether or not the run asks the pattern anything: the rules'
// prose and name patterns took 0.96 ms of init (GODEBUG=inittrace=1), and
// the ledger's 0.69 ms more in a lint that reads no ledger, out of a
// 5 ms lint of one repository.
package lazyre

import (
	"regexp"
	"sync"
)

// RE is a regular expression compiled on first use.
type RE struct{ get func() *regexp.Regexp }

var (
	mu  sync.Mutex
	all []RE
)

// New returns expr compiled on first use; like regexp.MustCompile it
// panics when expr is not valid (a test compiles All of them).
func New(expr string) RE {
	r := RE{sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(expr) })}
	mu.Lock()
	all = append(all, r)
	mu.Unlock()
	return r
}

// All returns every pattern New made, for the tests that compile them.
func All() []RE {
	mu.Lock()
	defer mu.Unlock()
	return append([]RE(nil), all...)
}

// Regexp compiles the pattern, once, and returns it.
func (r RE) Regexp() *regexp.Regexp { return r.get() }

// MatchString is regexp.Regexp's.
func (r RE) MatchString(s string) bool { return r.get().MatchString(s) }

// FindStringIndex is regexp.Regexp's.
func (r RE) FindStringIndex(s string) []int { return r.get().FindStringIndex(s) }

// FindAllStringIndex is regexp.Regexp's.
func (r RE) FindAllStringIndex(s string, n int) [][]int { return r.get().FindAllStringIndex(s, n) }

// FindStringSubmatch is regexp.Regexp's.
func (r RE) FindStringSubmatch(s string) []string { return r.get().FindStringSubmatch(s) }

// ReplaceAllString is regexp.Regexp's.
func (r RE) ReplaceAllString(src, repl string) string { return r.get().ReplaceAllString(src, repl) }
