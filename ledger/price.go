package ledger

import (
	"encoding/json"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"strings"
	"text/tabwriter"
)

// Estimate is what a shape would cost, priced from boot ledgers by [Price].
// Sizes are in MiB. Figures marked ₁ come from the base ledger.
type Estimate struct {
	// Step is the priced --max-num-batched-tokens, Seats the
	// --max-num-seqs and MaxModelLen the window.
	Step, Seats, MaxModelLen int

	// Measured is a ledger that booted this very shape (step, seats and
	// window): its own figures are the answer and nothing is estimated.
	Measured *Ledger

	// Fit is the arena line through the ledgers' points (zero when the
	// arena was measured at Step and no line could be fitted); Base the
	// started boot nearest the shape (same seats, then the nearest step),
	// whose placement and KV cache the estimate starts from.
	Fit  Fit
	Base *Ledger

	// ArenaMiB is the arena at Step: measured by ArenaFrom when a ledger
	// booted with Step, else fitted.
	ArenaMiB  float64
	ArenaFrom string
	// RuntimeMiB is the runtime at Seats: the base's when the seats are
	// unchanged, else that of RuntimeFrom, a ledger that booted with Seats.
	RuntimeMiB  float64
	RuntimeFrom string
	// ClaimableMiB is the base's claimable less the change in arena and in
	// runtime.
	ClaimableMiB float64
	// VRAMKVMiB is ClaimableMiB less the base's weights in VRAM; negative
	// when those weights no longer fit.
	VRAMKVMiB float64
	// MiBPerToken is the base's KV cache per token.
	MiBPerToken float64
	// KVTokens is how many tokens VRAMKVMiB holds (0 when it is negative),
	// Sessions how many full-length sessions they make, BackingPct the
	// percentage of Seats × MaxModelLen they back.
	KVTokens   float64
	Sessions   float64
	BackingPct float64
	// Backed says whether the engine would start with the base's weights
	// in VRAM: at least one full-length session, the condition its refusal
	// line states.
	Backed bool

	// The engine moves weights off the card to fund the KV cache (the
	// ledgers' "weights by tier" differ from boot to boot). LeastWeightsMiB
	// is the least any started ledger (LeastWeightsFrom) kept in VRAM;
	// LeastVRAMKVMiB and LeastSessions the KV cache and sessions left with
	// only that much. MayBack says whether the shape would be backed with
	// the weights moved off as far as a ledger shows: when it is false, no
	// boot in the ledgers suggests the shape can start.
	LeastWeightsMiB  float64
	LeastWeightsFrom string
	LeastVRAMKVMiB   float64
	LeastSessions    float64
	MayBack          bool

	// Basis lists the ledgers the estimate rests on; Notes the caveats.
	Basis []string
	Notes []string
}

