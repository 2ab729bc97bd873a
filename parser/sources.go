package parser

import (
	"path"
	"path/filepath"
	"slices"
	"sort"
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/syntax"
)

// findSources records the env files a script reads: `source`/`.` and
// `docker … --env-file`.
func (s *Script) findSources() {
	for _, d := range s.exports {
		for _, a := range d.Args {
			if a.Naked && a.Name == nil {
				if f, ok := s.loaderFile(a.Value, false); ok {
					s.addSource(SourceLoader, f)
				}
			}
		}
	}
	for _, st := range s.readLoops {
		if f, ok := s.readLoopFile(st); ok {
			s.addSource(SourceLoader, f)
		}
	}
	for _, c := range s.calls {
		aws := s.callArgs(c)
		if len(aws) == 0 {
			continue
		}
		name := aws[0].Sketch
		if (name == "source" || name == ".") && len(aws) > 1 && aws[1].Word != nil {
			if f, ok := s.loaderFile(aws[1].Word, true); ok {
				s.addSource(SourceBash, f) // source <(grep -v '^#' .env)
				s.Sources[len(s.Sources)-1].StripsCR = loaderStripsCR(aws[1].Word)
				s.Sources[len(s.Sources)-1].Rewrites = loaderRewrites(aws[1].Word)
				continue
			}
			if !s.addOverlaySources(aws[1]) {
				s.addSource(SourceBash, aws[1])
			}
			continue
		}
		if name == "eval" {
			for _, w := range c.Args[1:] {
				if f, ok := s.loaderFile(w, false); ok {
					s.addSource(SourceBash, f) // eval "$(cat .env)": the lines run as bash
					s.Sources[len(s.Sources)-1].StripsCR = loaderStripsCR(w)
					s.Sources[len(s.Sources)-1].Rewrites = loaderRewrites(w)
				}
			}
			continue
		}
		if s.callSources(aws) {
			continue // load_env "$here/env/sglang.env"
		}
		// env $(cat .env | xargs) cmd, wherever env is wrapped (exec env …):
		// the loaders among env's assignments and options.
		for i, a := range aws {
			if path.Base(a.Sketch) != "env" {
				continue
			}
			for _, b := range aws[i+1:] {
				if b.Word == nil {
					break
				}
				if f, ok := s.loaderFile(b.Word, false); ok {
					s.addSource(SourceEnvLoader, f)
					continue
				}
				if !strings.HasPrefix(b.Sketch, "-") && !strings.Contains(b.Sketch, "=") {
					break // the command env runs
				}
			}
			break
		}
		// docker run/compose … --env-file X, wherever the command is wrapped.
		docker, sub, optEnd := dockerCommand(aws)
		if docker < 0 {
			continue
		}
		kind := SourceDockerEnvFile
		if sub == "compose" {
			kind = SourceComposeEnvFile // docker compose --env-file: compose's own parser
		}
		for i, a := range aws[:optEnd] {
			if i <= docker {
				continue
			}
			switch {
			case a.Sketch == "--env-file" && i+1 < len(aws):
				s.addSource(kind, aws[i+1])
			case a.Word != nil && strings.HasPrefix(litPrefix(a.Word), "--env-file="):
				v, _, _, vs := s.inlineValue(a.Word, "--env-file")
				if v != nil {
					s.addSource(kind, ArgWord{Word: v, Start: vs, End: a.End})
				}
			}
		}
	}
	// In the order of the script (the loaders were met first).
	sort.SliceStable(s.Sources, func(i, j int) bool { return s.Sources[i].Start < s.Sources[j].Start })
}

