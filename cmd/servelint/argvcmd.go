package main

import (
	"bytes"
	"cmp"
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/dryrun"
	"github.com/servelint/servelint/fixes"
	"github.com/servelint/servelint/internal/fsread"
	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/output"
	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/rules"
)

func init() { subcommands["argv"] = runArgv }

const argvUsage = `usage: servelint argv [flags] SCRIPT [MODE...]

Prints the argv each mode of SCRIPT would hand the engine (default: every
mode found; the proven mode is evaluated too when MODEs do not name it),
one shell-quoted argument per line, then a diff of each mode against the
proven mode. The argv is obtained by evaluating the script in a
sandbox: no command is executed, no file is written, nothing reaches the
network, and only files inside the linted tree are read (the working
directory when the script lies in it, else the script's directory): a
source or read refused outside it, whose variables are then empty, is
said on a "# note:" line after the mode's argv ("notes" in json).

Exit status: 0 the modes agree where argvdrift compares them; 1 a mode
differs from the proven one where argvdrift reports it (owned flags outside
a calib mode's own knobs, a scoring mode's shape flags, every flag but the
per-mode ones when the config names the proven mode; a mode not found
statically, on every flag but the per-mode ones); 2 bad usage; 3 a mode
could not be evaluated. The diff shows every difference.

Flags:
`

type argvOut struct {
	Mode       string            `json:"mode"`
	Argv       []string          `json:"argv"`
	Launcher   []string          `json:"launcher"`
	Env        map[string]string `json:"env"`
	Skipped    [][]string        `json:"skipped"`
	Unresolved []string          `json:"unresolved"`
	// Notes are the evaluator's observations: a source or read refused
	// outside the linted tree (the variables it would set are empty in
	// Argv), an --env-file docker would reject.
	Notes []string `json:"notes"`
	// RunAs is the command line the dry run interpreted: the environment
	// selectors set to the mode (MODE=kl), the script, and its arguments
	// (the mode as $1, an option that picks it, or none).
	RunAs []string `json:"run_as"`
	envN  int      // how many of RunAs are NAME=value assignments
	// Stdin is what the script reads from its input in the mode: the
	// number of the select menu's item that picks it ("2\n"), "" for none.
	Stdin string   `json:"stdin,omitempty"`
	Error string   `json:"error"`
	Exec  *execOut `json:"exec,omitempty"`
}

type execOut struct {
	Argv  []string `json:"argv"`
	Match bool     `json:"match"`
	Error string   `json:"error,omitempty"`
}

