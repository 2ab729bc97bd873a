package parser

// This file holds the three readers of an env file: docker's env-file
// reader, a position-tracking port of godotenv's parser, and bash (through
// mvdan.cc/sh/v3). env.go assembles their readings into EnvEntry values.

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"math/bits"
	"regexp"
	"sort"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/expand"
	"mvdan.cc/sh/v3/syntax"
)

// Reader is one program that reads env files. Readers combine into a set
// with |.
type Reader uint8

const (
	// ReaderBash is bash `source` / `.` of the file.
	ReaderBash Reader = 1 << iota
	// ReaderDocker is `docker run --env-file` (and compose `env_file:`).
	ReaderDocker
	// ReaderGodotenv is github.com/joho/godotenv.
	ReaderGodotenv
)

// AllReaders is the set of every known reader.
const AllReaders = ReaderBash | ReaderDocker | ReaderGodotenv

var envReaderNames = [...]struct {
	r    Reader
	name string
}{
	{ReaderBash, "bash source"},
	{ReaderDocker, "docker --env-file"},
	{ReaderGodotenv, "godotenv"},
}

// String names the reader ("bash source", "docker --env-file", "godotenv");
// a set is named by its members joined with ", ".
func (r Reader) String() string {
	if r == 0 {
		return "no reader"
	}
	var parts []string
	for _, n := range envReaderNames {
		if r&n.r != 0 {
			parts = append(parts, n.name)
		}
	}
	if rest := r &^ AllReaders; rest != 0 {
		parts = append(parts, fmt.Sprintf("Reader(%#x)", uint8(rest)))
	}
	return strings.Join(parts, ", ")
}

// Count returns how many known readers the set holds.
func (r Reader) Count() int { return bits.OnesCount8(uint8(r & AllReaders)) }

// Reading is one reader's view of one env-file line.
type Reading struct {
	// Value is the value this reader gives the key. When Defined is false
	// it may still hold a partial value (godotenv's partial map, docker's
	// first line of a broken multi-line value).
	Value string
	// Defined is false when the reader does not define the key from this
	// line (bash runs it as a command, docker refuses the file, ...).
	Defined bool
	// Err is the reader's error for this line, "" if none. Docker and
	// godotenv errors are their own messages; bash's are descriptions of
	// what bash does ("runs `A` as a command", "syntax error: ...").
	Err string
	// Dynamic is set when the value depends on the host or on other
	// variables not fixed by the file (bash expansion of variables the file
	// does not define, $(...), docker's bare KEY), so Value is not a fixed
	// string.
	Dynamic bool
}

// same reports whether two readings mean the same thing.
func (r Reading) same(o Reading) bool {
	if r.Defined != o.Defined || r.Dynamic != o.Dynamic || r.Err != o.Err {
		return false
	}
	return !r.Defined || r.Value == o.Value
}

var envBOM = []byte{0xEF, 0xBB, 0xBF}

// Limits that keep the analysis bounded on hostile input.
const (
	// envDockerMaxLine is bufio.Scanner's default token limit: docker refuses
	// a line (with its \r) of this many bytes or more.
	envDockerMaxLine = 64 * 1024
	// envMaxMsg bounds quoted input inside messages.
	envMaxMsg = 120
	// envMaxNesting bounds bracket/keyword nesting handed to the shell parser,
	// whose recursion is unbounded.
	envMaxNesting = 1000
	// envMaxHeredocs bounds the here-documents handed to the shell parser.
	envMaxHeredocs = 1000
	// envMaxParseRounds bounds whole-file re-parses after syntax errors.
	envMaxParseRounds = 16
)

// envExpansionBudget is how many bytes of expanded values one reader may
// produce for a file of n bytes.
func envExpansionBudget(n int) int { return 16<<20 + 4*n }

// envShort returns s cut to envMaxMsg bytes (on a rune boundary) with "…".
func envShort(s string) string {
	if len(s) <= envMaxMsg {
		return s
	}
	cut := envMaxMsg
	for cut > 0 && !utf8.RuneStart(s[cut]) {
		cut--
	}
	return s[:cut] + "…"
}

// envQuote quotes s for a message, cutting long values.
func envQuote(s string) string {
	if len(s) <= envMaxMsg {
		return fmt.Sprintf("%q", s)
	}
	return fmt.Sprintf("%q…", strings.TrimSuffix(envShort(s), "…"))
}

// ---------------------------------------------------------------------------
// Physical lines.

// envSplitLines splits src into physical lines. End excludes the '\n' and one
// '\r' before it (or at the end of the file).
func envSplitLines(src []byte) []EnvLine {
	var lines []EnvLine
	for start, n := 0, 1; start < len(src); n++ {
		nl := bytes.IndexByte(src[start:], '\n')
		end, next := len(src), len(src)
		if nl >= 0 {
			end, next = start+nl, start+nl+1
		}
		cr := end > start && src[end-1] == '\r'
		if cr {
			end--
		}
		lines = append(lines, EnvLine{Line: n, Start: start, End: end, Text: string(src[start:end]), CR: cr})
		start = next
	}
	return lines
}

// ---------------------------------------------------------------------------
// docker --env-file (github.com/docker/cli opts/envfile.go, parseKeyValueFile).

// envDockerLine is docker's reading of one physical line.
type envDockerLine struct {
	line             int // index into lines
	skip             bool
	anchor           int
	key              string
	keyStart, keyEnd int
	valStart, valEnd int
	value            string
	bare             bool
	err              string
}

