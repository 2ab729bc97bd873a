package lsp

import (
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"golang.org/x/tools/go/analysis"

	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/rules"
	"github.com/servelint/servelint/suppress"
)

// A tier is a set of rules linted on its own schedule. The static tier holds
// every rule that reads only the files (fast: it runs after each change);
// the dry-run tier holds the rules that need the dry-run argv of every mode
// (slow: one sandboxed evaluation per mode), which runs on open, on save and
// after a longer quiet time. A document's diagnostics are the static tier's
// plus the dry-run tier's while that one is current.
type tier struct {
	name string
	// enable and disable select exactly this tier's rules.
	enable, disable []string
	// eval says the tier's lints run the dry-run evaluator.
	eval     bool
	debounce time.Duration

	// roots are the latest lint of each open document, by its path, and
	// pending the roots to lint again (both guarded by Server.mu, as is
	// timer, which fires the debounced lint).
	roots   map[string]*rootResult
	pending map[string]bool
	timer   *time.Timer

	// lintMu serializes the tier's lint runs.
	lintMu sync.Mutex
	// kick wakes the tier's worker.
	kick chan struct{}
	// lints counts the tier's lint runs (tests and benchmarks read it).
	lints atomic.Int64
}

// newTier makes a tier of the rules on. The suppression pseudo-rule (the
// findings about servelint:ignore comments) follows the user's lists in
// every tier; the linter drops its duplicates.
func newTier(name string, on []*analysis.Analyzer, opts Options, eval bool, debounce time.Duration) *tier {
	t := &tier{name: name, eval: eval, debounce: debounce,
		roots: map[string]*rootResult{}, pending: map[string]bool{}, kick: make(chan struct{}, 1)}
	in := map[string]bool{}
	for _, a := range on {
		in[a.Name] = true
		t.enable = append(t.enable, a.Name)
	}
	for _, a := range rules.All {
		if !in[a.Name] {
			t.disable = append(t.disable, a.Name)
		}
	}
	if slices.Contains(opts.Disable, suppress.Rule) {
		t.disable = append(t.disable, suppress.Rule)
	} else if slices.Contains(opts.Enable, suppress.Rule) {
		t.enable = append(t.enable, suppress.Rule)
	}
	return t
}

// runs reports whether the tier runs a rule.
func (t *tier) runs(rule string) bool {
	return rule != suppress.Rule && slices.Contains(t.enable, rule)
}

// tiers splits the enabled rules into the static tier and, when there is
// an evaluator and a rule that needs it, the dry-run tier. Without an
// evaluator the rules that need one are left out: they would only say that
// they could not evaluate.
func tiers(opts Options, debounce, evalDebounce time.Duration) ([]*tier, error) {
	on, err := lint.Analyzers(opts.Enable, opts.Disable)
	if err != nil {
		return nil, err
	}
	var static, dry []*analysis.Analyzer
	for _, a := range on {
		if needsDryRun(a) {
			dry = append(dry, a)
		} else {
			static = append(static, a)
		}
	}
	ts := []*tier{newTier("static", static, opts, false, debounce)}
	if opts.Evaluator != nil && len(dry) > 0 {
		ts = append(ts, newTier("dryrun", dry, opts, true, evalDebounce))
	}
	return ts, nil
}

// needsDryRun reports whether a rule requires the dry-run evaluation,
// directly or through what it requires.
func needsDryRun(a *analysis.Analyzer) bool {
	if a == rules.DryRun {
		return true
	}
	for _, r := range a.Requires {
		if needsDryRun(r) {
			return true
		}
	}
	return false
}

// schedule arms (or re-arms) the tier's debounce timer; a negative
// debounce lints at once. Called with Server.mu held.
func (t *tier) schedule() {
	if t.debounce < 0 {
		t.kickNow()
		return
	}
	if t.timer != nil {
		t.timer.Stop()
	}
	t.timer = time.AfterFunc(t.debounce, t.wake)
}

// kickNow has the tier's worker lint what is pending without waiting for
// the timer. Called with Server.mu held.
func (t *tier) kickNow() {
	if t.timer != nil {
		t.timer.Stop()
	}
	t.wake()
}

// wake sends the worker a kick unless one is already waiting.
func (t *tier) wake() {
	select {
	case t.kick <- struct{}{}:
	default:
	}
}

// stop disarms the timer. Called with Server.mu held.
func (t *tier) stop() {
	if t.timer != nil {
		t.timer.Stop()
	}
}