func runArgv(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("servelint argv", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", "text", "output format: text or json")
	timeout := fs.Duration("eval-timeout", 2*time.Second, "time limit for evaluating one mode")
	cfgFile := fs.String("config", "", "config file (default: .servelint.yaml in the current directory or its parents): modes.proven, scoring/calib globs, per_mode_flags, calib.knobs")
	// No back quotes in a usage string: the flag package takes back-quoted
	// text for the argument's name (-exec SCRIPT MODE --dry-run), and
	// --exec is a bool.
	runExec := fs.Bool("exec", false, "ALSO RUN THE SCRIPT FOR REAL, as \"SCRIPT MODE --dry-run\" (\"MODE=kl SCRIPT --dry-run\" for a mode picked by the environment; with the eval timeout) and compare its output with the static argv; only for scripts you trust")
	pos, code, ok := parseArgs(fs, args, stdout, stderr, argvUsage, "")
	if !ok {
		return code
	}
	if *timeout <= 0 {
		_, _ = fmt.Fprintf(stderr, "servelint argv: --eval-timeout must be positive (got %v)\n", *timeout)
		return exitUsage
	}
	if len(pos) == 0 {
		printUsage(fs, stderr, argvUsage, "")
		return exitUsage
	}
	if pos[0] == "" {
		// An unset variable ("$SCRIPT"), not a file.
		_, _ = fmt.Fprintln(stderr, `servelint argv: an empty path ("") names no script`)
		return exitUsage
	}
	if *format != "text" && *format != "json" {
		_, _ = fmt.Fprintf(stderr, "servelint argv: unknown --format %q (want text or json)\n", *format)
		return exitUsage
	}
	stdout, stderr, resume := fenceWorkflowCommands(stdout, stderr, *format != "json")
	defer resume()
	wd, _ := os.Getwd()
	cfg, code := loadConfig(*cfgFile, wd, stderr)
	if cfg == nil {
		return code
	}
	rc := cfg.RulesConfig()
	path := pos[0]
	// Read once (a pipe, <(git show REV:run.sh), cannot be read twice;
	// a FIFO nobody writes to reads as empty instead of waiting).
	src, err := fsread.ReadFile(path)
	if err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint argv: %v\n", err)
		return exitFailure
	}
	u := parser.Load(parser.LoadOptions{Paths: []string{path}, Roles: cfg.Roles(), Engine: cfg.Engine,
		ReadFile: func(p string) ([]byte, error) {
			if p == filepath.Clean(path) {
				return src, nil
			}
			return fsread.Read(p, parser.DefaultMaxFileSize) // bounded, a pipe too
		}})
	s := u.ScriptAt(filepath.Clean(path))
	if s == nil || s.File == nil {
		msg := "not a shell script"
		if s != nil && s.Err != nil {
			msg = fmt.Sprintf("%d:%d: %s", s.Err.Line, s.Err.Col, s.Err.Msg)
		}
		_, _ = fmt.Fprintf(stderr, "servelint argv: %s: %s\n", output.EscapeControl(path), output.EscapeControl(msg))
		return exitFailure
	}
	modes := pos[1:]
	if len(modes) == 0 {
		for _, m := range s.Modes {
			modes = append(modes, m.Name)
		}
	} else if p := s.Proven(); p != nil && !slices.Contains(modes, p.Name) {
		// `argv serve.sh bench` asks whether bench boots as the proven
		// mode does: evaluate that one too, first, to compare with (bench
		// alone exited 0 with no diff, bench kl compared kl with bench).
		modes = append([]string{p.Name}, modes...)
	}
	if len(modes) == 0 {
		if len(s.Invocations) == 0 {
			_, _ = fmt.Fprintf(stderr, "servelint argv: %s: no modes found (a mode is a value of $1, of MODE=${MODE:-serve} or of an option such as --mode, that takes its own branch to the engine)\n", path)
			return exitFailure
		}
		// An engine, and no mode taking a branch of its own (one shape, as
		// a fixed script's empty case arms leave it): the argv of the
		// script run with no arguments. Name modes to run it with them.
		_, _ = fmt.Fprintf(stderr, "servelint argv: %s: no mode takes a branch of its own: the argv of the script run with no arguments (name modes to evaluate them: servelint argv %s serve kl)\n", path, path)
		modes = []string{noMode}
	}
	abs, err := filepath.Abs(path)
	if err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint argv: %v\n", err)
		return exitFailure
	}
	root := lint.EvalRoot(u, s) // what lint would read for this script
	outs := make([]*argvOut, len(modes))
	results := make([]*dryrun.Result, len(modes))
	files, prep := dryrun.NewFiles(), dryrun.PrepareScript(s) // shared by the modes
	caller := lint.CallerVars(u, s)
	// The modes share lint's bound for one script (ScriptBoundFactor
	// times the per-mode one): sixty modes that each spin until their
	// deadline cost 10 s, not 2 minutes, as in lint.
	bound := time.Duration(lint.ScriptBoundFactor) * *timeout
	var spent time.Duration
	// And lint's memory guard: a string doubled in a loop is stopped at
	// the bound, not left to grow to the deadline.
	enter, exit := lint.MemoryGuard(argvMemLimit)
	evalMode := func(m string, assume map[string]byte) *dryrun.Result {
		if spent >= bound {
			return nil
		}
		o := modeOptions(s, m)
		o.Root, o.Timeout, o.Engine, o.Files, o.Prepared, o.Caller, o.Assume = root, *timeout, s.Engine, files, prep, caller, assume
		start := time.Now()
		ctx := enter()
		defer func() { exit(); spent += time.Since(start) }()
		return dryrun.Eval(ctx, abs, src, s.File, evalWord(s, m), o) // serve with FAST=1 runs as serve
	}
	for i, m := range modes {
		if results[i] = evalMode(m, nil); results[i] == nil {
			results[i] = &dryrun.Result{Script: abs, Mode: m, Err: lint.ScriptBoundError(bound)}
		}
	}
	// A script with no modes that hands its arguments to the engine (exec
	// vllm serve "$MODEL" "$@"): a mode word given is no mode, it reaches
	// the engine's argv as a word of its own (vllm serve … serve), which
	// the run then shows as if the script passed it. The proven mode's
	// word is the script run as it boots, with no arguments; another
	// word is evaluated as given, and said.
	bare := map[string]bool{}
	if len(s.Modes) == 0 {
		var none *dryrun.Result
		proven := cmp.Or(rc.Proven, "serve")
		for i, m := range modes {
			r := results[i]
			if m == noMode || r.Err != nil || len(r.Argv) == 0 {
				continue
			}
			if none == nil {
				if none = evalMode(noMode, nil); none == nil {
					break
				}
			}
			if none.Err != nil || !forwardsWord(r.Argv, none.Argv, m) {
				continue
			}
			if m == proven {
				nr := *none
				nr.Mode = m
				results[i], bare[m] = &nr, true
				_, _ = fmt.Fprintf(stderr, "servelint argv: %s: the script has no modes and hands its arguments to the engine: %s, the proven mode, is the script run with no arguments (run as %s %s, the engine's argv would hold the word %s)\n",
					output.EscapeControl(path), output.EscapeControl(m), output.EscapeControl(path), output.EscapeControl(m), output.EscapeControl(m))
			} else {
				_, _ = fmt.Fprintf(stderr, "servelint argv: %s: the script has no modes: %s was passed as $1 and reached the engine's argv as a word of its own\n",
					output.EscapeControl(path), output.EscapeControl(m))
			}
		}
	}
	// The modes run on one host, as lint evaluates them: a host path one
	// mode assumed is there for the others too.
	if union := dryrun.AssumedUnion(results); union != nil {
		for i, m := range modes {
			if dryrun.NeedsAssume(results[i], union) {
				if r := evalMode(m, union); r != nil { // a second run not made keeps the first's answer
					results[i] = r
				}
			}
		}
	}
	for i, m := range modes {
		r := results[i]
		mo := modeOptions(s, m)
		if bare[m] {
			mo = modeOptions(s, noMode)
		}
		selectors, params := mo.Selectors, mo.Params
		if md := s.ModeNamed(m); md != nil || m == noMode {
			if err := rules.NoOneArgv(s, md); err != nil {
				// Which engine the dry run reached first was a race.
				r = &dryrun.Result{Script: r.Script, Mode: m, Err: err}
			}
		}
		results[i] = r
		stdin := ""
		if mp := mo.Menu; mp != nil {
			stdin = mp.Reply + "\n" // printf '2\n' | serve.sh
		}
		o := &argvOut{Stdin: stdin, Mode: m, Argv: orEmpty(r.Argv), Launcher: orEmpty(r.Launcher), Env: r.Env, Skipped: r.Skipped, Unresolved: []string{}, Notes: orEmpty(r.Notes),
			RunAs: append(append(append(emptyAssigns(mo.Env), envAssigns(selectors, cmp.Or(mo.SelectorValue, evalWord(s, m)))...), selfPath(path, mo.Self)), runAsParams(params)...),
			envN:  len(selectors) + len(mo.Env)}
		if o.Env == nil {
			o.Env = map[string]string{}
		}
		if o.Skipped == nil {
			o.Skipped = [][]string{}
		}
		for _, ix := range r.Unresolved {
			if ix >= 0 && ix < len(r.Argv) {
				o.Unresolved = append(o.Unresolved, r.Argv[ix])
			}
		}
		if r.Err != nil {
			o.Error = r.Err.Error()
		}
		if self := mo.Self; *runExec && self != "" && self != filepath.Base(path) {
			// --exec runs the script by its path; a mode its $0 picks needs
			// a file of that name, which servelint never makes.
			o.Exec = &execOut{Error: fmt.Sprintf("the mode is picked by the name the script runs as (%s): --exec runs it only as %s", self, filepath.Base(path))}
		} else if *runExec {
			o.Exec = execDryRun(path, cmp.Or(mo.SelectorValue, evalWord(s, m)), selectors, params, mo.Env, stdin, *timeout, r.Argv)
		}
		outs[i] = o
	}
	provenName := ""
	if p := s.Proven(); p != nil && slices.Contains(modes, p.Name) {
		provenName = p.Name
	}
	if provenName == "" && len(modes) > 1 {
		// The proven mode was not asked for, or the script's modes were not
		// found (MODE from the environment, a dispatch table): the first
		// mode given is the one the others are compared with.
		provenName = modes[0]
		if len(s.Modes) == 0 {
			_, _ = fmt.Fprintf(stderr, "servelint argv: %s: no modes found statically; comparing with the first mode given, %s\n", path, provenName)
			same := true
			for _, o := range outs[1:] {
				same = same && slices.Equal(o.Argv, outs[0].Argv)
			}
			// Not when the runs differ: a mode may be a caller's value a
			// test compares ($ROLE == prefill, Options.Caller).
			if same && len(s.EnvSelectors) == 0 && !readsArgs(s.File) {
				// MODEL=${MODEL:-llama}; source "./env/$MODEL.env": each
				// mode given is a $1 nothing reads, and "qwen:
				// byte-identical to llama" would be the same run twice.
				_, _ = fmt.Fprintf(stderr, "servelint argv: %s: the script reads no argument ($1, $@, shift, getopts): every mode given ran as the same script with an argument it ignores, so their argv are one run's\n", path)
			}
		}
	}
	for _, m := range modes {
		if len(s.Modes) > 0 && s.ModeNamed(m) == nil {
			_, _ = fmt.Fprintf(stderr, "servelint argv: %s: %s is not one of the modes found (%s); evaluated as given\n", output.EscapeControl(path), output.EscapeControl(m), output.EscapeControl(parser.ModeNames(s.Modes)))
		}
	}
	code = argvVerdict(u, s, outs, results, provenName, rc)
	if *format == "json" {
		enc := json.NewEncoder(stdout)
		enc.SetIndent("", "  ")
		if err := enc.Encode(outs); err != nil {
			return exitFailure
		}
		return code
	}
	printArgvText(stdout, outs, provenName, s)
	return code
}

