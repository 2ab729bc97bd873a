package parser

import (
	"fmt"
	"path/filepath"
	"slices"
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/syntax"
)

// libVal is a variable a shell library the script sources assigns once,
// at its top level, and nowhere else (_common.sh's ARGS=(--max-num-seqs
// "$MAX_NUM_SEQS" --port 8000), SEQS="$MAX_NUM_SEQS"): the script's
// "${ARGS[@]}" after the source reads those words (libWords).
type libVal struct {
	lib *Script
	a   *Assign
	// src is the offset, in the script, of the statement sourcing lib.
	src int
}

// LibWord says where a word of the argv that a sourced library's top-level
// assignment gives comes from (ArgWord.Lib): the library's word has no
// span in the script, so nothing a fix edits points into the library.
type LibWord struct {
	// Path is the library's.
	Path string
	// Key is the variable the library's word reads ("$MAX_NUM_SEQS"), ""
	// for a literal (Sketch).
	Key string
	// Name is the library's variable ("ARGS"); Start/End the word's span
	// in the library's text, Src the offset, in the script, of the
	// statement sourcing the library. A rule reports there (LibLiteral);
	// nothing edits the script at them.
	Name       string
	Start, End int
	Src        int
	// Line is the line of Start in the library; Use the offset, in the
	// script, of the word that expands the variable ("${ARGS[@]}").
	Line, Use int
	// ValStart/ValEnd are, for a literal word holding a flag and its
	// value (--max-num-seqs=256), the span in the library's text of what
	// follows the first '=' to the word's end (or to its closing double
	// quote: "--max-num-seqs=256"); -1 when there is none or it cannot be
	// rewritten alone. ValQuote is the quote around it: 0 none, '"' or
	// '\'' (no expansion would be read there).
	ValStart, ValEnd int
	ValQuote         byte
}

// inlineValSpan returns the span, in lib's text, of the value of a literal
// word --flag=V (inlineValue's for a library word): after the first '=',
// in an unquoted literal (to the word's end) or inside a double-quoted
// one that ends the word (to its closing quote); in single quotes the
// span is not returned, only the quote. -1 when there is no '=' or an
// escape makes the raw text differ from the value.
func inlineValSpan(lib *Script, w *syntax.Word) (start, end int, quote byte) {
	for i, p := range w.Parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.Contains(p.Value, "\\") {
				return -1, -1, 0
			}
			if j := strings.IndexByte(p.Value, '='); j >= 0 {
				return lib.Off(p.ValuePos) + j + 1, lib.Off(w.End()), 0
			}
		case *syntax.SglQuoted:
			if strings.Contains(p.Value, "=") {
				return -1, -1, '\''
			}
		case *syntax.DblQuoted:
			if len(p.Parts) != 1 {
				return -1, -1, 0
			}
			l, ok := p.Parts[0].(*syntax.Lit)
			if !ok || strings.Contains(l.Value, "\\") {
				return -1, -1, 0
			}
			if j := strings.IndexByte(l.Value, '='); j >= 0 {
				if i != len(w.Parts)-1 || !p.Right.IsValid() {
					return -1, -1, 0
				}
				return lib.Off(l.ValuePos) + j + 1, lib.Off(p.Right), '"'
			}
		default:
			return -1, -1, 0
		}
	}
	return -1, -1, 0
}

// LibOrigin returns where the value of flag f comes from when it is a word
// of a sourced library's top-level assignment (ArgWord.Lib): the env key
// the library's word reads (an owner key: env), or its literal; ok is
// false for any other flag.
func (f *Flag) LibOrigin(env EnvKeys) (Origin, bool) {
	a, ok := f.libValue()
	if !ok {
		return Origin{}, false
	}
	switch {
	case a.Lib.Key != "" && env != nil && env(a.Lib.Key):
		return Origin{Kind: OriginEnvKey, Key: a.Lib.Key, Start: -1, End: -1}, true
	case a.Lib.Key == "" && a.Sketch != Unknown && !f.Inline:
		return Origin{Kind: OriginLiteral, Value: a.Sketch, Start: -1, End: -1}, true
	case a.Lib.Key == "" && a.Sketch != Unknown:
		// --max-num-seqs=256: the flag's name and value in one literal.
		if name, v, ok := strings.Cut(a.Sketch, "="); ok && name == f.Name {
			return Origin{Kind: OriginLiteral, Value: v, Start: -1, End: -1}, true
		}
	}
	return Origin{Kind: OriginUnknown, Start: -1, End: -1}, true
}

// LibPath returns the path of the library whose top-level assignment
// gives flag f's value (LibOrigin), "" for any other flag.
func (f *Flag) LibPath() string {
	if a, ok := f.libValue(); ok {
		return a.Lib.Path
	}
	return ""
}

