package parser

// The env-file model: one env file read three ways (bash `source`, docker
// --env-file, godotenv) with exact byte positions, where the readers
// disagree, and the line all of them would agree on. The readers themselves
// are in envdialect.go; ENV_DIALECTS.md is the measured reference.

import (
	"bytes"
	"errors"
	"fmt"
	"slices"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/joho/godotenv"
	"mvdan.cc/sh/v3/syntax"
)

// EnvFile is one env file as its readers read it.
type EnvFile struct {
	Path string
	// Src holds the bytes as read (BOM and CRLF included).
	Src []byte
	// BOM is set when Src starts with a UTF-8 byte-order mark.
	BOM bool
	// CRLF is set when any line ends in "\r\n".
	CRLF bool
	// Entries holds every assignment line, in file order (duplicates kept).
	// A line that holds several assignments for bash (A=1 B=2) has one
	// entry per assignment; they share Start and End.
	Entries []*EnvEntry
	// Lines holds every physical line.
	Lines []EnvLine
	// BashErr is bash's parse error of the whole file, if any, as an
	// *EnvError with the line and column.
	BashErr error
	// GodotenvErr is godotenv's error on the whole file, if any, as an
	// *EnvError whose Err is the library's own error.
	GodotenvErr error
	// DockerErr is docker's error on the whole file, if any (docker stops
	// at the first bad line), as an *EnvError.
	DockerErr error
	// ShellSets names the variables bash may set when it sources the file
	// on lines it does not read as a plain assignment, so that no entry
	// holds them: `: "${K:=8192}"`, `if …; then K=1; fi`, `{ K=1; }`.
	ShellSets map[string]bool
	// ShellDefaults are the literal values top-level `: "${K:=v}"` lines
	// give names of ShellSets (bash's value when the caller sets none).
	ShellDefaults map[string]string

	issues []envPendingIssue
	byKey  map[string][]*EnvEntry
}

// LineKind classifies a physical line.
type LineKind uint8

const (
	// LineBlank is an empty or all-whitespace line.
	LineBlank LineKind = iota
	// LineComment is a line whose first non-blank character is '#'.
	LineComment
	// LineAssign is a line on which an entry starts.
	LineAssign
	// LineContinuation is a later line of an entry that spans lines (a
	// multi-line quoted value, a backslash continuation).
	LineContinuation
	// LineOther is any other line (a command such as `set -a`, garbage).
	LineOther
)

// String names the kind.
func (k LineKind) String() string {
	switch k {
	case LineBlank:
		return "blank"
	case LineComment:
		return "comment"
	case LineAssign:
		return "assignment"
	case LineContinuation:
		return "continuation"
	case LineOther:
		return "other"
	}
	return fmt.Sprintf("LineKind(%d)", uint8(k))
}

// EnvLine is one physical line of an env file.
type EnvLine struct {
	Line int // 1-based
	// Start and End are byte offsets into Src; End excludes the newline
	// and a '\r' before it.
	Start, End int
	Text       string // Src[Start:End]
	Kind       LineKind
	CR         bool // the line ends in '\r' (CRLF)
}

// EnvEntry is one assignment of an env file and each reader's view of it.
type EnvEntry struct {
	Key string
	// Line is the 1-based line of the key; EndLine the last line of the
	// entry.
	Line, EndLine int
	// Start and End span the whole logical line (it may span lines for
	// multi-line values), from the first non-blank byte of the statement;
	// End excludes the trailing newline and '\r'.
	Start, End int
	// KeyStart and KeyEnd span the key.
	KeyStart, KeyEnd int
	// ValStart and ValEnd span the raw value text after '=' (before any
	// inline comment, for bash).
	ValStart, ValEnd int
	// Raw is the value as written: Src[ValStart:ValEnd].
	Raw string
	// Export is set for `export K=V`.
	Export bool
	// Bash, Docker and Godotenv are each reader's view of this line.
	Bash, Docker, Godotenv Reading
	// Refs lists the variables the value references ($X, ${X},
	// ${X:-...}, $((X))) in bash's reading, in order, each once.
	Refs []string
	// DefaultOf is X for a value that is exactly ${X:-...} or ${X-...}.
	DefaultOf string
	// Word is bash's parsed value (nil if the line is not an assignment to
	// bash). Its positions are offsets into Src, except in a file with so
	// many syntax errors that bash's reading was done line by line.
	Word *syntax.Word

	src              []byte
	ownStart, ownEnd int
	refTexts         []string
	bashWhy          string
	dockerKey        string   // docker defines another key on this line
	gdKey            string   // godotenv defines another key on this line
	dockerExtra      []string // later lines docker reads as bare keys
	inside           *EnvEntry
	group            []*EnvEntry
	refDefs          []*EnvEntry // for each of Refs, its bash definition before this entry
}