// argvMemLimit, when set (by tests), is the heap size at which servelint
// argv stops an evaluation (lint.MemoryGuard); 0 is lint's bound.
var argvMemLimit uint64

func orEmpty(a []string) []string {
	if a == nil {
		return []string{}
	}
	return a
}

// argvVerdict is the exit status: 3 when a mode could not be evaluated, 1
// when a mode differs from the proven one where argvdrift would report it
// (rules.Judge, the one comparison both share): the diff shows every
// difference, but one argvdrift lets be (a per-mode flag, a scoring mode's
// non-shape flag, per-model presets) is not a failure. A mode the model
// does not know (not found statically) has no role to judge it by: it
// must match on every flag outside the per-mode ones.
func argvVerdict(u *parser.Unit, s *parser.Script, outs []*argvOut, results []*dryrun.Result, proven string, rc *rules.Config) int {
	evals := map[string]*rules.EvalResult{}
	for i, o := range outs {
		evals[o.Mode] = toEval(results[i], o.Mode, s.Engine)
	}
	for _, o := range outs {
		if rules.Subcommand(s.ModeNamed(o.Mode), evals[o.Mode]) {
			continue // a subcommand that sources a library (stop) . lib.sh): not a mode
		}
		if o.Error != "" || len(o.Argv) == 0 {
			return exitFailure
		}
	}
	pr := evals[proven]
	if pr == nil {
		// The proven mode was not asked for: nothing to compare with.
		return exitClean
	}
	pm := s.ModeNamed(proven)
	given := map[string]bool{}
	for _, o := range outs {
		given[o.Mode] = true
	}
	code := exitClean
	if pm != nil && rules.ComparesScript(u, rc, s) {
		var known []*parser.Mode // in the script's order, as argvdrift meets them
		for _, m := range s.Modes {
			if given[m.Name] {
				known = append(known, m)
			}
		}
		_, _, verdicts := rules.Judge(u, rc, s, pm, pr, known, func(m *parser.Mode) *rules.EvalResult { return evals[m.Name] })
		for _, v := range verdicts {
			if v.Drifted() {
				code = exitFindings
			}
		}
	}
	_, pflags := rules.ParseArgv(pr)
	for _, o := range outs {
		if o.Mode == proven || len(o.Argv) == 0 || pm != nil && s.ModeNamed(o.Mode) != nil {
			continue // judged above, or a source-only subcommand (skipped above)
		}
		if pm != nil && pm.Disagg() {
			continue // prefill and decode roles differ by design (argvdrift)
		}
		_, mflags := rules.ParseArgv(evals[o.Mode])
		if len(argvDiffFlags(rc, pflags, mflags)) > 0 {
			code = exitFindings
		}
	}
	return code
}

