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

// Estimate is what a step would cost, priced from boot ledgers by [Price].
// Sizes are in MiB. Inputs marked "first" come from the first ledger.
type Estimate struct {
	// Step is the priced --max-num-batched-tokens, Seats the
	// --max-num-seqs and MaxModelLen the first ledger's window.
	Step, Seats, MaxModelLen int

	// Fit is the arena line through the ledgers' points; First the first
	// ledger, whose placement and KV cache the estimate starts from.
	Fit   Fit
	First *Ledger

	// ArenaMiB is the fitted arena at Step.
	ArenaMiB float64
	// RuntimeMiB is the runtime at Seats: the first ledger's when the
	// seats are unchanged, else that of RuntimeFrom, a ledger that booted
	// with Seats.
	RuntimeMiB  float64
	RuntimeFrom string
	// ClaimableMiB is the first ledger's claimable less the change in arena
	// and in runtime.
	ClaimableMiB float64
	// VRAMKVMiB is ClaimableMiB less the first ledger's weights in VRAM;
	// negative when those weights no longer fit.
	VRAMKVMiB float64
	// MiBPerToken is the first ledger's KV cache per token.
	MiBPerToken float64
	// KVTokens is how many tokens VRAMKVMiB holds (0 when it is negative),
	// Sessions how many full-length sessions they make, BackingPct the
	// percentage of Seats × MaxModelLen they back.
	KVTokens   float64
	Sessions   float64
	BackingPct float64
	// Backed says whether the engine would start: at least one full-length
	// session, the condition its refusal line states.
	Backed bool

	// Basis lists the ledgers the estimate rests on; Notes the caveats.
	Basis []string
	Notes []string
}

// Price estimates what booting with --max-num-batched-tokens step and
// --max-num-seqs seats would cost, from ledgers; seats 0 keeps the first
// ledger's. The arena comes from [FitArena] over all the ledgers; claimable,
// the KV cache, its tokens and sessions start from the first ledger. Price
// fails when the slope is unknown (fewer than two distinct steps), when the
// first ledger lacks a row the estimate needs, or when the seats change and
// no ledger booted with the new number of seats gives its runtime.
func Price(ledgers []*Ledger, step, seats int) (*Estimate, error) {
	if len(ledgers) == 0 {
		return nil, errors.New("no ledger to price from")
	}
	if step <= 0 || seats < 0 {
		return nil, fmt.Errorf("step %d must be positive and seats %d not negative", step, seats)
	}
	first := ledgers[0]
	firstSeats, window := first.Seats(), first.MaxModelLen()
	var lack []string
	for _, need := range []struct {
		row string
		v   Value
	}{
		{"activation arena", first.Arena},
		{"claimable", first.Claimable},
		{"weights by tier (vram)", first.WeightsVRAM},
		{"vram_kv", first.VRAMKV},
		{"vram_kv tokens", first.KVTokens},
		{"--max-model-len", window},
		{"--max-num-seqs", firstSeats},
	} {
		if !need.v.OK {
			lack = append(lack, need.row)
		}
	}
	if len(lack) > 0 {
		return nil, fmt.Errorf("%s: the first ledger lacks what the estimate starts from: %s", first.File, strings.Join(lack, ", "))
	}
	if first.KVTokens.V <= 0 || !wholeCount(window.V) || !wholeCount(firstSeats.V) {
		return nil, fmt.Errorf("%s: the first ledger's figures cannot be priced from: %s KV tokens, %s seats, a window of %s tokens",
			first.File, formatPlain(first.KVTokens.V), formatPlain(firstSeats.V), formatPlain(window.V))
	}
	fit, err := FitArena(ledgers)
	if err != nil {
		return nil, err
	}
	e := &Estimate{
		Step:        step,
		Seats:       seats,
		MaxModelLen: int(window.V),
		Fit:         fit,
		First:       first,
		ArenaMiB:    fit.At(float64(step)),
		MiBPerToken: first.VRAMKV.V / first.KVTokens.V,
	}
	if e.Seats == 0 {
		e.Seats = int(firstSeats.V)
	}
	deltaRuntime, err := e.runtime(ledgers, firstSeats.V)
	if err != nil {
		return nil, err
	}
	e.ClaimableMiB = first.Claimable.V - (e.ArenaMiB - first.Arena.V) - deltaRuntime
	e.VRAMKVMiB = e.ClaimableMiB - first.WeightsVRAM.V
	if e.VRAMKVMiB > 0 {
		e.KVTokens = math.Floor(e.VRAMKVMiB / e.MiBPerToken)
	}
	e.Sessions = e.KVTokens / window.V
	e.BackingPct = 100 * e.KVTokens / (float64(e.Seats) * window.V)
	e.Backed = e.Sessions >= 1
	for _, x := range []float64{e.ArenaMiB, e.ClaimableMiB, e.VRAMKVMiB, e.KVTokens, e.Sessions, e.BackingPct} {
		if math.IsNaN(x) || math.IsInf(x, 0) {
			return nil, errors.New("the ledgers' figures are out of range: the estimate overflows")
		}
	}
	e.basis(ledgers)
	e.caveats(ledgers)
	return e, nil
}

