package ledger

import (
	"encoding/json"
	"fmt"
	"strings"
	"text/tabwriter"
)

// missing is the cell of a row a ledger does not hold.
const missing = "missing"

// diffMark prefixes a cell that differs from the first boot's.
const diffMark = "* "

// tableRow is one row of the ledger table: a label and how to read its cell
// from a ledger.
type tableRow struct {
	label string
	cell  func(l *Ledger) string
}

// tableRows lists the rows after the shape flags, in the audit's order.
var tableRows = []tableRow{
	{"activation arena", func(l *Ledger) string {
		return withCount(l.Arena, "step", l.ArenaStep, "")
	}},
	{"runtime", func(l *Ledger) string {
		return withCount(l.Runtime, "", l.RuntimeSeats, " seats")
	}},
	{"claimable", func(l *Ledger) string { return sizeCell(l.Claimable) }},
	{"weights: vram", func(l *Ledger) string { return sizeCell(l.WeightsVRAM) }},
	{"weights: experts in vram", func(l *Ledger) string { return sizeCell(l.WeightsExperts) }},
	{"weights: on disk", func(l *Ledger) string { return sizeCell(l.WeightsDisk) }},
	{"weights: host pool", func(l *Ledger) string { return sizeCell(l.WeightsHost) }},
	{"vram_kv", func(l *Ledger) string {
		return withCount(l.VRAMKV, "", l.KVTokens, " tokens")
	}},
	{"full-length sessions", sessionsCell},
	{"expert prefetch", func(l *Ledger) string {
		c := sizeCell(l.Prefetch)
		if l.Prefetch.OK && l.PrefetchNote != "" {
			c += " (" + l.PrefetchNote + ")"
		}
		return c
	}},
	{"boot", func(l *Ledger) string { return l.Outcome.String() }},
}

// sizeCell renders a size, or says it is missing.
func sizeCell(v Value) string {
	if !v.OK {
		return missing
	}
	return formatSize(v.V)
}

// withCount renders a size with the count it was sized for in parentheses:
// "504.00 MiB (step 1,024)", "1.12 GiB (8 seats)".
func withCount(size Value, before string, count Value, after string) string {
	c := sizeCell(size)
	if size.OK && count.OK {
		if before != "" {
			before += " "
		}
		c += " (" + before + formatCount(count.V) + after + ")"
	}
	return c
}

// sessionsCell renders the sessions row: "6.26 (8 x 32768, 78% backing)".
func sessionsCell(l *Ledger) string {
	if !l.Sessions.OK {
		return missing
	}
	var extra []string
	if l.ShapeSeats.OK && l.ShapeLen.OK {
		extra = append(extra, l.shape())
	}
	if l.BackingPct.OK {
		extra = append(extra, formatPlain(l.BackingPct.V)+"% backing")
	}
	c := formatSessions(l.Sessions.V)
	if len(extra) > 0 {
		c += " (" + strings.Join(extra, ", ") + ")"
	}
	return c
}

// FormatTable renders ledgers side by side: one column per boot, one row per
// item (shape flags, then the budget rows in the audit's order). A cell that
// differs from the first boot's is marked with "*". Below the table come one
// sentence per refused boot ([Ledger.Explain]) and the notes made while
// reading.
func FormatTable(ledgers []*Ledger) string {
	var b strings.Builder
	if len(ledgers) == 0 {
		return ""
	}
	tw := tabwriter.NewWriter(&b, 0, 0, 2, ' ', 0)
	header := []string{""}
	for _, l := range ledgers {
		header = append(header, l.File)
	}
	writeRow(tw, header...)
	marked := false
	add := func(label string, cell func(l *Ledger) string) {
		row := []string{label}
		first := cell(ledgers[0])
		for i, l := range ledgers {
			c := cell(l)
			if i > 0 && c != first {
				c = diffMark + c
				marked = true
			}
			row = append(row, c)
		}
		writeRow(tw, row...)
	}
	for _, name := range flagNames(ledgers) {
		add(name, func(l *Ledger) string {
			v, ok := l.Flags[name]
			switch {
			case !ok:
				return missing
			case v == "":
				return "(set)"
			default:
				return v
			}
		})
	}
	for _, r := range tableRows {
		add(r.label, r.cell)
	}
	// The table goes to a strings.Builder, so the flush does not fail.
	_ = tw.Flush()
	var foot strings.Builder
	if marked {
		fmt.Fprintf(&foot, "%sdiffers from the first boot (%s)\n", diffMark, ledgers[0].File)
	}
	for _, l := range ledgers {
		if why := l.Explain(); why != "" {
			fmt.Fprintf(&foot, "%s was refused: %s.\n", l.File, why)
		}
	}
	for _, l := range ledgers {
		for _, n := range l.Notes {
			fmt.Fprintf(&foot, "note: %s\n", n)
		}
	}
	if foot.Len() > 0 {
		b.WriteString("\n")
		b.WriteString(foot.String())
	}
	return b.String()
}

