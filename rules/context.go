// Package rules holds servelint's rules, one golang.org/x/tools/go/analysis
// Analyzer per file. Every rule reads the shared model through the Model
// analyzer (Requires/ResultOf), so scripts and env files are parsed once.
package rules

import (
	"bytes"
	"fmt"
	"go/token"
	"go/types"
	"reflect"
	"sort"
	"strings"
	"sync"

	"golang.org/x/tools/go/analysis"
	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/suppress"
)

// Severities a finding can have. They travel in analysis.Diagnostic.Category.
const (
	Error   = "error"
	Warning = "warning"
	Info    = "info"
)

// Config is what a config file can say that the files cannot tell.
type Config struct {
	// CalibKnobs are the flags a calib mode may set on its own, with the env
	// key that owns each ("" when none is named).
	CalibKnobs map[string]string
	// PerModeFlags differ between modes by design (--port, --log-file, …).
	PerModeFlags []string
	// ProvenNamed is true when the config names the proven mode, Proven.
	ProvenNamed bool
	Proven      string
	// DocumentTokens is the calibration document length: a number or an
	// env key ("" to use the mode's --max-model-len).
	DocumentTokens string
	// Ledger is a proven boot ledger for stepcost ("" disables it).
	Ledger string
}

// DefaultPerModeFlags are flags that may differ between modes by design.
var DefaultPerModeFlags = []string{"--port", "--host", "--log-file", "--served-model-name", "--api-key", "--uvicorn-log-level", "--log-level", "--metrics-port", "--name", "--disable-log-requests", "--disable-log-stats", "--seed", "--dist-init-addr", "--node-rank", "--nnodes", "--master-port", "--hostname", "--otlp-endpoint"}

// DefaultConfig returns the configuration used when no config file says
// otherwise.
func DefaultConfig() *Config {
	// Calib's own knobs are its step and its n-gram placement (law 4): the
	// step is each engine's (vLLM's --max-num-batched-tokens, SGLang's
	// --chunked-prefill-size, TGI's --max-batch-prefill-tokens, …).
	knobs := map[string]string{"--max-num-batched-tokens": "", "--ngram-placement": ""}
	for _, p := range parser.Profiles {
		if p.StepFlag != "" {
			knobs[p.StepFlag] = ""
		}
	}
	return &Config{
		CalibKnobs:   knobs,
		PerModeFlags: DefaultPerModeFlags,
	}
}

// Context is the result of the Model analyzer: the model of the files being
// linted, their positions, and the configuration.
type Context struct {
	Unit   *parser.Unit
	Config *Config
	Files  map[string]*token.File
	// Eval returns the dry-run argv of a script's modes, computed once. It is
	// set by the driver; rules reach it through the DryRun analyzer.
	Eval func(s *parser.Script) map[string]*EvalResult
	// Jobs bounds how many scripts a shared analyzer (Windows) works on at
	// once; below 1 means one.
	Jobs int
	// Reported names the rules whose findings the driver reports (set by
	// the driver; nil: every rule). A rule that leaves a finding to another
	// asks it (argvdrift leaves a mode's own environment-read value to
	// privateshape only where privateshape is reported).
	Reported map[string]bool
	// Display, when set, is how this lint names files in messages (the
	// language server: relative to the linted document's workspace
	// folder); nil means the package's DisplayPath. A per-lint setting, as
	// lints may run at once.
	Display func(string) string

	engineKeys sync.Map // *parser.Script → map[string]bool (engineKeysOf)
	shapeFlows sync.Map // *parser.Script → map[string]map[string]bool (shapeFlowsOf)
	hidden     sync.Map // *parser.Script → *hiddenIndex (hiddenReads)
	// flagOrigins holds the origins of a flag's value read under every
	// mode that runs it (sharedFlagOrigins).
	flagOrigins sync.Map // *parser.Flag → []parser.Origin
	// suppressions holds each script's servelint:ignore directives, read
	// when a fix first asks (suppressedAt).
	suppressions sync.Map // *parser.Script → []*suppress.Directive
	// envReported holds, by script path, mode and key ("path\x00mode\x00K"),
	// the environment-read owners privateshape reported a mode's own value
	// of (noteEnvReported): argvdrift, which requires privateshape, does not
	// report the same drift again.
	envReported sync.Map
}

