package ledger

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"

	"github.com/servelint/servelint/internal/fsread"

	"github.com/servelint/servelint/internal/lazyre"
)

const (
	// MaxLineBytes is the longest line Parse reads; longer lines are skipped
	// with a note.
	MaxLineBytes = 64 << 10
	// MaxLedgerBytes is how much of a file Parse reads at most. A boot
	// ledger is a few KiB at the head of the engine's log; the rest of a
	// long-running server's log is not read.
	MaxLedgerBytes = 32 << 20

	// maxLineNotes and maxRefusalLines bound what a pathological file can
	// make Parse keep.
	maxLineNotes    = 100
	maxRefusalLines = 50
)

var (
	// bootRE recognises the line that opens a boot:
	// "radiance 2026.11.3 boot pid=41822 container=...".
	bootRE = lazyre.New(`\bboot\b.*\bpid=[0-9]+`)
	// glogRE is a glog-style level and date token: "I1127".
	glogRE = lazyre.New(`^[IWEF][0-9]{4}$`)
	// flagNameRE is an echoed flag's name.
	flagNameRE = lazyre.New(`^--[A-Za-z0-9][A-Za-z0-9_.-]*$`)

	seatsRE    = lazyre.New(`(?i)(` + numberPattern + `)\s*seats?\b`)
	stepRE     = lazyre.New(`(?i)\bstep\s+(` + numberPattern + `)`)
	tokensRE   = lazyre.New(`(?i)(` + numberPattern + `)\s*tokens?\b`)
	sessionsRE = lazyre.New(`(?i)(` + numberPattern + `)\s*full-length sessions`)
	shapeRE    = lazyre.New(`\b(` + numberPattern + `)\s*[xX×]\s*(` + numberPattern + `)\b`)
	backingRE  = lazyre.New(`(?i)(` + numberPattern + `)\s*%\s*backing`)
	noteRE     = lazyre.New(`\(([^()]*)\)`)
)

// ParseFile reads the ledger in the file at path; see [Parse].
func ParseFile(path string) (*Ledger, error) {
	if st, err := os.Stat(path); err == nil && st.Mode()&os.ModeNamedPipe != 0 {
		// A FIFO: opened plainly it would wait for a writer forever.
		// fsread never waits; one nobody writes to is an error.
		data, err := fsread.Read(path, MaxLedgerBytes)
		if err != nil {
			return nil, err
		}
		return Parse(path, bytes.NewReader(data))
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	l, err := Parse(path, f)
	if cerr := f.Close(); cerr != nil && err == nil {
		return nil, fmt.Errorf("%s: %w", path, cerr)
	}
	return l, err
}

// Parse reads one boot ledger from r; name is used in the ledger's File and
// in messages. It reads at most [MaxLedgerBytes] and skips lines longer than
// [MaxLineBytes]. It fails, naming the file, when r cannot be read, is empty,
// or holds none of the ledger's rows (no echoed flag and no `vram_budget:`
// row). Anything else — missing rows, unreadable values, a truncated end —
// is recorded in the Ledger (unset values, Notes) and is not an error.
func Parse(name string, r io.Reader) (*Ledger, error) {
	p := &parser{l: &Ledger{File: name, Flags: map[string]string{}}}
	br := bufio.NewReaderSize(io.LimitReader(r, MaxLedgerBytes), MaxLineBytes)
	var read int64
	lineNo := 0
	for !p.done {
		line, err := br.ReadSlice('\n')
		read += int64(len(line))
		if errors.Is(err, bufio.ErrBufferFull) {
			lineNo++
			p.nonBlank++
			p.notef(lineNo, "line longer than %d KiB skipped", MaxLineBytes>>10)
			for errors.Is(err, bufio.ErrBufferFull) {
				line, err = br.ReadSlice('\n')
				read += int64(len(line))
			}
		} else if len(line) > 0 {
			lineNo++
			p.line(lineNo, string(line))
		}
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("%s: %w", name, err)
		}
	}
	return p.finish(read)
}

