package fixes

import (
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
)

// Edit replaces Src[Start:End] with New, offsets in bytes into the file as
// read (BOM included). Start == End is an insertion before byte Start.
type Edit struct {
	Start, End int
	New        string
}

// Fix is one suggested fix of one finding: a message and edits that may touch
// several files. Edits is keyed by file path; the path must be spelled as the
// key of the files map given to [Loop]. A fix is applied to all the files it
// edits or to none of them.
type Fix struct {
	Message string
	Edits   map[string][]Edit
}

// Paths returns, sorted, the paths of the files the fix has at least one edit
// for.
func (f Fix) Paths() []string {
	paths := make([]string, 0, len(f.Edits))
	for p, edits := range f.Edits {
		if len(edits) > 0 {
			paths = append(paths, p)
		}
	}
	slices.Sort(paths)
	return paths
}

// ErrBadEdit is wrapped by the errors reporting an edit that cannot be applied
// at all: a negative or reversed range, a range past the end of the file, an
// edit inside a byte order mark, or (in [Loop]) an edit of an unknown file.
var ErrBadEdit = errors.New("invalid edit")

// ErrOverlap is wrapped by the errors reporting that a fix was not applied
// because its edits overlap each other or the edits of a fix applied before
// it.
var ErrOverlap = errors.New("overlapping edits")

// bom is the UTF-8 encoding of U+FEFF, the byte order mark.
const bom = "\xef\xbb\xbf"

// Apply applies to one file's content the edits of as many fixes as can be
// applied together. Fixes are taken in order; a fix whose edits overlap an
// already-accepted fix's edits (or each other) is skipped and reported as
// deferred so that a later pass can apply it after re-analysis. Identical
// edits from two fixes count once: a fix all of whose edits were already
// made by earlier fixes is reported as applied. A fix without edits is
// reported as applied. See the package documentation for the overlap rules,
// the order of insertions at one offset, and line-ending conversion.
//
// Apply returns the new content (a fresh slice; src is not modified) and the
// increasing indexes of the applied and of the deferred fixes (nil when
// empty); every index of fixes is in exactly one of them. It returns an error
// wrapping [ErrBadEdit], and no content, if any edit of any fix has a bad
// span, is out of range, or would touch the byte order mark.
func Apply(src []byte, fixes [][]Edit) (out []byte, applied, deferred []int, err error) {
	p := newPlanner(src)
	for i, edits := range fixes {
		if err := p.check(edits); err != nil {
			return nil, nil, nil, fmt.Errorf("fix %d: %w", i, err)
		}
	}
	for i, edits := range fixes {
		spans, err := p.prepare(edits)
		if err != nil {
			deferred = append(deferred, i)
			continue
		}
		fresh, c := p.fresh(spans)
		if c != nil {
			deferred = append(deferred, i)
			continue
		}
		p.commit(fresh, i)
		applied = append(applied, i)
	}
	return p.output(), applied, deferred, nil
}

// span is an edit ready to be applied: its text has the file's line endings.
type span struct {
	start, end int
	text       string
	owner      int // index of the fix the span was accepted for
}

func (s span) String() string { return fmt.Sprintf("[%d,%d)", s.start, s.end) }

func compareKeys(a, b span) int {
	return cmp.Or(cmp.Compare(a.start, b.start), cmp.Compare(a.end, b.end))
}

// overlaps reports whether a and b intersect (see the package documentation).
func overlaps(a, b span) bool { return a.start < b.end && b.start < a.end }

// conflict describes why a fix cannot be accepted: its span mine overlaps
// the span theirs, accepted before or belonging to the same fix.
type conflict struct{ mine, theirs span }

// planner accumulates the accepted edits of one file.
type planner struct {
	src    []byte
	crlf   bool // dominant line ending is CRLF
	hasBOM bool
	// acc holds the accepted spans sorted by (start, end), spans with equal
	// keys (insertions at one offset) in acceptance order. The spans do not
	// overlap, so their ends are non-decreasing too.
	acc []span
}

func newPlanner(src []byte) *planner {
	return &planner{src: src, crlf: isCRLF(src), hasBOM: bytes.HasPrefix(src, []byte(bom))}
}

// clone returns a copy of p sharing its source but not its accepted spans.
func (p *planner) clone() *planner {
	q := *p
	q.acc = slices.Clone(p.acc)
	return &q
}

