package parser

import (
	"bytes"
	"errors"
	"path"
	"reflect"
	"slices"
	"strconv"
	"strings"

	"github.com/servelint/servelint/internal/shwalk"
	"mvdan.cc/sh/v3/syntax"
)

// A shell string is the script a `bash -c STRING` (sh -c, dash -c) runs:
// `docker run … IMAGE bash -c "pip install -q x && vllm serve $MODEL
// --max-num-seqs 64"`, `srun … bash -c '…'`, `kubectl exec POD -- sh -c
// "…"` when the launcher is one DetectEngine sees through. The string is
// parsed as a script and its engine command, at its top level (in && and
// || lists, pipes, { } and ( ) groups), is the launcher's command.

// ShellString is a shell string of the script whose engine invocation the
// model reads (Script.ShellStrings).
type ShellString struct {
	// Start/End span the string's word in the script, quotes included.
	Start, End int
	// Quote is the word's quote: '\'' or '"'.
	Quote byte
	// Exact is set when every byte of the string's content is the byte the
	// inner shell reads (single quotes, or double quotes without an
	// escape): the flags in it have their spans in the script. Otherwise
	// their spans are the ones the escapes shift past, best effort, and a
	// fix that edits the string is not offered.
	Exact bool
}

// ShellStrings are the shell strings whose engine the model reads, in the
// order met.
func (s *Script) ShellStrings() []ShellString { return s.shellStrs }

// ShellStringAt returns the shell string whose content holds [start, end).
func (s *Script) ShellStringAt(start, end int) (ShellString, bool) {
	for _, ss := range s.shellStrs {
		if start > ss.Start && end < ss.End {
			return ss, true
		}
	}
	return ShellString{}, false
}

// shellProgram reports whether p runs a shell that takes -c STRING.
func shellProgram(p string) (syntax.LangVariant, bool) {
	switch path.Base(p) {
	case "bash":
		return syntax.LangBash, true
	case "sh", "dash":
		return syntax.LangPOSIX, true
	}
	return 0, false
}

// ShellRun is a shell run with -c that ShellCommand finds in a command's
// words.
type ShellRun struct {
	// Shell is the shell program's word: the value of a docker run's
	// --entrypoint when the shell is the container's entrypoint (Entry).
	Shell int
	// Launch is how many words launch the string's engine: the words
	// before the shell (docker run … IMAGE bash -c STRING), or the docker
	// run up to its image when the shell is its entrypoint (docker run
	// --entrypoint /bin/sh IMAGE -c STRING), the -c after the image.
	Launch int
	// Str is the string's word.
	Str int
	// Lang is the language to parse the string in.
	Lang syntax.LangVariant
	// Entry is set when the shell is a docker/podman run's --entrypoint
	// (argv[Shell] is the option's value, --entrypoint=/bin/sh its whole
	// word): the launcher words run the string's engine as with the
	// entrypoint cleared (--entrypoint "" IMAGE sh -c STRING).
	Entry bool
	// Own is set when the launcher at argv[Shell] hands the string to a
	// shell of its own, no shell word written (tmux new-session -d
	// STRING, flock FILE -c STRING: ownShellString).
	Own bool
	// Cut is how many bytes of argv[Str] come before the string
	// (sbatch --wrap=STRING: 7).
	Cut int
	// Remote is set when that shell is another host's (ssh HOST STRING):
	// an expansion it makes itself reads the host's environment, not the
	// script's.
	Remote bool
}

// Launcher returns the words of argv that launch the string's engine
// (argv[:Launch]) as DetectEngine reads them before an engine: a shell
// entrypoint's value cleared (--entrypoint "", --entrypoint=), so that the
// engine after the image is the container's command.
func (r ShellRun) Launcher(argv []string) []string {
	out := slices.Clone(argv[:r.Launch])
	if r.Entry {
		out[r.Shell] = ClearedEntrypoint(out[r.Shell])
	}
	return out
}

// ClearedEntrypoint returns the word of a docker --entrypoint value, w,
// cleared: "" for a separate value, "--entrypoint=" for an attached one.
func ClearedEntrypoint(w string) string {
	if opt, _, eq := strings.Cut(w, "="); eq && strings.HasPrefix(opt, "--") {
		return opt + "="
	}
	return ""
}

