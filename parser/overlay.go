package parser

import (
	"os"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"
)

// overlay is a source of a per-mode env file whose path holds the mode's
// name (`. "$here/$mode.env"`, `source "conf/$1.env"`, `[[ -f
// $here/env/${MODE}.env ]] && . "$here/env/${MODE}.env"`): each mode reads
// its own file, which may set what the argv reads.
type overlay struct {
	// start, end span the path word.
	start, end int
	// pre and suf are the static path around the mode's name.
	pre, suf string
	// pe is the expansion of the mode selector in the path.
	pe *syntax.ParamExp
}

// path returns the overlay's file for mode name, resolved like any
// source's path.
func (s *Script) overlayPath(o overlay, name string) string {
	return s.resolvePath(s.inCwd(o.pre+name+o.suf, o.start))
}

// findOverlays records the script's overlay sources: a `source`/`.` whose
// path word is static but for one plain expansion of a mode selector
// ($mode, ${MODE}, "$1", ${1:-serve}), with a file name an env file's
// (kl.env, .env.kl), outside a function whose $1 is its own. Only when
// the selector is tested for modes: a name the script never compares with
// a mode's is no mode.
func (s *Script) findOverlays() {
	if s.overlaysDone {
		return
	}
	s.overlaysDone = true
	sels := map[string]bool{}
	for _, n := range s.Selectors {
		sels[n] = true
	}
	for _, c := range s.calls {
		arg := 1
		if v, _ := LitValue(c.Args[0]); v != "source" && v != "." {
			// load_env "$here/env/$MODE.env": a function sourcing its argument.
			sc, ok := s.sourcerOf(v)
			if !ok || sc.tmpl != nil {
				continue // a path built around the word: not the word's own file
			}
			arg = sc.arg
		}
		if len(c.Args) <= arg {
			continue
		}
		w := c.Args[arg]
		var parts []syntax.WordPart
		for _, p := range w.Parts {
			if dq, ok := p.(*syntax.DblQuoted); ok {
				parts = append(parts, dq.Parts...)
			} else {
				parts = append(parts, p)
			}
		}
		at := -1
		for i, p := range parts {
			pe, ok := p.(*syntax.ParamExp)
			if !ok || pe.Param == nil || !sels[pe.Param.Value] {
				continue
			}
			if at >= 0 || !asIs(pe) && !defaulted(pe) {
				at = -2 // two readings of the mode, or a computed one
				break
			}
			at = i
		}
		if at < 0 {
			continue
		}
		pre, ok := s.staticWord(parts[:at], 0)
		if !ok {
			continue
		}
		suf, ok := s.staticWord(parts[at+1:], 0)
		if !ok || !IsEnvName(path.Base("x"+suf)) && !IsEnvName(path.Base(pre+"x")) {
			continue
		}
		off := s.Off(c.Pos())
		if name := parts[at].(*syntax.ParamExp).Param.Value; (name == "1" || name == "2") && s.ownArg1(off) {
			continue // load() { . "conf/$1.env"; } called with words of its own
		}
		s.overlays = append(s.overlays, overlay{start: s.Off(w.Pos()), end: s.Off(w.End()), pre: pre, suf: suf,
			pe: parts[at].(*syntax.ParamExp)})
	}
}

// sharedOverlay reports whether an overlay source is on the path every
// mode runs (no mode's own branch holds it).
func (s *Script) sharedOverlay() bool {
	for _, o := range s.overlays {
		if len(s.modesAtRaw(o.start)) == 0 {
			return true
		}
	}
	return false
}

// addOverlaySources adds, for the overlay source whose path word is a,
// one reference per mode to that mode's own file (bench.env for bench),
// read in that mode only: the files then own and preset as a mode's
// branch sourcing its file does (`bench) . "$here/bench.env" ;;`). The
// word is not also one shared source: its static value is only the
// default mode's file (serve.env for mode=${1:-serve}). It reports
// whether the word is an overlay's, with modes to read it.
func (s *Script) addOverlaySources(a ArgWord) bool {
	added := false
	for _, o := range s.overlays {
		if o.start != a.Start {
			continue
		}
		for _, m := range s.Modes {
			if at := s.modesAtRaw(o.start); len(at) > 0 && !slices.Contains(at, m) {
				continue // in other modes' branches only
			}
			s.Sources = append(s.Sources, &SourceRef{Kind: SourceBash, Start: a.Start, End: a.End, Word: s.Text(a.Start, a.End),
				Path: s.overlayPath(o, m.Name), Modes: []*Mode{m}})
			added = true
		}
	}
	return added
}