// FileIssue is a whole-file disagreement among readers: a byte-order mark,
// CRLF line endings, or a reader refusing a line that holds no entry.
type FileIssue struct {
	// Start and End are byte offsets into Src.
	Start, End int
	Line, Col  int // 1-based position of Start
	// Readers are the readers the issue is about.
	Readers Reader
	Msg     string
}

type envPendingIssue struct {
	reader Reader
	off    int
	msg    string
}

// ParseEnv reads an env file the three ways. It never fails: problems are
// in the readings and in BashErr, GodotenvErr and DockerErr.
func ParseEnv(path string, src []byte) *EnvFile {
	f := &EnvFile{Path: path, Src: src, BOM: bytes.HasPrefix(src, envBOM)}
	f.Lines = envSplitLines(src)
	for _, ln := range f.Lines {
		if ln.CR && ln.End+1 < len(src) {
			f.CRLF = true
			break
		}
	}
	dock := envScanDocker(src, f.Lines)
	gd := envScanGodotenv(src, true)
	bs := envScanBash(path, src, f.Lines, f.BOM)
	gdEntries := f.assemble(dock, gd, bs)
	f.classifyLines()

	if bs.firstErr != nil {
		f.BashErr = bs.firstErr
	}
	f.ShellSets, f.ShellDefaults = bs.sets, bs.defaults
	for i := range dock {
		if dock[i].err != "" {
			f.DockerErr = newEnvError(path, f.Lines, dock[i].anchor, dock[i].err)
			break
		}
	}
	f.godotenvCheck(gd, gdEntries)
	return f
}

// godotenvCheck runs the godotenv library on the whole file for its error,
// and holds the port's final values to the library's.
func (f *EnvFile) godotenvCheck(gd *gdScan, gdEntries map[int]*EnvEntry) {
	errAt := func(msg string, err error) *EnvError {
		off := max(gd.errPos, 0)
		e := newEnvError(f.Path, f.Lines, off, envShort(msg))
		e.Err = err
		return e
	}
	if gd.overflow {
		// The library would expand without bound; the port's word stands.
		if gd.firstErr != "" {
			f.GodotenvErr = errAt(gd.firstErr, nil)
		}
		return
	}
	lib, err := godotenv.UnmarshalBytes(f.Src)
	if err != nil {
		f.GodotenvErr = errAt(err.Error(), err)
	}
	last := map[string]int{}
	for i, st := range gd.stmts {
		if st.err != "" {
			break
		}
		last[st.key] = i
	}
	for key, v := range lib {
		i, ok := last[key]
		if !ok {
			continue
		}
		if e := gdEntries[i]; e != nil && e.Godotenv.Defined && e.Godotenv.Value != v {
			e.Godotenv.Value = v
		}
	}
}

// envCand gathers the readers' statements that start at one offset.
type envCand struct {
	anchor int
	bash   *envBashAssign
	gd     *gdStmt
	gdIdx  int
	dock   *envDockerLine
	cmd    string
}

func (c *envCand) keyed() bool {
	return c.bash != nil || (c.gd != nil && c.gd.hasKey && c.gd.key != "") || (c.dock != nil && c.dock.err == "" && c.dock.key != "")
}