// ShellCommand finds in argv a shell run with -c behind a launcher
// (`docker run … IMAGE bash -lc STRING`, `timeout 60 sh -c STRING`, a
// bare `bash -c STRING`, a shell set as a docker run's entrypoint with -c
// after the image: `docker run --entrypoint /bin/sh IMAGE -c STRING`).
// launches(k) reports whether argv[:k] is a launcher that runs what
// follows it, as it would run an engine written in the shell's place
// (LaunchesAt).
func ShellCommand(argv []string, launches func(k int) bool) (ShellRun, bool) {
	for k, a := range argv {
		if path.Base(a) == "ssh" && a != Unknown {
			// ssh HOST STRING: the host's shell runs the one word. More
			// words are joined with blanks and split again there: a bash
			// -c STRING among them is not the string bash gets (the argv
			// is detectEngine's to read: sshRemote).
			_, cmd, ok := sshCommand(argv, k)
			if !ok || cmd != len(argv)-1 || argv[cmd] == forwardAll || k > 0 && !launches(k) {
				return ShellRun{}, false
			}
			return ShellRun{Shell: k, Launch: cmd, Str: cmd, Lang: syntax.LangBash, Own: true, Remote: true}, true
		}
		if r, ok := ownShellString(argv, k); ok {
			if k > 0 && !launches(k) {
				return ShellRun{}, false
			}
			return r, true
		}
		if r, ok := entrypointShell(argv, k); ok {
			if k > 0 && !launches(k) {
				return ShellRun{}, false
			}
			return r, true
		}
		variant, isShell := shellProgram(a)
		if !isShell || a == Unknown {
			continue
		}
		j, ok := dashCString(argv, k+1, variant)
		if !ok {
			return ShellRun{}, false
		}
		if k > 0 && !launches(k) {
			return ShellRun{}, false
		}
		return ShellRun{Shell: k, Launch: k, Str: j, Lang: variant}, true
	}
	return ShellRun{}, false
}

// dashCString reads a shell's options from argv[j] on as bash's
// shell.c reads them: its long options first (--login, --noprofile,
// --norc; for bash also --rcfile FILE, --init-file FILE, --noediting,
// --posix, --restricted, --verbose, --debugger, each with one dash too),
// then its one-letter options, each word led by '-' or '+' (+ turns a
// set option off: bash +o posix -c, +e), clustered as -lc or -euc, until
// a word that is neither, or "-" or "--". It returns the index of the
// string a -c (or +c, which bash and dash read alike) among them runs;
// ok is false without a -c, with -n or -o noexec left on (the string is
// read, not run), or with an option not known: a long option
// that prints and exits (--help, --version, --dump-strings …), or one
// after the one-letter options (bash refuses it). -o NAME and -O NAME
// take the next word each, in a cluster too (bash -euo pipefail -c
// STRING): a literal name, not an option.
func dashCString(argv []string, j int, lang syntax.LangVariant) (int, bool) {
	for j < len(argv) && len(argv[j]) > 1 && argv[j][0] == '-' && argv[j] != Unknown && argv[j] != "--" {
		name := strings.TrimPrefix(argv[j][1:], "-")
		valued, known := shellLongOpts[name]
		if known && lang != syntax.LangBash && name != "login" && name != "noprofile" && name != "norc" {
			return 0, false // sh may be dash, which has no long options
		}
		if !known {
			if strings.HasPrefix(argv[j], "--") {
				return 0, false
			}
			break // -lc: the one-letter options
		}
		j++
		if valued {
			if j >= len(argv) || argv[j] == forwardAll {
				return 0, false
			}
			j++
		}
	}
	c, noexec := false, false
	for j < len(argv) && len(argv[j]) > 0 && (argv[j][0] == '-' || argv[j][0] == '+') && argv[j] != Unknown {
		o := argv[j]
		if o == "--" || o == "-" {
			j++
			break
		}
		if len(o) == 1 || strings.HasPrefix(o, "--") {
			return 0, false
		}
		on := o[0] == '-'
		var names []byte // o and O, in order: each takes the next word
		for _, r := range o[1:] {
			switch {
			case r == 'o' || r == 'O':
				names = append(names, byte(r))
			case r < 'a' || r > 'z':
				return 0, false
			case r == 'n':
				noexec = on
			}
			c = c || r == 'c'
		}
		j++
		for _, n := range names {
			if j >= len(argv) || !optionName(argv[j]) {
				return 0, false
			}
			if n == 'o' && argv[j] == "noexec" {
				noexec = on
			}
			j++
		}
	}
	if !c || noexec || j >= len(argv) {
		// -n (-o noexec): the shell reads the string and runs none of it.
		return 0, false
	}
	return j, true
}

// shellLongOpts are bash's long options that still run a -c string
// (shell.c's long_args), by whether they take a value (--rcfile FILE,
// --init-file FILE). Those that print and exit, or read and run nothing
// (--help, --version, --dump-strings, --dump-po-strings, --pretty-print),
// are not among them.
var shellLongOpts = map[string]bool{"login": false, "noprofile": false, "norc": false, "noediting": false,
	"posix": false, "restricted": false, "verbose": false, "debugger": false, "debug": false,
	"rcfile": true, "init-file": true}

// optionName reports whether w can be the name -o or -O takes (pipefail,
// errexit, extglob): lower-case letters and digits only.
func optionName(w string) bool {
	if w == "" {
		return false
	}
	for _, r := range w {
		if (r < 'a' || r > 'z') && (r < '0' || r > '9') {
			return false
		}
	}
	return true
}