func toEval(r *dryrun.Result, mode string, engine *parser.Profile) *rules.EvalResult {
	return &rules.EvalResult{Mode: mode, Argv: r.Argv, Launcher: r.Launcher, Env: r.Env, EnvClosed: r.EnvClosed, Unresolved: r.Unresolved, Err: r.Err, Picks: r.Picks,
		Finished: len(r.Argv) == 0 && dryrun.FinishedWithoutEngine(r.Err), Engine: engine}
}

// argvDiffFlags lists the flags on which a mode the model does not know
// differs from the proven mode outside the per-mode flags.
func argvDiffFlags(cfg *rules.Config, pflags, mflags map[string]rules.ArgvFlag) []string {
	skip := map[string]bool{}
	for _, f := range cfg.PerModeFlags {
		skip[f] = true
	}
	var out []string
	seen := map[string]bool{}
	for _, set := range []map[string]rules.ArgvFlag{pflags, mflags} {
		for k := range set {
			if seen[k] || skip[k] {
				continue
			}
			seen[k] = true
			if pflags[k].Value != mflags[k].Value || (pflags[k] == rules.ArgvFlag{}) != (mflags[k] == rules.ArgvFlag{}) {
				out = append(out, k)
			}
		}
	}
	return out
}

func quoteArgs(a []string) string {
	var b strings.Builder
	for _, x := range a {
		q, err := syntax.Quote(x, syntax.LangBash)
		if err != nil {
			q = fmt.Sprintf("%q", x)
		}
		b.WriteString(q)
		b.WriteByte('\n')
	}
	return b.String()
}