// assemble matches the readers' statements by where they start and builds
// the entries. It returns the entry of each godotenv statement.
func (f *EnvFile) assemble(dock []envDockerLine, gd *gdScan, bs *envBashScan) map[int]*EnvEntry {
	cands := map[int]*envCand{}
	get := func(anchor int) *envCand {
		c := cands[anchor]
		if c == nil {
			c = &envCand{anchor: anchor, gdIdx: -1}
			cands[anchor] = c
		}
		return c
	}
	for _, a := range bs.assigns {
		if c := get(a.anchor); c.bash == nil {
			c.bash = a
		}
	}
	for i := range gd.stmts {
		st := &gd.stmts[i]
		a := st.anchor
		if f.BOM && a == 0 && len(dock) > 0 {
			a = dock[0].anchor // godotenv does not skip the mark; the others do
		}
		if c := get(a); c.gd == nil {
			c.gd, c.gdIdx = st, i
		}
	}
	for i := range dock {
		if !dock[i].skip {
			get(dock[i].anchor).dock = &dock[i]
		}
	}
	anchors := make([]int, 0, len(cands))
	for a, c := range cands {
		c.cmd = bs.cmds[a]
		anchors = append(anchors, a)
	}
	sort.Ints(anchors)

	gdEntries := map[int]*EnvEntry{}
	lastDef := map[string]*EnvEntry{}
	naked := map[*EnvEntry]bool{}
	f.byKey = map[string][]*EnvEntry{}
	var group []*EnvEntry
	gStart, gEnd := -1, -1
	flush := func() {
		for _, e := range group {
			e.Start, e.End, e.group = gStart, gEnd, group
		}
		group = nil
	}
	for _, a := range anchors {
		c := cands[a]
		in := group != nil && a <= gEnd
		owner := func() *EnvEntry {
			for i := len(group) - 1; i >= 0; i-- {
				if group[i].ownStart <= a && a <= group[i].ownEnd {
					return group[i]
				}
			}
			return group[len(group)-1]
		}
		bashHere := c.bash != nil || c.cmd != ""
		switch {
		case !c.keyed() && in:
			f.attach(owner(), c)
			continue
		case !c.keyed():
			f.unattached(c)
			continue
		case in && !bashHere && c.dock != nil && c.dock.bare && (c.gd == nil || !c.gd.hasKey):
			f.attach(owner(), c)
			continue
		}
		e := f.newEntry(c, bs)
		if in && !bashHere {
			e.inside = owner()
		}
		if c.gdIdx >= 0 {
			gdEntries[c.gdIdx] = e
		}
		if in {
			gStart, gEnd = min(gStart, e.ownStart), max(gEnd, e.ownEnd)
		} else {
			flush()
			gStart, gEnd = e.ownStart, e.ownEnd
		}
		group = append(group, e)
		f.Entries = append(f.Entries, e)
		if c.bash != nil && c.bash.naked {
			naked[e] = true
		}
		f.byKey[e.Key] = append(f.byKey[e.Key], e)
		e.refDefs = make([]*EnvEntry, len(e.Refs))
		for i, r := range e.Refs {
			e.refDefs[i] = lastDef[r]
		}
		if e.Bash.Defined {
			lastDef[e.Key] = e
		}
	}
	flush()
	// K=8 and export K (before or after it): bash keeps 8, and no reader
	// gives export K a value of its own: the export is no second
	// definition of K, nor its owner.
	for k, defs := range f.byKey {
		if len(naked) > 0 && slices.ContainsFunc(defs, func(e *EnvEntry) bool { return !naked[e] }) {
			f.byKey[k] = slices.DeleteFunc(defs, func(e *EnvEntry) bool { return naked[e] })
		}
	}
	f.bashLineIssues(bs)
	return gdEntries
}

// attach folds a statement that defines no key of its own (an error, a
// continuation line docker reads as a bare key) into the entry it is part of.
func (f *EnvFile) attach(e *EnvEntry, c *envCand) {
	if c.gd != nil && c.gd.err != "" && e.Godotenv.Err == "" {
		e.Godotenv.Err, e.Godotenv.Defined = c.gd.err, false
	}
	if d := c.dock; d != nil {
		switch {
		case d.err != "" && e.Docker.Err == "":
			e.Docker.Err, e.Docker.Defined = d.err, false
		case d.bare:
			e.dockerExtra = append(e.dockerExtra, d.key)
		}
	}
}

// unattached records the errors of a statement outside any entry.
func (f *EnvFile) unattached(c *envCand) {
	if c.gd != nil && c.gd.err != "" {
		f.issues = append(f.issues, envPendingIssue{ReaderGodotenv, c.gd.errPos, "godotenv fails: " + c.gd.err})
	}
	if c.dock != nil && c.dock.err != "" {
		f.issues = append(f.issues, envPendingIssue{ReaderDocker, c.dock.anchor, "docker --env-file refuses the file: " + c.dock.err})
	}
}