// noteEnvReported records that privateshape reported modes' own value of
// environment-read owner k in script s.
func (c *Context) noteEnvReported(s *parser.Script, modes []*parser.Mode, k string) {
	for _, m := range modes {
		c.envReported.Store(s.Path+"\x00"+m.Name+"\x00"+k, true)
	}
}

// envWasReported reports whether privateshape reported mode m's own value
// of environment-read owner k in script s.
func (c *Context) envWasReported(s *parser.Script, m *parser.Mode, k string) bool {
	if c.Reported != nil && !c.Reported[PrivateShape.Name] {
		return false // turned off: its findings are nobody's
	}
	_, ok := c.envReported.Load(s.Path + "\x00" + m.Name + "\x00" + k)
	return ok
}

// engineKeysOf returns engineKeys(s), computed once for the rules that ask
// (shapealias, envowner). The map is only read after it is made.
func (c *Context) engineKeysOf(s *parser.Script) map[string]bool {
	if v, ok := c.engineKeys.Load(s); ok {
		return v.(map[string]bool)
	}
	k := engineKeys(s)
	c.engineKeys.Store(s, k)
	return k
}

// EvalResult is one mode's dry-run argv as rules see it.
type EvalResult struct {
	Mode     string
	Argv     []string
	Launcher []string
	// Env is the engine's environment (dryrun.Result.Env): argvdrift
	// compares the variables the engine reads a shape flag from.
	Env map[string]string
	// EnvClosed says a variable Env lacks is unset for the engine
	// (dryrun.Result.EnvClosed).
	EnvClosed bool
	// Unresolved are indexes into Argv whose value is not statically known.
	Unresolved []int
	Err        error
	// Finished is set when the script ran to its end (status 0) without
	// reaching an engine: a subcommand, not a failure.
	Finished bool
	// Engine is the forced engine profile, nil to detect it from Argv.
	Engine *parser.Profile
	// Picks are the case items the dry run assumed preflight guards on
	// unknown values take (dryrun.Result.Picks: "WORD\x00ITEM").
	Picks []string
}

var bound sync.Map // *types.Package → *Context

// Bind attaches a Context to the package the driver analyses; the Model
// analyzer hands it to every rule. The returned func releases it.
func Bind(pkg *types.Package, c *Context) func() {
	bound.Store(pkg, c)
	return func() { bound.Delete(pkg) }
}

// Model hands the model of the linted files to the rules.
var Model = &analysis.Analyzer{
	Name:       "model",
	Doc:        "builds the serve-script model (scripts, modes, engine invocations, flags, env files) shared by every rule",
	Run:        runModel,
	ResultType: reflect.TypeOf((*Context)(nil)),
}

func runModel(pass *analysis.Pass) (any, error) {
	c, ok := bound.Load(pass.Pkg)
	if !ok {
		return nil, fmt.Errorf("servelint: no model bound to package %s", pass.Pkg.Path())
	}
	return c, nil
}

// Pos converts a byte offset of a file into a token.Pos.
func (c *Context) Pos(path string, off int) token.Pos {
	tf := c.Files[path]
	if tf == nil {
		return token.NoPos
	}
	if off < 0 {
		off = 0
	}
	if off > tf.Size() {
		off = tf.Size()
	}
	return tf.Pos(off)
}