func printArgvText(w io.Writer, outs []*argvOut, proven string, s *parser.Script) {
	var provenText string
	var provenOut *argvOut
	for _, o := range outs {
		if o.Mode == proven {
			provenText, provenOut = quoteArgs(o.Argv), o
		}
	}
	for _, o := range outs {
		role := ""
		if m := s.ModeNamed(o.Mode); m != nil {
			role = " (" + m.Role.String() + ")"
			if m.Pattern != "" {
				// bench*): the script names no word; bench is one it matches.
				role = " (" + m.Role.String() + "; a word " + m.Pattern + " matches)"
			}
		}
		if o.Mode == noMode {
			_, _ = fmt.Fprintln(w, "== (no arguments)")
			role = ""
		} else {
			_, _ = fmt.Fprintf(w, "== %s%s\n", o.Mode, role)
		}
		if o.envN > 0 || len(o.RunAs) != 2 || o.RunAs[1] != o.Mode {
			// Not SCRIPT MODE: say how the mode was picked (MODE=kl
			// SCRIPT, SCRIPT --mode kl, printf '2\n' | SCRIPT).
			line := runAsLine(o.RunAs, o.envN)
			if o.Stdin != "" {
				line = "printf " + strings.TrimSuffix(quoteArgs([]string{strings.ReplaceAll(o.Stdin, "\n", `\n`)}), "\n") + " | " + line
			}
			_, _ = fmt.Fprintf(w, "# run as: %s\n", output.EscapeControl(line))
		}
		if o.Error != "" {
			_, _ = fmt.Fprintf(w, "could not be evaluated: %s\n", o.Error)
			// The notes say why, when they can (read got no input).
			for _, n := range o.Notes {
				_, _ = fmt.Fprintf(w, "# note: %s\n", output.EscapeControl(n))
			}
			continue
		}
		_, _ = fmt.Fprint(w, quoteArgs(o.Argv))
		for _, kv := range shapeEnv(o) {
			// TGI's launcher reads MAX_CONCURRENT_REQUESTS from its
			// environment when the argv does not pass the flag: a prefix
			// assignment or env K=V sizes the boot where the argv is
			// silent.
			_, _ = fmt.Fprintf(w, "# env: %s=%s (read as %s)\n", output.EscapeControl(kv[0]), output.EscapeControl(kv[1]), kv[2])
		}
		if len(o.Unresolved) > 0 {
			_, _ = fmt.Fprintf(w, "# not statically known: %s\n", strings.Join(o.Unresolved, " "))
		}
		for _, n := range o.Notes {
			_, _ = fmt.Fprintf(w, "# note: %s\n", output.EscapeControl(n))
		}
		if o.Exec != nil {
			switch {
			case o.Exec.Error != "":
				_, _ = fmt.Fprintf(w, "# --exec: %s\n", o.Exec.Error)
			case o.Exec.Match:
				_, _ = fmt.Fprintln(w, "# --exec: the script's own --dry-run prints the same argv")
			default:
				_, _ = fmt.Fprintf(w, "# --exec: the script's own --dry-run prints a different argv:\n%s", fixes.UnifiedDiff("static/"+o.Mode, []byte(quoteArgs(o.Argv)), []byte(quoteArgs(o.Exec.Argv))))
			}
		}
	}
	if proven == "" || provenText == "" {
		return
	}
	for _, o := range outs {
		if o.Mode == proven || o.Error != "" {
			continue
		}
		d := fixes.UnifiedDiff(o.Mode, []byte(provenText), []byte(quoteArgs(o.Argv)))
		if d == "" {
			if env := envDiff(provenOut, o); env != "" {
				_, _ = fmt.Fprintf(w, "== %s: argv byte-identical to %s, but the engine's environment differs: %s\n", o.Mode, proven, env)
				continue
			}
			_, _ = fmt.Fprintf(w, "== %s: byte-identical to %s\n", o.Mode, proven)
			continue
		}
		d = strings.Replace(d, "--- a/"+o.Mode, "--- "+proven, 1)
		d = strings.Replace(d, "+++ b/"+o.Mode, "+++ "+o.Mode, 1)
		_, _ = fmt.Fprintf(w, "== %s differs from %s:\n%s", o.Mode, proven, d)
	}
}