// entrypointShell reports whether argv[k] starts a docker/podman run whose
// --entrypoint is a shell (sh, bash, dash, by any path) given -c STRING
// after the image: `docker run --entrypoint /bin/sh IMAGE -c STRING`
// runs the string as `docker run --entrypoint "" IMAGE /bin/sh -c STRING`
// does. A compose run's entrypoint is read alike, the service standing
// where the image does (docker compose run --entrypoint bash SERVICE -c
// STRING).
func entrypointShell(argv []string, k int) (ShellRun, bool) {
	base := path.Base(argv[k])
	if c, ok := composeCommand(argv, k); ok {
		if c.Exec {
			return ShellRun{}, false
		}
		return shellEntrypoint(argv, c.Entry, c.EntryEq, c.Svc)
	}
	if base != "docker" && base != "podman" && base != "nerdctl" && base != "nvidia-docker" {
		return ShellRun{}, false
	}
	j, ok := dockerSubIs(argv, k, "run")
	if !ok {
		return ShellRun{}, false
	}
	entry, entryEq := -1, false
	image := dockerOptions(argv, j, dockerValueOpts, &DockerRun{}, func(opt string, val int, hasEq bool) {
		if opt == "--entrypoint" {
			entry, entryEq = val, hasEq
		}
	})
	return shellEntrypoint(argv, entry, entryEq, image)
}

// shellEntrypoint reports whether argv[entry], the value of a run's
// --entrypoint (the word's text after '=' when entryEq), is a shell given
// -c STRING after the image at argv[image].
func shellEntrypoint(argv []string, entry int, entryEq bool, image int) (ShellRun, bool) {
	if entry < 0 || entry >= image || image >= len(argv) {
		return ShellRun{}, false
	}
	prog := argv[entry]
	if entryEq {
		_, prog, _ = strings.Cut(prog, "=")
	}
	variant, isShell := shellProgram(prog)
	if !isShell || prog == Unknown {
		return ShellRun{}, false
	}
	str, ok := dashCString(argv, image+1, variant)
	if !ok {
		return ShellRun{}, false
	}
	return ShellRun{Shell: entry, Launch: image + 1, Str: str, Lang: variant, Entry: true}, true
}

// ownShellString reports whether argv[k] starts a launcher that runs
// its last word as a shell string with a shell of its own: tmux
// new-session (new-window) whose shell command is that one word (tmux
// hands one word to its default-shell with -c; more words run as a
// command: launcherSkip), and flock FILE -c STRING (the caller's $SHELL,
// or /bin/sh, with -c). The string is read as bash reads it.
func ownShellString(argv []string, k int) (ShellRun, bool) {
	var str int
	switch path.Base(argv[k]) {
	case "tmux":
		s, ok := tmuxCommand(argv, k)
		if !ok || s != len(argv)-1 {
			return ShellRun{}, false
		}
		str = s
	case "sbatch":
		// sbatch … --wrap STRING: the job's script is the string, run
		// by sh; the job has the caller's environment.
		str, cut, ok := sbatchWrap(argv, k)
		if !ok || argv[str] == forwardAll {
			return ShellRun{}, false
		}
		return ShellRun{Shell: k, Launch: k, Str: str, Cut: cut, Lang: syntax.LangPOSIX, Own: true}, true
	case "flock":
		j, ok := flockCommand(argv, k)
		if !ok || j+2 != len(argv) || argv[j] != "-c" && argv[j] != "--command" {
			return ShellRun{}, false
		}
		str = j + 1
	default:
		return ShellRun{}, false
	}
	if argv[str] == forwardAll {
		return ShellRun{}, false // "$@": how many words is not known
	}
	// The words that launch the string's engine: the launcher written as
	// it runs a command (tmux … new -d CMD…, flock FILE CMD…).
	launch := str
	if path.Base(argv[k]) == "flock" {
		launch = str - 1
	}
	return ShellRun{Shell: k, Launch: launch, Str: str, Lang: syntax.LangBash, Own: true}, true
}

// LaunchesAt reports whether the words before argv[k] are a launcher
// DetectEngineAs sees through to argv[k]: an engine written there would
// be found there.
func LaunchesAt(argv []string, k int, forced *Profile) bool {
	probe := append(slices.Clone(argv[:k]), "vllm", "serve")
	ec, ok := DetectEngineAs(probe, forced)
	return ok && ec.Start == k
}