// bashLineIssues records bash's syntax errors on lines that hold no entry.
func (f *EnvFile) bashLineIssues(bs *envBashScan) {
	if len(bs.lineErr) == 0 {
		return
	}
	covered := make([]bool, len(f.Lines))
	for _, e := range f.Entries {
		first, last := envLineIndex(f.Lines, e.ownStart), envLineIndex(f.Lines, e.ownEnd)
		for li := max(first, 0); li <= last; li++ {
			covered[li] = true
		}
	}
	lis := make([]int, 0, len(bs.lineErr))
	for li := range bs.lineErr {
		if li >= 0 && li < len(covered) && !covered[li] {
			lis = append(lis, li)
		}
	}
	sort.Ints(lis)
	for _, li := range lis {
		f.issues = append(f.issues, envPendingIssue{ReaderBash, f.Lines[li].Start, "bash source " + bs.lineErr[li]})
	}
}

// newEntry builds the entry for a candidate with a key.
func (f *EnvFile) newEntry(c *envCand, bs *envBashScan) *EnvEntry {
	e := &EnvEntry{src: f.Src}
	switch {
	case c.bash != nil:
		b := c.bash
		e.Key, e.KeyStart, e.KeyEnd, e.ValStart, e.ValEnd = b.key, b.keyStart, b.keyEnd, b.valStart, b.valEnd
		e.Export, e.Word, e.Refs, e.refTexts, e.DefaultOf = b.export, b.word, b.refs, b.refTexts, b.defaultOf
	case c.gd != nil && c.gd.hasKey && c.gd.key != "":
		g := c.gd
		e.Key, e.KeyStart, e.KeyEnd, e.ValStart, e.ValEnd, e.Export = g.key, g.keyStart, g.keyEnd, g.valStart, g.valEnd, g.export
	default:
		d := c.dock
		e.Key, e.KeyStart, e.KeyEnd, e.ValStart, e.ValEnd = d.key, d.keyStart, d.keyEnd, d.valStart, d.valEnd
	}
	n := len(f.Src)
	e.KeyStart, e.KeyEnd = envClamp(e.KeyStart, 0, n), envClamp(e.KeyEnd, 0, n)
	e.ValStart, e.ValEnd = envClamp(e.ValStart, 0, n), envClamp(e.ValEnd, 0, n)
	e.ValStart = min(e.ValStart, e.ValEnd)
	e.Raw = string(f.Src[e.ValStart:e.ValEnd])

	// Each reader's view.
	switch {
	case c.bash != nil:
		e.Bash, e.bashWhy = c.bash.rd, c.bash.dynWhy
	case c.cmd != "":
		e.Bash = Reading{Err: c.cmd}
	default:
		if msg, ok := bs.lineErr[envLineIndex(f.Lines, c.anchor)]; ok {
			e.Bash = Reading{Err: msg}
		}
	}
	if g := c.gd; g != nil {
		switch {
		case g.err != "":
			e.Godotenv = Reading{Err: g.err}
		case g.key != e.Key:
			e.gdKey = g.key
		default:
			e.Godotenv = Reading{Value: g.value, Defined: true}
		}
		e.Export = e.Export || g.export
	}
	if d := c.dock; d != nil {
		if d.err == "" && d.key != e.Key {
			e.dockerKey = d.key
		} else {
			e.Docker = d.reading()
		}
	}

	// The entry's own span: from the statement start to the end of the
	// last line any reader's statement reaches.
	end := c.anchor
	if b := c.bash; b != nil {
		end = max(end, b.valEnd, b.stmtEnd)
	}
	if g := c.gd; g != nil {
		end = max(end, g.end, g.valEnd)
	}
	if d := c.dock; d != nil {
		end = max(end, f.Lines[d.line].End)
	}
	e.ownStart = envClamp(c.anchor, 0, n)
	last := envLineIndex(f.Lines, max(min(end, n)-1, e.ownStart))
	if last >= 0 {
		e.ownEnd = max(f.Lines[last].End, e.ownStart)
		e.EndLine = f.Lines[last].Line
	}
	e.Line, _ = envLineCol(f.Lines, e.KeyStart)
	e.Start, e.End = e.ownStart, e.ownEnd
	return e
}

