package ledger

import (
	"strconv"
)

// Value is one number read from a ledger: a size in MiB, a count of tokens
// or seats, or a number of sessions. OK is false when the ledger does not
// hold the row (or holds it in a form that could not be read); V is then
// zero and means nothing.
type Value struct {
	V  float64
	OK bool
}

// MarshalJSON writes the number, or null when the value is unset.
func (v Value) MarshalJSON() ([]byte, error) {
	if !v.OK {
		return []byte("null"), nil
	}
	return strconv.AppendFloat(nil, v.V, 'f', -1, 64), nil
}

// Outcome is how a boot ended, as far as its ledger says.
type Outcome int

const (
	// OutcomeUnknown means the ledger ends before the boot's outcome: no
	// `startup complete`, no `startup stopped`, no `E` line. The ledger is
	// probably truncated.
	OutcomeUnknown Outcome = iota
	// OutcomeStarted means the engine logged `startup complete`.
	OutcomeStarted
	// OutcomeRefused means the engine refused to start: `startup stopped`,
	// or `E` lines without `startup complete`.
	OutcomeRefused
)

// String names the outcome as the ledger table shows it.
func (o Outcome) String() string {
	switch o {
	case OutcomeStarted:
		return "started"
	case OutcomeRefused:
		return "refused"
	default:
		return "no outcome (truncated?)"
	}
}

// Ledger is what one boot ledger says. Sizes are in MiB; every number is a
// [Value] whose OK bit says whether the ledger held it.
type Ledger struct {
	// File is the name the ledger was read under.
	File string

	// Flags holds the echoed shape flags (`I  --max-num-seqs 8`), keyed by
	// flag name with its leading dashes; a flag echoed without a value maps
	// to "". FlagOrder lists the names in the order they were echoed.
	Flags     map[string]string
	FlagOrder []string

	// Runtime is the runtime's share of the card, RuntimeSeats the seats
	// it was sized for.
	Runtime      Value
	RuntimeSeats Value
	// Arena is the activation arena, ArenaStep the step in tokens it was
	// sized for.
	Arena     Value
	ArenaStep Value
	// Claimable is what is left of a card after the arena and the runtime.
	Claimable Value

	// Weights by tier: in VRAM (with its dense and expert parts), in the
	// host pool, and on the container's disk.
	WeightsVRAM    Value
	WeightsDense   Value
	WeightsExperts Value
	WeightsHost    Value
	WeightsDisk    Value

	// VRAMKV is the KV cache on the card and KVTokens the tokens it holds.
	VRAMKV   Value
	KVTokens Value

	// Sessions is the number of full-length sessions the KV cache backs,
	// from the sessions row or from the refusal line. ShapeSeats x ShapeLen
	// is the shape the engine measured it against ("8 x 32768 requested",
	// "the 8 x 32768 worst case"), BackingPct its percentage backed.
	Sessions   Value
	ShapeSeats Value
	ShapeLen   Value
	BackingPct Value

	// Prefetch is the expert prefetch slab; PrefetchNote the engine's
	// remark on it, such as "no lender".
	Prefetch     Value
	PrefetchNote string

	// Outcome is how the boot ended. Refusal holds the lines that refused
	// it (`E` lines and `startup stopped`) when Outcome is OutcomeRefused.
	Outcome Outcome
	Refusal []string

	// Notes says what was found wrong while reading: unreadable or
	// conflicting rows, skipped lines, a truncated ledger. Each note starts
	// with the file name (and line number when there is one).
	Notes []string
}

// Refused reports whether the engine refused to start.
func (l *Ledger) Refused() bool {
	return l.Outcome == OutcomeRefused
}

// Step returns the step (--max-num-batched-tokens) the boot ran with: the
// one the arena row names, else the echoed flag.
func (l *Ledger) Step() Value {
	if l.ArenaStep.OK {
		return l.ArenaStep
	}
	return l.flagNumber("--max-num-batched-tokens")
}

// Seats returns the seats (--max-num-seqs) the boot ran with: the ones the
// runtime row names, else the echoed flag.
func (l *Ledger) Seats() Value {
	if l.RuntimeSeats.OK {
		return l.RuntimeSeats
	}
	return l.flagNumber("--max-num-seqs")
}

// MaxModelLen returns the window (--max-model-len): the echoed flag, else
// the length of the shape the sessions were measured against.
func (l *Ledger) MaxModelLen() Value {
	if v := l.flagNumber("--max-model-len"); v.OK {
		return v
	}
	return l.ShapeLen
}

// flagNumber reads an echoed flag as a number; unset when absent or not a
// number.
func (l *Ledger) flagNumber(name string) Value {
	s, ok := l.Flags[name]
	if !ok {
		return Value{}
	}
	n, err := parseNumber(s)
	if err != nil {
		return Value{}
	}
	return Value{V: n, OK: true}
}