// parser holds the state of one Parse.
type parser struct {
	l        *Ledger
	nonBlank int  // lines that are not blank
	rows     int  // flags and budget rows recognised
	budget   int  // `vram_budget:` lines seen
	header   bool // the boot's opening line was seen
	done     bool // the boot's end was reached
	errLines []string
	// lineNotes counts the notes about single lines, kept or not.
	lineNotes int
}

// notef records a note about line n, or about the whole file when n is 0.
// Past maxLineNotes, notes about lines are only counted.
func (p *parser) notef(n int, format string, args ...any) {
	where := p.l.File
	if n > 0 {
		if p.lineNotes++; p.lineNotes > maxLineNotes {
			return
		}
		where = fmt.Sprintf("%s:%d", where, n)
	}
	p.l.Notes = append(p.l.Notes, where+": "+fmt.Sprintf(format, args...))
}

// errLine keeps a line that may refuse the boot; past maxRefusalLines only
// the line that stops startup is kept.
func (p *parser) errLine(raw string, stop bool) {
	if stop || len(p.errLines) < maxRefusalLines {
		p.errLines = append(p.errLines, strings.TrimSpace(raw))
	}
}

// line handles one line of the ledger.
func (p *parser) line(n int, raw string) {
	raw = strings.TrimRight(raw, "\r\n\t ")
	if strings.TrimSpace(raw) == "" {
		return
	}
	p.nonBlank++
	level, msg := splitLevel(raw)
	if isBootHeader(msg) {
		if p.header || p.rows > 0 {
			p.notef(n, "a second boot starts here; only the first is read")
			p.done = true
			return
		}
		p.header = true
		return
	}
	stop := strings.Contains(msg, "startup stopped")
	if level == 'E' || level == 'F' || stop {
		p.errLine(raw, stop)
	}
	switch {
	case strings.HasPrefix(msg, "--"):
		p.flag(n, msg)
	case strings.Contains(msg, "vram_budget:"):
		_, budget, _ := strings.Cut(msg, "vram_budget:")
		p.budget++
		p.budgetRow(n, strings.TrimSpace(budget))
	}
	switch {
	case stop:
		p.l.Outcome = OutcomeRefused
		p.done = true
	case strings.Contains(msg, "startup complete"):
		p.l.Outcome = OutcomeStarted
		p.done = true
	}
}

// isBootHeader reports whether msg is the line that opens a boot.
func isBootHeader(msg string) bool {
	// The substring test spares the regexp the lines of a long log.
	return strings.Contains(msg, "pid=") && !strings.HasPrefix(msg, "--") && bootRE.MatchString(msg)
}

// splitLevel finds the level letter of a log line and returns it with the
// message after it. Whatever precedes the level (a timestamp, a host, a
// process tag) is skipped. The level is the first of the leading tokens that
// is I, W, E or F, or a glog token such as I1127 (the message then starts
// after the first "] "); the search gives up at a flag or a `vram_budget:`
// tag. A line without a level is returned whole, level 0.
func splitLevel(line string) (byte, string) {
	rest := line
	for range 8 {
		rest = strings.TrimLeft(rest, " \t")
		tok, after, _ := strings.Cut(rest, " ")
		if i := strings.IndexByte(tok, '\t'); i >= 0 {
			tok, after = tok[:i], rest[i+1:]
		}
		switch {
		case tok == "":
			return 0, strings.TrimSpace(line)
		case tok == "I" || tok == "W" || tok == "E" || tok == "F":
			return tok[0], strings.TrimSpace(after)
		case glogRE.MatchString(tok):
			if _, msg, ok := strings.Cut(after, "] "); ok {
				return tok[0], strings.TrimSpace(msg)
			}
			return tok[0], strings.TrimSpace(after)
		case strings.HasPrefix(tok, "--") || strings.Contains(tok, "vram_budget:"):
			// The message has begun and no level preceded it.
			return 0, strings.TrimSpace(line)
		}
		rest = after
	}
	return 0, strings.TrimSpace(line)
}