// Price estimates what booting with --max-num-batched-tokens step,
// --max-num-seqs seats and a window of window tokens would cost, from
// ledgers; seats or window 0 keeps the base's. A ledger that booted that
// very shape is the answer (Measured). Otherwise the arena is the one
// measured at step, else fitted by [FitArena] over all the ledgers;
// claimable, the KV cache, its tokens and sessions start from the base: the
// started boot with the same seats and the nearest step (the first given on
// a tie), so the order of the ledgers matters only between equals. Price
// fails when no started boot holds the rows the estimate starts from, when
// the arena at step is neither measured nor fitted (fewer than two distinct
// steps), or when the seats change and no ledger booted with the new number
// of seats gives its runtime.
func Price(ledgers []*Ledger, step, seats, window int) (*Estimate, error) {
	if len(ledgers) == 0 {
		return nil, errors.New("no ledger to price from")
	}
	if step <= 0 || seats < 0 || window < 0 {
		return nil, fmt.Errorf("step %d must be positive, seats %d and window %d not negative", step, seats, window)
	}
	if seats == 0 || window == 0 {
		// The defaults are the first started boot's.
		first, err := pickBase(ledgers, 0, 0)
		if err != nil {
			return nil, err
		}
		if seats == 0 {
			seats = int(first.Seats().V)
		}
		if window == 0 {
			window = int(first.MaxModelLen().V)
		}
	}
	base, err := pickBase(ledgers, step, seats)
	if err != nil {
		return nil, err
	}
	baseSeats := base.Seats()
	e := &Estimate{Step: step, Seats: seats, MaxModelLen: window, Base: base}
	if m := measuredShape(ledgers, step, e.Seats, e.MaxModelLen); m != nil {
		e.fromMeasured(m)
		e.Basis = []string{m.File}
		return e, nil
	}
	fit, fitErr := FitArena(ledgers)
	e.Fit = fit
	e.ArenaMiB = fit.At(float64(step))
	for _, l := range ledgers {
		if s := l.Step(); l.Arena.OK && s.OK && s.V == float64(step) {
			e.ArenaMiB, e.ArenaFrom = l.Arena.V, l.File
			break
		}
	}
	if fitErr != nil && e.ArenaFrom == "" {
		return nil, fitErr
	}
	e.MiBPerToken = base.VRAMKV.V / base.KVTokens.V
	deltaRuntime, err := e.runtime(ledgers, baseSeats.V)
	if err != nil {
		return nil, err
	}
	win := float64(e.MaxModelLen)
	e.ClaimableMiB = base.Claimable.V - (e.ArenaMiB - base.Arena.V) - deltaRuntime
	e.VRAMKVMiB = e.ClaimableMiB - base.WeightsVRAM.V
	e.KVTokens = e.tokens(e.VRAMKVMiB)
	e.Sessions = e.KVTokens / win
	e.BackingPct = 100 * e.KVTokens / (float64(e.Seats) * win)
	e.Backed = e.Sessions >= 1
	e.LeastWeightsMiB, e.LeastWeightsFrom = base.WeightsVRAM.V, base.File
	for _, l := range ledgers {
		if !l.Refused() && l.WeightsVRAM.OK && l.WeightsVRAM.V < e.LeastWeightsMiB {
			e.LeastWeightsMiB, e.LeastWeightsFrom = l.WeightsVRAM.V, l.File
		}
	}
	e.LeastVRAMKVMiB = e.ClaimableMiB - e.LeastWeightsMiB
	e.LeastSessions = e.tokens(e.LeastVRAMKVMiB) / win
	e.MayBack = e.LeastSessions >= 1
	for _, x := range []float64{e.ArenaMiB, e.ClaimableMiB, e.VRAMKVMiB, e.KVTokens, e.Sessions, e.BackingPct, e.LeastSessions} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, errors.New("the ledgers' figures are out of range: the estimate overflows")
		}
	}
	e.basis(ledgers)
	e.caveats(ledgers)
	return e, nil
}

// tokens returns how many KV tokens kv MiB hold at the base's bytes per
// token: none when kv is not positive.
func (e *Estimate) tokens(kv float64) float64 {
	if kv <= 0 {
		return 0
	}
	return math.Floor(kv / e.MiBPerToken)
}

// baseRows lists the rows of l an estimate starts from that l lacks, or
// why its figures cannot be priced from.
func baseRows(l *Ledger) []string {
	var lack []string
	for _, need := range []struct {
		row string
		v   Value
	}{
		{"activation arena", l.Arena},
		{"claimable", l.Claimable},
		{"weights by tier (vram)", l.WeightsVRAM},
		{"vram_kv", l.VRAMKV},
		{"vram_kv tokens", l.KVTokens},
		{"--max-model-len", l.MaxModelLen()},
		{"--max-num-seqs", l.Seats()},
		{"step", l.Step()},
	} {
		if !need.v.OK {
			lack = append(lack, need.row)
		}
	}
	if len(lack) > 0 {
		return lack
	}
	if l.KVTokens.V <= 0 || !wholeCount(l.MaxModelLen().V) || !wholeCount(l.Seats().V) {
		return []string{fmt.Sprintf("figures that cannot be priced from: %s KV tokens, %s seats, a window of %s tokens",
			formatPlain(l.KVTokens.V), formatPlain(l.Seats().V), formatPlain(l.MaxModelLen().V))}
	}
	return nil
}

