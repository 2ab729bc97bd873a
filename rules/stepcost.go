package rules

import (
	"fmt"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/servelint/servelint/ledger"
	"github.com/servelint/servelint/parser"
)

// StepCost prices each mode's step from boot ledgers.
var StepCost = &analysis.Analyzer{
	Name: "stepcost",
	Doc: `a mode whose step would back less than one full-length session, priced from boot ledgers

Law 1 and law 7: the step's activation arena is charged to the card, and the
boot ledger is the evidence. With ledger: in the config (paths or globs of
boot ledgers) or --ledger, each mode's shape (step, seats and window, from
its dry-run argv) is priced from the ledgers. A ledger that booted the very
shape answers for it: a refused boot is reported, a started one is not.
Otherwise the arena is the one a ledger measured at the step, else fitted as
a + b × step through the ledgers; claimable and vram_kv follow from the
started boot nearest the shape (same seats, nearest step). The engine moves
weights off the card to fund the KV cache, so a mode is reported only when
its shape backs less than one full-length session even with the weights in
VRAM as low as any started boot kept them. It does nothing unless a ledger
is named, and needs ledgers at two different steps to fit the slope.

No fix.`,
	Requires: []*analysis.Analyzer{Model, DryRun},
	Run:      runStepCost,
}

// ledgerCache keeps parsed ledgers across runs (the language server lints
// on every keystroke), keyed by path and checked against the file's size
// and modification time, so that a ledger rewritten since is read again.
var ledgerCache sync.Map // path → cachedLedger

type cachedLedger struct {
	size    int64
	modTime time.Time
	l       *ledger.Ledger
}

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
		st, statErr := os.Stat(p)
		if c, ok := ledgerCache.Load(p); ok && statErr == nil && st.Mode().IsRegular() {
			if c := c.(cachedLedger); c.size == st.Size() && c.modTime.Equal(st.ModTime()) {
				out = append(out, c.l)
				continue
			}
		}
		l, err := ledger.ParseFile(p)
		if err != nil {
			return nil, err
		}
		if statErr == nil && st.Mode().IsRegular() {
			ledgerCache.Store(p, cachedLedger{size: st.Size(), modTime: st.ModTime(), l: l})
		}
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
		return nil, err // the driver names the rule
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
			seats, _ := IntFlag(flags, prof.SeatsFlag)    // 0: the base ledger's
			window, _ := IntFlag(flags, WindowFlag(prof)) // 0: the base ledger's
			path, st, en, found := c.valueSpan(s, m, prof.StepFlag)
			if !found {
				path, st, en = s.Path, m.Start, m.End
			}
			like := ledgersFor(ledgers, prof, flags, argvModel(argvs.Of(s, m.Name)))
			if len(like) == 0 {
				c.report(pass, diag{sev: Info, path: path, start: st, end: en,
					msg: fmt.Sprintf("%s's step %d could not be priced: no ledger is of a boot like it (the same --model, --tp and --kv-cache-dtype)", m.Label(), step)})
				continue
			}
			est, err := ledger.Price(like, step, seats, window)
			if err != nil {
				c.report(pass, diag{sev: Info, path: path, start: st, end: en,
					msg: fmt.Sprintf("%s's step %d could not be priced from the ledgers: %v", m.Label(), step, err)})
				continue
			}
			if est.MayBack {
				continue
			}
			if ml := est.Measured; ml != nil {
				c.report(pass, diag{sev: Warning, path: path, start: st, end: en,
					msg: fmt.Sprintf("%s's shape (step %d, %d x %d) was refused by the engine in %s: %.2f full-length sessions, not backed",
						m.Label(), step, est.Seats, est.MaxModelLen, c.display(ml.File), est.Sessions)})
				continue
			}
			c.report(pass, diag{sev: Warning, path: path, start: st, end: en,
				msg: fmt.Sprintf("%s's step %d would take an arena of %.0f MiB (%s), leaving vram_kv %.0f MiB even with weights in VRAM as low as %s kept: %.2f full-length sessions of %d x %d, not backed",
					m.Label(), step, est.ArenaMiB, arenaSource(c, est), est.LeastVRAMKVMiB, c.display(est.LeastWeightsFrom), est.LeastSessions, est.Seats, est.MaxModelLen)})
		}
	}
	return nil, nil
}

// ledgersFor keeps the ledgers of boots like the mode's: the same model,
// tensor parallelism and KV-cache type where both the ledger and the argv
// say (a ledger of another model, or of a boot split over other cards,
// prices nothing of this one: mixed in, an 8B model's small arena hid a
// refused calib step; found by a review).
func ledgersFor(ledgers []*ledger.Ledger, prof *parser.Profile, flags map[string]ArgvFlag, positional string) []*ledger.Ledger {
	// The argv's own spelling of each: the model may be a flag or the
	// engine's first word (radiance serve MODEL, vllm serve MODEL), and
	// the tensor parallelism is --tp, --tensor-parallel-size or --tp-size
	// by engine; the ledger's the same by any spelling.
	argv := map[string]string{}
	for _, n := range []string{"--model", "--model-path", "--model-id"} {
		if f, ok := flags[prof.Canon(n)]; ok && !f.Unresolved && f.Value != "" {
			argv["--model"] = f.Value
			break
		}
	}
	if _, ok := argv["--model"]; !ok && positional != "" {
		argv["--model"] = positional
	}
	for _, n := range tpSpellings {
		if f, ok := flags[prof.Canon(n)]; ok && !f.Unresolved {
			argv["--tp"] = f.Value
			break
		}
	}
	if f, ok := flags[prof.Canon("--kv-cache-dtype")]; ok && !f.Unresolved {
		argv["--kv-cache-dtype"] = f.Value
	}
	logged := func(l *ledger.Ledger, name string) (string, bool) {
		names := []string{name}
		switch name {
		case "--tp":
			names = tpSpellings
		case "--model":
			names = []string{"--model", "--model-path", "--model-id"}
		}
		for _, n := range names {
			if v, ok := l.Flags[n]; ok {
				return v, true
			}
		}
		return "", false
	}
	var out []*ledger.Ledger
	for _, l := range ledgers {
		same := true
		for _, name := range []string{"--model", "--tp", "--kv-cache-dtype"} {
			v, have := argv[name]
			lv, ok := logged(l, name)
			if have && ok && strings.TrimRight(v, "/") != strings.TrimRight(lv, "/") {
				same = false
			}
		}
		if same {
			out = append(out, l)
		}
	}
	return out
}

// tpSpellings are the engines' names for the tensor parallelism.
var tpSpellings = []string{"--tp", "--tensor-parallel-size", "--tp-size", "-tp"}

// arenaSource says where an estimate's arena comes from.
func arenaSource(c *Context, e *ledger.Estimate) string {
	if e.ArenaFrom != "" {
		return "measured in " + c.display(e.ArenaFrom)
	}
	var from []string
	for _, p := range e.Fit.Points {
		from = append(from, c.display(p.File))
	}
	return fmt.Sprintf("fit %.1f + %.4f × step from %s", e.Fit.A, e.Fit.B, strings.Join(from, ", "))
}