// envScanDocker reads every physical line the way docker's env-file parser
// does. Docker stops at its first error; here every line is read so that
// each line has a reading.
func envScanDocker(src []byte, lines []EnvLine) []envDockerLine {
	out := make([]envDockerLine, len(lines))
	for i, ln := range lines {
		d := envDockerLine{line: i, anchor: ln.Start}
		raw := ln.End - ln.Start
		if ln.CR {
			raw++
		}
		b := src[ln.Start:ln.End]
		switch {
		case raw >= envDockerMaxLine:
			d.err = "bufio.Scanner: token too long"
		case !utf8.Valid(b):
			d.err = fmt.Sprintf("invalid utf8 bytes at line %d", i+1)
		}
		if d.err != "" {
			out[i] = d
			continue
		}
		off := ln.Start
		if i == 0 && bytes.HasPrefix(b, envBOM) {
			b, off = b[len(envBOM):], off+len(envBOM)
		}
		t := bytes.TrimLeftFunc(b, unicode.IsSpace)
		off += len(b) - len(t)
		d.anchor = off
		if len(t) == 0 || t[0] == '#' {
			d.skip = true
			out[i] = d
			continue
		}
		variable, value, hasValue := bytes.Cut(t, []byte("="))
		switch {
		case bytes.ContainsAny(variable, " \t"):
			d.err = fmt.Sprintf("variable '%s' contains whitespaces", variable)
		case len(variable) == 0:
			d.err = fmt.Sprintf("no variable name on line '%s'", t)
		case hasValue:
			d.key, d.keyStart, d.keyEnd = string(variable), off, off+len(variable)
			d.valStart, d.valEnd, d.value = off+len(variable)+1, ln.End, string(value)
		default:
			d.key = strings.TrimSpace(string(t))
			d.keyStart, d.keyEnd = off, off+len(d.key)
			d.valStart, d.valEnd, d.bare = d.keyEnd, d.keyEnd, true
		}
		out[i] = d
	}
	return out
}

// reading returns docker's Reading of the line.
func (d *envDockerLine) reading() Reading {
	switch {
	case d.err != "":
		return Reading{Err: d.err}
	case d.bare:
		return Reading{Defined: true, Dynamic: true}
	}
	return Reading{Value: d.value, Defined: true}
}

// ---------------------------------------------------------------------------
// godotenv v1.5.1 (parser.go), ported to track byte positions and to go on
// after an error. The port is checked against the library by
// FuzzGodotenvPort.

// gdStmt is one statement of godotenv's reading.
type gdStmt struct {
	anchor           int
	key              string
	hasKey           bool // '=' or ':' was found
	export           bool
	keyStart, keyEnd int
	valStart, valEnd int
	end              int
	value            string
	valueOK          bool // a value was read (possibly before a later error)
	err              string
	errPos           int
}

// gdScan is godotenv's reading of a whole file.
type gdScan struct {
	stmts    []gdStmt
	out      map[string]string
	firstErr string
	errPos   int
	overflow bool // expansion budget exhausted
}

// gdCRMap maps offsets of the CRLF-normalised buffer back to the source.
type gdCRMap []int

func (m gdCRMap) orig(n int) int { return n + sort.SearchInts(m, n) }

// gdNormalizeCRLF replaces "\r\n" by "\n" as godotenv does.
func gdNormalizeCRLF(src []byte) ([]byte, gdCRMap) {
	if !bytes.Contains(src, []byte("\r\n")) {
		return src, nil
	}
	nb := make([]byte, 0, len(src))
	var m gdCRMap
	for i := 0; i < len(src); i++ {
		if src[i] == '\r' && i+1 < len(src) && src[i+1] == '\n' {
			m = append(m, len(nb))
			continue
		}
		nb = append(nb, src[i])
	}
	return nb, m
}

// gdIsSpace is godotenv's isSpace: a space that is not a line break.
func gdIsSpace(r rune) bool {
	switch r {
	case '\t', '\v', '\f', '\r', ' ', 0x85, 0xA0:
		return true
	}
	return false
}

func gdIsLineEnd(r rune) bool { return r == '\n' || r == '\r' }

var (
	gdEscapeRegex        = regexp.MustCompile(`\\.`)
	gdExpandVarRegex     = regexp.MustCompile(`(\\)?(\$)(\()?\{?([A-Z0-9_]+)?\}?`)
	gdUnescapeCharsRegex = regexp.MustCompile(`\\([^$])`)
)