// writeRow writes one row to the table. Control characters in a cell (a tab
// in a flag's value, a C1 CSI in a hostile ledger) become spaces so that
// they cannot break the columns or reach the terminal.
func writeRow(tw *tabwriter.Writer, cells ...string) {
	clean := make([]string, len(cells))
	for i, c := range cells {
		clean[i] = strings.Map(func(r rune) rune {
			if r < ' ' || r == 0x7f || r >= 0x80 && r < 0xa0 {
				return ' ' // C0, DEL and C1 (U+009B is a CSI); bytes not UTF-8 become U+FFFD
			}
			return r
		}, c)
	}
	// Writes go to a strings.Builder, which does not fail.
	_, _ = tw.Write([]byte(strings.Join(clean, "\t") + "\n"))
}

// flagNames lists the flags echoed by any of the ledgers: the first
// ledger's in its order, then the others' new ones in theirs.
func flagNames(ledgers []*Ledger) []string {
	seen := map[string]bool{}
	var names []string
	for _, l := range ledgers {
		for _, name := range l.FlagOrder {
			if !seen[name] {
				seen[name] = true
				names = append(names, name)
			}
		}
	}
	return names
}

// jsonLedger is the JSON form of a ledger printed by `servelint ledger
// --format=json`. Sizes are in MiB; unset numbers are null.
type jsonLedger struct {
	File               string            `json:"file"`
	Flags              map[string]string `json:"flags"`
	ArenaMiB           Value             `json:"arena_mib"`
	ClaimableMiB       Value             `json:"claimable_mib"`
	RuntimeMiB         Value             `json:"runtime_mib"`
	WeightsVRAMMiB     Value             `json:"weights_vram_mib"`
	WeightsDiskMiB     Value             `json:"weights_disk_mib"`
	VRAMKVMiB          Value             `json:"vram_kv_mib"`
	KVTokens           Value             `json:"kv_tokens"`
	FullLengthSessions Value             `json:"full_length_sessions"`
	Refused            bool              `json:"refused"`
	Refusal            string            `json:"refusal"`
}

// MarshalLedgers renders ledgers as one JSON array with an object per
// ledger: file, flags, arena_mib, claimable_mib, runtime_mib,
// weights_vram_mib, weights_disk_mib, vram_kv_mib, kv_tokens,
// full_length_sessions, refused and refusal (the refusal lines, joined by
// newlines). Sizes are numbers in MiB; a row the ledger lacks is null. The
// output ends with a newline.
func MarshalLedgers(ledgers []*Ledger) ([]byte, error) {
	out := make([]jsonLedger, 0, len(ledgers))
	for _, l := range ledgers {
		flags := l.Flags
		if flags == nil {
			flags = map[string]string{}
		}
		out = append(out, jsonLedger{
			File:               l.File,
			Flags:              flags,
			ArenaMiB:           l.Arena,
			ClaimableMiB:       l.Claimable,
			RuntimeMiB:         l.Runtime,
			WeightsVRAMMiB:     l.WeightsVRAM,
			WeightsDiskMiB:     l.WeightsDisk,
			VRAMKVMiB:          l.VRAMKV,
			KVTokens:           l.KVTokens,
			FullLengthSessions: l.Sessions,
			Refused:            l.Refused(),
			Refusal:            strings.Join(l.Refusal, "\n"),
		})
	}
	data, err := json.MarshalIndent(out, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}