// dockerCommand returns the index of the docker (podman, nvidia-docker)
// that a command runs, past its wrappers (sudo, timeout, srun, …), the
// word naming its subcommand (run, compose, container, …; "" when none),
// past docker's global options, and the end of the words that are docker's
// own: for run and create, the options before the image (an --env-file
// after it is the container command's). A docker that is only an argument
// (`echo docker run --env-file F`, `launch --runtime docker --env-file F`)
// is none: -1.
func dockerCommand(aws []ArgWord) (docker int, sub string, optEnd int) {
	argv := make([]string, len(aws))
	for i, a := range aws {
		argv[i] = a.Sketch
	}
	i := 0
	for i < len(argv) {
		n := wrapperSkip(argv, i)
		if n == 0 && argv[i] == Unknown {
			n = 1 // $SUDO docker run …: a word not known may be a wrapper
		}
		if n == 0 {
			break
		}
		i += n
	}
	if i >= len(argv) {
		return -1, "", 0
	}
	if b := path.Base(argv[i]); b != "docker" && b != "podman" && b != "nvidia-docker" {
		return -1, "", 0
	}
	docker, j := i, i+1
	for ; j < len(argv) && strings.HasPrefix(argv[j], "-"); j++ {
		if dockerGlobalValued(argv[j]) {
			j++ // docker --context X run …
		}
	}
	if j < len(argv) {
		sub = argv[j]
	}
	if sub == "container" {
		j++
	}
	if j >= len(argv) || argv[j] != "run" && argv[j] != "create" {
		return docker, sub, len(argv)
	}
	end := dockerOptions(argv, j+1, dockerValueOpts, &DockerRun{}, nil)
	for end < len(argv) && argv[end] == Unknown {
		// docker run $EXTRA_ARGS --env-file F IMAGE: a word not known may
		// be options; what follows may be docker's still.
		end = dockerOptions(argv, end+1, dockerValueOpts, &DockerRun{}, nil)
	}
	// An option that takes a value as the last word (`docker run -a`)
	// ends past the words.
	return docker, sub, min(end, len(argv))
}

// readLoopFile returns the env file a read loop loads: `while … read …;
// do … export …; done < FILE` (or `< <(grep -v '^#' FILE)`), whose body
// exports (export, declare -x) under names it reads, or evaluates what it
// reads.
func (s *Script) readLoopFile(st *syntax.Stmt) (ArgWord, bool) {
	w := st.Cmd.(*syntax.WhileClause)
	reads, exports := false, false
	for _, c := range w.Cond {
		shwalk.Walk(c, func(n syntax.Node) bool {
			if ce, ok := n.(*syntax.CallExpr); ok && len(ce.Args) > 0 {
				if name, _ := LitValue(ce.Args[0]); name == "read" {
					reads = true
				}
			}
			return !reads
		})
	}
	for _, b := range w.Do {
		shwalk.Walk(b, func(n syntax.Node) bool {
			switch n := n.(type) {
			case *syntax.DeclClause:
				// Only an export whose name comes from the data (export
				// "$key=$value", export "$line"): `export MODEL="$m"` in a
				// loop over a list of models exports one variable of its
				// own, and the list is no env file.
				export, named := n.Variant.Value == "export", false
				for _, a := range n.Args {
					if a.Naked && a.Name == nil && a.Value != nil {
						if v, ok := LitValue(a.Value); ok {
							if strings.HasPrefix(v, "-") && strings.Contains(v, "x") {
								export = true
							}
						} else {
							named = true
						}
					}
				}
				if export && named {
					exports = true
				}
			case *syntax.CallExpr:
				if len(n.Args) > 0 {
					if name, _ := LitValue(n.Args[0]); name == "eval" {
						exports = true
					}
				}
			}
			return !exports
		})
	}
	if !reads || !exports {
		return ArgWord{}, false
	}
	var file ArgWord
	found := false
	for _, r := range st.Redirs {
		if r.Op != syntax.RdrIn || r.Word == nil || r.N != nil && r.N.Value != "0" {
			continue
		}
		if found {
			return ArgWord{}, false
		}
		if f, ok := s.loaderFile(r.Word, true); ok {
			file, found = f, true // < <(grep -v '^#' .env)
			continue
		}
		if len(r.Word.Parts) == 1 {
			if _, ps := r.Word.Parts[0].(*syntax.ProcSubst); ps {
				return ArgWord{}, false
			}
		}
		file, found = ArgWord{Word: r.Word, Sketch: Unknown, Start: s.Off(r.Word.Pos()), End: s.Off(r.Word.End())}, true
	}
	return file, found
}

// exportsWords reports whether a declaration exports words that are not
// assignments: `export $(…)`, `declare -x $(…)` (mvdan/sh parses export,
// declare and typeset into a DeclClause, not a call).
func exportsWords(d *syntax.DeclClause) bool {
	exp := d.Variant.Value == "export"
	words := false
	for _, a := range d.Args {
		if a.Naked && a.Name == nil && a.Value != nil {
			if v, ok := LitValue(a.Value); ok {
				if (d.Variant.Value == "declare" || d.Variant.Value == "typeset") && len(v) > 1 && v[0] == '-' && strings.ContainsRune(v[1:], 'x') {
					exp = true
				}
				continue
			}
			words = true
		}
	}
	return exp && words
}