// ShellCalls returns the commands of a shell string's script that can be
// its engine: those at its top level, in && and || lists, pipes, and
// { } and ( ) groups.
func ShellCalls(f *syntax.File) []*syntax.CallExpr {
	var out []*syntax.CallExpr
	var walk func(stmts []*syntax.Stmt)
	var cmd func(c syntax.Command)
	cmd = func(c syntax.Command) {
		switch c := c.(type) {
		case *syntax.CallExpr:
			if len(c.Args) > 0 {
				out = append(out, c)
			}
		case *syntax.BinaryCmd:
			cmd(c.X.Cmd)
			cmd(c.Y.Cmd)
		case *syntax.Block:
			walk(c.Stmts)
		case *syntax.Subshell:
			walk(c.Stmts)
		}
	}
	walk = func(stmts []*syntax.Stmt) {
		for _, st := range stmts {
			cmd(st.Cmd)
		}
	}
	walk(f.Stmts)
	return out
}

// shellStringInvocation returns the engine invocation a command runs
// through a shell string, nil when it runs none or the string is not
// read: a word that is not one single-quoted string or one double-quoted
// string of literal text and plain parameter expansions, a string that
// does not parse, one with no engine command or more than one, an engine
// whose words read what the inner shell sets itself (its positional
// parameters, a variable it assigns).
func (s *Script) shellStringInvocation(c *syntax.CallExpr, aws []ArgWord) *Invocation {
	run, ok := ShellCommand(wrapSketches(aws), func(k int) bool {
		probe := append(slices.Clone(aws[:k]), ArgWord{Sketch: "vllm", Start: -1, End: -1}, ArgWord{Sketch: "serve", Start: -1, End: -1})
		ec, ok := s.detect(probe)
		return ok && ec.Start == k
	})
	typed := byte(0)
	if !ok {
		run, typed, ok = s.typedLineRun(c, aws)
	}
	if !ok {
		return nil
	}
	k, str, lang := run.Launch, run.Str, run.Lang
	launcher := slices.Clone(aws[:k])
	if run.Entry {
		// The shell set as the entrypoint runs the string: its engine
		// is the container's command, as after --entrypoint "".
		launcher[run.Shell].Sketch = ClearedEntrypoint(launcher[run.Shell].Sketch)
	}
	aw := aws[str]
	if aw.Word == nil || aw.Array != "" || aw.Start < 0 || !slices.Contains(c.Args, aw.Word) {
		return nil
	}
	parts := aw.Word.Parts
	if run.Cut > 0 {
		// --wrap="…": the option's name, then the string.
		if lit, ok := parts[0].(*syntax.Lit); !ok || len(lit.Value) != run.Cut || len(parts) != 2 {
			return nil
		}
		parts = parts[1:]
	}
	if len(parts) != 1 {
		return nil
	}
	ss := ShellString{Start: s.Off(parts[0].Pos()), End: aw.End}
	var outerParams []int // the outer shell's expansions, by offset
	var cs, ce int
	switch q := parts[0].(type) {
	case *syntax.SglQuoted:
		if q.Dollar || !q.Right.IsValid() {
			return nil
		}
		ss.Quote, ss.Exact = '\'', true
		cs, ce = s.Off(q.Left)+1, s.Off(q.Right)
	case *syntax.DblQuoted:
		if q.Dollar || !q.Right.IsValid() {
			return nil
		}
		for _, p := range q.Parts {
			switch p := p.(type) {
			case *syntax.Lit:
			case *syntax.ParamExp:
				if !plainParam(p) {
					return nil
				}
				outerParams = append(outerParams, s.Off(p.Pos()))
			default:
				return nil
			}
		}
		ss.Quote = '"'
		cs, ce = s.Off(q.Left)+1, s.Off(q.Right)
	default:
		return nil
	}
	if cs > ce || ce > len(s.Src) {
		return nil
	}
	raw := s.Src[cs:ce]
	switch typed {
	case TypedScreen:
		// The line screen's stuff types: its end of line cut off, the
		// string holding no escape of screen's (nor, then, of the shell's
		// double quotes).
		line, ok := StuffLine(string(raw))
		if !ok {
			return nil
		}
		ce = cs + len(line)
		raw = s.Src[cs:ce]
	case TypedTmux:
		if bytes.ContainsAny(raw, "\n\r") {
			return nil // a line break types Enter mid-string
		}
	}
	if (typed != 0 || run.Remote) && (ss.Quote == '\'' && bytes.ContainsAny(raw, "$`") ||
		bytes.Contains(raw, []byte("\\$")) || bytes.Contains(raw, []byte("\\`"))) {
		// An expansion the session's shell makes itself: its environment
		// is the session server's, not the script's.
		return nil
	}
	text, at := raw, []int(nil)
	if ss.Quote == '"' {
		text, at = dqUnescape(raw)
		ss.Exact = at == nil
	}
	if CheckDepth(text) != nil {
		return nil
	}
	// The string's script, parsed where it stands: its positions are the
	// script's offsets.
	f, err := s.parseInnerAt(text, cs, lang)
	if err != nil {
		return nil
	}
	if ss.Exact && len(outerParams) > 0 {
		// Each of the outer shell's expansions must be one the inner
		// script reads as an expansion of its own too ('$X' inside the
		// string would be literal text to the inner shell).
		inner := map[int]bool{}
		shwalk.Walk(f, func(n syntax.Node) bool {
			if pe, ok := n.(*syntax.ParamExp); ok && plainParam(pe) {
				inner[s.Off(pe.Pos())] = true
			}
			return true
		})
		for _, off := range outerParams {
			if !inner[off] {
				return nil
			}
		}
	}
	assigned := innerAssigned(f)
	var remote *DockerRun
	if run.Remote {
		// ssh HOST STRING: the string's words are the host's shell's own,
		// not joined and split again as ssh's words after the host are:
		// its engine is read alone, then placed after the launcher, which
		// hands it the host's environment (sshRemote).
		host, _, _ := sshCommand(sketches(aws), run.Shell)
		remote = &DockerRun{Image: host}
	}
	// bash -c 'exec vllm serve "$@"' _ "$MODEL" --max-num-seqs 32: a
	// single-quoted string's "$0" and "$@" are the words after it, written
	// in the script (a plain -c string, read by a shell the script starts
	// with those words: not a session's line, not a remote host's).
	params := ss.Quote == '\'' && typed == 0 && !run.Own && !run.Remote && !run.Entry && str+1 < len(aws)
	var found *Invocation
	for _, ic := range ShellCalls(f) {
		var inner []ArgWord
		if ss.Exact {
			if hasInnerRead(ic, ss.Quote == '\'', assigned, params) {
				continue
			}
			inner = s.callArgs(ic)
			if params {
				inner = fillParams(inner, aws[str+1], aws[str+2:])
			}
		} else {
			inner = make([]ArgWord, 0, len(ic.Args))
			for _, w := range ic.Args {
				v, lit := LitValue(w)
				if !lit {
					v = Unknown
				}
				st, en := mapBack(at, cs, s.Off(w.Pos())), mapBack(at, cs, s.Off(w.End())-1)+1
				inner = append(inner, ArgWord{Sketch: v, Start: st, End: en})
			}
		}
		if hasForward(inner) {
			continue
		}
		args := append(slices.Clone(launcher), inner...)
		var ec EngineCall
		if remote != nil {
			ec, ok = s.detect(inner)
			ec = ec.shifted(k)
			if ec.Docker == nil {
				ec.Docker = remote
			}
		} else {
			ec, ok = s.detect(args)
		}
		if !ok || ec.Start < k {
			continue
		}
		if found != nil {
			return nil // two engines in one string: which one is not said
		}
		found = &Invocation{Call: c, Start: s.Off(c.Pos()), End: s.Off(c.End()), Engine: ec, Profile: ec.Profile, Args: args}
	}
	if found != nil {
		s.shellStrs = append(s.shellStrs, ss)
	}
	return found
}