func gdExpandEscapes(str string) string {
	out := gdEscapeRegex.ReplaceAllStringFunc(str, func(match string) string {
		c := strings.TrimPrefix(match, `\`)
		switch c {
		case "n":
			return "\n"
		case "r":
			return "\r"
		default:
			return match
		}
	})
	return gdUnescapeCharsRegex.ReplaceAllString(out, "$1")
}

// gdExpandSize estimates the size of gdExpandVariables' result.
func gdExpandSize(v string, m map[string]string) int {
	n := len(v)
	for _, sm := range gdExpandVarRegex.FindAllStringSubmatch(v, -1) {
		if sm[1] != "\\" && sm[4] != "" {
			n += len(m[sm[4]])
		}
	}
	return n
}

func gdExpandVariables(v string, m map[string]string) string {
	return gdExpandVarRegex.ReplaceAllStringFunc(v, func(s string) string {
		submatch := gdExpandVarRegex.FindStringSubmatch(s)
		if submatch == nil {
			return s
		}
		if submatch[1] == "\\" || submatch[2] == "(" {
			return submatch[0][1:]
		} else if submatch[4] != "" {
			return m[submatch[4]]
		}
		return s
	})
}

// envLineAfter returns the offset just past the '\n' at or after i, or -1.
func envLineAfter(b []byte, i int) int {
	if i >= len(b) {
		return -1
	}
	nl := bytes.IndexByte(b[i:], '\n')
	if nl < 0 {
		return -1
	}
	return i + nl + 1
}

// gdNearText is godotenv's "near" text, cut to the end of its line.
func gdNearText(b []byte) string {
	if nl := bytes.IndexByte(b, '\n'); nl >= 0 {
		b = b[:nl+1]
	}
	if len(b) > envMaxMsg {
		return string(b[:envMaxMsg]) + "…"
	}
	return string(b)
}

// envScanGodotenv reads src as godotenv does. With resume, it goes on after an
// error at the next line; without, it stops at the first error like the
// library.
func envScanGodotenv(src []byte, resume bool) *gdScan {
	nb, cm := gdNormalizeCRLF(src)
	sc := &gdScan{out: map[string]string{}, errPos: -1}
	budget := envExpansionBudget(len(src))
	notSpace := func(r rune) bool { return !unicode.IsSpace(r) }
	pos := 0
	for pos < len(nb) {
		// getStatementStart
		p := bytes.IndexFunc(nb[pos:], notSpace)
		if p < 0 {
			break
		}
		pos += p
		if nb[pos] == '#' {
			nl := bytes.IndexByte(nb[pos:], '\n')
			if nl < 0 {
				break
			}
			pos += nl
			continue
		}
		st, next := gdStatement(nb, pos, sc.out, &budget)
		if st.valueOK && st.err == "" {
			sc.out[st.key] = st.value
		}
		if budget < 0 {
			sc.overflow = true
		}
		// Map offsets back to the source.
		st.anchor, st.keyStart, st.keyEnd = cm.orig(st.anchor), cm.orig(st.keyStart), cm.orig(st.keyEnd)
		st.valStart, st.valEnd, st.end = cm.orig(st.valStart), cm.orig(st.valEnd), cm.orig(st.end)
		if st.err != "" {
			st.errPos = cm.orig(st.errPos)
			if sc.firstErr == "" {
				sc.firstErr, sc.errPos = st.err, st.errPos
			}
		}
		sc.stmts = append(sc.stmts, st)
		if st.err != "" && !resume {
			break
		}
		if next < 0 || next <= pos {
			break
		}
		pos = next
	}
	return sc
}

// gdStatement reads one statement starting at pos (locateKeyName then
// extractVarValue). It returns the statement and where to go on (-1: end).
func gdStatement(nb []byte, pos int, vars map[string]string, budget *int) (gdStmt, int) {
	st := gdStmt{anchor: pos, errPos: -1}
	fail := func(at int, msg string) (gdStmt, int) {
		st.err, st.errPos, st.end = msg, at, at
		if st.valEnd < st.valStart {
			st.valEnd = st.valStart
		}
		return st, envLineAfter(nb, at)
	}
	// locateKeyName
	s := pos + len(nb[pos:]) - len(bytes.TrimLeftFunc(nb[pos:], gdIsSpace))
	if bytes.HasPrefix(nb[s:], []byte("export")) {
		t := s + len("export")
		if bytes.IndexFunc(nb[t:], gdIsSpace) == 0 {
			s = t + len(nb[t:]) - len(bytes.TrimLeftFunc(nb[t:], gdIsSpace))
			st.export = true
		}
	}
	st.keyStart, st.keyEnd = s, s
	sep := -1
loop:
	for i := s; i < len(nb); i++ {
		c := nb[i]
		if gdIsSpace(rune(c)) {
			continue
		}
		switch c {
		case '=', ':':
			sep = i
			break loop
		case '_':
		default:
			r := rune(c)
			if unicode.IsLetter(r) || unicode.IsNumber(r) || r == '.' {
				continue
			}
			return fail(i, fmt.Sprintf("unexpected character %q in variable name near %q", string(r), gdNearText(nb[s:])))
		}
	}
	if s == len(nb) {
		return fail(s, "zero length string")
	}
	cut := s
	if sep >= 0 {
		key := bytes.TrimRightFunc(nb[s:sep], unicode.IsSpace)
		st.key, st.hasKey, st.keyEnd = string(key), true, s+len(key)
		cut = sep + 1
	}
	cut += len(nb[cut:]) - len(bytes.TrimLeftFunc(nb[cut:], gdIsSpace))
	st.valStart = cut
	// extractVarValue
	if cut < len(nb) && (nb[cut] == '"' || nb[cut] == '\'') {
		q := nb[cut]
		for i := cut + 1; i < len(nb); i++ {
			if nb[i] != q || nb[i-1] == '\\' {
				continue
			}
			isQ := func(r rune) bool { return r == rune(q) }
			v := string(bytes.TrimLeftFunc(bytes.TrimRightFunc(nb[cut:i], isQ), isQ))
			if q == '"' {
				v = gdExpandEscapes(v)
				*budget -= gdExpandSize(v, vars)
				if *budget < 0 {
					return fail(cut, "value too large to expand")
				}
				v = gdExpandVariables(v, vars)
			}
			st.value, st.valueOK, st.valEnd, st.end = v, true, i+1, i+1
			return st, i + 1
		}
		nl := bytes.IndexByte(nb[cut:], '\n')
		e := len(nb)
		if nl >= 0 {
			e = cut + nl
		}
		st.valEnd = e
		msg := "unterminated quoted value " + string(nb[cut:e])
		if e-cut > envMaxMsg {
			msg = "unterminated quoted value " + string(nb[cut:cut+envMaxMsg]) + "…"
		}
		return fail(cut, msg)
	}
	eol := bytes.IndexFunc(nb[cut:], gdIsLineEnd)
	if eol < 0 {
		eol = len(nb) - cut
	}
	line := []rune(string(nb[cut : cut+eol]))
	endOfVar := len(line)
	for i := endOfVar - 1; i > 0; i-- {
		if line[i] == '#' && gdIsSpace(line[i-1]) {
			endOfVar = i
			break
		}
	}
	// Byte length of the first endOfVar runes: []rune(string(b)) yields one
	// rune per utf8.DecodeRune step, invalid bytes included.
	nbytes := 0
	for r := 0; r < endOfVar; r++ {
		_, w := utf8.DecodeRune(nb[cut+nbytes : cut+eol])
		nbytes += w
	}
	raw := bytes.TrimRightFunc(nb[cut:cut+nbytes], gdIsSpace)
	v := strings.TrimFunc(string(line[:endOfVar]), gdIsSpace)
	*budget -= gdExpandSize(v, vars)
	if *budget < 0 {
		return fail(cut, "value too large to expand")
	}
	st.value, st.valueOK = gdExpandVariables(v, vars), true
	st.valEnd, st.end = cut+len(raw), cut+eol
	if cut+eol >= len(nb) {
		return st, -1
	}
	return st, cut + eol
}

// ---------------------------------------------------------------------------
// bash, through mvdan.cc/sh/v3.

// envBashVar is a variable of the file as bash has it so far.
type envBashVar struct {
	val string
	dyn bool
}

// envBashEnv is the environment bash expansions see: only the file's own
// earlier keys. It records what is read from the host.
type envBashEnv struct {
	vars    map[string]envBashVar
	dynamic bool
	host    []string
}

var _ expand.WriteEnviron = (*envBashEnv)(nil)

func (e *envBashEnv) Get(name string) expand.Variable {
	if v, ok := e.vars[name]; ok {
		if v.dyn {
			e.dynamic = true
		}
		return expand.Variable{Set: true, Kind: expand.String, Str: v.val}
	}
	if name == "IFS" {
		return expand.Variable{} // asked by every expansion; bash's default applies
	}
	e.dynamic = true
	if strings.Contains(name, " ") {
		// "HOME user" for ~user: answer so that nothing is looked up on the host.
		return expand.Variable{Set: true, Kind: expand.String}
	}
	for _, h := range e.host {
		if h == name {
			return expand.Variable{}
		}
	}
	e.host = append(e.host, name)
	return expand.Variable{}
}

func (e *envBashEnv) Each(fn func(name string, vr expand.Variable) bool) {
	names := make([]string, 0, len(e.vars))
	for k := range e.vars {
		names = append(names, k)
	}
	sort.Strings(names)
	for _, k := range names {
		if !fn(k, expand.Variable{Set: true, Kind: expand.String, Str: e.vars[k].val}) {
			return
		}
	}
}

func (e *envBashEnv) Set(name string, vr expand.Variable) error {
	if vr.Kind == expand.KeepValue {
		return nil
	}
	if !vr.IsSet() {
		delete(e.vars, name)
		return nil
	}
	e.vars[name] = envBashVar{val: vr.String(), dyn: e.dynamic}
	return nil
}

// errEnvNoRun is returned for command and process substitutions: nothing is
// ever run.
var errEnvNoRun = errors.New("command substitution not run")

// envBashAssign is one assignment bash reads.
type envBashAssign struct {
	anchor           int
	key              string
	keyStart, keyEnd int
	valStart, valEnd int
	stmtEnd          int
	export           bool
	// naked is set for `export K` without a value: it assigns nothing.
	naked     bool
	word      *syntax.Word
	rd        Reading
	refs      []string
	refTexts  []string
	defaultOf string
	dynWhy    string
}

// envBashScan is bash's reading of a whole file.
type envBashScan struct {
	src     []byte
	pb      []byte // parse buffer: BOM blanked, '\r' → 0x01
	lines   []EnvLine
	hasCR   bool
	bom     bool
	bomDone bool
	path    string
	env     *envBashEnv
	budget  int
	assigns []*envBashAssign
	cmds    map[int]string  // statement start → what bash does there instead
	sets    map[string]bool // names set by statements not read as assignments
	// defaults are the literal values of `: "${K:=v}"` statements of the
	// file's top level (the first one for a name).
	defaults map[string]string
	lineErr  map[int]string // line index → syntax error on that line
	firstErr *EnvError
	base     int // offset added to node positions (per-line mode)
}

// envCRPlaceholder stands for '\r' while parsing: mvdan reads a bare '\r' as a
// blank, bash as a word character.
const envCRPlaceholder = 0x01

func envScanBash(path string, src []byte, lines []EnvLine, bom bool) *envBashScan {
	b := &envBashScan{
		src: src, lines: lines, bom: bom, path: path,
		env:     &envBashEnv{vars: map[string]envBashVar{}},
		budget:  envExpansionBudget(len(src)),
		cmds:    map[int]string{},
		lineErr: map[int]string{},
	}
	b.pb = make([]byte, len(src))
	copy(b.pb, src)
	if bom {
		copy(b.pb, "   ")
	}
	for i, c := range b.pb {
		if c == '\r' {
			b.pb[i] = envCRPlaceholder
			b.hasCR = true
		}
	}
	b.pb = BashComments(b.pb)
	if why := envTooDeep(b.pb); why != "" {
		b.setErr(0, "the file is not analysed as a whole: it is "+why)
		b.perLine(0)
		return b
	}
	pos, rounds := 0, 0
	for pos < len(b.pb) {
		end := len(b.pb)
		for {
			rounds++
			f, err := envParseChunk(b.pb, pos, end)
			if err == nil {
				b.process(f)
				pos = end
				break
			}
			off := envClamp(envErrOffset(err), pos, max(end-1, pos))
			b.setErr(off, envErrText(err))
			li := envLineIndex(lines, off)
			ls := pos
			if li >= 0 {
				ls = max(lines[li].Start, pos)
			}
			if rounds >= envMaxParseRounds {
				b.perLine(pos)
				return b
			}
			if ls > pos {
				end = ls // parse what comes before the bad line
				continue
			}
			b.markLine(envLineIndex(lines, pos), err)
			next := envLineAfter(b.pb, pos)
			if next < 0 {
				next = len(b.pb)
			}
			pos = next
			break
		}
	}
	return b
}

// perLine reads each line from offset pos on by itself.
func (b *envBashScan) perLine(pos int) {
	for i := envLineIndex(b.lines, pos); i >= 0 && i < len(b.lines); i++ {
		ln := b.lines[i]
		start := max(ln.Start, pos)
		end := ln.End
		if ln.CR {
			end++
		}
		chunk := b.pb[start:end]
		if why := envTooDeep(chunk); why != "" {
			b.lineErr[i] = "was not analysed: " + why
			continue
		}
		f, err := envParseSafe(bytes.NewReader(chunk))
		if err != nil {
			b.markLine(i, err)
			continue
		}
		b.base = start
		b.process(f)
		b.base = 0
	}
}

func (b *envBashScan) markLine(li int, err error) {
	if li >= 0 {
		if _, ok := b.lineErr[li]; !ok {
			b.lineErr[li] = "fails with a syntax error: " + envErrText(err)
		}
	}
}

func (b *envBashScan) setErr(off int, msg string) {
	if b.firstErr != nil {
		return
	}
	b.firstErr = newEnvError(b.path, b.lines, off, msg)
}

// envTooDeep reports input whose nesting would exhaust the shell parser's
// (unbounded) recursion.
func envTooDeep(b []byte) string {
	// Comments are counted too: a '#' after a blank may sit in a string
	// (A=" #$($(…)))"), and skipping it let the parser's stack overflow.
	// After such a '#' (to the end of the line) brackets count in full and
	// keywords at a tenth: prose ("tuned for H100, used for serve and for
	// kl") opens no compound command, and a crafted line still cannot hide
	// more than ten times the bound behind one.
	// Each line's chained operators (`$((!!!…1))`, `:|:|…`) count at a
	// tenth too: the parser nests them.
	depth, maxDepth, heredocs := 0, 0, 0
	backquote, comment := false, false
	kwInComment, ops := 0, 0
	for i := 0; i < len(b); i++ {
		switch c := b[i]; c {
		case '#':
			if i == 0 || b[i-1] == ' ' || b[i-1] == '\t' || b[i-1] == '\n' {
				comment = true
			}
		case '\n':
			comment = false
			ops = 0
		case '!', '=', '?', '*', '+', '>', '^', '%', '~', '&', '|':
			if ops++; ops%10 == 0 {
				maxDepth = max(maxDepth, depth+ops/10)
			}
		case '`':
			if backquote = !backquote; backquote {
				depth++
			} else if depth > 0 {
				depth--
			}
		case '(', '{', '[':
			depth++
		case ')', '}', ']':
			if depth > 0 {
				depth--
			}
		case '<':
			if ops++; ops%10 == 0 {
				maxDepth = max(maxDepth, depth+ops/10)
			}
			if i+1 < len(b) && b[i+1] == '<' {
				heredocs++
				i++
			}
		default:
			if !envIsWordByte(c) || (i > 0 && envIsWordByte(b[i-1])) {
				continue
			}
			j := i
			for j < len(b) && envIsWordByte(b[j]) {
				j++
			}
			switch string(b[i:j]) {
			case "if", "while", "until", "for", "select", "case", "function":
				if !comment {
					depth++
				} else if kwInComment++; kwInComment%10 == 0 {
					depth++
				}
			case "fi", "done", "esac":
				if depth > 0 && !comment {
					depth--
				}
			}
			i = j - 1
		}
		maxDepth = max(maxDepth, depth)
	}
	switch {
	case maxDepth > envMaxNesting:
		return fmt.Sprintf("nested more than %d levels deep", envMaxNesting)
	case heredocs > envMaxHeredocs:
		return fmt.Sprintf("holding more than %d here-documents", envMaxHeredocs)
	}
	return ""
}

func envIsWordByte(c byte) bool {
	return c == '_' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z'
}

// envBlankReader yields b with every byte but '\n' turned into a space, so that
// a parse of what follows keeps the file's offsets and line numbers.
type envBlankReader struct{ b []byte }

func (r *envBlankReader) Read(p []byte) (int, error) {
	if len(r.b) == 0 {
		return 0, io.EOF
	}
	n := copy(p, r.b)
	for i := range p[:n] {
		if p[i] != '\n' {
			p[i] = ' '
		}
	}
	r.b = r.b[n:]
	return n, nil
}

// envParseChunk parses pb[pos:end] with positions of the whole buffer.
func envParseChunk(pb []byte, pos, end int) (*syntax.File, error) {
	return envParseSafe(io.MultiReader(&envBlankReader{b: pb[:pos]}, bytes.NewReader(pb[pos:end])))
}

func envParseSafe(r io.Reader) (f *syntax.File, err error) {
	defer func() {
		if p := recover(); p != nil {
			f, err = nil, fmt.Errorf("shell parser failed: %v", p)
		}
	}()
	return ParseShell(r, "", true, syntax.LangBash)
}

func envErrOffset(err error) int {
	var pe syntax.ParseError
	if errors.As(err, &pe) {
		return int(pe.Pos.Offset())
	}
	var le syntax.LangError
	if errors.As(err, &le) {
		return int(le.Pos.Offset())
	}
	return 0
}

func envErrText(err error) string {
	var pe syntax.ParseError
	if errors.As(err, &pe) {
		return pe.Text
	}
	var le syntax.LangError
	if errors.As(err, &le) {
		return le.Error()
	}
	return err.Error()
}

func envClamp(v, lo, hi int) int { return min(max(v, lo), hi) }

// off converts a node position to a source offset.
func (b *envBashScan) off(p syntax.Pos) int {
	return envClamp(b.base+int(p.Offset()), 0, len(b.src))
}

// text returns the source text of a node, cut for messages.
func (b *envBashScan) text(n syntax.Node) string {
	s, e := b.off(n.Pos()), b.off(n.End())
	if e < s {
		e = s
	}
	return envShort(string(b.src[s:e]))
}

func (b *envBashScan) process(f *syntax.File) {
	for _, st := range f.Stmts {
		b.stmt(st, true)
	}
}

// stmt records what bash does with one statement.
func (b *envBashScan) stmt(st *syntax.Stmt, top bool) {
	anchor := b.off(st.Pos())
	bomHit := false
	if top && b.bom && !b.bomDone {
		b.bomDone = true
		bomHit = envLineIndex(b.lines, anchor) == 0
	}
	bomErr := ""
	if bomHit {
		bomErr = "runs the first word, with the byte-order mark glued to it, as a command (command not found)"
	}
	undefined := ""
	switch {
	case bomErr != "":
		undefined = bomErr
	case st.Background || st.Coprocess || st.Disown:
		undefined = "runs the statement in the background: the shell gets no variable from it"
	}
	switch cmd := st.Cmd.(type) {
	case *syntax.CallExpr:
		if len(cmd.Args) > 0 && undefined == "" {
			undefined = fmt.Sprintf("runs `%s` as a command", b.text(cmd.Args[0]))
			if len(cmd.Assigns) > 0 {
				undefined += " (the assignment applies only to that command)"
			}
		}
		if len(cmd.Assigns) == 0 {
			if undefined == "" {
				undefined = "runs a redirection"
			}
			b.cmds[anchor] = undefined
			b.noteSets(st)
			return
		}
		for i, as := range cmd.Assigns {
			a := anchor
			if i > 0 {
				a = b.off(as.Pos())
			}
			b.assign(st, as, a, false, undefined)
		}
	case *syntax.DeclClause:
		v := ""
		if cmd.Variant != nil {
			v = cmd.Variant.Value
		}
		switch v {
		case "export", "declare", "typeset", "readonly":
		default:
			if undefined == "" {
				undefined = fmt.Sprintf("runs `%s`", v)
			}
			b.cmds[anchor] = undefined
			return
		}
		export := v == "export"
		for _, as := range cmd.Args {
			if as.Name == nil && as.Value != nil {
				if opt := as.Value.Lit(); strings.HasPrefix(opt, "-") && strings.Contains(opt, "x") {
					export = true // declare -x
				}
			}
		}
		first := true
		for _, as := range cmd.Args {
			if as.Name == nil {
				continue // an option such as -x
			}
			a := anchor
			if !first {
				a = b.off(as.Pos())
			}
			first = false
			b.assign(st, as, a, export, undefined)
		}
		if first {
			b.cmds[anchor] = fmt.Sprintf("runs `%s`", b.text(st))
		}
	case *syntax.BinaryCmd:
		if undefined == "" && (cmd.Op == syntax.AndStmt || cmd.Op == syntax.OrStmt) {
			b.stmt(cmd.X, false)
			b.stmt(cmd.Y, false)
			return
		}
		if undefined == "" {
			undefined = "runs a pipeline: assignments in it happen in a subshell"
		}
		b.cmds[anchor] = undefined
	default:
		if undefined == "" {
			undefined = "runs a compound command (not read as an assignment)"
		}
		b.cmds[anchor] = undefined
		b.noteSets(st)
	}
}

// noteSets records the variables a statement bash runs in the sourcing
// shell itself may set though it is no plain assignment: `: "${K:=v}"`
// (or ${K=v}), and assignments inside an if, a case, a loop or a { }
// group. Nothing run in the background, in a subshell, a pipeline, a
// substitution or a function body (defined, not run) counts.
func (b *envBashScan) noteSets(st *syntax.Stmt) {
	if st.Background || st.Coprocess || st.Disown {
		return
	}
	note := func(name string) {
		if b.sets == nil {
			b.sets = map[string]bool{}
		}
		b.sets[name] = true
	}
	if ce, ok := st.Cmd.(*syntax.CallExpr); ok && len(ce.Assigns) == 0 && len(ce.Args) == 2 && ce.Args[0].Lit() == ":" {
		// : "${VLLM_IMAGE:=vllm/vllm-openai:v0.9.1}": the default's
		// literal value, as bash sets it when the caller has not.
		if pe := SingleParam(ce.Args[1]); pe != nil && pe.Param != nil && pe.Exp != nil &&
			(pe.Exp.Op == syntax.AssignUnset || pe.Exp.Op == syntax.AssignUnsetOrNull) && pe.Exp.Word != nil {
			if v, ok := LitValue(pe.Exp.Word); ok {
				if b.defaults == nil {
					b.defaults = map[string]string{}
				}
				if _, dup := b.defaults[pe.Param.Value]; !dup {
					b.defaults[pe.Param.Value] = v
				}
			}
		}
	}
	shwalk.Walk(st, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst, *syntax.FuncDecl, *syntax.ArithmCmd:
			return false
		case *syntax.Stmt:
			return !x.Background && !x.Coprocess && !x.Disown
		case *syntax.BinaryCmd:
			return x.Op == syntax.AndStmt || x.Op == syntax.OrStmt
		case *syntax.Assign:
			if x.Name != nil {
				note(x.Name.Value)
			}
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				// K=1 cmd: the assignment applies to cmd only; the words
				// may still hold ${K:=v}.
				for _, w := range x.Args {
					shwalk.Walk(w, func(n syntax.Node) bool {
						switch y := n.(type) {
						case *syntax.CmdSubst, *syntax.ProcSubst:
							return false
						case *syntax.ParamExp:
							if y.Param != nil && y.Exp != nil && (y.Exp.Op == syntax.AssignUnset || y.Exp.Op == syntax.AssignUnsetOrNull) {
								note(y.Param.Value)
							}
						}
						return true
					})
				}
				return false
			}
		}
		return true
	})
}