// Where formats path:line for messages.
func (c *Context) Where(path string, off int) string {
	tf := c.Files[path]
	if tf == nil {
		// A script a mode runs that is not linted with the unit (the
		// walk did not meet it): its line all the same, so that the
		// message does not depend on what else was linted.
		if c.Unit != nil {
			if ch := c.Unit.ChildScript(path); ch != nil && off >= 0 && off <= len(ch.Src) {
				return fmt.Sprintf("%s:%d", c.display(path), 1+bytes.Count(ch.Src[:off], []byte("\n")))
			}
		}
		return c.display(path)
	}
	return fmt.Sprintf("%s:%d", c.display(path), tf.Line(c.Pos(path, off)))
}

// DisplayPath is how paths appear in messages when the lint's Context has
// no Display of its own; the command-line driver sets it, once before it
// lints, to make paths relative to the working directory.
var DisplayPath = func(p string) string { return p }

// display names a file in a message: by c.Display, else DisplayPath.
func (c *Context) display(p string) string {
	if c.Display != nil {
		return c.Display(p)
	}
	return DisplayPath(p)
}

// edit is one text edit of a fix, by byte offsets.
type edit struct {
	path       string
	start, end int
	text       string
}

// diag builds a diagnostic.
type diag struct {
	sev        string
	path       string
	start, end int
	msg        string
	fixMsg     string
	edits      []edit
}

func (c *Context) report(pass *analysis.Pass, d diag) {
	ad := analysis.Diagnostic{
		Pos:      c.Pos(d.path, d.start),
		End:      c.Pos(d.path, d.end),
		Category: d.sev,
		Message:  d.msg,
	}
	if len(d.edits) > 0 && !c.shellEdits(d.edits) {
		d.edits = nil
	}
	if len(d.edits) > 0 && c.noopEdits(d.edits) {
		// A fix that writes back the text it replaces changes nothing:
		// offered, it reads as a cure (--format json, an editor's quick
		// fix) for a finding --fix leaves as it is (VLLM_MAX_NUM_SEQS=4 on
		// a CRLF line "rewritten" to VLLM_MAX_NUM_SEQS=4, whose \r stays).
		d.edits = nil
	}
	if len(d.edits) > 0 {
		var tes []analysis.TextEdit
		sort.SliceStable(d.edits, func(i, j int) bool {
			if d.edits[i].path != d.edits[j].path {
				return d.edits[i].path < d.edits[j].path
			}
			return d.edits[i].start < d.edits[j].start
		})
		for _, e := range d.edits {
			tes = append(tes, analysis.TextEdit{Pos: c.Pos(e.path, e.start), End: c.Pos(e.path, e.end), NewText: []byte(e.text)})
		}
		ad.SuggestedFixes = []analysis.SuggestedFix{{Message: d.fixMsg, TextEdits: tes}}
	}
	pass.Report(ad)
}

// noopEdits reports whether every edit writes the very bytes it replaces,
// in a file whose contents the unit holds (a file it does not hold is
// taken as changed).
func (c *Context) noopEdits(edits []edit) bool {
	for _, e := range edits {
		src := c.srcOf(e.path)
		if src == nil || e.start < 0 || e.end > len(src) || e.start > e.end || string(src[e.start:e.end]) != e.text {
			return false
		}
	}
	return true
}

// srcOf returns the bytes of a loaded script or env file, nil for another.
func (c *Context) srcOf(path string) []byte {
	if c.Unit == nil {
		return nil
	}
	if s := c.scriptAt(path); s != nil {
		return s.Src
	}
	for _, e := range c.Unit.Envs {
		if e.Path == path {
			return e.Src
		}
	}
	return nil
}