// wholeCount reports whether n is a plausible count of seats or tokens: a
// whole number from 1 to MaxInt32.
func wholeCount(n float64) bool {
	return n >= 1 && n <= math.MaxInt32 && n == math.Trunc(n)
}

// runtime sets the runtime at e.Seats and returns its change from the first
// ledger's: none while the seats are unchanged, else the measured runtime
// of a ledger that booted with e.Seats.
func (e *Estimate) runtime(ledgers []*Ledger, firstSeats float64) (float64, error) {
	first := e.First
	if float64(e.Seats) == firstSeats {
		e.RuntimeMiB, e.RuntimeFrom = first.Runtime.V, first.File
		if !first.Runtime.OK {
			e.RuntimeFrom = ""
		}
		return 0, nil
	}
	if !first.Runtime.OK {
		return 0, fmt.Errorf("%s: the first ledger has no runtime row, so a change of seats from %s to %d cannot be priced",
			first.File, formatCount(firstSeats), e.Seats)
	}
	var booted []string
	for _, l := range ledgers {
		s := l.Seats()
		if !s.OK || !l.Runtime.OK {
			continue
		}
		if s.V == float64(e.Seats) {
			e.RuntimeMiB, e.RuntimeFrom = l.Runtime.V, l.File
			return l.Runtime.V - first.Runtime.V, nil
		}
		booted = append(booted, fmt.Sprintf("%s: %s", l.File, formatCount(s.V)))
	}
	return 0, fmt.Errorf("the runtime for %d seats is unknown: no ledger booted with %d seats gives it (seats booted: %s); price at --max-num-seqs %s or add such a ledger",
		e.Seats, e.Seats, strings.Join(booted, ", "), formatCount(firstSeats))
}

// basis lists the ledgers the estimate rests on: the first, and those that
// gave a point to the fit.
func (e *Estimate) basis(ledgers []*Ledger) {
	for i, l := range ledgers {
		if i == 0 || slices.ContainsFunc(e.Fit.Points, func(p Point) bool { return p.File == l.File }) {
			e.Basis = append(e.Basis, l.File)
		}
	}
}

// caveats notes what the reader should know before trusting the estimate.
func (e *Estimate) caveats(ledgers []*Ledger) {
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
	if e.VRAMKVMiB < 0 {
		e.Notes = append(e.Notes, fmt.Sprintf("claimable %s is less than the %s of weights the first ledger kept in VRAM: nothing is left for the KV cache unless weights move to slower tiers",
			formatMiB(e.ClaimableMiB), formatMiB(e.First.WeightsVRAM.V)))
	}
	var fitted []*Ledger
	for _, l := range ledgers[1:] {
		if slices.Contains(e.Basis, l.File) {
			fitted = append(fitted, l)
		}
	}
	var differ []string
	for _, name := range flagNames(append([]*Ledger{e.First}, fitted...)) {
		if name == "--max-num-batched-tokens" || name == "--max-num-seqs" {
			continue
		}
		v, ok := e.First.Flags[name]
		for _, l := range fitted {
			if w, has := l.Flags[name]; has != ok || w != v {
				differ = append(differ, name)
				break
			}
		}
	}
	if len(differ) > 0 {
		e.Notes = append(e.Notes, "the ledgers also differ in "+strings.Join(differ, ", ")+"; the fit assumes the arena depends on the step alone")
	}
}