// pickBase returns the started boot the estimate starts from: one that
// holds every row it needs, booted with seats, at the step nearest step (by
// ratio); the first given wins a tie, and with step 0 the first is taken.
func pickBase(ledgers []*Ledger, step, seats int) (*Ledger, error) {
	var base *Ledger
	bestSeats, bestDist := false, math.Inf(1)
	var why []string
	for _, l := range ledgers {
		if l.Refused() {
			why = append(why, l.File+": a refused boot")
			continue
		}
		if lack := baseRows(l); len(lack) > 0 {
			why = append(why, l.File+": lacks "+strings.Join(lack, ", "))
			continue
		}
		sameSeats := l.Seats().V == float64(seats)
		dist := 0.0
		if step > 0 {
			dist = math.Abs(math.Log(l.Step().V / float64(step)))
		}
		if base == nil || sameSeats && !bestSeats || sameSeats == bestSeats && dist < bestDist {
			base, bestSeats, bestDist = l, sameSeats, dist
		}
	}
	if base == nil {
		return nil, fmt.Errorf("no ledger of a started boot holds what the estimate starts from (%s)", strings.Join(why, "; "))
	}
	return base, nil
}

// measuredShape returns a ledger that booted step, seats and window and
// says how it went (a started boot before a refused one), or nil.
func measuredShape(ledgers []*Ledger, step, seats, window int) *Ledger {
	var refused *Ledger
	for _, l := range ledgers {
		st, se, w := l.Step(), l.Seats(), l.MaxModelLen()
		if !st.OK || !se.OK || !w.OK || st.V != float64(step) || se.V != float64(seats) || w.V != float64(window) {
			continue
		}
		switch {
		case l.Outcome == OutcomeStarted && (l.Sessions.OK || l.KVTokens.OK):
			return l
		case l.Refused() && refused == nil:
			refused = l
		}
	}
	return refused
}

// fromMeasured fills the estimate from m, a ledger that booted its shape.
func (e *Estimate) fromMeasured(m *Ledger) {
	e.Measured = m
	e.ArenaMiB, e.ArenaFrom = m.Arena.V, m.File
	e.RuntimeMiB, e.RuntimeFrom = m.Runtime.V, m.File
	e.ClaimableMiB = m.Claimable.V
	e.VRAMKVMiB, e.KVTokens = m.VRAMKV.V, m.KVTokens.V
	win := float64(e.MaxModelLen)
	e.Sessions = e.KVTokens / win
	if m.Sessions.OK {
		e.Sessions = m.Sessions.V
	}
	e.BackingPct = 100 * e.KVTokens / (float64(e.Seats) * win)
	if m.BackingPct.OK {
		e.BackingPct = m.BackingPct.V
	}
	e.Backed = m.Outcome == OutcomeStarted && e.Sessions >= 1
	e.MayBack = e.Backed
	e.LeastWeightsMiB, e.LeastWeightsFrom = m.WeightsVRAM.V, m.File
	e.LeastVRAMKVMiB, e.LeastSessions = e.VRAMKVMiB, e.Sessions
}

// wholeCount reports whether n is a plausible count of seats or tokens: a
// whole number from 1 to MaxInt32.
func wholeCount(n float64) bool {
	return n >= 1 && n <= math.MaxInt32 && n == math.Trunc(n)
}

// runtime sets the runtime at e.Seats and returns its change from the
// base's: none while the seats are unchanged, else the measured runtime
// of a ledger that booted with e.Seats.
func (e *Estimate) runtime(ledgers []*Ledger, baseSeats float64) (float64, error) {
	base := e.Base
	if float64(e.Seats) == baseSeats {
		e.RuntimeMiB, e.RuntimeFrom = base.Runtime.V, base.File
		if !base.Runtime.OK {
			e.RuntimeFrom = ""
		}
		return 0, nil
	}
	if !base.Runtime.OK {
		return 0, fmt.Errorf("%s: the base ledger has no runtime row, so a change of seats from %s to %d cannot be priced",
			base.File, formatCount(baseSeats), e.Seats)
	}
	var booted []string
	for _, l := range ledgers {
		s := l.Seats()
		if !s.OK || !l.Runtime.OK {
			continue
		}
		if s.V == float64(e.Seats) {
			e.RuntimeMiB, e.RuntimeFrom = l.Runtime.V, l.File
			return l.Runtime.V - base.Runtime.V, nil
		}
		booted = append(booted, fmt.Sprintf("%s: %s", l.File, formatCount(s.V)))
	}
	return 0, fmt.Errorf("the runtime for %d seats is unknown: no ledger booted with %d seats gives it (seats booted: %s); price at --max-num-seqs %s or add such a ledger",
		e.Seats, e.Seats, strings.Join(booted, ", "), formatCount(baseSeats))
}

