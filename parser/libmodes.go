package parser

import (
	"fmt"
	"path"
	"path/filepath"
	"slices"
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
)

// LibWrite is an assignment to a global variable that the body of a
// function of a sourced shell library makes (mode_kl() { EXTRA=(--max-num-seqs
// 4); } in lib/modes.sh), seen from a script that calls the function.
type LibWrite struct {
	// Func is the library function the script calls; In is the function
	// whose body holds the assignment (Func, or a library function Func
	// calls).
	Func, In string
	// Lib is the library that defines In; Assign the assignment in its
	// text, Start/End its span there.
	Lib        *Script
	Assign     *syntax.Assign
	Start, End int
}

// libWrites returns the global assignments the body of library function
// fn makes, and those of the library functions it calls by name (up to
// four deep). Only what surely reaches the caller's variables counts: an
// assignment in a subshell, a pipeline, a substitution, a background job
// or a nested function is not; nor one to a name the function declares
// local (local, declare or typeset without -g).
func (s *Script) libWrites(fn string) []LibWrite {
	var out []LibWrite
	seen := map[string]bool{}
	var visit func(name string, depth int)
	visit = func(name string, depth int) {
		if seen[name] || depth > 4 || s.Funcs[name] != nil {
			return
		}
		seen[name] = true
		fd, lib := s.LibFuncs[name], s.libFuncLib[name]
		if fd == nil || fd.Body == nil || lib == nil {
			return
		}
		locals := map[string]bool{}
		var assigns []*syntax.Assign
		var calls []string
		shwalk.Walk(fd.Body, func(n syntax.Node) bool {
			switch x := n.(type) {
			case *syntax.FuncDecl, *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst:
				return false
			case *syntax.Stmt:
				return !x.Background && !x.Coprocess
			case *syntax.BinaryCmd:
				return x.Op != syntax.Pipe && x.Op != syntax.PipeAll
			case *syntax.DeclClause:
				global := x.Variant.Value == "export"
				for _, a := range x.Args {
					if a.Naked && a.Name == nil {
						if v, ok := LitValue(a.Value); ok && v == "-g" {
							global = true
						}
					}
				}
				for _, a := range x.Args {
					if a.Name == nil {
						continue
					}
					if global {
						if a.Value != nil || a.Array != nil {
							assigns = append(assigns, a)
						}
					} else {
						locals[a.Name.Value] = true
					}
				}
				return false
			case *syntax.CallExpr:
				if len(x.Args) == 0 {
					assigns = append(assigns, x.Assigns...)
				} else if v, ok := LitValue(x.Args[0]); ok {
					calls = append(calls, v)
				}
			}
			return true
		})
		for _, a := range assigns {
			if a.Name == nil || a.Index != nil || locals[a.Name.Value] || a.Value == nil && a.Array == nil {
				continue
			}
			out = append(out, LibWrite{Func: fn, In: name, Lib: lib, Assign: a, Start: lib.Off(a.Pos()), End: lib.Off(a.End())})
		}
		for _, c := range calls {
			visit(c, depth+1)
		}
	}
	visit(fn, 0)
	return out
}

// libWriteCalls returns where the script calls, by its literal name, a
// function of a sourced library whose body assigns one of refs (the
// variables the argv reads): bench) mode_bench ;; with mode_bench() {
// EXTRA=(--max-num-seqs 4); } in lib/modes.sh sets what the argv reads, as
// the script's own function would.
func (s *Script) libWriteCalls(refs []string) []int {
	if len(s.LibFuncs) == 0 || len(refs) == 0 {
		return nil
	}
	var out []int
	for name := range s.LibFuncs {
		if s.Funcs[name] != nil || len(s.callOffs[name]) == 0 {
			continue
		}
		ws := s.libWrites(name)
		if !writesAny(ws, refs) {
			continue
		}
		for _, off := range s.callOffs[name] {
			if s.libDefinedAt(ws[0].Lib.Path, off) {
				out = append(out, off)
			}
		}
	}
	slices.Sort(out)
	return out
}

// writesAny reports whether one of ws assigns a variable of refs.
func writesAny(ws []LibWrite, refs []string) bool {
	return slices.ContainsFunc(ws, func(w LibWrite) bool { return slices.Contains(refs, w.Assign.Name.Value) })
}