// libValue returns the word of f's value when a sourced library's
// top-level assignment gives it (ArgWord.Lib).
func (f *Flag) libValue() (ArgWord, bool) {
	if f == nil || f.Inv == nil || f.ValStart >= 0 {
		return ArgWord{}, false
	}
	i := f.Arg + 1
	if f.Inline {
		i = f.Arg
	}
	if i < 0 || i >= len(f.Inv.Args) || f.Inv.Args[i].Lib == nil {
		return ArgWord{}, false
	}
	return f.Inv.Args[i], true
}

// libValsOf returns the variables script s reads from the libraries it
// sources (libVal): each assigned once, by a plain statement of the top
// level of a library the script sources by a plain statement of its own
// top level, run on every path; assigned by no other library paths lists
// (all those s sources, in turn too), by no command or loop of the
// library. nil when a library in paths cannot be read: it may assign any.
func libValsOf(s *Script, paths []string, byPath map[string]*Script) map[string]libVal {
	if s.File == nil {
		return nil
	}
	count := map[string]int{}
	for _, p := range paths {
		lib := byPath[p]
		if lib == nil || lib.File == nil {
			return nil
		}
		for n, as := range lib.Assigns {
			count[n] += len(as)
		}
		for n := range lib.exprWrites {
			count[n] += 2
		}
		for n := range lib.loopVars {
			count[n] += 2
		}
	}
	var out map[string]libVal
	for _, ref := range s.Sources {
		if !sharedLib(ref) || ref.Start < 0 || !topPlainStmt(s, ref.Start, isSourceCall) {
			continue
		}
		lib := byPath[ref.Path]
		if lib == nil || lib.File == nil || sourcesAfter(s, ref, paths) {
			continue
		}
		for n, as := range lib.Assigns {
			if count[n] != 1 || len(as) != 1 || !libPlainAssign(lib, as[0]) {
				continue
			}
			if out == nil {
				out = map[string]libVal{}
			}
			out[n] = libVal{lib: lib, a: as[0], src: ref.Start}
		}
	}
	return out
}

// sourcesAfter reports whether the script sources, after ref, a file that
// is none of the libraries paths lists (an env file, bench.env after
// _common.sh): it may set a key the library's words read again, or the
// variable itself.
func sourcesAfter(s *Script, ref *SourceRef, paths []string) bool {
	for _, r := range s.Sources {
		if r == ref || r.Start >= 0 && r.Start < ref.Start {
			continue
		}
		if !sharedLib(r) || !slices.Contains(paths, r.Path) {
			return true
		}
	}
	return false
}

func isSourceCall(c *syntax.CallExpr) bool {
	if len(c.Args) < 2 {
		return false
	}
	v := c.Args[0].Lit()
	return v == "." || v == "source"
}

// topStmt returns the statement of the script's top level holding offset
// off when it runs in the foreground on every path, with no redirection;
// nil otherwise.
func topStmt(s *Script, off int) *syntax.Stmt {
	for _, st := range s.File.Stmts {
		if s.Off(st.Pos()) <= off && off < s.Off(st.End()) {
			if st.Background || st.Coprocess || st.Negated || len(st.Redirs) > 0 {
				return nil
			}
			return st
		}
	}
	return nil
}

// topPlainStmt reports whether offset off is in a statement of the
// script's top level that is a plain command ok accepts, run in the
// foreground on every path.
func topPlainStmt(s *Script, off int, ok func(*syntax.CallExpr) bool) bool {
	for _, st := range s.File.Stmts {
		if s.Off(st.Pos()) <= off && off < s.Off(st.End()) {
			c, plain := st.Cmd.(*syntax.CallExpr)
			return plain && !st.Background && !st.Coprocess && !st.Negated && len(st.Redirs) == 0 && ok(c)
		}
	}
	return false
}

// libPlainAssign reports whether a is a plain assignment statement of
// lib's top level (ARGS=(…), SEQS="$MAX_NUM_SEQS") whose words are each a
// literal or one double-quoted read of a variable lib never assigns (an
// env file's key).
func libPlainAssign(lib *Script, a *Assign) bool {
	if a.InFunc != "" || a.Guarded || a.Conditional || a.Append || a.Local || a.Cmd || a.Prefix != nil ||
		len(a.Modes) > 0 || a.StmtSole {
		return false
	}
	off := a.StmtStart
	if off < 0 && a.Decl {
		off = a.Start // declare -a ARGS=(…): the option makes it no whole statement
	}
	if off < 0 {
		return false
	}
	st := topStmt(lib, off)
	if st == nil {
		return false
	}
	switch c := st.Cmd.(type) {
	case *syntax.CallExpr:
		if a.Decl || len(c.Args) != 0 || len(c.Assigns) != 1 {
			return false
		}
	case *syntax.DeclClause:
		// export ARGS=(…), declare -a ARGS=(…), declare -ga, readonly:
		// the same value, an attribute beside it.
		if !a.Decl || !libPlainDecl(c) {
			return false
		}
	default:
		return false
	}
	if a.Array != nil {
		for _, el := range a.Array.Elems {
			if el.Index != nil || el.Value == nil || !libPlainWord(lib, el.Value) {
				return false
			}
		}
		return true
	}
	return a.Value != nil && libPlainWord(lib, a.Value)
}