// basis lists the ledgers the estimate rests on: the base, the one that
// measured the arena at the step, those that gave a point to the fit, and
// the one whose weights in VRAM were the least, in the order given.
func (e *Estimate) basis(ledgers []*Ledger) {
	for _, l := range ledgers {
		if l == e.Base || l.File == e.ArenaFrom || l.File == e.RuntimeFrom || l.File == e.LeastWeightsFrom ||
			e.ArenaFrom == "" && slices.ContainsFunc(e.Fit.Points, func(p Point) bool { return p.File == l.File }) {
			if !slices.Contains(e.Basis, l.File) {
				e.Basis = append(e.Basis, l.File)
			}
		}
	}
}

// caveats notes what the reader should know before trusting the estimate.
func (e *Estimate) caveats(ledgers []*Ledger) {
	if e.ArenaFrom == "" {
		for _, s := range e.Fit.Skipped {
			e.Notes = append(e.Notes, "left out of the fit: "+s)
		}
		lo, hi := math.Inf(1), math.Inf(-1)
		for _, p := range e.Fit.Points {
			lo, hi = min(lo, p.Step), max(hi, p.Step)
		}
		if s := float64(e.Step); s < lo || s > hi {
			e.Notes = append(e.Notes, fmt.Sprintf("step %s is outside the measured steps %s to %s: the arena is extrapolated",
				formatCount(s), formatCount(lo), formatCount(hi)))
		}
		if e.Fit.B <= 0 {
			e.Notes = append(e.Notes, "the fitted slope is not positive: these ledgers do not show the arena growing with the step")
		}
	}
	if e.LeastVRAMKVMiB < 0 {
		e.Notes = append(e.Notes, fmt.Sprintf("claimable %s is less than the %s of weights %s kept in VRAM, the least of these boots: nothing is left for the KV cache unless weights move further off the card than any of them did",
			formatMiB(e.ClaimableMiB), formatMiB(e.LeastWeightsMiB), e.LeastWeightsFrom))
	}
	var others []*Ledger
	for _, l := range ledgers {
		if l != e.Base && slices.Contains(e.Basis, l.File) {
			others = append(others, l)
		}
	}
	var differ []string
	for _, name := range flagNames(append([]*Ledger{e.Base}, others...)) {
		if name == "--max-num-batched-tokens" || name == "--max-num-seqs" {
			continue
		}
		v, ok := e.Base.Flags[name]
		for _, l := range others {
			if w, has := l.Flags[name]; has != ok || w != v {
				differ = append(differ, name)
				break
			}
		}
	}
	if len(differ) > 0 {
		e.Notes = append(e.Notes, "the ledgers also differ in "+strings.Join(differ, ", ")+"; the estimate assumes the arena depends on the step alone and the KV cost per token is the base's")
	}
}