// shellEdits adapts a fix's edits that fall inside a script's shell
// string (bash -c "… --max-num-seqs 64"), whose text the inner shell
// reads: the owner's "$KEY" is written ${KEY} there, which the outer
// shell's double quotes expand; literal text is written as it is. It
// reports false when an edit cannot be written there (a string whose
// escapes shift its spans, a reference inside single quotes, where the
// outer shell would not expand it, an edit across the string's quote):
// the finding is then reported without a fix.
func (c *Context) shellEdits(edits []edit) bool {
	for i, e := range edits {
		s := c.scriptAt(e.path)
		if s == nil || len(s.ShellStrings()) == 0 {
			continue
		}
		for _, ss := range s.ShellStrings() {
			if e.end <= ss.Start || e.start >= ss.End || e.start <= ss.Start && e.end >= ss.End {
				continue // apart, or the whole string
			}
			if !ss.Exact || e.start <= ss.Start || e.end >= ss.End {
				return false
			}
			text := e.text
			if strings.ContainsAny(text, "\"'`$\\\n") {
				name, ok := ownerRef(text)
				if !ok || ss.Quote != '"' {
					return false
				}
				text = "${" + name + "}"
			}
			edits[i].text = text
		}
	}
	return true
}

// ownerRef returns NAME of a fix's "$NAME" or "${NAME}".
func ownerRef(text string) (string, bool) {
	t, ok := strings.CutPrefix(text, "\"$")
	if !ok {
		return "", false
	}
	t, ok = strings.CutSuffix(t, "\"")
	if !ok {
		return "", false
	}
	if b, ok := strings.CutPrefix(t, "{"); ok {
		t, ok = strings.CutSuffix(b, "}")
		if !ok {
			return "", false
		}
	}
	for i, r := range t {
		if r != '_' && (r < 'A' || r > 'Z') && (r < 'a' || r > 'z') && (i == 0 || r < '0' || r > '9') {
			return "", false
		}
	}
	return t, t != ""
}

// scriptAt returns the linted script at path, nil for another file.
func (c *Context) scriptAt(path string) *parser.Script {
	if c.Unit == nil {
		return nil
	}
	return c.Unit.ScriptAt(path) // an index: asked for every edit of every fix
}

// lineDelete widens [start, end) of a script to remove whole lines when the
// span is all that stands on them (with a trailing `\` continuation, and the
// one before when it ends a continued command), else to swallow the blanks
// that follow it. Whether a line's `\` is in a comment is the parser's.
//
// It is the one way a script's fix deletes a statement's line: a trailing
// comment on that line (`args+=(--max-num-seqs 8) # FAST trades quality for
// latency`) is a person's word and is kept, on its own line at the
// statement's indentation; only a servelint directive about the deleted
// code goes with it (kept, it would cover the next command).
func lineDelete(s *parser.Script, start, end int) edit {
	st, en, text := lineDeleteIn(s.Src, start, end, func(off int) bool { return inComment(s, off) })
	return edit{s.Path, st, en, text}
}

// stmtDelete returns the edit deleting the statement an assignment is all
// of (Assign.StmtStart): its line, or `:` in its place when it is all of an
// if branch (`then fi` does not parse).
func stmtDelete(s *parser.Script, a *parser.Assign) edit {
	if a.StmtSole {
		return edit{s.Path, a.StmtStart, a.StmtEnd, ":"}
	}
	return lineDelete(s, a.StmtStart, a.StmtEnd)
}

// inComment reports whether the byte at off is in one of the script's
// comments (the parser's: a '#' in quotes or a heredoc is none).
func inComment(s *parser.Script, off int) bool {
	for _, cm := range s.Comments {
		if cm.Start <= off && off < cm.End {
			return true
		}
	}
	return false
}

// envLineDelete is lineDelete for an env file: no reader of an env file
// continues a line that ends in \ (docker and godotenv read lines; a
// comment's \ is a Windows path), so no continuation before is touched.
func envLineDelete(src []byte, start, end int) (int, int) {
	st, en, _ := lineDeleteIn(src, start, end, nil) // nil: no comment is kept, no text
	return st, en
}