// loaderFile returns the file a loader word reads: a word that is all one
// command substitution (or, with proc, a process substitution) whose
// pipeline starts by reading one file (`cat F`, `grep [opts] PAT F`, `sed
// SCRIPT F`, or any first command with `< F`) and only filters it (grep,
// sed, tr, xargs, cut, sort, envsubst …). A substitution that computes
// one value (`X=$(grep K F | cut -d= -f2)`) is not all of its word.
func (s *Script) loaderFile(w *syntax.Word, proc bool) (ArgWord, bool) {
	if w == nil || len(w.Parts) != 1 {
		return ArgWord{}, false
	}
	var stmts []*syntax.Stmt
	switch p := w.Parts[0].(type) {
	case *syntax.CmdSubst:
		stmts = p.Stmts
	case *syntax.DblQuoted:
		if len(p.Parts) == 1 {
			if cs, ok := p.Parts[0].(*syntax.CmdSubst); ok {
				stmts = cs.Stmts
			}
		}
	case *syntax.ProcSubst:
		if proc && p.Op == syntax.CmdIn {
			stmts = p.Stmts
		}
	}
	if len(stmts) != 1 {
		return ArgWord{}, false
	}
	stages, ok := pipeStages(stmts[0])
	if !ok {
		return ArgWord{}, false
	}
	var file ArgWord
	found := false
	for i, st := range stages {
		c, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(c.Args) == 0 || st.Background || st.Negated {
			return ArgWord{}, false
		}
		name, _ := LitValue(c.Args[0])
		if !envFilters[name] {
			return ArgWord{}, false
		}
		for _, r := range st.Redirs {
			if r.Op == syntax.RdrIn && r.Word != nil {
				if i != 0 || found {
					return ArgWord{}, false
				}
				file, found = ArgWord{Word: r.Word, Sketch: Unknown, Start: s.Off(r.Word.Pos()), End: s.Off(r.Word.End())}, true
			}
		}
		// The operands after the options: cat's files; grep's and sed's
		// after their pattern or script (unless -e/-f gave it).
		var operands []*syntax.Word
		given := false
		for j := 1; j < len(c.Args); j++ {
			v, lit := LitValue(c.Args[j])
			switch {
			case lit && v == "--":
				operands = append(operands, c.Args[j+1:]...)
				j = len(c.Args)
			case lit && len(v) > 1 && v[0] == '-':
				if name != "cat" && (v == "-e" || v == "-f" || v == "--regexp" || v == "--file" || v == "--expression") {
					given = true
					j++ // the option's value
				}
			default:
				operands = append(operands, c.Args[j])
			}
		}
		switch name {
		case "grep", "egrep", "sed":
			if !given && len(operands) > 0 {
				operands = operands[1:]
			}
		case "cat":
		default:
			continue // xargs, tr, sort …: filters of what came before
		}
		if i != 0 && len(operands) == 0 {
			continue // a filter of what came before
		}
		if i != 0 || found || len(operands) != 1 {
			return ArgWord{}, false
		}
		o := operands[0]
		file, found = ArgWord{Word: o, Sketch: Unknown, Start: s.Off(o.Pos()), End: s.Off(o.End())}, true
	}
	return file, found
}

// loaderStages returns the pipeline stages of a loader's substitution
// (the first $(…) or <(…) in w, of one statement); false when there is
// none or it is no plain pipeline.
func loaderStages(w *syntax.Word) ([]*syntax.Stmt, bool) {
	var stmts []*syntax.Stmt
	shwalk.Walk(w, func(n syntax.Node) bool {
		switch x := n.(type) {
		case *syntax.CmdSubst:
			stmts = x.Stmts
			return false
		case *syntax.ProcSubst:
			stmts = x.Stmts
			return false
		}
		return stmts == nil
	})
	if len(stmts) != 1 {
		return nil, false
	}
	return pipeStages(stmts[0])
}

