package rules

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"

	"github.com/servelint/servelint/ledger"
	"github.com/servelint/servelint/parser"
)

// StepCost prices each mode's step from boot ledgers.
var StepCost = &analysis.Analyzer{
	Name: "stepcost",
	Doc: `a mode whose step would back less than one full-length session, priced from boot ledgers

Law 1 and law 7: the step's activation arena is charged to the card, and the
boot ledger is the evidence. With ledger: in the config (a path or a glob of
boot ledgers, the proven boot first) or --ledger, each mode's step is priced
from its dry-run argv: arena = a + b × step fitted through the ledgers,
claimable and vram_kv follow, and a mode whose shape would back less than
one full-length session is reported before it is booted. It does nothing
unless a ledger is named; it needs ledgers at two different steps to know the slope.

No fix.`,
	Requires: []*analysis.Analyzer{Model, DryRun},
	Run:      runStepCost,
}

var ledgerCache sync.Map // path → *ledger.Ledger

func loadLedgers(spec string) ([]*ledger.Ledger, error) {
	var paths []string
	for _, part := range strings.Split(spec, ",") {
		part = strings.TrimSpace(part)
		if part == "" {
			continue
		}
		m, err := filepath.Glob(part)
		if err != nil || len(m) == 0 {
			m = []string{part}
		}
		if len(m) > 1 {
			sort.Strings(m)
		}
		paths = append(paths, m...)
	}
	var out []*ledger.Ledger
	for _, p := range paths {
		if l, ok := ledgerCache.Load(p); ok {
			out = append(out, l.(*ledger.Ledger))
			continue
		}
		l, err := ledger.ParseFile(p)
		if err != nil {
			return nil, err
		}
		ledgerCache.Store(p, l)
		out = append(out, l)
	}
	return out, nil
}

func runStepCost(pass *analysis.Pass) (any, error) {
	c := pass.ResultOf[Model].(*Context)
	if c.Config.Ledger == "" {
		return nil, nil
	}
	argvs := pass.ResultOf[DryRun].(*Argvs)
	ledgers, err := loadLedgers(c.Config.Ledger)
	if err != nil {
		return nil, fmt.Errorf("stepcost: %w", err)
	}
	var started []*ledger.Ledger
	for _, l := range ledgers {
		if !l.Refused() {
			started = append(started, l)
		}
	}
	if len(started) == 0 {
		started = ledgers
	}
	scripts := needing(c.Unit.Scripts, func(*parser.Script) bool { return true })
	argvs.Prefetch(scripts)
	for _, s := range scripts {
		for _, m := range s.Modes {
			prof, flags := ParseArgv(argvs.Of(s, m.Name))
			if prof == nil {
				continue
			}
			step, ok := IntFlag(flags, prof.StepFlag)
			if !ok {
				continue
			}
			seats, _ := IntFlag(flags, prof.SeatsFlag) // 0: the first ledger's
			path, st, en, found := c.valueSpan(s, m, prof.StepFlag)
			if !found {
				path, st, en = s.Path, m.Start, m.End
			}
			est, err := ledger.Price(started, step, seats)
			if err != nil {
				c.report(pass, diag{sev: Info, path: path, start: st, end: en,
					msg: fmt.Sprintf("%s's step %d could not be priced from the ledgers: %v", m.Name, step, err)})
				continue
			}
			if est.Backed {
				continue
			}
			c.report(pass, diag{sev: Warning, path: path, start: st, end: en,
				msg: fmt.Sprintf("%s's step %d would take an arena of %.0f MiB (fit %.1f + %.4f × step from %s), leaving vram_kv %.0f MiB: %.2f full-length sessions of %d x %d, not backed",
					m.Name, step, est.ArenaMiB, est.Fit.A, est.Fit.B, strings.Join(displayPaths(est.Basis), ", "), est.VRAMKVMiB, est.Sessions, est.Seats, est.MaxModelLen)})
		}
	}
	return nil, nil
}

func displayPaths(ps []string) []string {
	out := make([]string, len(ps))
	for i, p := range ps {
		out[i] = DisplayPath(p)
	}
	return out
}