// flag records an echoed flag: "--name value" or "--name=value".
func (p *parser) flag(n int, msg string) {
	name, value := msg, ""
	if i := strings.IndexAny(msg, " \t"); i >= 0 {
		name, value = msg[:i], msg[i+1:]
	}
	if before, after, ok := strings.Cut(name, "="); ok {
		name, value = before, after
	}
	value = strings.TrimSpace(value)
	if !flagNameRE.MatchString(name) {
		return
	}
	p.rows++
	if old, seen := p.l.Flags[name]; seen {
		if old != value {
			p.notef(n, "%s echoed again as %q; the first value %q is kept", name, value, old)
		}
		return
	}
	p.l.Flags[name] = value
	p.l.FlagOrder = append(p.l.FlagOrder, name)
}

// budget records a `vram_budget:` row; m is the text after the tag.
func (p *parser) budgetRow(n int, m string) {
	switch {
	case hasPrefixFold(m, "runtime"):
		p.size(n, "runtime", &p.l.Runtime, m[len("runtime"):])
		p.count(n, "runtime seats", &p.l.RuntimeSeats, seatsRE, m)
	case hasPrefixFold(m, "activation arena"):
		p.size(n, "activation arena", &p.l.Arena, m[len("activation arena"):])
		p.count(n, "arena step", &p.l.ArenaStep, stepRE, m)
	case hasPrefixFold(m, "claimable"):
		p.size(n, "claimable", &p.l.Claimable, m[len("claimable"):])
	case hasPrefixFold(m, "weights by tier"):
		p.weights(n, m[len("weights by tier"):])
	case hasPrefixFold(m, "vram_kv"):
		p.size(n, "vram_kv", &p.l.VRAMKV, m[len("vram_kv"):])
		p.count(n, "kv tokens", &p.l.KVTokens, tokensRE, m)
	case hasPrefixFold(m, "expert prefetch"):
		p.size(n, "expert prefetch", &p.l.Prefetch, m[len("expert prefetch"):])
		if note := noteRE.FindStringSubmatch(m); note != nil && p.l.PrefetchNote == "" {
			p.l.PrefetchNote = strings.TrimSpace(note[1])
		}
	}
	if strings.Contains(strings.ToLower(m), "full-length sessions") {
		p.rows++
		p.count(n, "full-length sessions", &p.l.Sessions, sessionsRE, m)
		if s := shapeRE.FindStringSubmatch(m); s != nil {
			p.number(n, "shape seats", &p.l.ShapeSeats, s[1])
			p.number(n, "shape length", &p.l.ShapeLen, s[2])
		}
		p.count(n, "backing", &p.l.BackingPct, backingRE, m)
	}
}

// hasPrefixFold reports whether s starts with prefix, ignoring case.
func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// weights reads "vram X (dense X, experts X), host pool X,
// container-on-disk X" in any order.
func (p *parser) weights(n int, m string) {
	m = strings.TrimLeft(m, ": ")
	parts := []struct {
		row   string
		words []string
		dst   *Value
	}{
		{"weights in vram", []string{"vram"}, &p.l.WeightsVRAM},
		{"dense weights", []string{"dense"}, &p.l.WeightsDense},
		{"expert weights", []string{"experts"}, &p.l.WeightsExperts},
		{"weights in host pool", []string{"host pool", "host"}, &p.l.WeightsHost},
		{"weights on disk", []string{"container-on-disk", "disk"}, &p.l.WeightsDisk},
	}
	found := false
	for _, part := range parts {
		for _, w := range part.words {
			if rest, ok := afterWord(m, w); ok {
				p.size(n, part.row, part.dst, rest)
				found = true
				break
			}
		}
	}
	if !found {
		p.rows++
		p.notef(n, "weights by tier: no tier in %q; the rows are left missing", clip(m))
	}
}