// loaderStripsCR reports whether a loader's pipeline (loaderFile said it
// is one) deletes the '\r' of each line: a stage `tr -d '\r'` (a set
// holding \r), or a sed script whose command is s/\r$// or s/\r//
// (with g). What bash then runs has no CRLF line endings.
func loaderStripsCR(w *syntax.Word) bool {
	stages, ok := loaderStages(w)
	if !ok {
		return false
	}
	for _, st := range stages {
		c, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(c.Args) < 2 {
			continue
		}
		name, _ := LitValue(c.Args[0])
		var args []string
		known := true
		for _, a := range c.Args[1:] {
			v, lit := LitValue(a)
			if !lit {
				v = "" // a word not known: a file operand ("$here/.env") or a script not known, which claims nothing
			}
			known = known && lit
			args = append(args, v)
		}
		switch name {
		case "tr":
			// tr -d SET, SET holding \r ('\r', or $'\r' read as the byte).
			if known && len(args) == 2 && args[0] == "-d" && (strings.Contains(args[1], `\r`) || strings.Contains(args[1], "\r")) {
				return true
			}
		case "sed":
			// The script is a literal word; the file operands may be any
			// (sed 's/\r$//' "$here/.env").
			for _, a := range args {
				if strings.HasPrefix(a, "-i") || strings.HasPrefix(a, "--in-place") {
					return false
				}
				for _, cmd := range strings.Split(a, ";") {
					switch strings.TrimSpace(cmd) {
					case `s/\r$//`, `s/\r$//g`, `s/\r//`, `s/\r//g`:
						return true
					}
				}
			}
		}
	}
	return false
}

// loaderRewrites reports whether a loader's pipeline (loaderFile said it
// is one) changes the text of the lines it passes, beyond deleting each
// line's '\r' (loaderStripsCR): a sed script with a command other than a
// deletion (s/ *= */=/, s/^export //), sed -n, envsubst, or a tr other
// than tr -d '\r'. cat, grep, sort and uniq pass whole lines or none.
func loaderRewrites(w *syntax.Word) bool {
	stages, ok := loaderStages(w)
	if !ok {
		return false
	}
	for _, st := range stages {
		c, ok := st.Cmd.(*syntax.CallExpr)
		if !ok || len(c.Args) == 0 {
			continue
		}
		name, _ := LitValue(c.Args[0])
		switch name {
		case "envsubst", "xargs":
			return true
		case "tr", "sed":
			if !sedOrTrKeepsLines(name, c.Args[1:]) {
				return true
			}
		}
	}
	return false
}

// sedOrTrKeepsLines reports whether tr or sed with args passes each line's
// text unchanged but for a trailing '\r': tr -d '\r'; a sed whose every
// script (the first operand, or each -e's) holds only deletions of lines
// (/^#/d, /^[[:space:]]*$/d, 1d) and '\r' strips. A script not literal
// rewrites as far as anyone can tell.
func sedOrTrKeepsLines(name string, args []*syntax.Word) bool {
	var vals []string
	for _, a := range args {
		v, lit := LitValue(a)
		if !lit {
			v = "\x00" // not known: a file operand, or a script
		}
		vals = append(vals, v)
	}
	if name == "tr" {
		return len(vals) == 2 && vals[0] == "-d" && (vals[1] == `\r` || vals[1] == "\r")
	}
	var scripts []string
	given := false
	for i := 0; i < len(vals); i++ {
		v := vals[i]
		switch {
		case v == "-e" || v == "--expression":
			if i+1 >= len(vals) {
				return false
			}
			scripts, given = append(scripts, vals[i+1]), true
			i++
		case v == "-E" || v == "-r" || v == "--regexp-extended" || v == "--":
		case strings.HasPrefix(v, "-"):
			return false // -n, -i, -f FILE, -z …: not a plain filter of lines
		case !given && len(scripts) == 0:
			scripts = append(scripts, v)
		}
	}
	if len(scripts) == 0 {
		return false
	}
	for _, sc := range scripts {
		for _, cmd := range strings.FieldsFunc(sc, func(r rune) bool { return r == ';' || r == '\n' }) {
			cmd = strings.TrimSpace(cmd)
			switch cmd {
			case `s/\r$//`, `s/\r$//g`, `s/\r//`, `s/\r//g`:
				continue
			}
			if !sedDeletes(cmd) {
				return false
			}
		}
	}
	return true
}

// sedDeletes reports whether one sed command is a deletion of the lines
// an address picks: /RE/d, /RE/!d, \%RE%d, N d, $d.
func sedDeletes(cmd string) bool {
	rest, ok := strings.CutSuffix(cmd, "d")
	if !ok {
		return false
	}
	rest = strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(rest), "!"))
	switch {
	case rest == "" || rest == "$":
		return true
	case strings.Trim(rest, "0123456789") == "":
		return true
	case len(rest) >= 2 && rest[0] == '/' && rest[len(rest)-1] == '/':
		return !strings.Contains(rest[1:len(rest)-1], ";")
	}
	return false
}