// Text renders the estimate with its fit and inputs, each quantity with the
// formula and the arithmetic that produced it, so that it can be checked.
func (e *Estimate) Text() string {
	var b strings.Builder
	fmt.Fprintf(&b, "price of --max-num-batched-tokens %s with --max-num-seqs %d (--max-model-len %d)\n",
		formatCount(float64(e.Step)), e.Seats, e.MaxModelLen)
	fmt.Fprintf(&b, "basis: %s\n\n", strings.Join(e.Basis, ", "))
	if m := e.Measured; m != nil {
		fmt.Fprintf(&b, "measured: %s booted this shape (%s)\n", m.File, m.Outcome)
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		writeRow(tw, "  arena", sizeOrMissing(m.Arena))
		writeRow(tw, "  runtime", sizeOrMissing(m.Runtime))
		writeRow(tw, "  claimable", sizeOrMissing(m.Claimable))
		writeRow(tw, "  weights in vram", sizeOrMissing(m.WeightsVRAM))
		writeRow(tw, "  vram_kv", sizeOrMissing(m.VRAMKV))
		writeRow(tw, "  kv tokens", formatCount(e.KVTokens))
		writeRow(tw, "  full-length sessions", formatSessions(e.Sessions))
		writeRow(tw, "  backed", fmt.Sprintf("%s (%s%% backing of the %d x %d worst case)", yesNo(e.Backed), strconv.FormatFloat(e.BackingPct, 'f', 0, 64), e.Seats, e.MaxModelLen))
		_ = tw.Flush() // to a strings.Builder: cannot fail
		return b.String()
	}
	base := e.Base

	if e.ArenaFrom == "" {
		fmt.Fprintf(&b, "fit: arena = a + b × step, least squares through %d points\n", len(e.Fit.Points))
		fmt.Fprintf(&b, "  a = %s\n  b = %s MiB per token of step\n", formatMiB(e.Fit.A), strconv.FormatFloat(e.Fit.B, 'f', 6, 64))
		tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		writeRow(tw, "  ledger", "step", "arena", "fitted", "residual")
		for _, p := range e.Fit.Points {
			fitted := e.Fit.At(p.Step)
			writeRow(tw, "  "+p.File, formatCount(p.Step), formatMiB(p.ArenaMiB), formatMiB(fitted), formatMiB(p.ArenaMiB-fitted))
		}
		_ = tw.Flush() // to a strings.Builder: cannot fail
		b.WriteString("\n")
	}

	fmt.Fprintf(&b, "base (₁): %s, the started boot nearest this shape\n", base.File)
	fmt.Fprintf(&b, "  step₁ %s, seats₁ %s, arena₁ %s, claimable₁ %s, runtime₁ %s, weights in vram₁ %s,\n",
		formatCount(base.Step().V), formatCount(base.Seats().V), formatMiB(base.Arena.V), formatMiB(base.Claimable.V), sizeOrMissing(base.Runtime), formatMiB(base.WeightsVRAM.V))
	fmt.Fprintf(&b, "  vram_kv₁ %s for %s tokens: %s KiB per KV token\n\n",
		formatMiB(base.VRAMKV.V), formatCount(base.KVTokens.V), strconv.FormatFloat(e.MiBPerToken*1024, 'f', 2, 64))

	arenaDelta := fmt.Sprintf("(%s - %s)", num(e.ArenaMiB), num(base.Arena.V))
	fmt.Fprintf(&b, "estimate at step %s:\n", formatCount(float64(e.Step)))
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	if e.ArenaFrom != "" {
		writeRow(tw, "  arena", "measured at this step", "in "+e.ArenaFrom, formatMiB(e.ArenaMiB))
	} else {
		writeRow(tw, "  arena", "a + b × step", fmt.Sprintf("%s + %s × %s", num(e.Fit.A), strconv.FormatFloat(e.Fit.B, 'f', 6, 64), formatCount(float64(e.Step))), formatMiB(e.ArenaMiB))
	}
	if e.RuntimeFrom == base.File || e.RuntimeFrom == "" {
		writeRow(tw, "  runtime", "runtime₁, held", fmt.Sprintf("seats unchanged at %d", e.Seats), sizeOrMissing(base.Runtime))
		writeRow(tw, "  claimable", "claimable₁ - (arena - arena₁)", fmt.Sprintf("%s - %s", num(base.Claimable.V), arenaDelta), formatMiB(e.ClaimableMiB))
	} else {
		writeRow(tw, "  runtime", "runtime at "+strconv.Itoa(e.Seats)+" seats", "measured in "+e.RuntimeFrom, formatMiB(e.RuntimeMiB))
		writeRow(tw, "  claimable", "claimable₁ - (arena - arena₁) - (runtime - runtime₁)",
			fmt.Sprintf("%s - %s - (%s - %s)", num(base.Claimable.V), arenaDelta, num(e.RuntimeMiB), num(base.Runtime.V)), formatMiB(e.ClaimableMiB))
	}
	writeRow(tw, "  vram_kv", "claimable - weights in vram₁", fmt.Sprintf("%s - %s", num(e.ClaimableMiB), num(base.WeightsVRAM.V)), formatMiB(e.VRAMKVMiB))
	writeRow(tw, "  kv tokens", "floor(vram_kv ÷ KV per token₁)", fmt.Sprintf("floor(%s ÷ %s KiB)", formatMiB(max(e.VRAMKVMiB, 0)), strconv.FormatFloat(e.MiBPerToken*1024, 'f', 2, 64)), formatCount(e.KVTokens))
	writeRow(tw, "  full-length sessions", "kv tokens ÷ max-model-len", fmt.Sprintf("%s ÷ %s", formatCount(e.KVTokens), formatCount(float64(e.MaxModelLen))), formatSessions(e.Sessions))
	writeRow(tw, "  backed", "full-length sessions ≥ 1", formatSessions(e.Sessions)+" ≥ 1",
		fmt.Sprintf("%s (%s%% backing of the %d x %d worst case)", yesNo(e.Backed), strconv.FormatFloat(e.BackingPct, 'f', 0, 64), e.Seats, e.MaxModelLen))
	_ = tw.Flush() // to a strings.Builder: cannot fail
	if e.LeastWeightsFrom != base.File {
		fmt.Fprintf(&b, "with weights moved off the card as far as %s did (weights in vram %s):\n", e.LeastWeightsFrom, formatMiB(e.LeastWeightsMiB))
		tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
		leastTokens := e.tokens(e.LeastVRAMKVMiB)
		writeRow(tw, "  vram_kv", "claimable - least weights in vram", fmt.Sprintf("%s - %s", num(e.ClaimableMiB), num(e.LeastWeightsMiB)), formatMiB(e.LeastVRAMKVMiB))
		writeRow(tw, "  full-length sessions", "floor(vram_kv ÷ KV per token₁) ÷ max-model-len", fmt.Sprintf("%s ÷ %s", formatCount(leastTokens), formatCount(float64(e.MaxModelLen))), formatSessions(e.LeastSessions))
		_ = tw.Flush() // to a strings.Builder: cannot fail
	}
	verdict := "backed: " + yesNo(e.Backed)
	switch {
	case e.Backed:
	case e.MayBack:
		verdict = "backed: only if the engine moves weights off the card (it did in " + e.LeastWeightsFrom + ")"
	default:
		verdict = "backed: no, even with weights moved off the card as far as any of these boots did"
	}
	fmt.Fprintf(&b, "%s\n", verdict)
	for _, n := range e.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	return b.String()
}