// envCommentAbove returns where an env-file line deletion [st, en) may
// start so that the comment lines directly above go with it: when the
// deleted line closes its paragraph (a blank line, a comment or the end of
// the file follows), a comment right above it (`# shim kept for the old
// calib runner`) speaks of that line alone and, left behind, would speak
// of nothing or of the next paragraph. st itself otherwise.
func envCommentAbove(src []byte, st, en int) int {
	if st > 0 && src[st-1] != '\n' {
		return st // not a whole line
	}
	if rest := bytes.TrimLeft(src[en:], " \t\r"); len(rest) > 0 && rest[0] != '\n' && rest[0] != '#' {
		return st // another line of the paragraph follows: the comment may be its
	}
	key := envLineKey(src[st:en])
	out := st
	for out > 0 {
		ls := bytes.LastIndexByte(src[:out-1], '\n') + 1
		line := bytes.TrimSpace(src[ls : out-1])
		if len(line) == 0 || line[0] != '#' {
			break
		}
		if k := envLineKey(bytes.TrimLeft(line[1:], "# \t")); k != "" && k != key {
			// `# SEQS=512  # on H200` under SEQS=256: another key's
			// commented-out value, not a word about the deleted line.
			return st
		}
		out = ls
	}
	return out
}

// scriptCommentAbove is envCommentAbove for a script's line deletion
// [st, en): a shim deleted with the comment that introduced it (`# let
// ops bump seats without editing the env file` over `SEQS=${SEQS:-$OWNER}`)
// leaves no comment speaking of nothing, when the deleted line closes its
// paragraph (a blank line or the end of the file follows). Only the
// parser's comments, whole lines, go; never the shebang, nor a comment
// under which a line of code follows. Between two blank lines, the blank
// line after goes too: the paragraphs around stay one blank line apart.
func scriptCommentAbove(s *parser.Script, st, en int) (int, int) {
	src := s.Src
	if st > 0 && src[st-1] != '\n' {
		return st, en
	}
	rest := bytes.TrimLeft(src[en:], " \t\r")
	if len(rest) > 0 && rest[0] != '\n' {
		return st, en
	}
	out := st
	for out > 0 {
		ls := bytes.LastIndexByte(src[:out-1], '\n') + 1
		line := src[ls : out-1]
		trimmed := bytes.TrimLeft(line, " \t")
		hash := ls + len(line) - len(trimmed)
		if len(trimmed) == 0 || trimmed[0] != '#' || !inComment(s, hash) || ls == 0 && bytes.HasPrefix(trimmed, []byte("#!")) {
			break
		}
		out = ls
	}
	if len(rest) > 0 && (out == 0 || out >= 2 && src[out-2] == '\n') {
		en = len(src) - len(rest) + 1 // the blank line after
	}
	return out, en
}

// envLineKey returns the key an env line assigns (`K=…`, `export K=…`),
// "" when it is no assignment.
func envLineKey(line []byte) string {
	line = bytes.TrimSpace(line)
	line = bytes.TrimPrefix(line, []byte("export "))
	eq := bytes.IndexByte(line, '=')
	if eq <= 0 {
		return ""
	}
	k := bytes.TrimSpace(line[:eq])
	for i, r := range k {
		if r != '_' && (r < 'a' || r > 'z') && (r < 'A' || r > 'Z') && (i == 0 || r < '0' || r > '9') {
			return ""
		}
	}
	return string(k)
}