// pipeStages returns the commands of a pipeline (a | b | c) in order, or
// st alone; false when an && or || joins them.
func pipeStages(st *syntax.Stmt) ([]*syntax.Stmt, bool) {
	var stages []*syntax.Stmt
	var flatten func(st *syntax.Stmt) bool
	flatten = func(st *syntax.Stmt) bool {
		if b, ok := st.Cmd.(*syntax.BinaryCmd); ok {
			return b.Op == syntax.Pipe && flatten(b.X) && flatten(b.Y)
		}
		stages = append(stages, st)
		return true
	}
	return stages, flatten(st)
}

// envFilters are the commands a loader pipeline may run on an env file's
// lines: each passes KEY=value lines through (or drops comments, blanks and
// quotes).
var envFilters = map[string]bool{"cat": true, "grep": true, "egrep": true, "sed": true, "xargs": true,
	"tr": true, "sort": true, "uniq": true, "envsubst": true}

func (s *Script) addSource(kind SourceKind, a ArgWord) {
	ref := &SourceRef{Kind: kind, Start: a.Start, End: a.End, Modes: s.ModesAt(a.Start)}
	if a.Start >= 0 {
		ref.Word = s.Text(a.Start, a.End)
	}
	if a.Word != nil {
		if v, ok := s.staticWord(a.Word.Parts, 0); ok {
			from := s.wordFrom(a.Word)
			v, cwdFrom := s.inCwdFrom(v, a.Start)
			if cwdFrom != 0 {
				from = cwdFrom
			} else if v != "" && !filepath.IsAbs(v) && !strings.Contains(v, scriptDirMark) {
				from |= fromCwd // tried against the script's directory: a guess
			}
			ref.Path, ref.static, ref.from = s.resolvePath(v), v, from
		}
	} else if a.Sketch != Unknown {
		ref.Path = filepath.Clean(filepath.Join(filepath.Dir(s.Path), a.Sketch))
	}
	s.Sources = append(s.Sources, ref)
}

// inCwd returns the static path v as seen from the directory a top-level
// cd before offset off moved to (cd "$(dirname "$0")/.."; . conf/i.env is
// the repository's conf/i.env), v itself when it is absolute or computed
// from the script's directory, or when no such cd is known: a relative
// path is then tried against the script's directory (resolvePath).
func (s *Script) inCwd(v string, off int) string {
	v, _ = s.inCwdFrom(v, off)
	return v
}

// inCwdFrom is inCwd, with what the directory a cd moved to was computed
// from (0 when no cd applies).
func (s *Script) inCwdFrom(v string, off int) (string, pathFrom) {
	if v == "" || filepath.IsAbs(v) || strings.Contains(v, scriptDirMark) || s.File == nil || off < 0 {
		return v, 0
	}
	s.cwdOnce.Do(s.findCwds)
	// The directory after the last top-level cd, pushd or popd that ends
	// by off (the statements before off, in order).
	k, _ := slices.BinarySearchFunc(s.cwds, off, func(c cwdAt, off int) int {
		if c.end <= off {
			return -1
		}
		return 1
	})
	cwd, from := "", pathFrom(0)
	if k > 0 {
		cwd, from = s.cwds[k-1].cwd, s.cwds[k-1].from
	}
	if cwd == "" || filepath.IsAbs(cwd) {
		// cd /workspace: a path of the machine the script boots on (the
		// repository mounted in a container, often), not of the one that
		// lints it: the file beside the script is the better guess.
		return v, 0
	}
	if !strings.Contains(cwd, scriptDirMark) {
		from |= fromCwd // a relative cd: from wherever the script ran
	}
	return cwd + "/" + v, from
}

// cwdAt is the working directory after a top-level cd, pushd or popd
// (inCwd): "" unknown or the script's, from the statement's end on.
type cwdAt struct {
	end  int
	cwd  string
	from pathFrom // what cwd's directory was computed from
}