// libPlainDecl reports whether declaration d assigns one variable at a
// library's top level with attributes that leave its words as written:
// declare, typeset, export or readonly, with no option but -a, -g, -x, -r
// (not -A, -i, -n, -l, -u: they key, compute, alias or fold the words).
func libPlainDecl(d *syntax.DeclClause) bool {
	if d.Variant == nil {
		return false
	}
	switch d.Variant.Value {
	case "declare", "typeset", "export", "readonly":
	default:
		return false
	}
	n := 0
	for _, a := range d.Args {
		if a.Name != nil {
			n++
			continue
		}
		if !a.Naked || a.Value == nil {
			return false
		}
		opt, ok := LitValue(a.Value)
		if !ok || len(opt) < 2 || opt[0] != '-' || strings.Trim(opt[1:], "agxr") != "" {
			return false
		}
	}
	return n == 1
}

func libPlainWord(lib *Script, w *syntax.Word) bool {
	if _, ok := LitValue(w); ok {
		return true
	}
	_, key := libKey(lib, w)
	return key
}

// libKey returns the variable a double-quoted word reads alone
// ("$MAX_NUM_SEQS") when lib never assigns it.
func libKey(lib *Script, w *syntax.Word) (string, bool) {
	if w == nil || len(w.Parts) != 1 {
		return "", false
	}
	if _, dq := w.Parts[0].(*syntax.DblQuoted); !dq {
		return "", false
	}
	pe := SingleParam(w)
	if pe == nil || !plainParam(pe) || !isName(pe.Param.Value) {
		return "", false
	}
	n := pe.Param.Value
	if len(lib.Assigns[n]) > 0 || len(lib.exprWrites[n]) > 0 || lib.loopVars[n] {
		return "", false
	}
	return n, true
}

// libValAt returns the library value of variable name read at offset use
// of the script's top level: the script never assigns name (nor a key the
// library's words read), and the source runs before the use.
func (s *Script) libValAt(name string, use int) (libVal, bool) {
	lv, ok := s.libVals[name]
	if !ok || lv.src >= use || s.funcAt(use) != "" || s.scriptWrites(name) {
		return libVal{}, false
	}
	return lv, true
}

// scriptWrites reports whether the script itself gives variable name a
// value: an assignment, a command, a loop or an expression.
func (s *Script) scriptWrites(name string) bool {
	return len(s.Assigns[name]) > 0 || len(s.exprWrites[name]) > 0 ||
		s.writtenBy(name, "read", "getopts", "mapfile", "readarray", "printf", "declare", "typeset", "local", "unset", "export")
}

// libWords returns the words of a library's array read at offset use
// ("${ARGS[@]}", libValAt), detached from the library (no span, no word):
// a literal keeps its value, a key read its name (LibWord.Key).
func (s *Script) libWords(name string, use int) ([]ArgWord, bool) {
	lv, ok := s.libValAt(name, use)
	if !ok || lv.a.Array == nil {
		return nil, false
	}
	out := make([]ArgWord, 0, len(lv.a.Array.Elems))
	for _, el := range lv.a.Array.Elems {
		aw := ArgWord{Sketch: Unknown, Start: -1, End: -1, Lib: &LibWord{Path: lv.lib.Path, Name: name,
			Start: lv.lib.Off(el.Value.Pos()), End: lv.lib.Off(el.Value.End()), Src: lv.src, Line: int(el.Value.Pos().Line()), Use: use}}
		aw.Lib.ValStart, aw.Lib.ValEnd = -1, -1
		if v, ok := LitValue(el.Value); ok {
			aw.Sketch = v
			if strings.Contains(v, "=") {
				aw.Lib.ValStart, aw.Lib.ValEnd, aw.Lib.ValQuote = inlineValSpan(lv.lib, el.Value)
			}
		} else if k, ok := libKey(lv.lib, el.Value); ok && !s.scriptWrites(k) {
			aw.Lib.Key = k
		} else {
			return nil, false
		}
		out = append(out, aw)
	}
	return out, true
}

// libScalarKey returns the env key a library's scalar read at offset use
// holds (SEQS="$MAX_NUM_SEQS" in _common.sh, then --max-num-seqs "$SEQS").
func (s *Script) libScalarKey(name string, use int) (string, bool) {
	lv, ok := s.libValAt(name, use)
	if !ok || lv.a.Value == nil {
		return "", false
	}
	k, ok := libKey(lv.lib, lv.a.Value)
	if !ok || s.scriptWrites(k) {
		return "", false
	}
	return k, true
}