// lineDeleteIn is lineDelete on src; inComment tells a comment's bytes
// (a comment's trailing \ continues nothing), nil when no line continues
// (and no trailing comment is read). The text replaces [st, en): a line
// break and indentation that put a kept comment on its own line.
func lineDeleteIn(src []byte, start, end int, inComment func(off int) bool) (int, int, string) {
	st, en := lineDeleteSpan(src, start, end, inComment)
	cs := keptComment(src, end, en, inComment)
	if cs < 0 {
		return st, en, ""
	}
	ls := lineStartOf(src, st)
	if len(bytes.TrimLeft(src[ls:st], " \t")) == 0 {
		// The statement stood alone on its line: its indentation stays,
		// the comment after it.
		for st < cs && (src[st] == ' ' || src[st] == '\t') {
			st++
		}
		return st, cs, ""
	}
	// `PORT=8001; SEQS=512 # bench seat`, or the last line of a
	// \-continued command: the comment goes on a line of its own, at the
	// indentation of the command's first line.
	first := ls
	for {
		bs := continuedFrom(src, first, inComment)
		if bs < 0 {
			break
		}
		first = lineStartOf(src, bs)
	}
	indent := first
	for indent < len(src) && (src[indent] == ' ' || src[indent] == '\t') {
		indent++
	}
	return st, cs, eolAt(src, cs) + string(src[first:indent])
}

// keptComment returns where the trailing comment a deletion taken up to en
// swallowed starts (after the deleted span's end, past blanks), -1 when it
// took none or the comment is a servelint directive (about the deleted
// code: it goes with it). A comment inside the span is not looked at.
func keptComment(src []byte, end, en int, inComment func(off int) bool) int {
	if inComment == nil {
		return -1
	}
	i := end
	for i < en && (src[i] == ' ' || src[i] == '\t') {
		i++
	}
	if i >= en || src[i] != '#' || !inComment(i) || suppress.IsDirective(src[i:en]) {
		return -1
	}
	return i
}

// lineStartOf returns the start of the line holding off.
func lineStartOf(src []byte, off int) int {
	return bytes.LastIndexByte(src[:off], '\n') + 1
}