// assign records one assignment; undefined says why bash does not keep it.
func (b *envBashScan) assign(st *syntax.Stmt, as *syntax.Assign, anchor int, export bool, undefined string) {
	ba := &envBashAssign{anchor: anchor, key: as.Name.Value, export: export, stmtEnd: b.off(st.End())}
	ba.keyStart, ba.keyEnd = b.off(as.Name.Pos()), b.off(as.Name.End())
	switch {
	case as.Value != nil:
		ba.valStart, ba.valEnd = b.off(as.Value.Pos()), b.off(as.Value.End())
	case as.Array != nil:
		ba.valStart, ba.valEnd = b.off(as.Array.Pos()), b.off(as.Array.End())
	case as.Naked:
		ba.valStart, ba.valEnd = ba.keyEnd, ba.keyEnd
		ba.naked = true
	default:
		e := b.off(as.End())
		ba.valStart, ba.valEnd = e, e
	}
	// A '\r' ending the line belongs to bash's word but not to the span.
	for _, p := range []*int{&ba.valStart, &ba.valEnd} {
		if *p > 0 && *p <= len(b.src) && b.src[*p-1] == '\r' && (*p == len(b.src) || b.src[*p] == '\n') {
			*p--
		}
	}
	ba.valStart = min(ba.valStart, ba.valEnd)
	if as.Value != nil && as.Index == nil {
		ba.word = as.Value
		if b.hasCR {
			b.restoreCR(as.Value)
		}
		ba.refs, ba.refTexts = b.refs(as.Value)
		ba.defaultOf = envDefaultOf(as.Value)
	}
	if as.Array != nil && b.hasCR {
		b.restoreCR(as.Array)
	}
	b.assigns = append(b.assigns, ba)
	if undefined != "" {
		ba.rd = Reading{Err: undefined}
		return
	}
	if as.Naked {
		if v, ok := b.env.vars[ba.key]; ok {
			ba.rd = Reading{Value: v.val, Defined: true, Dynamic: v.dyn}
			return
		}
		ba.rd = Reading{Defined: true, Dynamic: true}
		ba.dynWhy = fmt.Sprintf("exports %s from the host environment", ba.key)
		return
	}
	val, dyn, why, err := b.evaluate(as)
	if err != "" {
		ba.rd = Reading{Err: err}
		return
	}
	if as.Append {
		if prev, ok := b.env.vars[ba.key]; ok {
			val, dyn = prev.val+val, dyn || prev.dyn
		} else {
			dyn = true
			why = fmt.Sprintf("appends to %s from the host environment", ba.key)
		}
	}
	ba.rd = Reading{Value: val, Defined: true, Dynamic: dyn}
	ba.dynWhy = why
	if as.Index == nil {
		b.env.vars[ba.key] = envBashVar{val: val, dyn: dyn}
	}
}