// readsLibVal reports whether the script reads a variable a library
// gives (libVals) that it never writes itself: it is then analysed again
// with them.
func (s *Script) readsLibVal() bool {
	if len(s.libVals) == 0 || s.File == nil {
		return false
	}
	found := false
	shwalk.Walk(s.File, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil {
			if _, lib := s.libVals[pe.Param.Value]; lib && !s.scriptWrites(pe.Param.Value) {
				found = true
			}
		}
		return !found
	})
	return found
}

// LibWordOf returns the library word that gives flag f's value
// (ArgWord.Lib), with the word of the flag itself when the library's
// array holds it too (flag nil otherwise, or when inline).
func (f *Flag) LibWordOf() (val, flag *LibWord) {
	a, ok := f.libValue()
	if !ok {
		return nil, nil
	}
	if !f.Inline && f.Arg >= 0 && f.Arg < len(f.Inv.Args) {
		if g := f.Inv.Args[f.Arg].Lib; g != nil && g.Path == a.Lib.Path && g.Name == a.Lib.Name && g.Src == a.Lib.Src {
			flag = g
		}
	}
	return a.Lib, flag
}

// LibLiteralFixBlocker says why the literal lw of a library's top-level
// assignment (ARGS=(--max-num-seqs 256) in _common.sh, which script s
// sources) may not become "$KEY" (KEY an owner key of file ownerPath) for
// the modes ms that boot with it; "" when it may: the library is linted
// with the script, no other script of the unit sources it (nor reads the
// variable past a source not resolved), the library reads the variable
// nowhere, every read of it in s is code of modes other than the proven
// one, and the shell has KEY when the library assigns the variable (s
// sources ownerPath before the library, or the library does before the
// assignment), set by no one else there.
func (u *Unit) LibLiteralFixBlocker(s *Script, lw *LibWord, ownerPath, key string) string {
	lib := u.libScripts[lw.Path]
	base := filepath.Base(lw.Path)
	linted := false
	for _, x := range u.Scripts {
		switch {
		case x.Path == lw.Path:
			linted = true
			lib = x
		case x.Path == s.Path:
		case slices.ContainsFunc(x.Sources, func(r *SourceRef) bool { return r.Path == lw.Path }):
			return fmt.Sprintf("%s sources %s too", filepath.Base(x.Path), base)
		case slices.ContainsFunc(x.Sources, func(r *SourceRef) bool { return r.Path == "" && r.Kind == SourceBash }) && readsVar(x, lw.Name):
			// (the walk only of a script with such a source: asked of
			// every script of the unit for each literal, it was a fifth
			// of a 1,600-repo lint's CPU)
			return fmt.Sprintf("%s reads $%s past a source not resolved, which may be %s", filepath.Base(x.Path), lw.Name, base)
		}
	}
	if !linted || lib == nil || lib.File == nil {
		return fmt.Sprintf("%s is not linted with the script: what else sources it is not known", base)
	}
	if readsVar(lib, lw.Name) {
		return fmt.Sprintf("%s reads $%s itself", base, lw.Name)
	}
	pm := s.Proven()
	proven := false
	shwalk.Walk(s.File, func(n syntax.Node) bool {
		if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil && pe.Param.Value == lw.Name {
			ms := s.ModesAt(s.Off(pe.Pos()))
			proven = proven || len(ms) == 0 || pm == nil || slices.Contains(ms, pm)
		}
		return !proven
	})
	if proven {
		return fmt.Sprintf("the proven mode reads $%s too", lw.Name)
	}
	if len(lib.Assigns[key]) > 0 || len(lib.exprWrites[key]) > 0 || s.scriptWrites(key) {
		return fmt.Sprintf("$%s is assigned in the shell too", key)
	}
	before := slices.ContainsFunc(s.Sources, func(r *SourceRef) bool {
		return r.Path == ownerPath && r.Kind == SourceBash && r.Start >= 0 && r.Start < lw.Src && topPlainStmt(s, r.Start, isSourceCall)
	}) || slices.ContainsFunc(lib.Sources, func(r *SourceRef) bool {
		return r.Path == ownerPath && r.Kind == SourceBash && r.Start >= 0 && r.Start < lw.Start && topPlainStmt(lib, r.Start, isSourceCall)
	})
	if !before {
		return fmt.Sprintf("%s is not surely sourced before %s assigns %s, so $%s may be unset there", filepath.Base(ownerPath), base, lw.Name, key)
	}
	return ""
}

// readsVar reports whether script s expands variable name anywhere.
func readsVar(s *Script, name string) bool {
	if s == nil || s.File == nil {
		return false
	}
	return shwalk.Expands(s.File, name)
}
