package parser

import (
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/syntax"
)

// sourcer is a function that sources the file one of its arguments names,
// in the caller's shell: `load_env() { set -a; . "$1"; set +a; }`, or
// `local f=$1; … . "$f"` (lib/common.sh's load_env). A call `load_env
// "$here/env/sglang.env"` then reads that file as `. "$here/env/sglang.env"`
// would, at the call.
type sourcer struct {
	// arg is the positional parameter sourced (1 for "$1").
	arg int
	// allExport is set when allexport is on at the source inside the
	// function (set -a before it, not undone): every key the file assigns
	// is exported.
	allExport bool
	// tmpl is the sourced word when it builds a path around the
	// parameter (load() { . "$here/env/$1.env"; }): at a call whose word
	// for it is a literal, the path is the word with the literal in its
	// stead (templatePath). nil when the word is the parameter itself.
	tmpl *syntax.Word
	// param is tmpl's expansion of the parameter.
	param *syntax.ParamExp
}

// ownSourcers returns the script's functions that source an argument, by
// name (funcSourcer).
func (s *Script) ownSourcers() map[string]sourcer {
	var out map[string]sourcer
	for name, fd := range s.Funcs {
		if sc, ok := funcSourcer(fd); ok {
			if out == nil {
				out = map[string]sourcer{}
			}
			out[name] = sc
		}
	}
	return out
}

// sourcerOf returns how the function a call names sources its argument:
// the script's own function of that name (which replaces a library's),
// else one a sourced library defines (libSourcers).
func (s *Script) sourcerOf(name string) (sourcer, bool) {
	if name == "" || name == "source" || name == "." {
		return sourcer{}, false
	}
	if fd := s.Funcs[name]; fd != nil {
		s.sourcersOnce.Do(func() { s.sourcers = s.ownSourcers() })
		sc, ok := s.sourcers[name]
		return sc, ok
	}
	sc, ok := s.libSourcers[name]
	return sc, ok
}

// funcSourcer reports whether a function's body sources, in the caller's
// shell, the file one positional parameter names: `. "$1"`, `source
// "${1}"`, or `. "$f"` after `local f=$1` (or `f=$1`) is f's only
// assignment in the function. Only the body's own flow counts: a source
// in a subshell, a substitution, a pipeline stage or a background job
// does not reach the caller, nor does a function whose body is a subshell
// (`load() ( . "$1" )`); a `shift` or a `set --` before the source, or a
// second source of an argument, makes it no sourcer.
func funcSourcer(fd *syntax.FuncDecl) (sourcer, bool) {
	if fd.Body == nil || fd.Body.Background || fd.Body.Negated {
		return sourcer{}, false
	}
	if _, ok := fd.Body.Cmd.(*syntax.Block); !ok {
		return sourcer{}, false
	}
	vars := map[string]int{} // name → positional parameter, -1 assigned otherwise
	assign := func(name string, w *syntax.Word) {
		n, ok := positional(w, nil)
		if _, seen := vars[name]; seen || !ok {
			n = -1
		}
		vars[name] = n
	}
	on, broken, found := false, false, false
	var out sourcer
	shwalk.Walk(fd.Body, func(n syntax.Node) bool {
		if broken {
			return false
		}
		switch n := n.(type) {
		case *syntax.FuncDecl, *syntax.Subshell, *syntax.CmdSubst, *syntax.ProcSubst:
			return false
		case *syntax.Stmt:
			if n.Background || n.Coprocess {
				return false
			}
		case *syntax.BinaryCmd:
			if n.Op == syntax.Pipe || n.Op == syntax.PipeAll {
				return false
			}
		case *syntax.DeclClause:
			for _, a := range n.Args {
				if a.Name != nil {
					assign(a.Name.Value, a.Value)
				}
			}
		case *syntax.CallExpr:
			for _, a := range n.Assigns {
				if a.Name != nil && len(n.Args) == 0 {
					assign(a.Name.Value, a.Value)
				}
			}
			if len(n.Args) == 0 {
				return true
			}
			name, _ := LitValue(n.Args[0])
			switch name {
			case "shift":
				broken = true
			case "set":
				args := n.Args[1:]
				for i := 0; i < len(args); i++ {
					v, ok := LitValue(args[i])
					if !ok || v == "--" || v == "-" || len(v) < 2 || v[0] != '-' && v[0] != '+' {
						broken = true // set -- …: new positional parameters
						break
					}
					if containsByte(v[1:], 'a') {
						on = v[0] == '-'
					}
					if containsByte(v[1:], 'o') { // -o NAME, -euo pipefail
						if i++; i < len(args) {
							if w, _ := LitValue(args[i]); w == "allexport" {
								on = v[0] == '-'
							}
						}
					}
				}
			case ".", "source":
				if len(n.Args) < 2 {
					return true
				}
				var tmpl *syntax.Word
				var param *syntax.ParamExp
				k, ok := positional(n.Args[1], vars)
				if !ok {
					if k, param, ok = templated(n.Args[1], vars); !ok {
						return true
					}
					tmpl = n.Args[1]
				}
				if found {
					broken = true
					return false
				}
				found, out = true, sourcer{arg: k, allExport: on, tmpl: tmpl, param: param}
			}
		}
		return true
	})
	if broken || !found || out.arg < 1 {
		return sourcer{}, false
	}
	return out, true
}