// restoreCR puts back the '\r' bytes that the parse buffer replaced.
func (b *envBashScan) restoreCR(n syntax.Node) {
	shwalk.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Lit:
			n.Value = b.restore(n.Value, b.off(n.Pos()), b.off(n.End()))
		case *syntax.SglQuoted:
			s, e := b.off(n.Pos()), b.off(n.End())
			if n.Dollar {
				s++
			}
			n.Value = b.restore(n.Value, s+1, e-1)
		}
		return true
	})
}

func (b *envBashScan) restore(v string, s, e int) string {
	if s < 0 || e > len(b.src) || s > e || !bytes.ContainsRune(b.src[s:e], '\r') {
		return v
	}
	if string(b.pb[s:e]) == v {
		return string(b.src[s:e])
	}
	return strings.ReplaceAll(v, string(rune(envCRPlaceholder)), "\r")
}

// evaluate expands an assignment's value as bash would, with only the
// file's earlier keys set and nothing run.
func (b *envBashScan) evaluate(as *syntax.Assign) (val string, dyn bool, why, errMsg string) {
	var words []*syntax.Word
	if as.Array != nil {
		for _, el := range as.Array.Elems {
			if el.Value != nil {
				words = append(words, envUnescapeWord(el.Value))
			}
		}
	} else if as.Value != nil {
		words = []*syntax.Word{envColonTilde(envUnescapeWord(as.Value))}
	}
	est := 0
	for _, w := range words {
		est += b.estimate(w)
	}
	b.budget -= est
	if b.budget < 0 {
		return "", false, "", "was not evaluated: the expanded value would be too large"
	}
	b.env.dynamic, b.env.host = false, nil
	ran := ""
	cfg := &expand.Config{
		Env: b.env,
		CmdSubst: func(_ io.Writer, cs *syntax.CmdSubst) error {
			if ran == "" {
				ran = b.text(cs)
			}
			return errEnvNoRun
		},
		ProcSubst: func(ps *syntax.ProcSubst) (string, error) {
			if ran == "" {
				ran = b.text(ps)
			}
			return "", errEnvNoRun
		},
	}
	parts := make([]string, 0, len(words))
	var err error
	for _, w := range words {
		var s string
		s, err = envLiteralSafe(cfg, w)
		if err != nil {
			break
		}
		parts = append(parts, s)
	}
	val = strings.Join(parts, " ")
	switch {
	case ran != "":
		return "", true, fmt.Sprintf("runs `%s` for the value", ran), ""
	case err != nil && !b.env.dynamic:
		return "", false, "", "fails to expand the value: " + envShort(err.Error())
	case b.env.dynamic:
		if err != nil {
			val = ""
		}
		return val, true, b.hostWhy(), ""
	}
	return val, false, "", ""
}