// wrapSketches returns the sketches of a command's words, a word
// --wrap="…$X…" known as its option's name then a value not known:
// sbatch's --wrap=STRING (sbatchWrap) is told by the name, its string read
// from the word's syntax. So too is any option given a value not known in
// its own word, as a long option's (--partition="$PART") or one letter's
// (-p"$PART"): the launcher's grammar reads it as that option with some
// value, where a word not known at all ends its options.
func wrapSketches(aws []ArgWord) []string {
	out := sketches(aws)
	for i, a := range aws {
		if a.Sketch != Unknown || a.Word == nil || len(a.Word.Parts) < 2 {
			continue
		}
		lit, ok := a.Word.Parts[0].(*syntax.Lit)
		if ok && optionHead(lit.Value) {
			out[i] = lit.Value + Unknown
		}
	}
	return out
}

// optionHead reports whether v, the literal start of a word whose rest is
// not known, names an option whose value is that rest: --name= or -x.
func optionHead(v string) bool {
	if name, ok := strings.CutSuffix(v, "="); ok && len(name) > 2 && strings.HasPrefix(name, "--") {
		return !strings.ContainsAny(name[2:], "= \t\n\"'$`\\") && name[2] != '-'
	}
	return len(v) == 2 && v[0] == '-' && (v[1] >= 'a' && v[1] <= 'z' || v[1] >= 'A' && v[1] <= 'Z')
}