// shapeEnv lists, sorted, the variables of a mode's engine environment
// that its engine reads a shape flag from (parser.ShapeFlag.Env) while its
// argv does not pass the flag: {name, value, flag}.
func shapeEnv(o *argvOut) [][3]string {
	if len(o.Env) == 0 || len(o.Argv) == 0 {
		return nil
	}
	argv := append(slices.Clone(o.Launcher), o.Argv...)
	ec, ok := parser.DetectEngine(argv)
	if !ok || ec.Profile == nil {
		// bash -c 'exec text-generation-launcher …' as the launcher: the
		// string is no command detection reads; the engine is Argv's.
		ec, ok = parser.DetectEngine(o.Argv)
	}
	if !ok || ec.Profile == nil {
		return nil
	}
	var out [][3]string
	for i := range ec.Profile.Flags {
		f := &ec.Profile.Flags[i]
		if f.Env == "" || slices.ContainsFunc(o.Argv, func(a string) bool {
			return ec.Profile.Canon(a) == f.Name || strings.HasPrefix(a, "--") && ec.Profile.Canon(strings.SplitN(a, "=", 2)[0]) == f.Name
		}) {
			continue
		}
		for _, k := range f.Envs() {
			if v, set := o.Env[k]; set {
				out = append(out, [3]string{k, v, f.Name})
			}
		}
	}
	slices.SortFunc(out, func(a, b [3]string) int { return strings.Compare(a[0], b[0]) })
	return out
}