// envUnescapeWord returns a copy of w in which unquoted backslash escapes
// are already removed, as bash does (expand.Literal keeps them). An
// unquoted literal holding a backslash becomes a single-quoted part, so
// that an escaped ~ is not expanded either.
func envUnescapeWord(w *syntax.Word) *syntax.Word {
	if w == nil {
		return nil
	}
	changed := false
	parts := make([]syntax.WordPart, len(w.Parts))
	for i, p := range w.Parts {
		parts[i] = p
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.Contains(p.Value, "\\") {
				parts[i] = &syntax.SglQuoted{Left: p.ValuePos, Right: p.ValueEnd, Value: envUnescape(p.Value)}
				changed = true
			}
		case *syntax.ParamExp:
			if p.Exp != nil && p.Exp.Word != nil {
				if nw := envUnescapeWord(p.Exp.Word); nw != p.Exp.Word {
					pe, exp := *p, *p.Exp
					exp.Word = nw
					pe.Exp = &exp
					parts[i] = &pe
					changed = true
				}
			}
		}
	}
	if !changed {
		return w
	}
	return &syntax.Word{Parts: parts}
}

// envColonTilde returns a copy of an assignment's value w in which each
// unquoted `:~` whose tilde-prefix is empty (`~` followed by `/`, `:` or the
// end of the word) reads ${HOME}, as bash expands it in an assignment
// (PYTHONPATH=/app:~/lib reads /app:/home/u/lib); expand.Literal only
// expands a leading tilde. A `~user` or `~+` prefix is left alone.
func envColonTilde(w *syntax.Word) *syntax.Word {
	if w == nil {
		return nil
	}
	var parts []syntax.WordPart
	changed := false
	for i, p := range w.Parts {
		lit, ok := p.(*syntax.Lit)
		if !ok || !strings.Contains(lit.Value, ":~") {
			parts = append(parts, p)
			continue
		}
		v, last := lit.Value, i == len(w.Parts)-1
		from := 0
		for k := 0; k+1 < len(v); k++ {
			if v[k] != ':' || v[k+1] != '~' {
				continue
			}
			if end := k + 2; end < len(v) && v[end] != '/' && v[end] != ':' || end == len(v) && !last {
				continue
			}
			parts = append(parts, &syntax.Lit{Value: v[from : k+1]},
				&syntax.ParamExp{Param: &syntax.Lit{Value: "HOME"}})
			from = k + 2
			changed = true
		}
		parts = append(parts, &syntax.Lit{Value: v[from:]})
	}
	if !changed {
		return w
	}
	return &syntax.Word{Parts: parts}
}