func containsByte(s string, b byte) bool {
	for i := 0; i < len(s); i++ {
		if s[i] == b {
			return true
		}
	}
	return false
}

// positional returns N when w is all one plain expansion of the
// positional parameter N ($1, "${1}", "${1:?usage}"), or of a variable
// vars maps to one.
func positional(w *syntax.Word, vars map[string]int) (int, bool) {
	if w == nil || len(w.Parts) != 1 {
		return 0, false
	}
	p := w.Parts[0]
	if dq, ok := p.(*syntax.DblQuoted); ok {
		if len(dq.Parts) != 1 {
			return 0, false
		}
		p = dq.Parts[0]
	}
	pe, ok := p.(*syntax.ParamExp)
	if !ok || pe.Param == nil || pe.Excl || pe.Length || pe.Width || pe.Index != nil || pe.Slice != nil || pe.Repl != nil || pe.Names != 0 {
		return 0, false
	}
	if pe.Exp != nil && pe.Exp.Op != syntax.ErrorUnset && pe.Exp.Op != syntax.ErrorUnsetOrNull {
		return 0, false
	}
	name := pe.Param.Value
	if len(name) == 1 && name[0] >= '1' && name[0] <= '9' {
		return int(name[0] - '0'), true
	}
	if n, ok := vars[name]; ok && n > 0 {
		return n, true
	}
	return 0, false
}

// templated returns N when w builds a path around one plain expansion of
// the positional parameter N ("$here/env/$1.env", $dir/${1}.sh), or of a
// variable vars maps to one: every other part is literal text or a
// variable the function does not assign (its value is the caller's
// global, read where the call is resolved). Not when w is the parameter
// alone (positional), nor when it reads the parameter twice.
func templated(w *syntax.Word, vars map[string]int) (int, *syntax.ParamExp, bool) {
	if w == nil {
		return 0, nil, false
	}
	k := 0
	var param *syntax.ParamExp
	var walk func(parts []syntax.WordPart, quoted bool) bool
	walk = func(parts []syntax.WordPart, quoted bool) bool {
		for _, p := range parts {
			switch p := p.(type) {
			case *syntax.Lit:
				if !quoted && strings.ContainsAny(p.Value, "*?[") {
					return false // a glob: not one file
				}
			case *syntax.SglQuoted:
			case *syntax.DblQuoted:
				if quoted || !walk(p.Parts, true) {
					return false
				}
			case *syntax.ParamExp:
				if n, ok := positional(&syntax.Word{Parts: []syntax.WordPart{p}}, vars); ok {
					if k != 0 {
						return false
					}
					k, param = n, p
					continue
				}
				if p.Param == nil {
					return false
				}
				if _, local := vars[p.Param.Value]; local {
					return false // the function's own variable
				}
				if name := p.Param.Value; len(name) == 1 && !isName(name) {
					return false // $@, $*, $#, another parameter
				}
			case *syntax.CmdSubst:
				// "$(dirname "$0")/env/$1.env": a command the call's
				// resolution reads (staticCmd) when it reads no parameter
				// but $0 and no variable of the function's.
				plain := true
				shwalk.Walk(p, func(n syntax.Node) bool {
					if pe, ok := n.(*syntax.ParamExp); ok && pe.Param != nil {
						name := pe.Param.Value
						if _, local := vars[name]; local || name != "0" && !isName(name) {
							plain = false
						}
					}
					return plain
				})
				if !plain {
					return false
				}
			default:
				return false
			}
		}
		return true
	}
	if !walk(w.Parts, false) || k < 1 {
		return 0, nil, false
	}
	return k, param, true
}