// eolAt returns the line ending of the line holding off (or, on a last line
// without one, of the line before): "\r\n" or "\n".
func eolAt(src []byte, off int) string {
	if nl := bytes.IndexByte(src[off:], '\n'); nl >= 0 {
		if nl > 0 && src[off+nl-1] == '\r' {
			return "\r\n"
		}
		return "\n"
	}
	if nl := bytes.LastIndexByte(src[:off], '\n'); nl > 0 && src[nl-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// lineDeleteSpan is lineDeleteIn's span, a statement's trailing comment
// taken with it.
func lineDeleteSpan(src []byte, start, end int, inComment func(off int) bool) (int, int) {
	ls := start
	for ls > 0 && (src[ls-1] == ' ' || src[ls-1] == '\t') {
		ls--
	}
	e := end
	for e < len(src) && (src[e] == ' ' || src[e] == '\t') {
		e++
	}
	atLineStart := ls == 0 || src[ls-1] == '\n'
	sepBefore := !atLineStart && ls >= 1 && src[ls-1] == ';' && (ls < 2 || src[ls-2] != ';' && src[ls-2] != '&')
	tookComment := false
	if (atLineStart || sepBefore) && inComment != nil && e < len(src) && src[e] == '#' && inComment(e) {
		tookComment = true
		// `SEQS=1   # single seat for determinism` (or `PORT=8001;
		// SEQS=512 # bench seat`): the span runs to the line's end, so the
		// line goes whole (and the `;` before with it); lineDeleteIn
		// then gives the comment back on a line of its own (keptComment),
		// where it describes no other statement.
		if nl := bytes.IndexByte(src[e:], '\n'); nl < 0 {
			e = len(src)
		} else {
			e += nl
			if e > 0 && src[e-1] == '\r' {
				e-- // CRLF: the line's end is the '\r'
			}
		}
	}
	if sepBefore && (e == len(src) || src[e] == '\n' || src[e] == '\r' || src[e] == ';' || src[e] == ')') {
		// `PORT=8001; SEQS=512 ;;`: the separator before goes with the
		// last statement of a line, not a dangling `; ;;`.
		if tookComment {
			return ls - 1, e
		}
		return ls - 1, end
	}
	rest := src[e:]
	switch {
	case atLineStart && len(rest) == 0:
		return ls, e
	case atLineStart && rest[0] == '\n':
		if bs := continuedFrom(src, ls, inComment); bs >= 0 {
			// The last line of a \-continued command: the continuation
			// before it goes too, or the command would run on into the
			// next line.
			return bs, e
		}
		return ls, e + 1
	case atLineStart && len(rest) > 1 && rest[0] == '\r' && rest[1] == '\n':
		if bs := continuedFrom(src, ls, inComment); bs >= 0 {
			return bs, e
		}
		return ls, e + 2
	case atLineStart && len(rest) > 1 && rest[0] == '\\' && rest[1] == '\n':
		return ls, e + 2
	case atLineStart && len(rest) > 2 && rest[0] == '\\' && rest[1] == '\r' && rest[2] == '\n':
		return ls, e + 3
	}
	if e < len(src) && (src[e] == '"' || src[e] == '\'') && e == end {
		return ls, e // the end of a quoted list of flags: drop the blank before
	}
	if e < len(src) && src[e] != '\n' && src[e] != '\r' && src[e] != ')' && src[e] != ';' {
		return start, e
	}
	// The line ends, or `)` or `;` follows (`…)`, `…; }`): drop the blank
	// before instead.
	return ls, end
}

// continuedFrom returns, when the line before the one starting at ls ends
// in a \ continuation (not inside a comment), where that continuation
// starts (the blanks before the backslash); -1 otherwise, and always when
// inComment is nil.
func continuedFrom(src []byte, ls int, inComment func(off int) bool) int {
	i := ls - 1 // the '\n' ending the line before
	if inComment == nil || i < 1 || src[i] != '\n' {
		return -1
	}
	i--
	if src[i] == '\r' {
		i--
	}
	if i < 0 || src[i] != '\\' || inComment(i) {
		return -1
	}
	// An escaped backslash (\\) is no continuation.
	n := 0
	for j := i; j >= 0 && src[j] == '\\'; j-- {
		n++
	}
	if n%2 == 0 {
		return -1
	}
	for i > 0 && (src[i-1] == ' ' || src[i-1] == '\t') {
		i--
	}
	return i
}

// refText writes a reference to key in the quoting style of the invocation's
// other values.
func refText(s *parser.Script, f *parser.Flag, key string) string {
	quoted, braces := 0, 0
	total := 0
	for _, g := range f.Inv.Flags {
		if g == f || g.ValStart < 0 {
			continue
		}
		t := s.Text(g.ValStart, g.ValEnd)
		if !strings.Contains(t, "$") {
			continue
		}
		total++
		if strings.HasPrefix(t, `"`) {
			quoted++
		}
		if strings.Contains(t, "${") {
			braces++
		}
	}
	ref := "$" + key
	if total > 0 && braces*2 > total {
		ref = "${" + key + "}"
	}
	if insideDouble(s, f) {
		return ref
	}
	if total == 0 || quoted*2 >= total {
		return `"` + ref + `"`
	}
	return ref
}

// insideDouble reports whether a flag's value sits inside double quotes
// that also hold the flag name ("--f=V").
func insideDouble(s *parser.Script, f *parser.Flag) bool {
	if f.Inline && strings.HasPrefix(s.Text(f.NameStart-1, f.NameStart), `"`) {
		return true
	}
	// A field of a string of flags (EXTRA="$EXTRA --max-num-seqs 16"): the
	// value sits inside the assignment's double quotes.
	i := f.Arg
	if !f.Inline {
		i++
	}
	if i < 0 || i >= len(f.Inv.Args) {
		return false
	}
	a := f.Inv.Args[i].Assign
	if a == nil || a.Value == nil || f.ValStart < 0 {
		return false
	}
	for _, p := range a.Value.Parts {
		if dq, ok := p.(*syntax.DblQuoted); ok && s.Off(dq.Pos()) < f.ValStart && f.ValStart < s.Off(dq.End()) {
			return true
		}
	}
	return false
}