// classifyLines sets each line's Kind.
func (f *EnvFile) classifyLines() {
	kind := make([]LineKind, len(f.Lines))
	for i, ln := range f.Lines {
		t := ln.Text
		if i == 0 && f.BOM {
			t = strings.TrimPrefix(t, string(envBOM))
		}
		t = strings.TrimLeftFunc(t, unicode.IsSpace)
		switch {
		case t == "":
			kind[i] = LineBlank
		case t[0] == '#':
			kind[i] = LineComment
		default:
			kind[i] = LineOther
		}
	}
	for _, e := range f.Entries {
		first := envLineIndex(f.Lines, e.ownStart)
		last := envLineIndex(f.Lines, e.ownEnd)
		if first < 0 {
			continue
		}
		kind[first] = LineAssign
		for li := first + 1; li <= last; li++ {
			if kind[li] != LineAssign {
				kind[li] = LineContinuation
			}
		}
	}
	for i := range f.Lines {
		f.Lines[i].Kind = kind[i]
	}
}

// Lookup returns the definition of key that wins (the last one), nil if
// there is none.
func (f *EnvFile) Lookup(key string) *EnvEntry {
	defs := f.defs(key)
	if len(defs) == 0 {
		return nil
	}
	return defs[len(defs)-1]
}

// Defs returns every definition of key, in file order.
func (f *EnvFile) Defs(key string) []*EnvEntry {
	return slices.Clone(f.defs(key))
}

func (f *EnvFile) defs(key string) []*EnvEntry {
	if f == nil {
		return nil
	}
	if f.byKey != nil {
		return f.byKey[key]
	}
	var out []*EnvEntry
	for _, e := range f.Entries {
		if e.Key == key {
			out = append(out, e)
		}
	}
	return out
}

// Reading returns reader r's view of the entry (r must be one reader).
func (e *EnvEntry) Reading(r Reader) Reading {
	switch r {
	case ReaderBash:
		return e.Bash
	case ReaderDocker:
		return e.Docker
	case ReaderGodotenv:
		return e.Godotenv
	}
	return Reading{}
}

// Disagreement reports whether the readers in the set (at least two of them
// for a finding) read this entry differently, with one sentence naming what
// each of them gets, e.g.
//
//	bash source reads "8" (expands ${FRANK_ARCHON_MAX_SEQS}); docker --env-file passes "${FRANK_ARCHON_MAX_SEQS}" verbatim
func (e *EnvEntry) Disagreement(readers Reader) (bool, string) {
	if e == nil || readers.Count() < 2 {
		return false, ""
	}
	var list []Reader
	for _, n := range envReaderNames {
		if readers&n.r != 0 {
			list = append(list, n.r)
		}
	}
	first := e.Reading(list[0])
	differ := false
	for _, r := range list[1:] {
		if !e.Reading(r).same(first) {
			differ = true
			break
		}
	}
	if !differ {
		return false, ""
	}
	parts := make([]string, len(list))
	for i, r := range list {
		parts[i] = e.describe(r)
	}
	return true, strings.Join(parts, "; ")
}

// DisagreementCR is Disagreement when crStripped says every bash reading
// of the file deletes each line's '\r' first (Unit.CRStripped): bash's
// value keeps no \r of a CRLF line ending.
func (e *EnvEntry) DisagreementCR(readers Reader, crStripped bool) (bool, string) {
	if e != nil && crStripped && e.Bash.Defined && strings.HasSuffix(e.Bash.Value, "\r") && e.crLine() {
		c := *e
		c.Bash.Value = strings.TrimSuffix(c.Bash.Value, "\r")
		return c.Disagreement(readers)
	}
	return e.Disagreement(readers)
}