// LibModeWrites returns, for each library function the script calls only
// in code that runs in some modes (a mode's branch, or a function only such
// code calls), the global assignments the function makes (libWrites), with
// the offset of its first call and the modes its calls run in. A function two sourced
// libraries define is left out (which one runs may depend on the mode),
// and so is one whose library the script sources in a branch the call's
// modes do not all run.
func (s *Script) LibModeWrites() []LibModeCall {
	var out []LibModeCall
	names := make([]string, 0, len(s.LibFuncs))
	for name := range s.LibFuncs {
		names = append(names, name)
	}
	slices.Sort(names)
	for _, name := range names {
		if s.Funcs[name] != nil || s.libFuncAmbig[name] {
			continue
		}
		ws := s.libWrites(name)
		if len(ws) == 0 {
			continue
		}
		// The modes of every call that runs the function: one on the
		// shared path makes its words every mode's, none's own.
		lc := LibModeCall{Call: -1, Writes: ws}
		for _, off := range s.callOffs[name] {
			ms := s.ModesAt(off)
			if !s.libDefinedAt(ws[0].Lib.Path, off) || len(ms) > 0 && !s.libSourcedIn(ws[0].Lib.Path, ms) || s.inSubshell(off) {
				continue // kl) mode_kl | tee …: what it assigns stays there
			}
			if len(ms) == 0 {
				lc.Call = -1
				break
			}
			if lc.Call < 0 {
				lc.Call = off
			}
			for _, m := range ms {
				if !slices.Contains(lc.Modes, m) {
					lc.Modes = append(lc.Modes, m)
				}
			}
		}
		if lc.Call >= 0 {
			out = append(out, lc)
		}
	}
	for _, m := range s.Modes {
		// "mode_${1:-serve}" run as kl: mode_kl runs in kl alone.
		if !m.libFn || s.libFuncAmbig[m.libFunc] {
			continue
		}
		ws := s.libWrites(m.libFunc)
		if len(ws) == 0 || !s.libDefinedAt(ws[0].Lib.Path, m.libCall) || !s.libSourcedIn(ws[0].Lib.Path, []*Mode{m}) || s.inSubshell(m.libCall) {
			continue
		}
		out = append(out, LibModeCall{Call: m.libCall, Modes: []*Mode{m}, Writes: ws})
	}
	return out
}

// nameDispatch is a call that runs a function by a name built around the
// mode's selector: "mode_${1:-serve}" (prefix mode_), "run_${MODE//-/_}"
// (dashToUnder: the function's _ is the mode's -). call is its offset, end
// that of its first word.
type nameDispatch struct {
	call, end      int
	prefix, suffix string
	dashToUnder    bool
}

// libDispatch returns the candidates for the functions of the sourced
// libraries that name dispatch nd may run: mode_kl() { EXTRA=(--max-num-seqs
// 4); } in lib/modes.sh with "mode_${1:-serve}" in the script is mode kl,
// as the script's own mode_kl would be. Not a function two libraries
// define (which one runs may depend on the order), nor a mode the script's
// own functions name (taken), nor one the script or its library calls by
// name (mode_common, which mode_serve and mode_kl call: a helper, as
// launch is). The candidate has no code of the script: it
// spans the dispatch's word; what the function assigns is its own
// (LibModeWrites).
func (s *Script) libDispatch(nd nameDispatch, taken func(string) bool) []candidate {
	var out []candidate
	for name := range s.LibFuncs {
		mode, ok := nd.mode(name)
		lib := s.libFuncLib[name]
		if !ok || s.Funcs[name] != nil || s.libFuncAmbig[name] || lib == nil || taken(mode) || len(s.callOffs[name]) > 0 || len(lib.callOffs[name]) > 0 {
			continue
		}
		out = append(out, candidate{name: mode, start: nd.call, end: nd.end, fn: name, lib: true})
	}
	slices.SortFunc(out, func(a, b candidate) int { return strings.Compare(a.name, b.name) })
	return out
}

// dropRefused drops the candidates of functions run by a name built from
// the mode (a sourced library's, libDispatch; the script's own run by a
// name read from $1, dispatchModes) whose name a test of $1 that ends the
// script for every name it does not let through never lets through (case
// "$mode" in serve|kl) ;; *) exit 2 ;; esac before "mode_$mode": mode_bench,
// of lib/modes.sh there for another script or the script's own dead code,
// never runs here). A name a glob of such a test matches (bench*) is let
// through.
func dropRefused(cands []candidate) []candidate {
	named := map[string]bool{}
	var globs []string
	closed := false
	for _, c := range cands {
		if !c.lib && !c.byName {
			named[c.name] = true
			if c.glob != "" {
				globs = append(globs, c.glob)
			}
			closed = closed || c.byArg && (c.guard || c.closes)
		}
	}
	if !closed {
		return cands
	}
	return slices.DeleteFunc(cands, func(c candidate) bool {
		if (!c.lib && (!c.byName || !c.byArg)) || named[c.name] {
			return false
		}
		return !slices.ContainsFunc(globs, func(g string) bool {
			ok, err := path.Match(g, c.name)
			return ok || err != nil
		})
	})
}

// mode returns the mode whose name dispatch nd runs the function name.
func (nd nameDispatch) mode(name string) (string, bool) {
	if !strings.HasPrefix(name, nd.prefix) || !strings.HasSuffix(name, nd.suffix) || len(name) <= len(nd.prefix)+len(nd.suffix) {
		return "", false
	}
	mode := name[len(nd.prefix) : len(name)-len(nd.suffix)]
	if nd.dashToUnder {
		mode = strings.ReplaceAll(mode, "_", "-")
	}
	return mode, true
}

