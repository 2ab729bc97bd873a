// Package suppress reads servelint's inline suppressions from scripts and
// env files, decides which findings they silence, and reports the
// suppressions that are wrong: without a reason, naming an unknown rule,
// malformed, or silencing nothing.
//
// The forms are:
//
//	cmd --flag 2048   # servelint:ignore RULE[,RULE] -- reason
//
// at the end of a line silences those rules on that line (a finding belongs
// to the line it starts on);
//
//	# servelint:ignore RULE[,RULE] -- reason
//	cmd --flag 2048 \
//	    --other 1
//
// on its own line covers the next command, its `\` continuation lines and
// any comment lines between (for a compound command — if, while, for, case,
// a function, a group — only its head: the condition, the loop words, the
// case word, the first line); and
//
//	# servelint:ignore-file RULE[,RULE] -- reason
//
// on its own line before the first command covers the whole file. The same
// forms work in env files, where "the next command" is the next entry with
// its continuation lines.
//
// Problems with suppressions are findings of the pseudo-rule [Rule]: it has
// no analyzer; the driver asks a [Set] for them after the rules ran.
package suppress

import (
	"fmt"
	"math"
	"regexp"
	"slices"
	"sort"
	"strings"
	"unicode"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// Rule is the id under which problems with suppressions are reported.
const Rule = "suppression"

// Doc is the pseudo-rule's law, in the form of an analyzer's Doc: the first
// line is the summary.
const Doc = `a servelint:ignore comment that has no reason, names an unknown rule, is malformed or misplaced, or silences nothing

A suppression is a decision someone made about one finding; the reason after
"--" is the record of that decision. A suppression without a reason is
reported (it still silences what it names). One that names a rule servelint
does not know, that is malformed, or an ignore-file after the first command
silences nothing and is reported. One that silences nothing on the lines it
covers is reported too, so that stale suppressions do not outlive the code
they excused; a rule that did not run (disabled) is not held against it.
The fix for an unused suppression deletes it (or the unused names).`

// Severities of suppression findings.
const (
	sevError   = "error"
	sevWarning = "warning"
)

// Scope says what a directive covers.
type Scope int

// The scopes of a directive.
const (
	// ScopeLine is an end-of-line directive: the line it is on.
	ScopeLine Scope = iota
	// ScopeNext is a directive on its own line: the next command.
	ScopeNext
	// ScopeFile is an ignore-file directive: the whole file.
	ScopeFile
)

func (s Scope) String() string {
	switch s {
	case ScopeNext:
		return "next command"
	case ScopeFile:
		return "file"
	}
	return "line"
}

// Directive is one servelint:ignore comment.
type Directive struct {
	File  string
	Scope Scope
	// Line is the 1-based line of the comment.
	Line int
	// Start and End span the directive text, from its '#' to the end of
	// the line (without a '\r').
	Start, End int
	// Rules are the rule names, in order.
	Rules []string
	// Reason is the text after "--", trimmed; "" when missing.
	Reason string
	// From and To are the lines covered, inclusive.
	From, To int
	// Active is false for a directive that silences nothing because it is
	// malformed or misplaced.
	Active bool

	ruleSpans  [][2]int // byte span of each rule name
	listStart  int      // span of the whole rule list
	listEnd    int
	delStart   int // span a fix deletes to remove the directive
	delEnd     int
	used       map[string]bool
	src        []byte
	ignoreName string // "ignore" or "ignore-file"
}

// Covers reports whether the directive covers line for rule.
func (d *Directive) Covers(line int, rule string) bool {
	if !d.Active || line < d.From || line > d.To {
		return false
	}
	for _, r := range d.Rules {
		if r == rule {
			return true
		}
	}
	return false
}

// Edit is one text edit of a fix, by byte offsets into the problem's file.
type Edit struct {
	Start, End int
	New        string
}

// Problem is a finding of the pseudo-rule [Rule].
type Problem struct {
	File string
	// Start and End are the byte span the finding points at.
	Start, End int
	Severity   string
	Message    string
	// FixMessage and Edits are the fix; Edits is empty when there is none.
	FixMessage string
	Edits      []Edit

	dir *Directive
}

// Directive returns the directive the problem is about.
func (p Problem) Directive() *Directive { return p.dir }

// Set holds the directives of a set of files.
type Set struct {
	known    func(string) bool
	dirs     map[string][]*Directive
	problems []Problem
	// lines indexes each file's lines (lineIndex), built on first use: a
	// file of thousands of directives asked the line of each offset by
	// counting from the start.
	lines map[string]*lineIndex
	// undecidable, when set, names the (file, rule) pairs whose use
	// cannot be judged from the files at hand (SetUndecidable).
	undecidable func(file, rule string) bool
}

// SetUndecidable names the (file, rule) pairs a directive's use cannot be
// judged for: a finding of that rule on that file may come from files that
// were not read (a shim's readers beyond the one script a pre-commit hook
// was given). Such rules of a directive are never reported unused.
func (s *Set) SetUndecidable(f func(file, rule string) bool) { s.undecidable = f }

// New returns an empty set. known reports whether a rule name exists; nil
// accepts every name.
func New(known func(string) bool) *Set {
	if known == nil {
		known = func(string) bool { return true }
	}
	return &Set{known: known, dirs: map[string][]*Directive{}}
}

// Empty reports whether the set holds no directive and no problem.
func (s *Set) Empty() bool { return len(s.dirs) == 0 && len(s.problems) == 0 }

// Directives returns the directives of a file, in source order.
func (s *Set) Directives(file string) []*Directive { return s.dirs[file] }

// directiveRE finds a directive in a comment: '#', blanks, "servelint:" and
// a word.
var directiveRE = regexp.MustCompile(`#[ \t]*servelint:([A-Za-z][A-Za-z-]*)?`)

// IsDirective reports whether the comment opening b (its '#' first) is a
// servelint directive.
func IsDirective(b []byte) bool {
	m := directiveRE.FindIndex(b)
	return m != nil && m[0] == 0
}

// lineBounds returns the start of the line holding off and the end of that
// line (before "\n" and a '\r' before it).
func lineBounds(src []byte, off int) (start, end int) {
	start = off
	for start > 0 && src[start-1] != '\n' {
		start--
	}
	end = off
	for end < len(src) && src[end] != '\n' {
		end++
	}
	if end > start && src[end-1] == '\r' {
		end--
	}
	return start, end
}

// nextLineStart returns the offset after the newline that ends the line of off.
func nextLineStart(src []byte, off int) int {
	for off < len(src) && src[off] != '\n' {
		off++
	}
	if off < len(src) {
		off++
	}
	return off
}

func blank(b []byte) bool {
	s := strings.TrimPrefix(string(b), "\xef\xbb\xbf")
	return strings.TrimFunc(s, unicode.IsSpace) == ""
}

// lineIndex holds the offsets at which a file's lines start and, for each
// line, the first line from there on that is code (neither blank nor only a
// comment).
type lineIndex struct {
	size   int
	starts []int
	code   []int // code[i]: the 0-based index of that line, len(starts) when none
}

func newLineIndex(src []byte) *lineIndex {
	x := &lineIndex{size: len(src), starts: []int{0}}
	for i, b := range src {
		if b == '\n' { // a start at len(src) too: the line after a final newline, as counting gives
			x.starts = append(x.starts, i+1)
		}
	}
	x.code = make([]int, len(x.starts)+1)
	x.code[len(x.starts)] = len(x.starts)
	for i := len(x.starts) - 1; i >= 0; i-- {
		_, le := lineBounds(src, x.starts[i])
		t := strings.TrimLeftFunc(strings.TrimPrefix(string(src[x.starts[i]:le]), "\xef\xbb\xbf"), unicode.IsSpace)
		if t != "" && t[0] != '#' {
			x.code[i] = i
		} else {
			x.code[i] = x.code[i+1]
		}
	}
	return x
}

// line returns the 1-based line of a byte offset.
func (x *lineIndex) line(off int) int {
	return sort.Search(len(x.starts), func(i int) bool { return x.starts[i] > off })
}

// nextCode returns the 1-based line of the first code line after the line
// holding off.
func (x *lineIndex) nextCode(off int) (int, bool) {
	i := x.line(off) // the 0-based index of the next line
	if i >= len(x.starts) || x.code[i] >= len(x.starts) {
		return 0, false
	}
	return x.code[i] + 1, true
}

// index returns the line index of a file's source, built once.
func (s *Set) index(file string, src []byte) *lineIndex {
	if x := s.lines[file]; x != nil && x.size == len(src) {
		return x
	}
	if s.lines == nil {
		s.lines = map[string]*lineIndex{}
	}
	x := newLineIndex(src)
	s.lines[file] = x
	return x
}

// parseAt parses the directive whose '#' is at hash (found by directiveRE in
// the comment that starts at commentStart). ownLine says whether nothing but
// blanks precedes the '#' on its line. It returns nil when the text is not
// a directive.
func (s *Set) parseAt(file string, src []byte, hash int, ownLine bool) *Directive {
	ls, le := lineBounds(src, hash)
	text := string(src[hash:le])
	m := directiveRE.FindStringSubmatchIndex(text)
	if m == nil || m[0] != 0 {
		return nil
	}
	d := &Directive{File: file, Line: s.index(file, src).line(hash), Start: hash, End: le, used: map[string]bool{}, src: src, Active: true}
	if ownLine {
		d.delStart, d.delEnd = ls, nextLineStart(src, hash)
	} else {
		ds := hash
		for ds > ls && (src[ds-1] == ' ' || src[ds-1] == '\t') {
			ds--
		}
		d.delStart, d.delEnd = ds, le
	}
	word := ""
	if m[2] >= 0 {
		word = text[m[2]:m[3]]
	}
	switch word {
	case "ignore":
		d.Scope = ScopeLine
		if ownLine {
			d.Scope = ScopeNext
		}
	case "ignore-file":
		d.Scope = ScopeFile
		if !ownLine {
			s.problem(d, hash, le, sevError, "servelint:ignore-file must stand on its own line before the first command; it silences nothing here")
			d.Active = false
		}
	default:
		s.problem(d, hash, le, sevError, fmt.Sprintf("unknown directive servelint:%s (want servelint:ignore or servelint:ignore-file); it silences nothing", word))
		d.Active = false
		return d
	}
	d.ignoreName = word
	rest := text[m[1]:]
	restOff := hash + m[1]
	if rest != "" && rest[0] != ' ' && rest[0] != '\t' {
		s.problem(d, hash, le, sevError, fmt.Sprintf("malformed suppression: want `# servelint:%s RULE[,RULE] -- reason`", word))
		d.Active = false
		return d
	}
	list, reason := rest, ""
	hasSep := false
	if i := strings.Index(rest, "--"); i >= 0 {
		list, reason, hasSep = rest[:i], strings.TrimSpace(rest[i+2:]), true
	}
	d.Reason = reason
	// Rule names: separated by commas, blanks allowed around the commas.
	type tok struct {
		name       string
		start, end int
	}
	var toks []tok
	extra := false
	i := 0
	sawComma := true
	for i < len(list) {
		c := list[i]
		switch c {
		case ' ', '\t':
			i++
		case ',':
			sawComma = true
			i++
		default:
			j := i
			for j < len(list) && list[j] != ',' && list[j] != ' ' && list[j] != '\t' {
				j++
			}
			if !sawComma {
				extra = true
			}
			toks = append(toks, tok{list[i:j], restOff + i, restOff + j})
			sawComma = false
			i = j
		}
	}
	if extra && !hasSep {
		// `servelint:ignore rule because …`: the reason without "--".
		s.problem(d, hash, le, sevError, fmt.Sprintf("malformed suppression: write the reason after \"--\" (`# servelint:%s RULE[,RULE] -- reason`); it silences nothing", word))
		d.Active = false
		return d
	}
	if extra {
		s.problem(d, hash, le, sevError, fmt.Sprintf("malformed suppression: separate rule names with commas (`# servelint:%s RULE[,RULE] -- reason`); it silences nothing", word))
		d.Active = false
		return d
	}
	if len(toks) == 0 {
		s.problem(d, hash, le, sevError, fmt.Sprintf("servelint:%s names no rule; it silences nothing", word))
		d.Active = false
		return d
	}
	d.listStart, d.listEnd = toks[0].start, toks[len(toks)-1].end
	for _, t := range toks {
		if !s.known(t.name) {
			s.problem(d, t.start, t.end, sevError, fmt.Sprintf("servelint:%s names unknown rule %q (servelint rules lists them)", word, t.name))
			continue
		}
		d.Rules = append(d.Rules, t.name)
		d.ruleSpans = append(d.ruleSpans, [2]int{t.start, t.end})
	}
	if len(d.Rules) == 0 {
		d.Active = false
	}
	switch {
	case reason == "":
		s.problem(d, hash, le, sevWarning, fmt.Sprintf("suppression of %s has no reason: say why after \"--\" (`# servelint:%s %s -- reason`)",
			strings.Join(d.Rules, ","), word, strings.Join(d.Rules, ",")))
	case isPlaceholder(reason):
		s.problem(d, hash, le, sevWarning, fmt.Sprintf("suppression of %s still has the placeholder reason %q: say why", strings.Join(d.Rules, ","), reason))
	}
	return d
}

func (s *Set) problem(d *Directive, start, end int, sev, msg string) {
	s.problems = append(s.problems, Problem{File: d.File, Start: start, End: end, Severity: sev, Message: msg, dir: d})
}

func (s *Set) add(d *Directive) {
	if d != nil {
		s.dirs[d.File] = append(s.dirs[d.File], d)
	}
}

// stmtSpan is one statement: its start and the end of what a directive
// before it covers, in byte offsets into Src.
// stmtSpan is a statement's start and the end of what a directive before
// it covers; far is the furthest coverEnd of it and the statements before
// it (by start).
type stmtSpan struct{ start, coverEnd, far int }

// inside reports whether off lies strictly inside a statement's covered
// span (start < off < coverEnd); stmts are sorted by start, with far set.
func inside(stmts []stmtSpan, off int) bool {
	// The statements starting before off; one of them covers off exactly
	// when the furthest end among them lies past it.
	i := sort.Search(len(stmts), func(i int) bool { return stmts[i].start >= off })
	return i > 0 && stmts[i-1].far > off
}

// AddScript reads the directives of a parsed script (s.Analyze must have
// run: it fills s.Comments). A script that did not parse is scanned line by
// line for directives on their own lines.
func (s *Set) AddScript(sc *parser.Script) {
	if sc == nil {
		return
	}
	if sc.File == nil {
		s.addUnparsed(sc.Path, sc.Src)
		return
	}
	// The statement spans are only needed to place a directive: most
	// scripts have none, and are not walked.
	var stmts []stmtSpan
	walked := false
	spans := func() []stmtSpan {
		if walked {
			return stmts
		}
		walked = true
		shwalk.Walk(sc.File, func(n syntax.Node) bool {
			st, ok := n.(*syntax.Stmt)
			if !ok || st == nil {
				return true
			}
			stmts = append(stmts, stmtSpan{start: sc.Off(st.Pos()), coverEnd: coverEnd(sc, st)})
			return true
		})
		// Stable by start: the outer statement, visited first, wins a tie.
		sort.SliceStable(stmts, func(i, j int) bool { return stmts[i].start < stmts[j].start })
		// The running furthest end: inside answers by a binary search.
		far := -1
		for i := range stmts {
			far = max(far, stmts[i].coverEnd)
			stmts[i].far = far
		}
		return stmts
	}
	firstCmd := -1
	if len(sc.File.Stmts) > 0 {
		firstCmd = sc.Off(sc.File.Stmts[0].Pos())
	}
	for _, c := range sc.Comments {
		text := sc.Text(c.Start, c.End)
		locs := directiveRE.FindAllStringIndex(text, -1)
		for _, loc := range locs {
			hash := c.Start + loc[0]
			if loc[0] > 0 && text[loc[0]-1] != ' ' && text[loc[0]-1] != '\t' {
				continue // "#…#servelint:" inside a word is not a directive
			}
			ls, _ := lineBounds(sc.Src, hash)
			own := blank(sc.Src[ls:hash])
			d := s.parseAt(sc.Path, sc.Src, hash, own)
			if d == nil {
				continue
			}
			s.place(d, func() (int, int, bool) {
				stmts := spans()
				x := s.index(sc.Path, sc.Src)
				if inside(stmts, hash) {
					// Inside a command that spans lines (an array
					// assignment): the next line of code.
					n, ok := x.nextCode(d.End)
					return n, n, ok
				}
				if i := sort.Search(len(stmts), func(i int) bool { return stmts[i].start > d.End }); i < len(stmts) {
					st := stmts[i]
					return x.line(st.start), x.line(max(st.coverEnd-1, st.start)), true
				}
				return 0, 0, false
			}, firstCmd)
			s.add(d)
			break // one directive per comment
		}
	}
}

// place sets the lines a directive covers. next finds the next command's
// first and last covered lines; firstCmd is the offset of the file's first
// command (-1 when none).
func (s *Set) place(d *Directive, next func() (int, int, bool), firstCmd int) {
	switch d.Scope {
	case ScopeLine:
		d.From, d.To = d.Line, d.Line
	case ScopeNext:
		d.From, d.To = d.Line, d.Line
		if _, to, ok := next(); ok {
			d.To = to
		}
	case ScopeFile:
		if !d.Active {
			return
		}
		if firstCmd >= 0 && d.Start > firstCmd {
			s.problem(d, d.Start, d.End, sevError, "servelint:ignore-file must come before the first command; it silences nothing here")
			d.Active = false
			return
		}
		d.From, d.To = 1, math.MaxInt
	}
}

// coverEnd is the end of what a directive before st covers: the whole
// statement for a simple command or a pipeline, the head of a compound
// command.
func coverEnd(sc *parser.Script, st *syntax.Stmt) int {
	end := sc.Off(st.End())
	switch c := st.Cmd.(type) {
	case *syntax.IfClause:
		if n := len(c.Cond); n > 0 {
			return sc.Off(c.Cond[n-1].End())
		}
	case *syntax.WhileClause:
		if n := len(c.Cond); n > 0 {
			return sc.Off(c.Cond[n-1].End())
		}
	case *syntax.ForClause:
		if c.Loop != nil {
			return sc.Off(c.Loop.End())
		}
	case *syntax.CaseClause:
		if c.Word != nil {
			return sc.Off(c.Word.End())
		}
	case *syntax.Block, *syntax.Subshell, *syntax.FuncDecl:
		_, le := lineBounds(sc.Src, sc.Off(st.Pos()))
		return le
	}
	return end
}

// addUnparsed scans a file that did not parse: directives on their own
// lines only; the next command is the next line that is neither blank nor
// a comment.
func (s *Set) addUnparsed(path string, src []byte) {
	type ln struct {
		start, end int
		kind       byte // 'b' blank, 'c' comment, 'x' other
	}
	var lines []ln
	for off := 0; off < len(src); {
		_, le := lineBounds(src, off)
		t := strings.TrimLeftFunc(strings.TrimPrefix(string(src[off:le]), "\xef\xbb\xbf"), unicode.IsSpace)
		k := byte('x')
		switch {
		case t == "":
			k = 'b'
		case t[0] == '#':
			k = 'c'
		}
		lines = append(lines, ln{off, le, k})
		off = nextLineStart(src, off)
	}
	firstCmd := -1
	for _, l := range lines {
		if l.kind == 'x' {
			firstCmd = l.start
			break
		}
	}
	for _, l := range lines {
		if l.kind != 'c' {
			continue
		}
		hash := strings.IndexByte(string(src[l.start:l.end]), '#') + l.start
		d := s.parseAt(path, src, hash, true)
		if d == nil {
			continue
		}
		s.place(d, func() (int, int, bool) {
			n, ok := s.index(path, src).nextCode(l.start)
			return n, n, ok
		}, firstCmd)
		s.add(d)
	}
}

// inlineRE finds an end-of-line directive after an env entry.
var inlineRE = regexp.MustCompile(`[ \t]#[ \t]*servelint:`)

// AddEnv reads the directives of an env file: comment lines (covering the
// next entry and its continuation lines, or the file) and end-of-line
// comments after an entry (covering that line).
func (s *Set) AddEnv(e *parser.EnvFile) {
	if e == nil {
		return
	}
	firstCmd := -1
	for _, l := range e.Lines {
		if l.Kind == parser.LineAssign || l.Kind == parser.LineOther {
			firstCmd = l.Start
			break
		}
	}
	for i, l := range e.Lines {
		switch l.Kind {
		case parser.LineComment:
			hash := l.Start + strings.IndexByte(l.Text, '#')
			d := s.parseAt(e.Path, e.Src, hash, true)
			if d == nil {
				continue
			}
			s.place(d, func() (int, int, bool) {
				for j := i + 1; j < len(e.Lines); j++ {
					k := e.Lines[j].Kind
					if k != parser.LineAssign && k != parser.LineOther {
						continue
					}
					to := j
					for to+1 < len(e.Lines) && e.Lines[to+1].Kind == parser.LineContinuation {
						to++
					}
					return e.Lines[j].Line, e.Lines[to].Line, true
				}
				return 0, 0, false
			}, firstCmd)
			s.add(d)
		case parser.LineAssign:
			loc := inlineRE.FindStringIndex(l.Text)
			if loc == nil {
				continue
			}
			hash := l.Start + strings.IndexByte(l.Text[loc[0]:], '#') + loc[0]
			d := s.parseAt(e.Path, e.Src, hash, false)
			if d == nil {
				continue
			}
			s.place(d, nil, firstCmd)
			s.add(d)
		}
	}
}

// Silences reports whether a finding of rule that starts on line of file is
// silenced, and records the use of every directive that covers it. Findings
// of [Rule] itself are silenced only through [Set.Problems].
func (s *Set) Silences(file string, line int, rule string) bool {
	hit := false
	for _, d := range s.dirs[file] {
		if d.Covers(line, rule) {
			d.used[rule] = true
			hit = true
		}
	}
	return hit
}

// Problems returns the findings of [Rule]: suppressions that are malformed,
// misplaced, without a reason, naming unknown rules, and those that silenced
// nothing for a rule that ran (ran reports whether a rule ran; nil means
// every rule did). Call it after [Set.Silences] has seen every finding.
// Problems covered by a directive naming [Rule] are dropped, except those
// about that directive itself.
func (s *Set) Problems(ran func(string) bool) []Problem {
	return s.keep(append(append([]Problem(nil), s.problems...), s.unused(ran)...))
}

// Unused returns only the problems of the directives that silenced nothing
// for a rule that ran (the rest of [Set.Problems]), for a caller that
// learns which findings are silenced from several runs of different rules
// and judges once it has seen them all.
func (s *Set) Unused(ran func(string) bool) []Problem {
	return s.keep(s.unused(ran))
}

// unused returns the problems of the directives that silenced nothing for
// a rule that ran (nil: every rule ran).
func (s *Set) unused(ran func(string) bool) []Problem {
	if ran == nil {
		ran = func(string) bool { return true }
	}
	var out []Problem
	var files []string
	for f := range s.dirs {
		files = append(files, f)
	}
	sort.Strings(files)
	for _, f := range files {
		for _, d := range s.dirs[f] {
			if !d.Active {
				continue
			}
			var unused []int
			for i, r := range d.Rules {
				if r == Rule || d.used[r] || !ran(r) || s.undecidable != nil && s.undecidable(f, r) {
					continue
				}
				unused = append(unused, i)
			}
			if len(unused) == 0 {
				continue
			}
			out = append(out, d.unusedProblem(unused))
		}
	}
	return out
}

// keep drops the problems that a directive naming the pseudo-rule silences
// (except those about that directive itself) and sorts the rest.
func (s *Set) keep(out []Problem) []Problem {
	// Only the directives naming the pseudo-rule can silence a problem:
	// asked per file once, not per problem of every directive.
	naming := map[string][]*Directive{}
	for f, ds := range s.dirs {
		for _, d := range ds {
			if slices.Contains(d.Rules, Rule) {
				naming[f] = append(naming[f], d)
			}
		}
	}
	kept := out[:0]
	for _, p := range out {
		silenced := false
		ds := naming[p.File]
		line := 0
		if len(ds) > 0 {
			line = s.index(p.File, s.srcOf(p.File)).line(p.Start)
		}
		for _, d := range ds {
			if d != p.dir && d.Covers(line, Rule) {
				d.used[Rule] = true
				silenced = true
			}
		}
		if !silenced {
			kept = append(kept, p)
		}
	}
	sort.SliceStable(kept, func(i, j int) bool {
		if kept[i].File != kept[j].File {
			return kept[i].File < kept[j].File
		}
		return kept[i].Start < kept[j].Start
	})
	return kept
}

func (s *Set) srcOf(file string) []byte {
	if ds := s.dirs[file]; len(ds) > 0 {
		return ds[0].src
	}
	return nil
}

// where says what a directive covers, for messages.
func (d *Directive) where() string {
	switch d.Scope {
	case ScopeNext:
		if d.To > d.Line {
			return fmt.Sprintf("on lines %d-%d", d.Line, d.To)
		}
		return "on the next command"
	case ScopeFile:
		return "in this file"
	}
	return "on this line"
}

// unusedProblem reports the rules (by index) that silenced nothing, with a
// fix that deletes the directive or just those names.
func (d *Directive) unusedProblem(unused []int) Problem {
	var names []string
	for _, i := range unused {
		names = append(names, d.Rules[i])
	}
	p := Problem{File: d.File, Start: d.Start, End: d.End, Severity: sevWarning, dir: d}
	if len(unused) == len(d.Rules) {
		p.Message = fmt.Sprintf("servelint:%s %s silences nothing %s; remove it", d.ignoreName, strings.Join(names, ","), d.where())
		p.FixMessage = "remove the unused suppression"
		p.Edits = []Edit{{Start: d.delStart, End: d.delEnd}}
		return p
	}
	var keep []string
	drop := map[int]bool{}
	for _, i := range unused {
		drop[i] = true
	}
	for i, r := range d.Rules {
		if !drop[i] {
			keep = append(keep, r)
		}
	}
	p.Start, p.End = d.ruleSpans[unused[0]][0], d.ruleSpans[unused[0]][1]
	p.Message = fmt.Sprintf("servelint:%s names %s, which silences nothing %s; remove it from the list", d.ignoreName, strings.Join(names, ","), d.where())
	p.FixMessage = "remove the unused rule names"
	// Rewrite the list only when it holds no unknown names (they are
	// reported on their own and would be lost).
	if len(d.Rules) == len(d.ruleSpans) && d.listStart < d.listEnd && d.knownListOnly() {
		p.Edits = []Edit{{Start: d.listStart, End: d.listEnd, New: strings.Join(keep, ",")}}
	}
	return p
}

// knownListOnly reports whether the rule list holds exactly d.Rules.
func (d *Directive) knownListOnly() bool {
	names := strings.FieldsFunc(string(d.src[d.listStart:d.listEnd]), func(r rune) bool { return r == ',' || r == ' ' || r == '\t' })
	return len(names) == len(d.Rules)
}

// isPlaceholder reports whether a reason is the one the editor's "ignore"
// action inserts, left unedited.
func isPlaceholder(reason string) bool {
	r := strings.ToLower(strings.TrimSpace(reason))
	return r == "todo: reason" || r == "todo" || r == "reason" || r == "todo: why"
}