// describe says what one reader gets from the entry.
func (e *EnvEntry) describe(r Reader) string {
	rd := e.Reading(r)
	name := r.String()
	notHere := func(other string) string {
		switch {
		case e.inside != nil && r == ReaderBash:
			return fmt.Sprintf("%s reads this line as part of the value of %s (line %d)", name, e.inside.Key, e.inside.Line)
		case other != "":
			return fmt.Sprintf("%s defines %s instead", name, envQuote(other))
		}
		return fmt.Sprintf("%s does not define %s on this line", name, e.Key)
	}
	switch r {
	case ReaderBash:
		switch {
		case rd.Err != "":
			return name + " " + rd.Err
		case !rd.Defined:
			return notHere("")
		case rd.Dynamic:
			why := e.bashWhy
			if why == "" {
				why = "reads a value that depends on the host environment"
			}
			return name + " " + why
		}
		s := name + " reads " + envQuote(rd.Value)
		var notes []string
		if len(e.refTexts) > 0 {
			notes = append(notes, "expands "+strings.Join(e.refTexts, ", "))
		}
		if strings.HasSuffix(rd.Value, "\r") && e.crLine() {
			notes = append(notes, `keeps the \r of the CRLF line ending`)
		}
		if len(notes) > 0 {
			s += " (" + strings.Join(notes, "; ") + ")"
		}
		return s
	case ReaderDocker:
		switch {
		case rd.Err != "":
			return name + " refuses the file: " + rd.Err
		case !rd.Defined:
			return notHere(e.dockerKey)
		case rd.Dynamic:
			return fmt.Sprintf("%s takes %s from the host environment (dropped when unset)", name, e.Key)
		}
		s := fmt.Sprintf("%s passes %s verbatim", name, envQuote(rd.Value))
		if len(e.dockerExtra) > 0 {
			s += fmt.Sprintf(" and reads the next line %s as a key of its own", envQuote(e.dockerExtra[0]))
		}
		return s
	default:
		switch {
		case rd.Err != "":
			return name + " fails: " + rd.Err
		case !rd.Defined:
			return notHere(e.gdKey)
		}
		return name + " reads " + envQuote(rd.Value)
	}
}

// crLine reports whether the entry's last line ends in CRLF.
func (e *EnvEntry) crLine() bool {
	return e.End >= 0 && e.End < len(e.src) && e.src[e.End] == '\r'
}

// InlineComment returns the comment bash reads after the entry's value
// (`KEY=8192 # why`), from its '#', or "": the text a rewrite of the line
// must keep. Entries sharing a line (A=1 B=2 # c) share the comment.
func (e *EnvEntry) InlineComment() string {
	if e == nil {
		return ""
	}
	last := e
	if len(e.group) > 1 {
		last = e.group[len(e.group)-1]
	}
	if last.ValEnd < 0 || last.End > len(last.src) || last.ValEnd > last.End {
		return ""
	}
	rest := string(last.src[last.ValEnd:last.End])
	t := strings.TrimLeft(rest, " \t")
	if len(t) == len(rest) || !strings.HasPrefix(t, "#") || strings.Contains(t, "\n") {
		return ""
	}
	return strings.TrimRight(t, " \t\r")
}

// Portable returns the line all readers agree on (`KEY=value`, a plain
// value: no quotes, export, comment, $, backslash or spaces) when one
// exists and keeps what the script means (bash's reading; godotenv's when
// bash runs the line as a command), and false otherwise. A ${X} reference
// is resolved to X's value only when X is a plain literal defined earlier
// in f. A CRLF line's '\r' is not part of the meaning (the file-wide CRLF
// issue is reported apart).
//
// When several assignments share one line (A=1 B=2), the first entry
// returns all of them, one per line ("A=1\nB=2"), and the others return
// false: the edit replaces the shared Start..End span once.
func (e *EnvEntry) Portable(f *EnvFile) (string, bool) {
	if e == nil || f == nil {
		return "", false
	}
	if len(e.group) > 1 {
		if e.group[0] != e {
			return "", false
		}
		var out []string
		for _, g := range e.group {
			if g.inside != nil {
				continue
			}
			p, ok := g.portableOne(f)
			if !ok {
				return "", false
			}
			out = append(out, p)
		}
		return strings.Join(out, "\n"), len(out) > 0
	}
	return e.portableOne(f)
}

func (e *EnvEntry) portableOne(f *EnvFile) (string, bool) {
	if e.inside != nil || !syntax.ValidName(e.Key) {
		return "", false
	}
	var val string
	b := e.Bash
	switch {
	case b.Defined && b.Err == "" && !b.Dynamic:
		val = b.Value
		if e.End >= 0 && e.End < len(f.Src) && f.Src[e.End] == '\r' {
			if !strings.HasSuffix(val, "\r") {
				// A="x" # c on a CRLF line: bash reads x, the '\r'
				// swallowed by the comment; A=x there would read x\r.
				return "", false
			}
			val = strings.TrimSuffix(val, "\r")
		}
		for i, ref := range e.Refs {
			var def *EnvEntry
			if i < len(e.refDefs) {
				def = e.refDefs[i]
			} else {
				def = f.defBefore(ref, e)
			}
			if def == nil || !def.plainLiteral() {
				return "", false
			}
		}
	case !b.Defined && e.Godotenv.Defined && e.Godotenv.Err == "" && !e.Godotenv.Dynamic:
		val = e.Godotenv.Value
	default:
		return "", false
	}
	if !envPlainValue(val) {
		return "", false
	}
	return e.Key + "=" + val, true
}