// typedLineRun reads the command c as a line typed into the shell of a
// detached session the script starts before it (TypedLine, SessionShell):
// `tmux new-session -d -s llm`, then `tmux send-keys -t llm "vllm serve
// … --max-num-seqs 512" C-m` runs the string as `bash -c` would, no
// launcher words before its engine. A line typed into a session the
// script does not start is not read: what runs there is not known.
//
// A line typed with no Enter of its own (`tmux send-keys -t llm "vllm
// serve …"`) runs when the script's next send-keys, of any target, is a
// bare Enter (or C-m) to the same target, in the same function (enteredLater;
// a send-keys in another branch of c's if or case is not next: it never runs
// after c); a line no Enter ends, or one more keys are typed after, is not read.
func (s *Script) typedLineRun(c *syntax.CallExpr, aws []ArgWord) (ShellRun, byte, bool) {
	argv := s.sessionSketches(aws)
	name, str, kind, ok := TypedLine(argv)
	if !ok {
		var target string
		if target, name, str, ok = TypedText(argv); !ok || !s.enteredLater(c, target) {
			return ShellRun{}, 0, false
		}
		kind = TypedTmux
	}
	if !s.sessionsRead {
		s.sessionsRead = true
		for _, sc := range s.calls {
			if n, ok := SessionShell(s.sessionSketches(s.callArgs(sc))); ok {
				if _, seen := s.sessions[n]; !seen {
					if s.sessions == nil {
						s.sessions = map[string]int{}
					}
					s.sessions[n] = s.Off(sc.Pos())
				}
			}
		}
	}
	if at, ok := s.sessions[name]; !ok || at >= s.Off(c.Pos()) {
		return ShellRun{}, 0, false
	}
	return ShellRun{Str: str, Lang: syntax.LangBash, Own: true}, kind, true
}

// sessionSketches returns the words of a tmux or screen command as
// TypedLine, TypedEnter and SessionShell read them: a word whose sketch
// is not known but whose pieces each are (a target "$S:0" or "$S.1", a
// name "llm-$PORT", with S and PORT assigned once to a literal, as a
// word of "$S" alone is known: uniqueLiteral) is known as its pieces
// joined, when that names a session, window or pane: no blank, no glob.
// Any other command's words are its sketches.
func (s *Script) sessionSketches(aws []ArgWord) []string {
	argv := sketches(aws)
	if len(argv) == 0 {
		return argv
	}
	if b := path.Base(argv[0]); b != "tmux" && b != "screen" {
		return argv
	}
	for i, a := range aws {
		if a.Sketch != Unknown || a.Word == nil {
			continue
		}
		if v, ok := s.joinedLiteral(a.Word); ok && v != "" && !strings.ContainsAny(v, " \t\n*?[") {
			argv[i] = v
		} else if v, ok := s.onceNamed(a); ok {
			argv[i] = v
		}
	}
	return argv
}

// onceNamed returns, for a word that is a plain expansion of a variable
// whose value is not known ("$S", "$S:0", "${S}".1, with S="llm-$USER" or
// S="vllm-$(date +%s)"), a name standing for that value: the variable's
// own, then the window or pane after it. Two such words are one session
// when the variable is assigned once, at the top level, before both, on
// every path (no mode, test or function of its own): the value the one
// names is the other's. ok is false for any other word.
func (s *Script) onceNamed(aw ArgWord) (string, bool) {
	parts := aw.Word.Parts
	if len(parts) == 1 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok && !dq.Dollar {
			parts = dq.Parts
		}
	} else if len(parts) == 2 {
		if dq, ok := parts[0].(*syntax.DblQuoted); ok && !dq.Dollar && len(dq.Parts) == 1 {
			parts = []syntax.WordPart{dq.Parts[0], parts[1]} // "$S":0
		}
	}
	if len(parts) == 0 || len(parts) > 2 {
		return "", false
	}
	pe, ok := parts[0].(*syntax.ParamExp)
	if !ok || !plainParam(pe) {
		return "", false
	}
	suffix := ""
	if len(parts) == 2 {
		lit, ok := parts[1].(*syntax.Lit)
		if !ok || lit.Value == "" || lit.Value[0] != ':' && lit.Value[0] != '.' || strings.ContainsAny(lit.Value, "\\~{$*?[ ") {
			return "", false
		}
		suffix = lit.Value
	}
	as := s.Assigns[pe.Param.Value]
	if len(as) != 1 {
		return "", false
	}
	a := as[0]
	if a.Value == nil || a.Array != nil || a.Append || a.Local || a.InFunc != "" || a.Prefix != nil ||
		a.Conditional || a.Guarded || len(a.Modes) > 0 || a.End > aw.Start {
		return "", false
	}
	return "\x00$" + pe.Param.Value + suffix, true
}

// joinedLiteral returns a word's value when each of its pieces (inside
// double quotes or not: "$S":main, "$S:0") is literal text with no
// escape, or a plain expansion of a variable assigned once to a literal
// (uniqueLiteral).
func (s *Script) joinedLiteral(w *syntax.Word) (string, bool) {
	var sb strings.Builder
	if !s.joinParts(&sb, w.Parts, false) {
		return "", false
	}
	return sb.String(), true
}

func (s *Script) joinParts(sb *strings.Builder, parts []syntax.WordPart, quoted bool) bool {
	for _, p := range parts {
		switch p := p.(type) {
		case *syntax.Lit:
			if strings.ContainsAny(p.Value, "\\~{") {
				return false
			}
			sb.WriteString(p.Value)
		case *syntax.SglQuoted:
			if p.Dollar {
				return false
			}
			sb.WriteString(p.Value)
		case *syntax.DblQuoted:
			if quoted || p.Dollar || !s.joinParts(sb, p.Parts, true) {
				return false
			}
		case *syntax.ParamExp:
			if !plainParam(p) {
				return false
			}
			v, ok := s.uniqueLiteral(p.Param.Value)
			if !ok {
				return false
			}
			sb.WriteString(v)
		default:
			return false
		}
	}
	return true
}