// afterWord returns the text after the first occurrence of word in s that
// stands as a word of its own: not inside a longer word or hyphenated name.
func afterWord(s, word string) (string, bool) {
	for from := 0; from < len(s); {
		i := strings.Index(s[from:], word)
		if i < 0 {
			return "", false
		}
		i += from
		end := i + len(word)
		if (i == 0 || !isWordByte(s[i-1])) && (end == len(s) || !isWordByte(s[end])) {
			return s[end:], true
		}
		from = i + 1
	}
	return "", false
}

// isWordByte reports whether c continues a word or a hyphenated name.
func isWordByte(c byte) bool {
	return c == '_' || c == '-' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// size reads the size at the start of s into dst.
func (p *parser) size(n int, row string, dst *Value, s string) {
	p.rows++
	mib, err := parseSize(strings.TrimLeft(s, ": "))
	if err != nil {
		p.notef(n, "%s: %v; the row is left missing", row, err)
		return
	}
	p.set(n, row, dst, mib)
}

// count reads the number re captures in s into dst; nothing when re does
// not match.
func (p *parser) count(n int, row string, dst *Value, re lazyre.RE, s string) {
	v, err := countIn(re, s)
	if err != nil {
		p.notef(n, "%s: %v; the row is left missing", row, err)
		return
	}
	if v.OK {
		p.set(n, row, dst, v.V)
	}
}

// number reads the number s into dst.
func (p *parser) number(n int, row string, dst *Value, s string) {
	v, err := parseNumber(s)
	if err != nil {
		p.notef(n, "%s: %v; the row is left missing", row, err)
		return
	}
	p.set(n, row, dst, v)
}

// set stores v in dst unless dst already holds a value: the first value of a
// row wins, and a different later one is noted.
func (p *parser) set(n int, row string, dst *Value, v float64) {
	if dst.OK {
		if dst.V != v {
			p.notef(n, "%s given again as %s; the first value %s is kept", row, formatPlain(v), formatPlain(dst.V))
		}
		return
	}
	*dst = Value{V: v, OK: true}
}

// finish checks what was read and completes the ledger.
func (p *parser) finish(read int64) (*Ledger, error) {
	l := p.l
	if p.nonBlank == 0 {
		return nil, fmt.Errorf("%s: empty ledger: the file holds no text", l.File)
	}
	// A refusal says when the file was read only in part: its first
	// 32 MiB may hold one long line and nothing of the ledger after it.
	cut := ""
	if read >= MaxLedgerBytes {
		cut = fmt.Sprintf(" (only its first %d MiB were read)", MaxLedgerBytes>>20)
	}
	if p.rows == 0 {
		return nil, fmt.Errorf("%s: not a boot ledger: none of its %d lines is an echoed flag (`I  --flag value`) or a `vram_budget:` row%s", l.File, p.nonBlank, cut)
	}
	if !p.header && p.budget == 0 && l.Outcome == OutcomeUnknown {
		// Lines starting with flags alone are any shell script's.
		return nil, fmt.Errorf("%s: not a boot ledger: it has no boot line (`… boot pid=N`), no `vram_budget:` row and no outcome, only lines that start with flags%s", l.File, cut)
	}
	if p.lineNotes > maxLineNotes {
		p.notef(0, "%d more notes about single lines left out", p.lineNotes-maxLineNotes)
	}
	if read >= MaxLedgerBytes {
		p.notef(0, "only the first %d MiB were read", MaxLedgerBytes>>20)
	}
	if l.Outcome == OutcomeUnknown && len(p.errLines) > 0 {
		l.Outcome = OutcomeRefused
	}
	switch l.Outcome {
	case OutcomeRefused:
		l.Refusal = p.errLines
	case OutcomeUnknown:
		p.notef(0, "the ledger ends before the boot's outcome (no `startup complete` or `startup stopped` line): it may be truncated")
	}
	return l, nil
}