// libDispatchWrites reports whether a name dispatch of the script may run
// a library function that assigns one of refs (the variables the argv
// reads): analysed again, those functions are modes (libDispatch).
func (s *Script) libDispatchWrites(refs []string) bool {
	for _, nd := range s.nameDispatches {
		for name := range s.LibFuncs {
			if _, ok := nd.mode(name); !ok || s.Funcs[name] != nil || s.libFuncAmbig[name] {
				continue
			}
			if writesAny(s.libWrites(name), refs) {
				return true
			}
		}
	}
	return false
}

// LibModeCall is a call of a library function in code only some modes run
// (LibModeWrites).
type LibModeCall struct {
	Call   int
	Modes  []*Mode
	Writes []LibWrite
}

// libSourcedIn reports whether every mode of ms runs a source of the
// library at path that the script itself makes (one on the shared path,
// or in a branch of each mode); a library only another library sources
// counts as sourced on the shared path.
func (s *Script) libSourcedIn(path string, ms []*Mode) bool {
	direct := false
	for _, ref := range s.Sources {
		if ref.Path != path {
			continue
		}
		direct = true
		if len(ref.Modes) == 0 {
			return true
		}
		all := true
		for _, m := range ms {
			all = all && slices.Contains(ref.Modes, m)
		}
		if all {
			return true
		}
	}
	return !direct
}

// inSubshell reports whether offset off lies in code that runs in a
// subshell of the script: ( … ), $( … ), <( … ), a part of a pipeline, a
// background job or a coprocess.
func (s *Script) inSubshell(off int) bool {
	if inSpans(s.isoSpans, off) {
		return true
	}
	if s.subSpans == nil {
		s.subSpans = [][2]int{}
		shwalk.Walk(s.File, func(n syntax.Node) bool {
			switch n.(type) {
			case *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst:
				s.subSpans = append(s.subSpans, [2]int{s.Off(n.Pos()), s.Off(n.End())})
			}
			return true
		})
	}
	return inSpans(s.subSpans, off)
}

// libDefinedAt reports whether the script has sourced the library at path
// before a call at off runs: a source of it before off, or a call in a
// function (run when the function is, not known here). A library only
// another library sources is taken as defined.
func (s *Script) libDefinedAt(path string, off int) bool {
	if s.funcAt(off) != "" {
		return true
	}
	direct := false
	for _, ref := range s.Sources {
		if ref.Path == path {
			direct = true
			if ref.Start < off {
				return true
			}
		}
	}
	return !direct
}

// callsLibWriter reports whether the script calls a library function that
// assigns a variable its argv reads (libWriteCalls): analysed again, the
// branches that call it are modes.
func (s *Script) callsLibWriter() bool {
	if len(s.LibFuncs) == 0 || len(s.Invocations) == 0 {
		return false
	}
	refs := s.argvRefs()
	return len(s.libWriteCalls(refs)) > 0 || s.libDispatchWrites(refs)
}

// LibFixBlocker says why an edit of the assignment w, in a library
// function a mode's branch of script s calls, might change what another
// script, or the proven mode, boots with; "" when nothing may: the
// library is linted with the script (the walk met it), no other script of
// the unit sources it or calls the function, the library never calls it
// itself, and every call of it in s runs only in modes other than the
// proven one.
func (u *Unit) LibFixBlocker(s *Script, w LibWrite) string {
	if w.In != w.Func {
		return fmt.Sprintf("it is %s's, which %s calls", w.In, w.Func)
	}
	linted := false
	for _, x := range u.Scripts {
		switch {
		case x.Path == w.Lib.Path:
			linted = true
			if len(x.callOffs[w.In]) > 0 {
				return fmt.Sprintf("%s calls %s itself", filepath.Base(w.Lib.Path), w.In)
			}
		case x.Path == s.Path:
		case x.libFuncLib[w.In] != nil && x.libFuncLib[w.In].Path == w.Lib.Path || slices.ContainsFunc(x.Sources, func(r *SourceRef) bool { return r.Path == w.Lib.Path }):
			return fmt.Sprintf("%s sources %s too", filepath.Base(x.Path), filepath.Base(w.Lib.Path))
		case len(x.callOffs[w.In]) > 0 && x.Funcs[w.In] == nil:
			// A source whose path is not resolved ("$ROOT/lib/…"
			// from git rev-parse) may be this library.
			return fmt.Sprintf("%s calls %s too", filepath.Base(x.Path), w.In)
		}
	}
	if !linted {
		return fmt.Sprintf("%s is not linted with the script: what else sources it is not known", filepath.Base(w.Lib.Path))
	}
	pm := s.Proven()
	for _, off := range s.callOffs[w.In] {
		ms := s.ModesAt(off)
		if len(ms) == 0 || pm != nil && slices.Contains(ms, pm) {
			return fmt.Sprintf("the proven mode runs %s too", w.In)
		}
	}
	return ""
}