// enteredLater reports whether the first tmux send-keys after the call c
// in the script (of any target) that is in no other branch of an if or
// case than c's (apartArms: one there never runs after c) is a bare Enter
// to target, in the same function as c.
func (s *Script) enteredLater(c *syntax.CallExpr, target string) bool {
	if !s.sendKeysRead {
		// The script's send-keys, in source order, found once (a script
		// of thousands of typed lines would scan every call per line).
		s.sendKeysRead = true
		for _, sc := range s.calls {
			if len(sc.Args) == 0 {
				continue
			}
			if v, lit := LitValue(sc.Args[0]); !lit || path.Base(v) != "tmux" {
				continue // no send-keys (SendsKeys): its words not read
			}
			if SendsKeys(sketches(s.callArgs(sc))) {
				s.sendKeys = append(s.sendKeys, sc)
			}
		}
		slices.SortFunc(s.sendKeys, func(a, b *syntax.CallExpr) int { return s.Off(a.Pos()) - s.Off(b.Pos()) })
	}
	at := s.Off(c.End())
	k, _ := slices.BinarySearchFunc(s.sendKeys, at, func(sc *syntax.CallExpr, at int) int { return s.Off(sc.Pos()) - at })
	// A send-keys in another arm of c's if or case (apartArms) never runs
	// after c: the next one that can is past it (`serve) tmux send-keys
	// -t llm "vllm serve …" ;; eager) tmux send-keys -t llm "… --enforce-eager"
	// ;; esac; tmux send-keys -t llm Enter` ends the serve arm's line too).
	for k < len(s.sendKeys) && s.apartArms(s.Off(c.Pos()), s.Off(s.sendKeys[k].Pos())) {
		k++
	}
	if k >= len(s.sendKeys) {
		return false
	}
	next := s.sendKeys[k]
	t, ok := TypedEnter(s.sessionSketches(s.callArgs(next)))
	return ok && t == target && s.funcAt(s.Off(c.Pos())) == s.funcAt(s.Off(next.Pos()))
}

// parseInnerAt parses a shell string's script, text, as if it stood at
// the script's byte cs: the nodes' positions (offsets, lines, columns) are
// those of the script parsed with the text written over the string's own
// bytes and every other byte blank but line breaks. It once parsed
// exactly that, a buffer the size of the file for each string: a script
// of 20,000 `bash -c '…'` lines (900 KB) ran for minutes and took
// gigabytes. The text is parsed alone and its positions moved.
func (s *Script) parseInnerAt(text []byte, cs int, lang syntax.LangVariant) (*syntax.File, error) {
	base := s.base()
	if cs < base || cs > len(s.Src) {
		return nil, errInnerPanic
	}
	buf := slices.Clone(text)
	for i, b := range buf {
		if b == '\r' && i+1 < len(buf) && buf[i+1] == '\n' {
			buf[i] = ' '
		}
	}
	f, err := parseInner(buf, lang)
	if err != nil {
		return nil, err
	}
	// Where the text starts, in the blank copy of the file (from base).
	off := cs - base
	line := bytes.Count(s.Src[base:cs], []byte{'\n'}) + 1
	col := off - bytes.LastIndexByte(s.Src[base:cs], '\n')
	movePositions(f, func(p syntax.Pos) syntax.Pos {
		if !p.IsValid() {
			return p
		}
		l, c := p.Line(), p.Col()
		if l == 1 && c > 0 {
			c += uint(col - 1)
		}
		if l > 0 {
			l += uint(line - 1)
		}
		return syntax.NewPos(p.Offset()+uint(off), l, c)
	})
	return f, nil
}

var posType = reflect.TypeFor[syntax.Pos]()

// movePositions replaces every position in the syntax tree under root
// with move's answer for it, each node once.
func movePositions(root any, move func(syntax.Pos) syntax.Pos) {
	seen := map[uintptr]bool{}
	var walk func(v reflect.Value)
	walk = func(v reflect.Value) {
		switch v.Kind() {
		case reflect.Pointer:
			if v.IsNil() || seen[v.Pointer()] {
				return
			}
			seen[v.Pointer()] = true
			walk(v.Elem())
		case reflect.Interface:
			if !v.IsNil() {
				walk(v.Elem())
			}
		case reflect.Slice, reflect.Array:
			for i := range v.Len() {
				walk(v.Index(i))
			}
		case reflect.Struct:
			if v.Type() == posType {
				if v.CanSet() {
					v.Set(reflect.ValueOf(move(v.Interface().(syntax.Pos))))
				}
				return
			}
			t := v.Type()
			for i := range v.NumField() {
				if t.Field(i).IsExported() {
					walk(v.Field(i))
				}
			}
		}
	}
	walk(reflect.ValueOf(root))
}