// yesNo renders a verdict.
func yesNo(ok bool) string {
	if ok {
		return "yes"
	}
	return "no"
}

// num renders a MiB amount for arithmetic, without its unit.
func num(mib float64) string {
	return group(strconv.FormatFloat(mib, 'f', 2, 64))
}

// sizeOrMissing renders a size in MiB for arithmetic, or says it is
// missing.
func sizeOrMissing(v Value) string {
	if !v.OK {
		return missing
	}
	return formatMiB(v.V)
}

// MarshalJSON renders the estimate as `servelint price --format=json`
// prints it: max_num_batched_tokens, arena_mib, claimable_mib, vram_kv_mib,
// kv_tokens, full_length_sessions, backed and basis. Sizes are in MiB,
// rounded to two decimals like the engine's own figures.
func (e *Estimate) MarshalJSON() ([]byte, error) {
	measured := ""
	if e.Measured != nil {
		measured = e.Measured.File
	}
	return json.Marshal(struct {
		MaxNumBatchedTokens int      `json:"max_num_batched_tokens"`
		ArenaMiB            float64  `json:"arena_mib"`
		ClaimableMiB        float64  `json:"claimable_mib"`
		VRAMKVMiB           float64  `json:"vram_kv_mib"`
		KVTokens            float64  `json:"kv_tokens"`
		FullLengthSessions  float64  `json:"full_length_sessions"`
		Backed              bool     `json:"backed"`
		MayBack             bool     `json:"backed_if_weights_move"`
		Measured            string   `json:"measured,omitempty"`
		Basis               []string `json:"basis"`
	}{
		MaxNumBatchedTokens: e.Step,
		ArenaMiB:            round2(e.ArenaMiB),
		ClaimableMiB:        round2(e.ClaimableMiB),
		VRAMKVMiB:           round2(e.VRAMKVMiB),
		KVTokens:            e.KVTokens,
		FullLengthSessions:  round2(e.Sessions),
		Backed:              e.Backed,
		MayBack:             e.MayBack,
		Measured:            measured,
		Basis:               e.Basis,
	})
}

// round2 rounds to two decimals.
func round2(x float64) float64 {
	return math.Round(x*100) / 100
}