// envUnescape removes unquoted backslash escapes; a trailing backslash stays.
func envUnescape(s string) string {
	var sb strings.Builder
	for i := 0; i < len(s); i++ {
		if s[i] == '\\' && i+1 < len(s) {
			i++
		}
		sb.WriteByte(s[i])
	}
	return sb.String()
}

func (b *envBashScan) hostWhy() string {
	if len(b.env.host) == 0 {
		return "expands variables whose values come from the host environment"
	}
	names := make([]string, len(b.env.host))
	for i, h := range b.env.host {
		names[i] = "$" + h
	}
	return fmt.Sprintf("expands %s from the host environment (not defined earlier in this file)", strings.Join(names, ", "))
}

func envLiteralSafe(cfg *expand.Config, w *syntax.Word) (s string, err error) {
	defer func() {
		if p := recover(); p != nil {
			s, err = "", fmt.Errorf("expansion failed: %v", p)
		}
	}()
	return expand.Literal(cfg, w)
}

// estimate bounds the size of a word's expansion from above (roughly).
func (b *envBashScan) estimate(n syntax.Node) int {
	total := 0
	shwalk.Walk(n, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Lit:
			total += len(n.Value)
		case *syntax.SglQuoted:
			total += len(n.Value)
		case *syntax.ParamExp:
			v := 0
			if n.Param != nil {
				if bv, ok := b.env.vars[n.Param.Value]; ok {
					v = len(bv.val)
				}
			}
			if n.Excl {
				v = 0
				for _, bv := range b.env.vars {
					v = max(v, len(bv.val))
				}
			}
			if n.Repl != nil && n.Repl.With != nil {
				v *= 1 + b.estimate(n.Repl.With)
			}
			total += 4*v + 64
		case *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		}
		return true
	})
	return total
}