// envDiff says where mode o's engine environment differs from the proven
// mode's on a variable the engine reads a shape flag from; "" when it
// does not.
func envDiff(proven, o *argvOut) string {
	if proven == nil {
		return ""
	}
	pv := map[string]string{}
	for _, kv := range shapeEnv(proven) {
		pv[kv[0]] = kv[1]
	}
	var diffs []string
	for _, kv := range shapeEnv(o) {
		if p, ok := pv[kv[0]]; !ok || p != kv[1] {
			was := "unset"
			if ok {
				was = p
			}
			diffs = append(diffs, fmt.Sprintf("%s=%s (%s: %s), read as %s", kv[0], kv[1], proven.Mode, was, kv[2]))
		}
		delete(pv, kv[0])
	}
	var unset []string
	for k, v := range pv {
		unset = append(unset, fmt.Sprintf("%s unset (%s: %s)", k, proven.Mode, v))
	}
	slices.Sort(unset)
	diffs = append(diffs, unset...)
	return output.EscapeControl(strings.Join(diffs, "; "))
}

// evalWord is the mode name the dry run evaluates mode m as
// (parser.Mode.EvalWord): serve for serve with FAST=1.
func evalWord(s *parser.Script, m string) string {
	if md := s.ModeNamed(m); md != nil {
		return md.EvalWord()
	}
	return m
}

// envPrefix is the selectors' assignments as a command line shows them.
// envAssigns returns NAME=mode for each selector, unquoted (RunAs).
func envAssigns(selectors []string, mode string) []string {
	out := make([]string, 0, len(selectors))
	for _, n := range selectors {
		out = append(out, n+"="+mode)
	}
	return out
}

// emptyAssigns returns NAME=VALUE for each variable the dry run starts
// with (lint.ModeOptions: NAME= for a flag the proven mode leaves off,
// FAST=1 for a mode's own flag), sorted.
func emptyAssigns(env map[string]string) []string {
	out := make([]string, 0, len(env))
	for _, n := range slices.Sorted(maps.Keys(env)) {
		out = append(out, n+"="+env[n])
	}
	return out
}

// callerWord stands in RunAs for a word the caller gives that picks no
// mode (parser.CallerArg): the model of serve.sh MODEL MODE.
const callerWord = "<$1>"

// runAsParams are the positional parameters of a dry run as RunAs shows
// them.
func runAsParams(params []string) []string {
	out := slices.Clone(params)
	for i, p := range out {
		if p == parser.CallerArg {
			out[i] = callerWord
		}
	}
	return out
}

// runAsLine writes a RunAs as one shell command line: its first envN
// words are NAME=value assignments, whose values are quoted; the caller's
// word (callerWord) is written as it is.
func runAsLine(words []string, envN int) string {
	parts := make([]string, len(words))
	for i, w := range words {
		if i >= envN && w == callerWord {
			parts[i] = w
			continue
		}
		if i < envN {
			name, val, _ := strings.Cut(w, "=")
			parts[i] = name + "=" + strings.TrimSuffix(quoteArgs([]string{val}), "\n")
			continue
		}
		parts[i] = strings.TrimSuffix(quoteArgs([]string{w}), "\n")
	}
	return strings.Join(parts, " ")
}

func envPrefix(selectors []string, mode string) []string {
	var out []string
	for _, n := range selectors {
		out = append(out, n+"="+strings.TrimSuffix(quoteArgs([]string{mode}), "\n"))
	}
	return out
}

