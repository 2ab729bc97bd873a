package parser

import (
	"iter"
	"path/filepath"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// selfName returns whether w is the name the script runs as: "$(basename
// "$0")", "$(basename -- "$0")", "${0##*/}" (quoted or not; "$0" may be
// "${BASH_SOURCE[0]}", selfSource), one of those as the default of an
// environment variable the script never sets (${MODE:-$(basename "$0"
// .sh)}: the dry run sets none), or a variable assigned one of those once
// (selfAssign: at the top level, me=$(basename "$0"); case "$me", or in
// main before its case), maybe read with a suffix cut (${me%.sh}). suffix is
// basename's second operand ($(basename "$0" .sh): the arms name the file
// without it), or the suffix cut.
//
// bare is set for "$0" itself (case "$0" in *bench*)): the arms match the
// path the script runs as, directory and all (selfMatcher).
func (s *Script) selfName(w *syntax.Word) (suffix string, bare, ok bool) {
	if w == nil {
		return "", false, false
	}
	return s.selfForm(w, s.Off(w.Pos()), 2)
}

// selfForm is selfName; hops: how many variables may stand between w and
// the name (mode=${me%.sh} of me=${0##*/} is two); use: where w is read.
func (s *Script) selfForm(w *syntax.Word, use, hops int) (suffix string, bare, ok bool) {
	if w == nil {
		return "", false, false
	}
	parts := unquoted(w.Parts)
	if len(parts) != 1 {
		return "", false, false
	}
	switch p := parts[0].(type) {
	case *syntax.ParamExp:
		if p.Param == nil || p.Repl != nil || p.Slice != nil || p.Excl || p.Length || p.Index != nil && !selfSource(p) {
			return "", false, false
		}
		if p.Param.Value == "0" || selfSource(p) {
			if p.Exp != nil && p.Exp.Op == syntax.RemLargePrefix {
				if v, isLit := LitValue(p.Exp.Word); isLit && v == "*/" {
					return "", false, true
				}
			}
			return "", true, p.Exp == nil && !p.Width && !p.IsSet && p.Names == 0
		}
		if p.Exp != nil && (p.Exp.Op == syntax.DefaultUnsetOrNull || p.Exp.Op == syntax.DefaultUnset) && s.fromEnvOnly(p.Param.Value) && !s.sourcedSets(p.Param.Value) {
			// ${MODE:-$(basename "$0" .sh)}: the name unless the
			// environment names a mode; the dry run sets no MODE. Not
			// when a file the script sources sets it (MODE=serve in
			// serve.env): the name is then never read.
			return s.selfForm(p.Exp.Word, use, hops)
		}
		if hops == 0 || !isName(p.Param.Value) {
			return "", false, false
		}
		strip := ""
		if p.Exp != nil {
			// ${me%.sh} of me=${0##*/}: basename "$0" .sh.
			v, isLit := LitValue(p.Exp.Word)
			if p.Exp.Op != syntax.RemSmallSuffix && p.Exp.Op != syntax.RemLargeSuffix || !isLit || v == "" || hasGlob(v) || strings.Contains(v, "/") {
				return "", false, false
			}
			strip = v
		}
		a := s.selfAssign(p.Param.Value, use)
		if a == nil {
			return "", false, false
		}
		suffix, bare, ok = s.selfForm(a.Value, a.Start, hops-1) // me=$(basename "$0"), not me=$other
		if strip != "" {
			if suffix != "" || bare {
				return "", false, false // ${me%.sh} of a stripped name or of a path
			}
			suffix = strip
		}
		return suffix, bare, ok
	case *syntax.CmdSubst:
		if len(p.Stmts) != 1 || p.Stmts[0].Negated || p.Stmts[0].Background || len(p.Stmts[0].Redirs) > 0 {
			return "", false, false
		}
		c, isCall := p.Stmts[0].Cmd.(*syntax.CallExpr)
		if !isCall || len(c.Assigns) > 0 || len(c.Args) < 2 || c.Args[0].Lit() != "basename" {
			return "", false, false
		}
		args := c.Args[1:]
		if args[0].Lit() == "--" {
			args = args[1:]
		}
		if len(args) == 0 || len(args) > 2 {
			return "", false, false
		}
		if pe := SingleParam(args[0]); pe == nil || !selfPath(pe) {
			return "", false, false
		}
		if len(args) == 2 {
			v, isLit := LitValue(args[1])
			if !isLit || v == "" || strings.ContainsAny(v, "/") {
				return "", false, false
			}
			suffix = v
		}
		return suffix, false, true
	}
	return "", false, false
}

// selfSource reports whether p reads BASH_SOURCE's first element
// ($BASH_SOURCE, ${BASH_SOURCE[0]}, maybe with an operator), which in the
// script bash runs is the path it runs as, as $0 is: a symlink's name, not
// its target (the dry run sets both to Mode.Self's).
func selfSource(p *syntax.ParamExp) bool {
	if p.Param == nil || p.Param.Value != "BASH_SOURCE" || p.Repl != nil || p.Slice != nil || p.Excl || p.Length || p.Width || p.Names != 0 {
		return false
	}
	if p.Index == nil {
		return true
	}
	w, ok := p.Index.(*syntax.Word)
	return ok && w.Lit() == "0"
}

// selfPath reports whether p is the path the script runs as, whole: "$0"
// or "${BASH_SOURCE[0]}".
func selfPath(p *syntax.ParamExp) bool {
	if p.Param == nil {
		return false
	}
	if p.Param.Value == "0" {
		return plainParam(p)
	}
	return selfSource(p) && p.Exp == nil
}

// selfAssign returns the one assignment that gives name the value the read
// at offset use sees: the script's only assignment of name, at the top
// level (me=$(basename "$0"); case "$me"), or in the function the top
// level runs as its body (main "$@", topFunc), read in that function after
// it, which nothing but the function's own `local mode` declares besides
// (main() { local mode; mode=$(basename "$0" .sh); case $mode in …).
// nil for any other (two values, one under a test, one in a function
// called from anywhere: which one the read sees is not known here).
func (s *Script) selfAssign(name string, use int) *Assign {
	as := s.Assigns[name]
	var val *Assign
	for _, a := range as {
		if a.Value == nil && a.Array == nil && a.Local && a.Decl && !a.Cmd && !a.Append {
			continue // local mode (or local mode=): checked below
		}
		if val != nil {
			return nil
		}
		val = a
	}
	if val == nil || val.Value == nil || s.writtenElsewhere(name) {
		return nil // setv mode serve, read -r mode: not only the name
	}
	if val.InFunc == "" {
		if len(as) != 1 {
			return nil
		}
		return val
	}
	fn := val.InFunc
	if !s.topFunc(fn) || val.Guarded || val.Conditional || val.Cmd || val.Append || val.Array != nil || len(val.Modes) > 0 ||
		s.funcAt(use) != fn || use < val.End {
		return nil
	}
	for _, a := range as {
		if a != val && (a.InFunc != fn || a.Start > val.Start) {
			return nil // a declaration elsewhere, or one after the value that empties it
		}
	}
	return val
}

// selfMatcher returns how a case on the name the script runs as matches an
// arm's patterns against a file name beside the script: the name itself
// for basename "$0" and ${0##*/}; for bare "$0" the path the dry run runs
// the script as (its directory, absolute, and the name), so a mode is read
// only where the run takes its arm: *serve*) in a directory named
// serve-stack takes every name, and bench.sh) none. nil when the script's
// path is unknown.
func (s *Script) selfMatcher(bare bool) func(ps []*syntax.Word, name string) bool {
	if !bare {
		return func(ps []*syntax.Word, name string) bool { return anyPatternMatches(ps, name, false) }
	}
	if s.Path == "" {
		return nil
	}
	abs, err := filepath.Abs(s.Path)
	if err != nil {
		return nil
	}
	dir := filepath.Dir(abs)
	return func(ps []*syntax.Word, name string) bool {
		return anyPatternMatches(ps, filepath.Join(dir, name), false)
	}
}

// bareSelfPattern returns the pattern an arm of a case on bare "$0" names a
// file by, as a word of its own: bench.sh for */bench.sh, *bench* itself;
// nil for one that names no file beside the script by its own text (a
// path, ./bench.sh, a word with no leading *: the run's $0 is a path).
func bareSelfPattern(p *syntax.Word) *syntax.Word {
	lit := p.Lit()
	if !strings.HasPrefix(lit, "*") {
		return nil
	}
	if rest, ok := strings.CutPrefix(lit, "*/"); ok {
		lit = rest
	}
	if lit == "" || strings.Contains(lit, "/") {
		return nil
	}
	return &syntax.Word{Parts: []syntax.WordPart{&syntax.Lit{ValuePos: p.Pos(), ValueEnd: p.End(), Value: lit}}}
}

// selfFile reports whether v, a case arm's word plus the suffix basename
// strips, can be the name of a file beside the script.
func selfFile(v string) bool {
	return v != "" && v != "." && v != ".." && !strings.ContainsAny(v, "/*?[\\") && v[0] != '-'
}

// selfCandidates returns the modes a case on the name the script runs as
// names (`case "$(basename "$0")" in serve.sh) ;; bench.sh) …`): one per
// arm's word, evaluated with $0 that name beside the script (Mode.Self).
func (s *Script) selfCandidates(c *syntax.CaseClause, suffix string, bare bool) []candidate {
	file := s.selfFileName(suffix)
	matches := s.selfMatcher(bare)
	if matches == nil {
		return nil
	}
	var out []candidate
	for it, before := range armsAfter(c) {
		r := caseItemRange(s, it)
		for i, p := range it.Patterns {
			named := p
			if bare {
				if named = bareSelfPattern(p); named == nil {
					continue
				}
			}
			v, ok := LitValue(named)
			glob := ""
			if hasGlob(named.Lit()) { // unquoted: "bench*" is the word bench*
				v, glob = s.selfGlobWord(named, suffix, func(w string) bool {
					return matches(before, w) || matches(it.Patterns[:i], w) || !selfFile(file(w))
				})
				if v == "" {
					continue
				}
				ok = true
			}
			// "") with basename "$0" .sh: basename never strips a whole
			// name (.sh stays .sh), so no file takes that arm.
			if !ok || v == "" || !selfFile(file(v)) || matches(before, v) || bare && !matches([]*syntax.Word{p}, v) {
				continue
			}
			if bare && matches([]*syntax.Word{p}, "\x00") {
				// *bench*) in a directory benchmarks/: the arm matches the
				// directory, so it takes every name run from there, and no
				// name elsewhere by its directory: where the repo sits, not
				// the name run, picks it. No mode to compare.
				continue
			}
			if bare {
				glob = p.Lit() // */bench.sh) as well: the arm's own pattern
			}
			out = append(out, candidate{name: file(v), start: s.Off(p.Pos()), end: s.Off(p.End()), ranges: []Range{r}, group: c, empty: s.inertBranch(it.Stmts),
				exits: len(it.Stmts) > 0 && s.endsScriptAt(c, it.Stmts[len(it.Stmts)-1]), self: true, glob: glob})
		}
	}
	return out
}

// selfGlobWord returns the word a glob arm of a case on the name the script
// runs as (*bench*), bench*)) is evaluated with, and the glob for
// Mode.Pattern: the script's own name when the glob takes it (no pattern:
// that name is no example, it is the script's), else the glob's literal
// text with the script's extension when the glob matches that (bench.sh
// for *bench* beside serve.sh, read by ${0##*/}), else the literal text
// (bench for *bench); the first of those no earlier arm takes. "" when
// none is, or the glob names no word (globWord: *, *.sh, ?).
func (s *Script) selfGlobWord(p *syntax.Word, suffix string, taken func(string) bool) (word, glob string) {
	pat, lit, ok := globWord(p)
	if !ok {
		return "", ""
	}
	var own, ext string
	if s.Path != "" {
		base := filepath.Base(s.Path)
		own = base
		if w, cut := strings.CutSuffix(base, suffix); cut && w != "" {
			own = w
		}
		if suffix == "" {
			ext = filepath.Ext(base)
		}
	}
	for _, w := range []string{own, lit + ext, lit} {
		if w != "" && globMatches(pat, w) && !taken(w) {
			if w == own {
				return w, ""
			}
			return w, pat
		}
	}
	return "", ""
}

// selfFileName returns the file name that $(basename "$0" suffix) turns
// into a case arm's word: the word and the suffix (bench.sh for bench)
// when the script's own name ends with it, as its siblings' names then do;
// the word alone when the script's own does not (a script named serve, its
// symlink bench: basename strips nothing and the arm reads bench). A word
// that ends with the suffix keeps it after one more (bench.sh.sh): basename
// would strip it.
func (s *Script) selfFileName(suffix string) func(word string) string {
	bare := suffix != "" && s.Path != "" && !strings.HasSuffix(filepath.Base(s.Path), suffix)
	return func(word string) string {
		if bare && !strings.HasSuffix(word, suffix) {
			return word
		}
		return word + suffix
	}
}

// armsAfter yields each arm of case clause c that has patterns, with the
// patterns of the arms before it: bash takes the first arm that matches,
// so a word an earlier pattern takes never reaches this arm.
func armsAfter(c *syntax.CaseClause) iter.Seq2[*syntax.CaseItem, []*syntax.Word] {
	return func(yield func(*syntax.CaseItem, []*syntax.Word) bool) {
		var earlier []*syntax.Word
		for _, it := range c.Items {
			before := earlier
			earlier = append(earlier, it.Patterns...)
			if len(it.Patterns) > 0 && !yield(it, before) {
				return
			}
		}
	}
}

// caseItemRange is the code of a case arm: from the end of its patterns
// (comments before its first command are its own) to its ;; or its end.
func caseItemRange(s *Script, it *syntax.CaseItem) Range {
	end := s.Off(it.Patterns[len(it.Patterns)-1].End())
	r := Range{end, end}
	if len(it.Stmts) > 0 {
		r.End = s.Off(it.Stmts[len(it.Stmts)-1].End())
	}
	if it.OpPos.IsValid() {
		r.End = s.Off(it.OpPos)
	}
	return r
}

// ownNameMode adds the mode the script boots run under its own file name
// when a case on that name (selfCandidates) names modes but not it: the
// arm it takes there (`*)`, or a glob that matches it) is its own code, or
// none, the shared path. Not when that arm ends the script (`*) echo "run
// as serve.sh or bench.sh"; exit 2`): run so, it boots nothing. The mode
// named by the script's own file name is its proven one (RoleMatcher).
func (s *Script) ownNameMode(selfCases []selfCase, sharedLaunch bool) {
	if len(selfCases) == 0 || s.Path == "" {
		return
	}
	base := filepath.Base(s.Path)
	named := false // an arm's name was kept as a mode
	for _, m := range s.Modes {
		if m.Self == base {
			m.ownName = true
			return
		}
		named = named || m.Self != ""
	}
	if !named {
		return // no arm reaches the engine: nothing picks a mode by the name
	}
	var own *Mode
	for _, sc := range selfCases {
		word, ok := strings.CutSuffix(base, sc.suffix)
		if !ok || word == "" {
			word = base // basename "$0" .sh of a script named serve strips nothing
		}
		matches := s.selfMatcher(sc.bare)
		var arm *syntax.CaseItem // the first arm taking word, at its pattern that does
		var at *syntax.Word
	find:
		for _, it := range sc.cc.Items {
			for _, p := range it.Patterns {
				if matches([]*syntax.Word{p}, word) {
					arm, at = it, p
					break find
				}
			}
		}
		if own == nil {
			own = &Mode{Name: base, Self: base, ownName: true, token: modeToken(base)}
			own.Start, own.End = s.Off(sc.cc.Word.Pos()), s.Off(sc.cc.Word.End())
		}
		if arm == nil {
			continue
		}
		if len(arm.Stmts) > 0 && s.endsScriptAt(sc.cc, arm.Stmts[len(arm.Stmts)-1]) {
			return
		}
		if !s.inertBranch(arm.Stmts) {
			r := caseItemRange(s, arm)
			own.Ranges = append(own.Ranges, r)
			own.own = append(own.own, r)
			own.Start, own.End = s.Off(at.Pos()), s.Off(at.End())
		}
	}
	if own == nil || len(own.Ranges) == 0 && !sharedLaunch {
		return
	}
	s.Modes = append(s.Modes, own)
	if len(own.Ranges) > 0 {
		// *) start_default ;;: the functions its arm calls are its code
		// too, as for the modes found before (findModes extended those).
		s.extendThroughCalls()
	}
}

// selfCase is a case on the name the script runs as, and the suffix
// basename strips there.
type selfCase struct {
	cc     *syntax.CaseClause
	suffix string
	bare   bool
}

// sourcedSets reports whether a file the script sources (. FILE, source
// FILE, its path known) sets the variable name. It is asked while modes
// are found, before Script.Sources is.
func (s *Script) sourcedSets(name string) bool {
	for _, c := range s.calls {
		if len(c.Args) < 2 {
			continue
		}
		if cmd, _ := LitValue(c.Args[0]); cmd != "." && cmd != "source" {
			continue
		}
		if v, ok := s.staticWord(c.Args[1].Parts, 0); ok && v != "" {
			if envKeys(s.resolvePath(v))[name] {
				return true
			}
		}
	}
	return false
}
