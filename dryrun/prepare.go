package dryrun

import (
	"sync"

	"mvdan.cc/sh/v3/syntax"
)

// prepared is what Eval learns from a script's syntax tree that does not
// depend on the mode, computed once per tree instead of once per mode
// (pprof of a 2,000-line script: three whole-tree walks per mode were half
// of the dry-run tier).
type prepared struct {
	funcs []string
	// risky is false when the tree holds nothing findForbidden looks for,
	// so the per-mode walk of the reachable code can be skipped.
	risky bool
}

// prepCache maps a *syntax.File to its *prepared. It is cleared when it
// grows past prepCacheMax, so a long-running editor session does not keep
// old trees alive.
var (
	prepMu    sync.Mutex
	prepCache = map[*syntax.File]*prepared{}
)

const prepCacheMax = 256

func prepare(f *syntax.File) *prepared {
	prepMu.Lock()
	p := prepCache[f]
	prepMu.Unlock()
	if p != nil {
		return p
	}
	p = &prepared{}
	hdocs := map[*syntax.Word]bool{}
	syntax.Walk(f, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.FuncDecl:
			if x.Name != nil {
				p.funcs = append(p.funcs, x.Name.Value)
			}
		case *syntax.ProcSubst:
			p.risky = true
		case *syntax.UnaryTest:
			if x.Op == syntax.TsUsrOwn || x.Op == syntax.TsGrpOwn {
				p.risky = true
			}
		case *syntax.Redirect:
			if x.Hdoc != nil {
				hdocs[x.Hdoc] = true
			}
		case *syntax.Word:
			if !hdocs[x] && tildeUser(x) {
				p.risky = true
			}
		}
		return true
	})
	prepMu.Lock()
	if len(prepCache) >= prepCacheMax {
		prepCache = map[*syntax.File]*prepared{}
	}
	prepCache[f] = p
	prepMu.Unlock()
	return p
}