// parseInner parses a shell string's script.
func parseInner(buf []byte, lang syntax.LangVariant) (f *syntax.File, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, errInnerPanic
		}
	}()
	return ParseShell(bytes.NewReader(buf), "", false, lang)
}

var errInnerPanic = errors.New("parser failed")

// dqUnescape returns the value of a double-quoted string's raw content,
// with where each of its bytes is in raw; at is nil when the value is raw
// itself (no escape).
func dqUnescape(raw []byte) (val []byte, at []int) {
	escaped := false
	for i := 0; i+1 < len(raw); i++ {
		if raw[i] == '\\' && strings.IndexByte("$`\"\\\n", raw[i+1]) >= 0 {
			escaped = true
			break
		}
	}
	if !escaped {
		return raw, nil
	}
	for i := 0; i < len(raw); i++ {
		if raw[i] == '\\' && i+1 < len(raw) && strings.IndexByte("$`\"\\\n", raw[i+1]) >= 0 {
			i++
			if raw[i] == '\n' {
				continue
			}
		}
		val = append(val, raw[i])
		at = append(at, i)
	}
	return val, at
}

// mapBack returns the script offset of the value's byte at offset off
// (the value written from cs on).
func mapBack(at []int, cs, off int) int {
	i := off - cs
	switch {
	case i < 0:
		return cs
	case i >= len(at):
		if len(at) == 0 {
			return cs
		}
		return cs + at[len(at)-1]
	}
	return cs + at[i]
}

// innerAssigned returns the variables a shell string's script sets.
func innerAssigned(f *syntax.File) map[string]bool {
	out := map[string]bool{}
	shwalk.Walk(f, func(n syntax.Node) bool {
		switch n := n.(type) {
		case *syntax.Assign:
			if n.Name != nil {
				out[n.Name.Value] = true
			}
		case *syntax.WordIter:
			out[n.Name.Value] = true
		case *syntax.CallExpr:
			if len(n.Args) == 0 { // seqs=$((…)) alone: its Assign is walked
				break
			}
			if name, ok := LitValue(n.Args[0]); ok && (name == "read" || name == "mapfile" || name == "readarray" || name == "getopts" || name == "source" || name == ".") {
				out["\x00any"] = true
			}
		}
		return true
	})
	return out
}

// fillParams puts in an inner call's words the words its shell was started
// with (bash -c STRING ZERO REST…): "$0" is ZERO, "$1" the first of REST,
// "$@" all of REST. One of them inside a longer word ("x$1") stays what it
// was, not known; "$3" past the words given is the empty word bash gives.
func fillParams(inner []ArgWord, zero ArgWord, rest []ArgWord) []ArgWord {
	var out []ArgWord
	for _, a := range inner {
		if a.Sketch == forwardAll {
			out = append(out, rest...)
			continue
		}
		n := -1
		if a.Word != nil {
			if pe := SingleParam(a.Word); pe != nil && plainParam(pe) {
				n = PositionalIndex(pe.Param.Value)
			}
		}
		switch {
		case n == 0:
			out = append(out, zero)
		case n > 0 && n <= len(rest):
			out = append(out, rest[n-1])
		case n > 0:
			out = append(out, ArgWord{Sketch: "", Start: -1, End: -1})
		default:
			out = append(out, a)
		}
	}
	return out
}

// PositionalIndex is n for a positional parameter's name "n" ("0" to
// "999"), -1 for any other name.
func PositionalIndex(name string) int {
	if name == "" || len(name) > 3 {
		return -1
	}
	n, err := strconv.Atoi(name)
	if err != nil || n < 0 || name[0] == '+' || name[0] == '-' {
		return -1
	}
	return n
}

// hasInnerRead reports whether an engine command of a shell string reads
// what the inner shell sets: in a single-quoted string, its positional
// and special parameters, or a variable its script assigns (or may: read,
// source). In a double-quoted one the outer shell expanded every
// parameter before the inner shell ran.
func hasInnerRead(ic *syntax.CallExpr, single bool, assigned map[string]bool, params bool) bool {
	if !single {
		return false
	}
	found := false
	shwalk.Walk(ic, func(n syntax.Node) bool {
		pe, ok := n.(*syntax.ParamExp)
		if !ok || pe.Param == nil {
			return true
		}
		name := pe.Param.Value
		if params && plainParam(pe) && (name == "@" || PositionalIndex(name) >= 0) {
			return true // the words after the string (fillParams)
		}
		if _, err := strconv.Atoi(name); err == nil || !isName(name) || assigned[name] || assigned["\x00any"] {
			found = true
		}
		return !found
	})
	return found
}