// defBefore returns the last entry before e that defines name for bash.
func (f *EnvFile) defBefore(name string, e *EnvEntry) *EnvEntry {
	var def *EnvEntry
	for _, x := range f.Entries {
		if x == e {
			break
		}
		if x.Key == name && x.Bash.Defined {
			def = x
		}
	}
	return def
}

// plainLiteral reports whether bash reads the entry as a fixed string that
// references nothing.
func (e *EnvEntry) plainLiteral() bool {
	return e.Bash.Defined && e.Bash.Err == "" && !e.Bash.Dynamic && len(e.Refs) == 0
}

// envPlainValue reports whether every reader reads v written bare the same
// way: letters, digits and _-.,/:@%+=^ only.
func envPlainValue(v string) bool {
	if !utf8.ValidString(v) {
		return false
	}
	for _, r := range v {
		switch {
		case r < utf8.RuneSelf && (r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9'):
		case strings.ContainsRune("_-.,/:@%+=^", r):
		case r >= utf8.RuneSelf && (unicode.IsLetter(r) || unicode.IsDigit(r)):
		default:
			return false
		}
	}
	return true
}

// FileDisagreements returns the whole-file issues on which the readers in
// the set (at least two) disagree: a byte-order mark (bash and godotenv
// fail, docker strips it), CRLF line endings (bash keeps the '\r'), and a
// reader refusing or misreading a line that holds no entry (errors on an
// entry's line are that entry's Disagreement). In file order.
// crStripped: every bash reading of the file deletes each line's '\r'
// first (Unit.CRStripped), so bash keeps none.
func (f *EnvFile) FileDisagreements(readers Reader, crStripped bool) []FileIssue {
	if f == nil || readers.Count() < 2 {
		return nil
	}
	var out []FileIssue
	add := func(start, end int, rs Reader, msg string) {
		line, col := envLineCol(f.Lines, start)
		out = append(out, FileIssue{Start: start, End: end, Line: line, Col: col, Readers: rs, Msg: msg})
	}
	if f.BOM && readers&(ReaderBash|ReaderGodotenv) != 0 {
		var parts []string
		if readers&ReaderBash != 0 {
			parts = append(parts, "bash source runs the first word, with the mark glued to it, as a command")
		}
		if readers&ReaderGodotenv != 0 {
			msg := "godotenv fails"
			var ee *EnvError
			if errors.As(f.GodotenvErr, &ee) && ee.Line == 1 {
				msg += " (" + ee.Msg + ")"
			}
			parts = append(parts, msg)
		}
		if readers&ReaderDocker != 0 {
			parts = append(parts, "docker --env-file strips it")
		}
		add(0, len(envBOM), readers, "the file starts with a UTF-8 byte-order mark: "+strings.Join(parts, "; "))
	}
	if readers&ReaderBash != 0 && !crStripped {
		n, first := 0, -1
		for _, ln := range f.Lines {
			if ln.CR {
				if first < 0 {
					first = ln.End
				}
				n++
			}
		}
		if n > 0 {
			others := readers &^ ReaderBash
			verb := "drops"
			if others.Count() > 1 {
				verb = "drop"
			}
			add(first, first+1, readers, fmt.Sprintf(
				`the file has CRLF line endings (%d of %d lines): bash source keeps the \r at the end of each value and runs each blank line as the command $'\r'; %s %s it`,
				n, len(f.Lines), others, verb))
		}
	}
	for _, is := range f.issues {
		if readers&is.reader == 0 {
			continue
		}
		li := envLineIndex(f.Lines, is.off)
		end := is.off
		if li >= 0 {
			end = max(f.Lines[li].End, is.off)
		}
		add(is.off, end, is.reader, is.msg)
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Start < out[j].Start })
	return out
}