// SourceSets reports whether the source of an env file at offset off (a
// SourceRef's Start) sets key in the shell the engine invocation inv runs
// in: the source is not in a subshell, a substitution or a pipeline stage
// that does not hold inv (`( . "$here/$mode.env" )`, `x=$(. bench.env;
// …)`), nor in a function that makes key local (`load() { local K; .
// bench.env; }`) or that only a call in such a subshell runs (`( load
// "$mode"; client )`), nor after inv in the script's top-level flow (`vllm
// serve … & … . "$here/$mode.env"; client`: the engine has its argv).
// m (nil: any) is the mode whose run is asked: a call of the function in
// another mode's branch does not run in m.
func (s *Script) SourceSets(off int, key string, inv *Invocation, m *Mode) bool {
	if s.isolatedFrom(off, inv.Start) {
		return false
	}
	fn, invFn := s.funcAt(off), s.funcAt(inv.Start)
	if fn != "" && fn != invFn {
		for _, a := range s.Assigns[key] {
			if a.Local && a.InFunc == fn {
				return false
			}
		}
		if !s.callReaches(fn, key, s.declHolding(fn, off), false, inv.Start, m, map[string]bool{}) {
			return false
		}
	}
	if fn == "" && invFn == "" && off > inv.Start && !s.inLoop(off) && !s.inLoop(inv.Start) {
		return false
	}
	return true
}

// NamesFiles reports whether the script reads a file named by the mode
// (an overlay source: `. "$here/$mode.env"`): a mode's name is then also
// the name of its file.
func (s *Script) NamesFiles() bool { return len(s.overlays) > 0 }

// defaulted reports whether pe is ${X:-WORD} or ${X-WORD}, nothing more.
func defaulted(pe *syntax.ParamExp) bool {
	return pe.Exp != nil && (pe.Exp.Op == syntax.DefaultUnset || pe.Exp.Op == syntax.DefaultUnsetOrNull) &&
		pe.Index == nil && pe.Repl == nil && pe.Slice == nil && !pe.Excl && !pe.Length
}

// fileCandidates returns, when no case, guard or test names the modes, the
// modes an overlay source on the shared path names by the files it may
// read (`mode=${1:-serve}; . "$here/common.env"; . "$here/$mode.env"`
// beside serve.env and bench.env): each file of the overlay's directory
// whose name is the path's around a plain word (bench for bench.env) is
// that mode's, when the directory lies inside the linted tree
// (TreeFiles), the selector is the script's word with a sole default,
// and the default's own file is there (the proven mode's: without it the
// files are no evidence of modes). A file the script sources by its own
// name (common.env) is no mode's, nor one named as a template is
// (.env.example for `. ".env.$1"`), nor one that sets none of the keys
// the default's file sets (a token's file). One overlay only: two
// patterns are two guesses.
func (s *Script) fileCandidates() []candidate {
	return s.fileCandidatesOf("")
}

// envFileCandidates is fileCandidates for an environment variable whose
// own default is the proven mode (envDefault: MODE=${MODE:-serve}, or :
// "${MODE:=serve}") read by the overlay source (. "$here/$MODE.env")
// when no test names a mode: `MODE=bench run.sh` reads bench.env. The
// variable becomes the script's environment selector only when the files
// give at least two modes; otherwise nothing changes.
func (s *Script) envFileCandidates() []candidate {
	if s.TreeFiles == nil || len(s.EnvSelectors) > 0 || s.Option != nil || len(s.arrSelectors) > 0 || len(s.selSelectors) > 0 {
		return nil
	}
	var names []string
	for n := range s.Assigns {
		names = append(names, n)
	}
	for _, c := range s.calls {
		// : "${MODE:=serve}": the name is in no assignment.
		if len(c.Args) == 2 {
			if pe := SingleParam(c.Args[1]); pe != nil && pe.Param != nil && !slices.Contains(names, pe.Param.Value) {
				names = append(names, pe.Param.Value)
			}
		}
	}
	slices.Sort(names)
	saved, savedOv, savedDone := s.Selectors, s.overlays, s.overlaysDone
	for _, n := range names {
		if s.argSelectors[n] || slices.Contains(s.Selectors, n) || shellOwnVar(n) || s.envDefault(n, s.provenName) == nil ||
			s.writtenBy(n, userInput...) {
			continue
		}
		s.Selectors = append(slices.Clone(saved), n)
		s.overlays, s.overlaysDone = nil, false
		if cands := s.fileCandidatesOf(n); len(cands) > 0 {
			s.EnvSelectors = []string{n}
			return cands
		}
	}
	s.Selectors, s.overlays, s.overlaysDone = saved, savedOv, savedDone
	return nil
}