// findCwds follows the script's top-level cd, pushd and popd once, for
// inCwd: each source and child script once followed them all from the
// top, so a script of 20,000 `source ./x.env` lines took 4 s (75,000,
// a pull request's 2 MiB file, or a script of its work tree that the look
// for outside readers loads: 80 s). The values they read (s.Assigns) are
// complete once collect ran, before any caller.
func (s *Script) findCwds() {
	cwd, from := "", pathFrom(0)
	var dirs []string // pushd's stack: where each popd goes back to
	var froms []pathFrom
	for _, st := range s.File.Stmts {
		cmd := st.Cmd
		if b, ok := cmd.(*syntax.BinaryCmd); ok && b.Op == syntax.OrStmt && b.X != nil && exits(b.Y) {
			cmd = b.X.Cmd // cd "$ROOT" || exit 1
		}
		c, ok := cmd.(*syntax.CallExpr)
		if !ok || len(c.Args) == 0 || st.Background {
			continue
		}
		name, _ := LitValue(c.Args[0])
		if name != "cd" && name != "pushd" && name != "popd" {
			continue
		}
		switch name {
		case "popd":
			// pushd "$(dirname "$0")/.."; …; popd: back where the pushd
			// left; unknown past the stack's bottom or with +N/-N.
			cwd, from = "", 0
			if n := len(dirs); n > 0 && len(c.Args) == 1 {
				cwd, dirs = dirs[n-1], dirs[:n-1]
				from, froms = froms[n-1], froms[:n-1]
			} else {
				dirs, froms = nil, nil
			}
		default:
			if name == "pushd" {
				dirs = append(dirs, cwd)
				froms = append(froms, from)
			}
			dir := ""
			if operands, known := s.staticOperands("cd", c.Args[1:], 0); known && len(operands) == 1 {
				dir = operands[0] // not cd "$X", nor cd - ($OLDPWD)
			}
			switch {
			case dir == "":
				cwd, from = "", 0 // unknown: back to the script's directory
			case filepath.IsAbs(dir) || strings.Contains(dir, scriptDirMark) || cwd == "":
				cwd, from = dir, s.wordsFrom(c.Args[1:])
			default:
				cwd, from = cwd+"/"+dir, from|s.wordsFrom(c.Args[1:])
			}
		}
		s.cwds = append(s.cwds, cwdAt{end: s.Off(st.End()), cwd: cwd, from: from})
	}
}

// staticOperands returns the static values of a command's operands, its
// options skipped (`cd -P -- DIR`, `dirname -- "$0"`, `readlink -f`: those
// before the first operand; after `--` every word is one); ok is false
// when a word is not known statically, or for cd's `-` (back to $OLDPWD).
func (s *Script) staticOperands(name string, words []*syntax.Word, depth int) (args []string, ok bool) {
	opts := true
	for _, a := range words {
		v, known := s.staticWord(a.Parts, depth)
		if !known || name == "cd" && v == "-" && opts {
			return nil, false
		}
		if opts && len(args) == 0 && strings.HasPrefix(v, "-") {
			opts = v != "--"
			continue
		}
		args = append(args, v)
	}
	return args, true
}

// scriptDirMark stands for the directory of the script in static paths.
const scriptDirMark = "\x00dir"

// resolvePath turns a statically evaluated path into a file path: the
// script's directory stands where $0, BASH_SOURCE, dirname, cd … && pwd,
// readlink -f or realpath computed it; a relative path is tried against the
// script's directory.
func (s *Script) resolvePath(v string) string {
	dir := filepath.Dir(s.Path)
	if strings.Contains(v, scriptDirMark) {
		i := strings.LastIndex(v, scriptDirMark)
		return filepath.Clean(dir + v[i+len(scriptDirMark):])
	}
	if !filepath.IsAbs(v) {
		v = filepath.Join(dir, v)
	}
	return filepath.Clean(v)
}

func (s *Script) staticWord(parts []syntax.WordPart, depth int) (string, bool) {
	if depth > 8 {
		return "", false
	}
	if len(parts) == 1 { // the common case, without a builder's copy
		switch p := parts[0].(type) {
		case *syntax.Lit:
			return p.Value, true
		case *syntax.SglQuoted:
			return p.Value, true
		}
	}
	var sb strings.Builder
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			sb.WriteString(p.Value)
		case *syntax.SglQuoted:
			sb.WriteString(p.Value)
		case *syntax.DblQuoted:
			v, ok := s.staticWord(p.Parts, depth)
			if !ok {
				return "", false
			}
			sb.WriteString(v)
		case *syntax.ParamExp:
			v, ok := s.staticParam(p, depth)
			if !ok {
				return "", false
			}
			sb.WriteString(v)
		case *syntax.CmdSubst:
			v, ok := s.staticCmd(p.Stmts, depth)
			if !ok {
				return "", false
			}
			sb.WriteString(v)
		default:
			return "", false
		}
	}
	return sb.String(), true
}