// check reports an error wrapping ErrBadEdit for the first edit that cannot
// be applied to p.src.
func (p *planner) check(edits []Edit) error {
	for i, e := range edits {
		switch {
		case e.Start < 0 || e.End < e.Start:
			return fmt.Errorf("edit %d: bad span [%d,%d): %w", i, e.Start, e.End, ErrBadEdit)
		case e.End > len(p.src):
			return fmt.Errorf("edit %d: span [%d,%d) out of range of %d bytes: %w", i, e.Start, e.End, len(p.src), ErrBadEdit)
		case p.hasBOM && e.Start < len(bom):
			return fmt.Errorf("edit %d: span [%d,%d) touches the byte order mark: %w", i, e.Start, e.End, ErrBadEdit)
		}
	}
	return nil
}

// prepare turns checked edits into spans: line endings converted, no-ops and
// duplicates dropped, sorted by (start, end) keeping the given order of
// insertions at one offset. It returns a conflict if two edits overlap.
func (p *planner) prepare(edits []Edit) ([]span, *conflict) {
	spans := make([]span, 0, len(edits))
	for _, e := range edits {
		text := e.New
		if p.crlf {
			text = toCRLF(text)
		}
		if string(p.src[e.Start:e.End]) == text {
			continue // no-op, including empty insertions
		}
		spans = append(spans, span{start: e.Start, end: e.End, text: text})
	}
	slices.SortStableFunc(spans, compareKeys)
	out := make([]span, 0, len(spans))
	for i := 0; i < len(spans); {
		j := i + 1
		for j < len(spans) && compareKeys(spans[i], spans[j]) == 0 {
			j++
		}
		group := spans[i:j]
		for k, s := range group {
			if !slices.ContainsFunc(group[:k], func(t span) bool { return t.text == s.text }) {
				out = append(out, s)
			}
		}
		i = j
	}
	maxEnd, last := -1, -1
	for i, s := range out {
		if s.start < maxEnd {
			return nil, &conflict{mine: s, theirs: out[last]}
		}
		if s.end > maxEnd {
			maxEnd, last = s.end, i
		}
	}
	return out, nil
}

// has reports whether an edit identical to s has been accepted.
func (p *planner) has(s span) bool {
	i := sort.Search(len(p.acc), func(i int) bool { return compareKeys(p.acc[i], s) >= 0 })
	for ; i < len(p.acc) && compareKeys(p.acc[i], s) == 0; i++ {
		if p.acc[i].text == s.text {
			return true
		}
	}
	return false
}

// fresh returns the spans not already accepted, or the first conflict of a
// span with an accepted one.
func (p *planner) fresh(spans []span) ([]span, *conflict) {
	var out []span
	for _, s := range spans {
		if p.has(s) {
			continue
		}
		// Accepted ends are non-decreasing, and among the accepted spans
		// ending after s.start the first one has the smallest start.
		i := sort.Search(len(p.acc), func(i int) bool { return p.acc[i].end > s.start })
		if i < len(p.acc) && overlaps(p.acc[i], s) {
			return nil, &conflict{mine: s, theirs: p.acc[i]}
		}
		out = append(out, s)
	}
	return out, nil
}

// commit accepts spans returned by fresh for the fix with index owner.
func (p *planner) commit(spans []span, owner int) {
	for _, s := range spans {
		s.owner = owner
		i := sort.Search(len(p.acc), func(i int) bool { return compareKeys(p.acc[i], s) > 0 })
		p.acc = slices.Insert(p.acc, i, s)
	}
}

// output returns the source with the accepted spans applied.
func (p *planner) output() []byte {
	n := len(p.src)
	for _, s := range p.acc {
		n += len(s.text) - (s.end - s.start)
	}
	out := make([]byte, 0, n)
	last := 0
	for _, s := range p.acc {
		out = append(out, p.src[last:s.start]...)
		out = append(out, s.text...)
		last = s.end
	}
	return append(out, p.src[last:]...)
}

// isCRLF reports whether b has more "\r\n" than bare "\n" line endings.
func isCRLF(b []byte) bool {
	crlf := bytes.Count(b, []byte("\r\n"))
	lf := bytes.Count(b, []byte("\n")) - crlf
	return crlf > lf
}

// toCRLF returns s with every "\n" not preceded by "\r" replaced by "\r\n".
func toCRLF(s string) string {
	if !strings.Contains(s, "\n") {
		return s
	}
	var b strings.Builder
	b.Grow(len(s) + strings.Count(s, "\n"))
	for i := 0; i < len(s); i++ {
		if s[i] == '\n' && (i == 0 || s[i-1] != '\r') {
			b.WriteByte('\r')
		}
		b.WriteByte(s[i])
	}
	return b.String()
}