// execDryRun runs `SCRIPT MODE --dry-run` for real (opt-in) and compares
// what it prints, one argument per line, with the static argv. A mode
// picked by the environment runs as the dry run evaluated it: `MODE=kl
// SCRIPT --dry-run` (the selectors set, no mode argument unless arg).
func execDryRun(path, mode string, selectors, params []string, env map[string]string, stdin string, timeout time.Duration, static []string) *execOut {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	abs, err := filepath.Abs(path)
	if err != nil {
		return &execOut{Error: err.Error()}
	}
	if slices.Contains(params, parser.CallerArg) {
		return &execOut{Error: "the script's first word is the caller's (not a mode): --exec cannot know it"}
	}
	argv := append(append([]string{abs}, params...), "--dry-run")
	cmd := exec.CommandContext(ctx, "bash", argv...) //nolint:gosec // --exec is opt-in and documented as running the script
	if len(selectors) > 0 || len(env) > 0 {
		cmd.Env = os.Environ()
		for _, n := range slices.Sorted(maps.Keys(env)) {
			cmd.Env = append(cmd.Env, n+"="+env[n]) // a flag the proven mode leaves off, empty
		}
		for _, n := range selectors {
			cmd.Env = append(cmd.Env, n+"="+mode)
		}
	}

	cmd.Dir = filepath.Dir(abs)
	if stdin != "" {
		cmd.Stdin = strings.NewReader(stdin) // the select menu's item
	}
	var out bytes.Buffer
	cmd.Stdout = &out
	if err := cmd.Run(); err != nil {
		return &execOut{Error: fmt.Sprintf("%s: %v", strings.Join(append(envPrefix(selectors, mode), path, strings.Join(argv[1:], " ")), " "), err)}
	}
	var got []string
	for _, line := range strings.Split(strings.TrimRight(out.String(), "\n"), "\n") {
		got = append(got, unquoteShell(line))
	}
	match := len(got) == len(static)
	for i := 0; match && i < len(got); i++ {
		match = got[i] == static[i]
	}
	return &execOut{Argv: got, Match: match}
}

// unquoteShell undoes printf %q quoting of one word by parsing it.
func unquoteShell(s string) string {
	f, err := syntax.NewParser().Parse(strings.NewReader("x "+s), "")
	if err != nil || len(f.Stmts) != 1 {
		return s
	}
	ce, ok := f.Stmts[0].Cmd.(*syntax.CallExpr)
	if !ok || len(ce.Args) != 2 {
		return s
	}
	if v, ok := parser.LitValue(ce.Args[1]); ok {
		return v
	}
	return s
}

// noMode stands for the script run with no arguments, when it has an
// engine and no mode of its own.
const noMode = ""

// modeOptions are the dry-run options that pick mode m: lint's
// (lint.ModeOptions) for a mode the script names; for one it does not,
// as lint never asks, the environment's selectors and the words that
// would name it (parser.Script.ParamsFor); for noMode, no words.
func modeOptions(s *parser.Script, m string) dryrun.Options {
	if m == noMode {
		return dryrun.Options{Params: []string{}}
	}
	if md := s.ModeNamed(m); md != nil {
		return lint.ModeOptions(s, md)
	}
	params := s.ParamsFor(m)
	return dryrun.Options{Selectors: s.EnvSelectors, NoArg: params == nil, Params: params}
}

// forwardsWord reports whether argv is none, the argv of the script run
// with no arguments, with word inserted once: the script handed the word
// it was given to the engine.
func forwardsWord(argv, none []string, word string) bool {
	if len(argv) != len(none)+1 {
		return false
	}
	for i, a := range argv {
		if a == word && slices.Equal(argv[:i], none[:i]) && slices.Equal(argv[i+1:], none[i:]) {
			return true
		}
	}
	return false
}

// selfPath is path with its file name self (bench.sh beside serve.sh), path
// itself when self is "".
func selfPath(path, self string) string {
	if self == "" {
		return path
	}
	return filepath.Join(filepath.Dir(path), self)
}

// readsArgs reports whether a script reads its positional parameters
// anywhere ($1, ${2:-x}, "$@", $*, $#, shift, getopts): a function's
// own reads are counted as well, so a script that may read its arguments
// through one is never said to read none.
func readsArgs(f *syntax.File) bool {
	if f == nil {
		return true
	}
	reads := false
	shwalk.Walk(f, func(n syntax.Node) bool {
		if reads {
			return false
		}
		switch x := n.(type) {
		case *syntax.ParamExp:
			if x.Param != nil {
				switch v := x.Param.Value; {
				case v == "@" || v == "*" || v == "#":
					reads = true
				case len(v) > 0 && v[0] >= '1' && v[0] <= '9':
					reads = true
				}
			}
		case *syntax.CallExpr:
			if len(x.Args) > 0 {
				switch x.Args[0].Lit() {
				case "shift", "getopts":
					reads = true
				}
			}
		}
		return true
	})
	return reads
}