// refs lists the variables a word references, and their source texts.
func (b *envBashScan) refs(w *syntax.Word) (names, texts []string) {
	seen := map[string]bool{}
	add := func(name string) {
		if syntax.ValidName(name) && !seen[name] {
			seen[name] = true
			names = append(names, name)
		}
	}
	var walk func(n syntax.Node, top bool)
	walk = func(n syntax.Node, top bool) {
		shwalk.Walk(n, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.CmdSubst, *syntax.ProcSubst:
				return false
			case *syntax.ParamExp:
				if n.Param != nil {
					add(n.Param.Value)
				}
				if top && len(texts) < 8 {
					texts = append(texts, b.text(n))
				}
				for _, c := range envParamChildren(n) {
					walk(c, false)
				}
				return false
			case *syntax.ArithmExp:
				if top && len(texts) < 8 {
					texts = append(texts, b.text(n))
				}
				shwalk.Walk(n, func(n syntax.Node) bool {
					if w, ok := n.(*syntax.Word); ok {
						add(w.Lit())
					}
					if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil {
						add(pe.Param.Value)
					}
					_, isCmd := n.(*syntax.CmdSubst)
					return !isCmd
				})
				return false
			}
			return true
		})
	}
	walk(w, true)
	return names, texts
}

// envParamChildren returns the words inside a parameter expansion.
func envParamChildren(pe *syntax.ParamExp) []syntax.Node {
	var out []syntax.Node
	if pe.Exp != nil && pe.Exp.Word != nil {
		out = append(out, pe.Exp.Word)
	}
	if pe.Repl != nil {
		if pe.Repl.Orig != nil {
			out = append(out, pe.Repl.Orig)
		}
		if pe.Repl.With != nil {
			out = append(out, pe.Repl.With)
		}
	}
	if pe.Index != nil {
		out = append(out, pe.Index)
	}
	if pe.Slice != nil {
		if pe.Slice.Offset != nil {
			out = append(out, pe.Slice.Offset)
		}
		if pe.Slice.Length != nil {
			out = append(out, pe.Slice.Length)
		}
	}
	return out
}

// envDefaultOf returns X for a value that is exactly ${X:-...} or ${X-...}
// (possibly double-quoted).
func envDefaultOf(w *syntax.Word) string {
	pe := SingleParam(w)
	if pe == nil || pe.Param == nil || pe.Exp == nil || pe.Excl || pe.Length || pe.Index != nil || pe.Slice != nil || pe.Repl != nil {
		return ""
	}
	if pe.Exp.Op != syntax.DefaultUnset && pe.Exp.Op != syntax.DefaultUnsetOrNull {
		return ""
	}
	return pe.Param.Value
}

// ---------------------------------------------------------------------------
// Positions.

// EnvError is an error at a position of an env file.
type EnvError struct {
	Path   string
	Offset int // byte offset into the file
	Line   int // 1-based
	Col    int // 1-based, in bytes
	Msg    string
	// Err is the underlying error, if any (godotenv's own error).
	Err error
}

// Error returns "path:line:col: msg".
func (e *EnvError) Error() string {
	return fmt.Sprintf("%s:%d:%d: %s", e.Path, e.Line, e.Col, e.Msg)
}

// Unwrap returns the underlying error.
func (e *EnvError) Unwrap() error { return e.Err }

func newEnvError(path string, lines []EnvLine, off int, msg string) *EnvError {
	line, col := envLineCol(lines, off)
	return &EnvError{Path: path, Offset: off, Line: line, Col: col, Msg: msg}
}

// envLineIndex returns the index of the line holding offset off (a line's
// newline belongs to it), or -1 when there are no lines.
func envLineIndex(lines []EnvLine, off int) int {
	if len(lines) == 0 {
		return -1
	}
	i := sort.Search(len(lines), func(i int) bool { return lines[i].Start > off })
	return max(i-1, 0)
}

func envLineCol(lines []EnvLine, off int) (int, int) {
	i := envLineIndex(lines, off)
	if i < 0 {
		return 1, 1
	}
	return lines[i].Line, off - lines[i].Start + 1
}