// fileCandidatesOf is fileCandidates for the script's word's selectors
// (env ""), or for the environment selector env (envFileCandidates).
func (s *Script) fileCandidatesOf(env string) []candidate {
	if s.TreeFiles == nil {
		return nil
	}
	s.findOverlays()
	if len(s.overlays) != 1 {
		return nil
	}
	o := s.overlays[0]
	if o.pe == nil || o.pe.Param == nil || s.funcAt(o.start) != "" ||
		(env == "" && !s.argSelectors[o.pe.Param.Value] || env != "" && o.pe.Param.Value != env) ||
		strings.Contains(o.suf, "/") || !slices.ContainsFunc(s.Invocations, func(inv *Invocation) bool {
		return o.start < inv.Start && !s.isolatedFrom(o.start, inv.Start)
	}) {
		return nil // in a function, or read by no engine launched after it
	}
	def, dw := s.overlayDefault(o)
	if env != "" {
		// The variable's own default, the proven mode's name: serve.env.
		def, dw = "", s.envDefault(env, s.provenName)
		if dw != nil && (asIs(o.pe) || defaulted(o.pe) && literalIs(o.pe.Exp.Word, s.provenName)) {
			def = s.provenName
		}
	}
	if def == "" || def != s.provenName && s.provenSet {
		return nil
	}
	bp := o.pre[strings.LastIndex(o.pre, "/")+1:]
	p := s.overlayPath(o, def)
	dir := filepath.Dir(p)
	if filepath.Base(p) != bp+def+o.suf {
		return nil // a path the cwd or a mark rewrote: not the file name plainly
	}
	shared := s.staticSources(o.start)
	var names []string
	for _, f := range s.TreeFiles(dir) {
		name, ok1 := strings.CutPrefix(f, bp)
		name, ok2 := strings.CutSuffix(name, o.suf)
		if !ok1 || !ok2 || !fileModeName(name) || shared[filepath.Join(dir, f)] {
			continue
		}
		names = append(names, name)
	}
	if !slices.Contains(names, def) {
		return nil
	}
	// A mode's file sets what the default's does (PORT, MAX_NUM_SEQS):
	// hf.env holding a token only is another kind of file.
	defKeys := envKeys(filepath.Join(dir, bp+def+o.suf))
	names = slices.DeleteFunc(names, func(n string) bool {
		if n == def {
			return len(defKeys) == 0
		}
		for k := range envKeys(filepath.Join(dir, bp+n+o.suf)) {
			if defKeys[k] {
				return false
			}
		}
		return true
	})
	if len(names) < 2 {
		return nil
	}
	var out []candidate
	for _, name := range names {
		st, en := o.start, o.end
		if name == def {
			st, en = s.Off(dw.Pos()), s.Off(dw.End())
		}
		out = append(out, candidate{name: name, start: st, end: en, byArg: env == "", byEnv: env != "", byDefault: name == def && def != s.provenName})
	}
	return out
}

// overlayDefault returns the default of the overlay's selector, and its
// word: ${1:-serve} in the path, or the sole default of the top-level
// assignments of the variable from the script's word (mode=${1:-serve}).
// "" when any assignment is another.
func (s *Script) overlayDefault(o overlay) (string, *syntax.Word) {
	if defaulted(o.pe) {
		v, ok := LitValue(o.pe.Exp.Word)
		if !ok {
			return "", nil
		}
		return v, o.pe.Exp.Word
	}
	if !asIs(o.pe) {
		return "", nil
	}
	var def string
	var word *syntax.Word
	for _, a := range s.Assigns[o.pe.Param.Value] {
		pe := SingleParam(a.Value)
		if !s.topFunc(a.InFunc) || len(a.Modes) > 0 || pe == nil || pe.Param == nil || !s.argSelectors[pe.Param.Value] || !defaulted(pe) {
			return "", nil
		}
		v, ok := LitValue(pe.Exp.Word)
		if !ok || def != "" && v != def {
			return "", nil
		}
		def, word = v, pe.Exp.Word
	}
	return def, word
}

// staticSources returns the resolved paths of the files the script
// sources by a static path, but for the overlay's word at skip (whose
// static value is its default's file).
func (s *Script) staticSources(skip int) map[string]bool {
	out := map[string]bool{}
	for _, c := range s.calls {
		if v, _ := LitValue(c.Args[0]); (v == "source" || v == ".") && len(c.Args) > 1 && s.Off(c.Args[1].Pos()) != skip {
			if p, ok := s.staticWord(unquoted(c.Args[1].Parts), 0); ok {
				out[s.resolvePath(s.inCwd(p, s.Off(c.Args[1].Pos())))] = true
			}
		}
	}
	return out
}

// envKeys returns the keys an env file sets; nil when it cannot be read
// or is over the size limit.
func envKeys(p string) map[string]bool {
	if fi, err := os.Lstat(p); err != nil || !fi.Mode().IsRegular() || fi.Size() > DefaultMaxFileSize {
		return nil
	}
	src, err := os.ReadFile(p)
	if err != nil {
		return nil
	}
	keys := map[string]bool{}
	for _, e := range ParseEnv(p, src).Entries {
		keys[e.Key] = true
	}
	return keys
}

// fileModeName reports whether the part of a file name where the mode's
// name goes is one: a plain word, not a template's (example, sample).
func fileModeName(v string) bool {
	if !wordish(v) || strings.Contains(v, ".") {
		return false
	}
	switch strings.ToLower(v) {
	case "example", "examples", "sample", "template", "tmpl", "tpl", "dist", "bak", "orig", "backup", "old", "local", "secret", "secrets":
		return false
	}
	return true
}

// literalIs reports whether w is the literal v.
func literalIs(w *syntax.Word, v string) bool {
	got, ok := LitValue(w)
	return ok && got == v
}