// Text renders the estimate with its fit and inputs, each quantity with the
// formula and the arithmetic that produced it, so that it can be checked.
func (e *Estimate) Text() string {
	var b strings.Builder
	first := e.First
	fmt.Fprintf(&b, "price of --max-num-batched-tokens %s with --max-num-seqs %d (--max-model-len %d)\n",
		formatCount(float64(e.Step)), e.Seats, e.MaxModelLen)
	fmt.Fprintf(&b, "basis: %s\n\n", strings.Join(e.Basis, ", "))

	fmt.Fprintf(&b, "fit: arena = a + b × step, least squares through %d points\n", len(e.Fit.Points))
	fmt.Fprintf(&b, "  a = %s\n  b = %s MiB per token of step\n", formatMiB(e.Fit.A), strconv.FormatFloat(e.Fit.B, 'f', 6, 64))
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	writeRow(tw, "  ledger", "step", "arena", "fitted", "residual")
	for _, p := range e.Fit.Points {
		fitted := e.Fit.At(p.Step)
		writeRow(tw, "  "+p.File, formatCount(p.Step), formatMiB(p.ArenaMiB), formatMiB(fitted), formatMiB(p.ArenaMiB-fitted))
	}
	_ = tw.Flush() // to a strings.Builder: cannot fail

	fmt.Fprintf(&b, "\nfirst ledger (₁): %s\n", first.File)
	fmt.Fprintf(&b, "  arena₁ %s, claimable₁ %s, runtime₁ %s, weights in vram₁ %s,\n",
		formatMiB(first.Arena.V), formatMiB(first.Claimable.V), sizeOrMissing(first.Runtime), formatMiB(first.WeightsVRAM.V))
	fmt.Fprintf(&b, "  vram_kv₁ %s for %s tokens: %s KiB per KV token\n\n",
		formatMiB(first.VRAMKV.V), formatCount(first.KVTokens.V), strconv.FormatFloat(e.MiBPerToken*1024, 'f', 2, 64))

	arenaDelta := fmt.Sprintf("(%s - %s)", num(e.ArenaMiB), num(first.Arena.V))
	fmt.Fprintf(&b, "estimate at step %s:\n", formatCount(float64(e.Step)))
	tw = tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	writeRow(tw, "  arena", "a + b × step", fmt.Sprintf("%s + %s × %s", num(e.Fit.A), strconv.FormatFloat(e.Fit.B, 'f', 6, 64), formatCount(float64(e.Step))), formatMiB(e.ArenaMiB))
	if e.RuntimeFrom == first.File || e.RuntimeFrom == "" {
		writeRow(tw, "  runtime", "runtime₁, held", fmt.Sprintf("seats unchanged at %d", e.Seats), sizeOrMissing(first.Runtime))
		writeRow(tw, "  claimable", "claimable₁ - (arena - arena₁)", fmt.Sprintf("%s - %s", num(first.Claimable.V), arenaDelta), formatMiB(e.ClaimableMiB))
	} else {
		writeRow(tw, "  runtime", "runtime at "+strconv.Itoa(e.Seats)+" seats", "measured in "+e.RuntimeFrom, formatMiB(e.RuntimeMiB))
		writeRow(tw, "  claimable", "claimable₁ - (arena - arena₁) - (runtime - runtime₁)",
			fmt.Sprintf("%s - %s - (%s - %s)", num(first.Claimable.V), arenaDelta, num(e.RuntimeMiB), num(first.Runtime.V)), formatMiB(e.ClaimableMiB))
	}
	writeRow(tw, "  vram_kv", "claimable - weights in vram₁", fmt.Sprintf("%s - %s", num(e.ClaimableMiB), num(first.WeightsVRAM.V)), formatMiB(e.VRAMKVMiB))
	writeRow(tw, "  kv tokens", "floor(vram_kv ÷ KV per token₁)", fmt.Sprintf("floor(%s ÷ %s KiB)", formatMiB(max(e.VRAMKVMiB, 0)), strconv.FormatFloat(e.MiBPerToken*1024, 'f', 2, 64)), formatCount(e.KVTokens))
	writeRow(tw, "  full-length sessions", "kv tokens ÷ max-model-len", fmt.Sprintf("%s ÷ %s", formatCount(e.KVTokens), formatCount(float64(e.MaxModelLen))), formatSessions(e.Sessions))
	verdict := "no"
	if e.Backed {
		verdict = "yes"
	}
	writeRow(tw, "  backed", "full-length sessions ≥ 1", formatSessions(e.Sessions)+" ≥ 1",
		fmt.Sprintf("%s (%s%% backing of the %d x %d worst case)", verdict, strconv.FormatFloat(e.BackingPct, 'f', 0, 64), e.Seats, e.MaxModelLen))
	_ = tw.Flush() // to a strings.Builder: cannot fail
	for _, n := range e.Notes {
		fmt.Fprintf(&b, "note: %s\n", n)
	}
	return b.String()
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
	return json.Marshal(struct {
		MaxNumBatchedTokens int      `json:"max_num_batched_tokens"`
		ArenaMiB            float64  `json:"arena_mib"`
		ClaimableMiB        float64  `json:"claimable_mib"`
		VRAMKVMiB           float64  `json:"vram_kv_mib"`
		KVTokens            float64  `json:"kv_tokens"`
		FullLengthSessions  float64  `json:"full_length_sessions"`
		Backed              bool     `json:"backed"`
		Basis               []string `json:"basis"`
	}{
		MaxNumBatchedTokens: e.Step,
		ArenaMiB:            round2(e.ArenaMiB),
		ClaimableMiB:        round2(e.ClaimableMiB),
		VRAMKVMiB:           round2(e.VRAMKVMiB),
		KVTokens:            e.KVTokens,
		FullLengthSessions:  round2(e.Sessions),
		Backed:              e.Backed,
		Basis:               e.Basis,
	})
}

// round2 rounds to two decimals.
func round2(x float64) float64 {
	return math.Round(x*100) / 100
}