// templatePath resolves a templated sourcer's word (sourcer.tmpl) at a
// call whose word for the parameter is the literal lit: the word with lit
// in the parameter's stead, as staticWord reads it.
func (s *Script) templatePath(sc sourcer, lit string) (string, bool) {
	var subst func(parts []syntax.WordPart) []syntax.WordPart
	subst = func(parts []syntax.WordPart) []syntax.WordPart {
		out := make([]syntax.WordPart, len(parts))
		for i, p := range parts {
			switch q := p.(type) {
			case *syntax.DblQuoted:
				out[i] = &syntax.DblQuoted{Parts: subst(q.Parts)}
			case *syntax.ParamExp:
				if q == sc.param {
					out[i] = &syntax.Lit{Value: lit}
					continue
				}
				out[i] = p
			default:
				out[i] = p
			}
		}
		return out
	}
	return s.staticWord(subst(sc.tmpl.Parts), 0)
}

// callSources adds the source a call of a sourcer function makes: the
// call's word for the parameter the function sources, read as a `source`
// of that word at the call.
func (s *Script) callSources(aws []ArgWord) bool {
	sc, ok := s.sourcerOf(aws[0].Sketch)
	if !ok || sc.arg >= len(aws) {
		return false
	}
	for _, a := range aws[1 : sc.arg+1] {
		if a.Word == nil || a.Array != "" {
			return false // a field split out of a string, an array's word: not known which
		}
	}
	a := aws[sc.arg]
	if sc.tmpl != nil {
		// load serve with load() { . "$here/env/$1.env"; }: only a
		// literal word names one file.
		lit, ok := LitValue(a.Word)
		if !ok || a.Array != "" {
			return false
		}
		ref := &SourceRef{Kind: SourceBash, Start: a.Start, End: a.End, Modes: s.ModesAt(a.Start), AllExport: sc.allExport}
		if a.Start >= 0 {
			ref.Word = s.Text(a.Start, a.End)
		}
		if v, ok := s.templatePath(sc, lit); ok {
			ref.Path = s.resolvePath(s.inCwd(v, a.Start))
		}
		s.Sources = append(s.Sources, ref)
		return true
	}
	if !s.addOverlaySources(a) {
		s.addSource(SourceBash, a)
	}
	for _, ref := range s.Sources {
		if ref.Start == a.Start && ref.Kind == SourceBash {
			ref.AllExport = ref.AllExport || sc.allExport
		}
	}
	return true
}

// callsSourcer reports whether the script calls a function of its
// libraries that sources an argument (libSourcers), which the script does
// not define itself.
func (s *Script) callsSourcer() bool {
	for _, c := range s.calls {
		name, _ := LitValue(c.Args[0])
		if _, ok := s.libSourcers[name]; ok && s.Funcs[name] == nil {
			return true
		}
	}
	return false
}

// reanalysedKeeping is reanalysed with what the script has already (its
// libraries' runners, launchers and candidates), for the sources a
// library's sourcer function makes.
func (s *Script) reanalysedKeeping(roles RoleMatcher) *Script {
	ns := s.reanalysed(roles, s.libRunners, s.libLaunchers, s.envValues)
	ns.libRunnerCands, ns.libLauncherCands = s.libRunnerCands, s.libLauncherCands
	return ns
}

// plainSourcers drops the sourcers whose word builds a path around the
// parameter (sourcer.tmpl): a library's "$here/env/$1.env" reads the
// library's globals (its own here, often its own directory), which the
// calling script's analysis does not resolve.
func plainSourcers(m map[string]sourcer) map[string]sourcer {
	for name, sc := range m {
		if sc.tmpl != nil {
			delete(m, name)
		}
	}
	if len(m) == 0 {
		return nil
	}
	return m
}
