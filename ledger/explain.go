package ledger

import (
	"strconv"
	"strings"
)

// Explain says in one sentence why the engine refused this boot, e.g.
// "8 x 32768 not backed: vram_kv 271.25 MiB is 0.26 full-length sessions;
// the arena took 10.65 GiB". It returns "" for a boot that was not refused.
//
// When the ledger shows the KV cache backing less than one full-length
// session of the requested shape, the sentence names the shape, the KV
// cache and the arena. Otherwise it quotes the first error line and the
// reason startup stopped.
func (l *Ledger) Explain() string {
	if !l.Refused() {
		return ""
	}
	arena := ""
	if l.Arena.OK {
		arena = "; the arena took " + formatSize(l.Arena.V)
	}
	if shape := l.shape(); shape != "" && l.Sessions.OK && l.Sessions.V < 1 {
		kv := ""
		if l.VRAMKV.OK {
			kv = "vram_kv " + formatSize(l.VRAMKV.V) + " is "
		}
		return shape + " not backed: " + kv + formatSessions(l.Sessions.V) + " full-length sessions" + arena
	}
	var first, stop string
	for _, line := range l.Refusal {
		_, msg := splitLevel(line)
		if _, reason, ok := strings.Cut(msg, "startup stopped"); ok {
			stop = "startup stopped" + strings.TrimRight(reason, ".")
			continue
		}
		if first == "" {
			first = strings.TrimSpace(strings.TrimPrefix(msg, "vram_budget:"))
		}
	}
	switch {
	case first != "" && stop != "":
		return first + " (" + stop + ")" + arena
	case first != "":
		return first + arena
	case stop != "":
		return stop + arena
	default:
		return "the engine refused to start without saying why" + arena
	}
}

// shape returns the shape the boot asked to back, "8 x 32768": the one the
// engine measured the sessions against, else the echoed --max-num-seqs and
// --max-model-len; "" when neither is known.
func (l *Ledger) shape() string {
	if l.ShapeSeats.OK && l.ShapeLen.OK {
		return formatPlain(l.ShapeSeats.V) + " x " + formatPlain(l.ShapeLen.V)
	}
	seats, window := l.flagNumber("--max-num-seqs"), l.flagNumber("--max-model-len")
	if seats.OK && window.OK {
		return formatPlain(seats.V) + " x " + formatPlain(window.V)
	}
	return ""
}

// formatSessions renders a number of full-length sessions as the engine
// does, with two decimals.
func formatSessions(n float64) string {
	return group(strconv.FormatFloat(n, 'f', 2, 64))
}