func (s *Script) staticParam(p *syntax.ParamExp, depth int) (string, bool) {
	if p.Param == nil || p.Excl || p.Length {
		return "", false
	}
	name := p.Param.Value
	var v string
	switch name {
	case "0", "BASH_SOURCE":
		v = scriptDirMark + "/" + filepath.Base(s.Path)
	case "PWD":
		v = scriptDirMark
	default:
		if SubmitDirVar(name) && len(s.Assigns[name]) == 0 {
			v = scriptDirMark // the job's starting directory, as $PWD
			break
		}
		as := s.chosenDefault(s.Assigns[name])
		if p.Exp != nil && (p.Exp.Op == syntax.DefaultUnset || p.Exp.Op == syntax.DefaultUnsetOrNull) {
			// ${X:-WORD} where X is never assigned, or read by X's own
			// assignment (ENV_FILE=${ENV_FILE:-$here/prod.env}): X comes from
			// the caller's environment, which the linter does not read (nor
			// does the dry run), so WORD is the value.
			off := s.Off(p.Pos())
			if len(as) == 0 || as[len(as)-1].Start <= off && off < as[len(as)-1].End {
				if p.Exp.Word == nil {
					return "", true
				}
				return s.staticWord(p.Exp.Word.Parts, depth+1)
			}
		}
		if len(as) == 0 || as[len(as)-1].Value == nil {
			return "", false
		}
		var ok bool
		v, ok = s.staticWord(as[len(as)-1].Value.Parts, depth+1)
		if !ok {
			return "", false
		}
	}
	if p.Exp != nil {
		pat, _ := LitValue(p.Exp.Word)
		switch {
		case p.Exp.Op == syntax.RemSmallSuffix && pat == "/*":
			v = dirOf(v)
		case p.Exp.Op == syntax.DefaultUnset || p.Exp.Op == syntax.DefaultUnsetOrNull:
		default:
			return "", false
		}
	}
	return v, true
}

func dirOf(v string) string {
	m := strings.LastIndex(v, scriptDirMark)
	if i := strings.LastIndexByte(v, '/'); i >= 0 && i > m {
		return v[:i]
	}
	if m >= 0 {
		// The script's directory itself (dirname "$(dirname "$0")"):
		// its parent, which the mark does not spell out.
		return v + "/.."
	}
	return "."
}

// staticCmd evaluates the few pure commands path computations use. The
// substitution may be a list, `$(cd "$(dirname "$0")"; pwd)` or
// `$(cd … || exit; pwd)`: every statement before the last is a cd, which
// prints nothing, and the last one's output is the value.
func (s *Script) staticCmd(stmts []*syntax.Stmt, depth int) (string, bool) {
	if len(stmts) == 0 {
		return "", false
	}
	var last string
	var run func(cmd syntax.Command) (string, bool)
	run = func(cmd syntax.Command) (string, bool) {
		switch c := cmd.(type) {
		case *syntax.BinaryCmd:
			switch {
			case c.Op == syntax.AndStmt:
				if _, ok := run(c.X.Cmd); !ok {
					return "", false
				}
				return run(c.Y.Cmd)
			case c.Op == syntax.OrStmt && exits(c.Y):
				// `cd DIR || exit`: past it, the cd succeeded.
				return run(c.X.Cmd)
			}
			return "", false
		case *syntax.CallExpr:
			if len(c.Args) == 0 {
				return "", false
			}
			name, _ := LitValue(c.Args[0])
			words := c.Args[1:]
			if (name == "builtin" || name == "command") && len(words) > 0 {
				// `builtin cd`, `command pwd`: the builtin itself.
				name, _ = LitValue(words[0])
				words = words[1:]
			}
			args, ok := s.staticOperands(name, words, depth+1)
			if !ok {
				return "", false
			}
			switch name {
			case "dirname":
				if len(args) == 1 {
					return dirOf(args[0]), true
				}
			case "cd":
				if len(args) == 1 {
					if d := args[0]; last != "" && !path.IsAbs(d) && !strings.Contains(d, scriptDirMark) {
						last += "/" + d // cd "$(dirname "$0")"; cd ../deploy: from the first
					} else {
						last = d
					}
					return "", true
				}
			case "pwd":
				if last != "" {
					return last, true
				}
				return scriptDirMark, true
			case "readlink", "realpath":
				if len(args) == 1 {
					return args[0], true
				}
			case "basename":
				if len(args) == 1 {
					return path.Base(args[0]), true
				}
			case "git":
				// ROOT=$(git rev-parse --show-toplevel): the work tree
				// Load found above the script (GitTop), never asked of git.
				if len(args) == 2 && args[0] == "rev-parse" && args[1] == "--show-toplevel" && s.GitTop != "" {
					if s.GitTop == "." {
						return scriptDirMark, true
					}
					return scriptDirMark + "/" + s.GitTop, true
				}
			}
		}
		return "", false
	}
	for i, st := range stmts {
		if st.Background || st.Negated || st.Cmd == nil {
			return "", false
		}
		out, ok := run(st.Cmd)
		if !ok {
			return "", false
		}
		if i == len(stmts)-1 {
			return out, true
		}
		if out != "" {
			return "", false // an earlier statement that prints: not one path
		}
	}
	return "", false
}

