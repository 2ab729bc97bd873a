package rules

import (
	"sync"
	"sync/atomic"
)

// namePred remembers a predicate's answer for each string it is asked
// about (at most maxMemo of them, so that a long-lived language server
// does not grow without bound). The window trace asks the same few names
// and paths, through regexps, for every command and word it meets.
type namePred struct {
	f func(string) bool
	m sync.Map
	n atomic.Int64
}

const maxMemo = 1 << 14

func newNamePred(f func(string) bool) *namePred { return &namePred{f: f} }

func (p *namePred) is(s string) bool {
	if v, ok := p.m.Load(s); ok {
		return v.(bool)
	}
	v := p.f(s)
	if p.n.Add(1) <= maxMemo {
		p.m.Store(s, v)
	}
	return v
}
