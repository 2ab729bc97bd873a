// Package docs embeds servelint's rule pages (rules.md) so that the binary
// can print them (`servelint rules RULE`) and describe its rules in SARIF.
//
// rules.md has one "## RULE" section per rule. Each holds the law, a
// "**Severity:** LEVEL" line, an example input as fenced blocks whose info
// string names a file ("```bash file=scripts/serve.sh"), and the exact
// output of servelint on it in blocks marked "output=lint" (`servelint`) and
// "output=diff" (`servelint --diff`). A test in cmd/servelint runs the real
// CLI on every example and fails when an output block drifts.
package docs

import (
	_ "embed"
	"regexp"
	"strings"
)

// Rules is the text of rules.md.
//
//go:embed rules.md
var Rules string

var (
	headingRE  = regexp.MustCompile(`(?m)^## ([a-z][a-z0-9-]*)[ \t]*$`)
	level2RE   = regexp.MustCompile(`(?m)^## `)
	severityRE = regexp.MustCompile(`\*\*Severity:\*\*\s*([a-z]+)`)
)

// Page returns the section of rules.md about a rule, from its "## RULE"
// heading up to the next "## " heading.
func Page(rule string) (string, bool) {
	for _, s := range Sections(Rules) {
		if s.Name == rule {
			return strings.TrimRight(Rules[s.Start:s.End], "\n") + "\n", true
		}
	}
	return "", false
}

// Pages lists the rules that have a page, in document order.
func Pages() []string {
	var out []string
	for _, s := range Sections(Rules) {
		out = append(out, s.Name)
	}
	return out
}

// Section is a rule's "## name" section of a markdown text: its byte span,
// from the heading to the next level-2 heading.
type Section struct {
	Name       string
	Start, End int
}

// Sections finds the "## name" sections of a markdown text (headings inside
// fenced blocks do not count).
func Sections(md string) []Section {
	fenced := fences(md)
	var out []Section
	for _, m := range headingRE.FindAllStringSubmatchIndex(md, -1) {
		if inside(fenced, m[0]) {
			continue
		}
		if n := len(out); n > 0 {
			out[n-1].End = m[0]
		}
		out = append(out, Section{Name: md[m[2]:m[3]], Start: m[0], End: len(md)})
	}
	// A section ends at the next level-2 heading of any kind too.
	for i := range out {
		rest := md[out[i].Start+1 : out[i].End]
		for _, idx := range level2RE.FindAllStringIndex(rest, -1) {
			if !inside(fenced, out[i].Start+1+idx[0]) {
				out[i].End = out[i].Start + 1 + idx[0]
				break
			}
		}
	}
	return out
}

// Severity returns the default level a rule's page states
// ("**Severity:** error"), "" when it states none.
func Severity(rule string) string {
	p, ok := Page(rule)
	if !ok {
		return ""
	}
	m := severityRE.FindStringSubmatch(p)
	if m == nil {
		return ""
	}
	return m[1]
}

// Block is a fenced code block of a page.
type Block struct {
	// Lang is the first word of the info string; Attrs the key=value words
	// after it.
	Lang  string
	Attrs map[string]string
	// Body is the block's text; BodyStart and BodyEnd its byte span in the
	// markdown the block was found in.
	Body               string
	BodyStart, BodyEnd int

	fenceStart, fenceEnd int
}

// scan finds the fenced blocks of a markdown text: an opening line starting
// with three backticks, a closing line of just three backticks.
func scan(md string) []Block {
	var out []Block
	open := false
	var cur Block
	fenceStart := 0
	for off := 0; off < len(md); {
		end := strings.IndexByte(md[off:], '\n')
		next := len(md)
		if end >= 0 {
			next = off + end + 1
			end = off + end
		} else {
			end = len(md)
		}
		line := strings.TrimRight(md[off:end], "\r")
		switch {
		case !open && strings.HasPrefix(line, "```"):
			open = true
			fenceStart = off
			cur = Block{Attrs: map[string]string{}, BodyStart: next, fenceStart: fenceStart}
			fields := strings.Fields(line[3:])
			if len(fields) > 0 {
				cur.Lang = fields[0]
				for _, f := range fields[1:] {
					k, v, _ := strings.Cut(f, "=")
					cur.Attrs[k] = v
				}
			}
		case open && strings.TrimSpace(line) == "```":
			open = false
			cur.BodyEnd = off
			cur.Body = md[cur.BodyStart:off]
			cur.fenceEnd = next
			out = append(out, cur)
		}
		off = next
	}
	if open {
		cur.BodyEnd, cur.Body, cur.fenceEnd = len(md), md[cur.BodyStart:], len(md)
		out = append(out, cur)
	}
	return out
}

// Blocks returns the fenced code blocks of a markdown text, in order.
func Blocks(md string) []Block { return scan(md) }

// fences returns the spans of fenced blocks, fences included.
func fences(md string) [][2]int {
	var out [][2]int
	for _, b := range scan(md) {
		out = append(out, [2]int{b.fenceStart, b.fenceEnd})
	}
	return out
}

func inside(spans [][2]int, off int) bool {
	for _, s := range spans {
		if off >= s[0] && off < s[1] {
			return true
		}
	}
	return false
}