// chosenDefault returns a variable's assignments past those that take an
// option's value from getopts (`m) MODEL=$OPTARG ;;`): like a value from
// the caller's environment (${MODEL:-llama-70b}), the option is the
// caller's choice, which the linter does not know; the default the script
// sets before its loop (MODEL=${MODEL:-llama-70b}, MODEL=llama-70b) is the
// value of a run without it, the one the dry run evaluates. Only when
// such a default comes first: a variable getopts alone assigns keeps its
// assignments (not known statically).
func (s *Script) chosenDefault(as []*Assign) []*Assign {
	k := slices.IndexFunc(as, isOptarg)
	if k <= 0 || as[0].Append || as[0].Value == nil || len(as[0].Modes) > 0 {
		return as
	}
	for _, a := range as[k:] {
		if !isOptarg(a) {
			return as
		}
	}
	return as[:k]
}

// isOptarg reports whether an assignment's value is all of $OPTARG.
func isOptarg(a *Assign) bool {
	if a.Value == nil || a.Append || len(a.Value.Parts) != 1 {
		return false
	}
	pt := a.Value.Parts[0]
	if dq, ok := pt.(*syntax.DblQuoted); ok && len(dq.Parts) == 1 {
		pt = dq.Parts[0]
	}
	pe, ok := pt.(*syntax.ParamExp)
	return ok && pe.Param != nil && pe.Param.Value == "OPTARG" && pe.Exp == nil && pe.Index == nil && pe.Slice == nil && pe.Repl == nil && !pe.Excl && !pe.Length
}

// wordFrom returns what the directories a path word computes come from,
// by its expansions and those of the variables it reads (every assignment
// of each, whichever staticWord chose): $0, BASH_SOURCE, or the working
// directory ($PWD, pwd with no cd before it, git rev-parse). It only
// reads the script, as its other readers may run at the same time.
func (s *Script) wordFrom(w *syntax.Word) pathFrom {
	return s.nodeFrom(w, map[string]bool{})
}

// wordsFrom is wordFrom over several words.
func (s *Script) wordsFrom(ws []*syntax.Word) pathFrom {
	var f pathFrom
	seen := map[string]bool{}
	for _, w := range ws {
		f |= s.nodeFrom(w, seen)
	}
	return f
}

func (s *Script) nodeFrom(node syntax.Node, seen map[string]bool) pathFrom {
	var f pathFrom
	shwalk.Walk(node, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.ParamExp:
			if n.Param == nil {
				break
			}
			switch name := n.Param.Value; name {
			case "0":
				f |= fromArg0
			case "BASH_SOURCE":
				f |= fromSelf
			case "PWD":
				f |= fromCwd
			default:
				if SubmitDirVar(name) && len(s.Assigns[name]) == 0 {
					f |= fromCwd
					break
				}
				if seen[name] {
					break
				}
				seen[name] = true
				for _, a := range s.Assigns[name] {
					if a.Value != nil {
						f |= s.nodeFrom(a.Value, seen)
					}
				}
			}
		case *syntax.CmdSubst:
			cd, pwd := false, false
			shwalk.Walk(n, func(m syntax.Node) bool {
				if c, ok := m.(*syntax.CallExpr); ok && len(c.Args) > 0 {
					switch name, _ := LitValue(c.Args[0]); name {
					case "cd", "pushd":
						cd = true
					case "pwd":
						pwd = true
					case "git":
						f |= fromCwd // rev-parse --show-toplevel: the working directory's work tree
					}
				}
				return true
			})
			if pwd && !cd {
				f |= fromCwd
			}
		}
		return true
	})
	return f
}

// dockerGlobalValued reports whether a docker global option (before the
// subcommand) takes the next word as its value.
func dockerGlobalValued(a string) bool {
	switch a {
	case "--config", "-c", "--context", "-H", "--host", "-l", "--log-level", "--tlscacert", "--tlscert", "--tlskey":
		return true
	}
	return false
}
