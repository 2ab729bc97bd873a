package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"time"

	"github.com/servelint/servelint/config"
	"github.com/servelint/servelint/docs"
	"github.com/servelint/servelint/fixes"
	"github.com/servelint/servelint/gitdiff"
	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/output"
	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/rules"
	"github.com/servelint/servelint/suppress"
)

// Exit codes.
const (
	exitClean    = 0
	exitFindings = 1
	exitUsage    = 2
	exitFailure  = 3
)

// version is set at build time with -ldflags "-X main.version=…".
var version = "dev"

const usageText = `servelint lints the shell scripts that boot LLM inference servers (vLLM,
SGLang, TGI, TensorRT-LLM, radiance) and the env files that own their numbers.

Usage:
  servelint [flags] [PATH...]          lint files and directories (default .);
                                       - is standard input (see --stdin-filename)
  servelint rules [RULE]               list the rules, or print one rule's page
  servelint config [--config FILE]     print the effective configuration
  servelint argv [flags] SCRIPT [MODE...]
                                       print each mode's dry-run engine argv and
                                       a byte diff against the proven mode
  servelint ledger [--format=F] LOG... line boot ledgers up side by side
  servelint price --ledger A --ledger B --max-num-batched-tokens N
                                       estimate what a shape costs from ledgers
  servelint lsp                        the language server, on stdio
  servelint version                    print the version
  servelint help [COMMAND]             this text, or COMMAND --help

Configuration is read from .servelint.yaml in the current directory or its
parents (or --config FILE). Inline suppressions:
  CMD  # servelint:ignore RULE[,RULE] -- reason   (this line)
  # servelint:ignore RULE -- reason               (the next command)
  # servelint:ignore-file RULE -- reason          (the file; before the first command)

Flags for linting:
`

const exitText = `
Exit status: 0 no finding of severity warning or above; 1 findings; 2 bad
usage or config; 3 a failure (unreadable file, a write that could not be done
safely, an internal error). With --diff, 1 when a diff is printed or a
finding of severity warning or above remains (listed on stderr).
`

type lintFlags struct {
	fix, diff    bool
	format       string
	enable       string
	disable      string
	jobs         int
	maxFileSize  int64
	maxTotalSize int64
	evalTimeout  time.Duration
	config       string
	changedFrom  string
	ledger       string
	stdinName    string
	paths        []string
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "rules":
			return runRules(args[1:], stdout, stderr)
		case "config":
			return runConfig(args[1:], stdout, stderr)
		case "version":
			return runVersion(args[1:], stdout, stderr)
		case "help":
			return runHelp(args[1:], stdout, stderr)
		}
		if cmd, ok := subcommands[args[0]]; ok {
			return cmd(args[1:], stdout, stderr)
		}
	}
	return runLint(args, stdout, stderr)
}

// runHelp is "servelint help [COMMAND]": the command's --help.
func runHelp(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 0:
		return runLint([]string{"--help"}, stdout, stderr)
	case len(args) > 1:
		_, _ = fmt.Fprintf(stderr, "servelint help: unexpected argument %q (usage: servelint help [COMMAND])\n", args[1])
		return exitUsage
	}
	switch args[0] {
	case "-h", "-help", "--help":
		// Every command takes -h/--help: help's own is the main help.
		return runLint([]string{"--help"}, stdout, stderr)
	case "rules", "config", "version", "help":
	default:
		if _, ok := subcommands[args[0]]; !ok {
			_, _ = fmt.Fprintf(stderr, "servelint help: unknown command %q (servelint --help lists them)\n", args[0])
			return exitUsage
		}
	}
	if args[0] == "help" {
		return runLint([]string{"--help"}, stdout, stderr)
	}
	return run([]string{args[0], "--help"}, stdout, stderr)
}

// subcommands are registered by the files that implement them.
var subcommands = map[string]func(args []string, stdout, stderr io.Writer) int{}

// parseInterleaved parses flags that may come after positional arguments.
func parseInterleaved(fs *flag.FlagSet, args []string) ([]string, error) {
	var pos []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if len(rest) == 0 {
			return pos, nil
		}
		if rest[0] == "--" {
			return append(pos, rest[1:]...), nil
		}
		pos = append(pos, rest[0])
		args = rest[1:]
	}
}

// parseArgs parses a subcommand's flags (also after positional arguments).
// -h/--help prints head, the flags and tail once, on stdout; a bad flag is
// said on stderr as the flag package words it, after the command's name,
// with a hint. ok is false when the command is done, with its exit code.
func parseArgs(fs *flag.FlagSet, args []string, stdout, stderr io.Writer, head, tail string) (pos []string, code int, ok bool) {
	// The flag package prints the usage on its own for -h and for errors;
	// print it once, on stdout, and only when asked.
	fs.Usage = func() {}
	var said strings.Builder
	fs.SetOutput(&said)
	pos, err := parseInterleaved(fs, args)
	fs.SetOutput(stderr)
	if err == nil {
		if name := emptyNamingFlag(fs); name != "" {
			// "--config $CFG" or "--changed-from=$BASE" with the variable
			// unset: not the default (a config found in the tree, the
			// whole tree linted instead of a change's lines).
			_, _ = fmt.Fprintf(stderr, "%s: --%s \"\" is empty (an unset variable?): give it a value, or leave the flag out\n", fs.Name(), name)
			return nil, exitUsage, false
		}
		return pos, exitClean, true
	}
	if errors.Is(err, flag.ErrHelp) {
		printUsage(fs, stdout, head, tail)
		return nil, exitClean, false
	}
	_, _ = fmt.Fprintf(stderr, "%s: %s\nrun '%s --help' for usage\n", fs.Name(), output.EscapeControl(err.Error()), fs.Name())
	return nil, exitUsage, false
}

// emptyNamingFlag is the first of the flags that name a file or a
// revision (--config, --changed-from, --ledger) given on the command line
// with an empty value, or "". --stdin-filename "" has its own message.
func emptyNamingFlag(fs *flag.FlagSet) string {
	name := ""
	fs.Visit(func(f *flag.Flag) {
		switch f.Name {
		case "config", "changed-from", "ledger":
			if name == "" && f.Value.String() == "" {
				name = f.Name
			}
		}
	})
	return name
}

// flagGiven reports whether the flag name was set on the command line
// (to any value, "" included).
func flagGiven(fs *flag.FlagSet, name string) bool {
	given := false
	fs.Visit(func(f *flag.Flag) { given = given || f.Name == name })
	return given
}

// printUsage writes head, the flags' defaults and tail to w.
func printUsage(fs *flag.FlagSet, w io.Writer, head, tail string) {
	out := fs.Output()
	fs.SetOutput(w)
	_, _ = fmt.Fprint(w, head)
	fs.PrintDefaults()
	_, _ = fmt.Fprint(w, tail)
	fs.SetOutput(out)
}

func splitList(s string) []string {
	var out []string
	for _, p := range strings.Split(s, ",") {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

func runLint(args []string, stdout, stderr io.Writer) int {
	var lf lintFlags
	fs := flag.NewFlagSet("servelint", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.BoolVar(&lf.fix, "fix", false, "apply the suggested fixes in place (atomically; a second run changes nothing)")
	fs.BoolVar(&lf.diff, "diff", false, "print the fixes as a unified diff on stdout and write nothing; the findings it would leave are listed on stderr as \"not fixable: FILE:LINE:COL: …\" in the fixed files' lines (text only: not with --format json, sarif or github)")
	fs.StringVar(&lf.format, "format", "text", "output format: "+strings.Join(output.Formats, ", "))
	fs.StringVar(&lf.enable, "enable", "", "comma-separated rules to turn on (e.g. a rule that is off by default)")
	fs.StringVar(&lf.disable, "disable", "", "comma-separated rules to turn off")
	fs.StringVar(&lf.config, "config", "", "config file (default: .servelint.yaml in the current directory or its parents)")
	fs.StringVar(&lf.changedFrom, "changed-from", "", "lint only what changed since this git revision (committed, staged, unstaged, untracked) and report only findings on changed lines or new since it")
	fs.StringVar(&lf.ledger, "ledger", "", "boot ledgers for stepcost: paths or globs, comma separated (overrides the config's ledger)")
	fs.IntVar(&lf.jobs, "j", 4, "files parsed, rules run and modes evaluated in parallel")
	fs.DurationVar(&lf.evalTimeout, "eval-timeout", 2*time.Second, "time limit for evaluating one mode in the dry-run sandbox (a script's modes together get 5 times it)")
	fs.Int64Var(&lf.maxFileSize, "max-file-size", parser.DefaultMaxFileSize, "files larger than this many bytes are reported, not analysed")
	fs.Int64Var(&lf.maxTotalSize, "max-total-size", parser.DefaultMaxTotalSize, "the files walked and named, then the files the scripts source or run, are analysed up to this many bytes together; the ones past it are reported, not analysed (a parsed script holds about a hundred times its size in memory)")
	fs.StringVar(&lf.stdinName, "stdin-filename", "", "the `PATH` standard input (the path -, implied when no path is given) is linted as: findings name it, the env files beside it are read, exclude: applies, and it need not exist (\"\" is bad usage); with --fix, the fixed text is printed on stdout and the findings left on stderr, and no file is written")
	paths, code, ok := parseArgs(fs, args, stdout, stderr, usageText, exitText)
	if !ok {
		return code
	}
	if lf.jobs < 1 {
		_, _ = fmt.Fprintln(stderr, "servelint: -j must be at least 1")
		return exitUsage
	}
	if lf.evalTimeout <= 0 {
		_, _ = fmt.Fprintf(stderr, "servelint: --eval-timeout must be positive (got %v)\n", lf.evalTimeout)
		return exitUsage
	}
	if lf.maxFileSize <= 0 {
		_, _ = fmt.Fprintf(stderr, "servelint: --max-file-size must be positive (got %d)\n", lf.maxFileSize)
		return exitUsage
	}
	if lf.maxTotalSize <= 0 {
		_, _ = fmt.Fprintf(stderr, "servelint: --max-total-size must be positive (got %d)\n", lf.maxTotalSize)
		return exitUsage
	}
	if lf.fix && lf.diff {
		_, _ = fmt.Fprintln(stderr, "servelint: --fix and --diff cannot be used together (--diff shows what --fix would write)")
		return exitUsage
	}
	if !validFormat(lf.format) {
		_, _ = fmt.Fprintf(stderr, "servelint: unknown --format %q (want one of %s)\n", lf.format, strings.Join(output.Formats, ", "))
		return exitUsage
	}
	if lf.diff && lf.format != "text" {
		// The diff is the output: a json or sarif reader would get a patch.
		_, _ = fmt.Fprintf(stderr, "servelint: --diff prints a unified diff; it does not combine with --format=%s (drop --diff for findings as %s)\n", lf.format, lf.format)
		return exitUsage
	}
	if lf.changedFrom != "" && (lf.fix || lf.diff) {
		_, _ = fmt.Fprintln(stderr, "servelint: --changed-from reports findings; it does not combine with --fix or --diff")
		return exitUsage
	}
	if lf.stdinName == "" && flagGiven(fs, "stdin-filename") {
		// An editor's unset $FILENAME (an unsaved buffer): without it,
		// stdin was not read and --fix rewrote the working directory.
		_, _ = fmt.Fprintln(stderr, `servelint: --stdin-filename "" names no file (give the buffer's path, or read standard input as -)`)
		return exitUsage
	}
	if slices.Contains(paths, "") {
		// An unset variable ("$FILES"), not the working directory.
		_, _ = fmt.Fprintln(stderr, `servelint: an empty path ("") names no file (lint the working directory as .)`)
		return exitUsage
	}
	in, paths, err := stdinPaths(paths, lf.stdinName)
	if err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
		return exitUsage
	}
	if in != nil {
		if code := checkStdinFlags(in, &lf, len(paths), stderr); code != exitClean {
			return code
		}
	}
	if len(paths) == 0 {
		paths = []string{"."}
	}
	lf.paths = paths
	if lf.format != "github" { // the github format's lines are the commands
		var resume func()
		// Standard input fixed: stdout is the script, never fenced.
		fenceOut := lf.format != "json" && lf.format != "sarif" && (in == nil || !lf.fix)
		stdout, stderr, resume = fenceWorkflowCommands(stdout, stderr, fenceOut)
		defer resume()
	}
	wd, err := os.Getwd()
	if err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
		return exitFailure
	}
	cfg, code := loadConfig(lf.config, wd, stderr)
	if cfg == nil {
		return code
	}
	opts := lint.Options{Paths: paths, Enable: splitList(lf.enable), Disable: splitList(lf.disable),
		Jobs: lf.jobs, MaxFileSize: lf.maxFileSize, MaxTotalSize: lf.maxTotalSize,
		Evaluator: lint.SandboxEvaluator(lf.evalTimeout, lf.jobs, nil), Walked: hugePages()}
	cfg.Apply(&opts, wd)
	if in != nil {
		if err := in.read(stdin, lf.maxFileSize); err != nil {
			_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
			return exitFailure
		}
		if in.tooBig && lf.fix {
			_, _ = fmt.Fprintf(stderr, "servelint: not fixed: standard input is over the %d-byte limit (--max-file-size)\n", lf.maxFileSize)
			return exitFailure
		}
		opts.ReadFile = in.readFile
		opts.Evaluator = lint.SandboxEvaluator(lf.evalTimeout, lf.jobs, in.readFile)
	}
	if lf.ledger != "" {
		// Checked as the config's ledger key is, before anything is linted.
		ledgers, err := config.ResolveLedger(lf.ledger, wd)
		if err != nil {
			_, _ = fmt.Fprintf(stderr, "servelint: --ledger: %s\n", output.EscapeControl(err.Error()))
			return exitUsage
		}
		opts.Config.Ledger = ledgers
	}
	if _, err := lint.Analyzers(opts.Enable, opts.Disable); err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
		return exitUsage
	}
	rules.DisplayPath = func(p string) string { return output.Relative(wd, p) }

	// exclude: applies to files named on the command line too (pre-commit
	// names every changed file).
	opts.Paths = keepIncluded(opts.Paths, opts.Exclude, in)
	var res *lint.Result
	switch {
	case in != nil && lf.fix:
		return fixStdin(in, opts, lf.format, wd, stdout, stderr)
	case len(opts.Paths) == 0:
		res = &lint.Result{Contents: map[string][]byte{}}
	case lf.changedFrom != "":
		g, err := gitdiff.Run(opts, lf.changedFrom, func(rf func(string) ([]byte, error)) lint.Evaluator {
			return lint.SandboxEvaluator(lf.evalTimeout, lf.jobs, rf)
		})
		if err != nil {
			_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
			var ue *gitdiff.UsageError
			if errors.As(err, &ue) {
				return exitUsage
			}
			return exitFailure
		}
		if len(g.Linted) == 0 {
			_, _ = fmt.Fprintf(stderr, "servelint: no script or env file changed since %s\n", lf.changedFrom)
		}
		res = g.Result
	case lf.fix || lf.diff:
		// Env files named alone (pre-commit passes changed files): lint the
		// scripts that read them too.
		opts.Paths = append(opts.Paths, gitdiff.ExplicitEnvReaders(opts)...)
		var oc *lint.FixOutcome
		res, oc, err = lint.ApplyFixes(opts, 8)
		if err != nil {
			_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
			return exitFailure
		}
		if code := applyOutcome(oc, lf.diff, stdout, stderr); code != exitClean {
			return code
		}
		if lf.diff {
			return diffReport(oc, res, wd, stderr)
		}
	default:
		opts.Paths = append(opts.Paths, gitdiff.ExplicitEnvReaders(opts)...)
		res, err = lint.Run(opts)
		if err != nil {
			_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
			return exitFailure
		}
	}
	return report(res, lf.format, wd, stdout, stderr)
}

// keepIncluded drops the files (not directories) that match an exclude
// glob; standard input's name is a file, whether it exists on the disk
// or not (an editor's new buffer in vendor/).
func keepIncluded(paths, exclude []string, in *stdinInput) []string {
	if len(exclude) == 0 {
		return paths
	}
	var out []string
	for _, p := range paths {
		if st, err := os.Stat(p); (err == nil && !st.IsDir()) || (in != nil && in.is(p)) {
			abs, _ := filepath.Abs(p)
			if gitdiff.Excluded(exclude, filepath.Clean(p)) || gitdiff.Excluded(exclude, abs) {
				continue
			}
		}
		out = append(out, p)
	}
	return out
}

func validFormat(f string) bool {
	for _, x := range output.Formats {
		if x == f {
			return true
		}
	}
	return false
}

// applyOutcome writes (or, with --diff, prints) the fixed files.
func applyOutcome(oc *lint.FixOutcome, diffOnly bool, stdout, stderr io.Writer) int {
	var paths []string
	for p := range oc.Changed {
		paths = append(paths, p)
	}
	sort.Strings(paths)
	wd, _ := os.Getwd()
	code := exitClean
	for _, p := range paths {
		ch := oc.Changed[p]
		if diffOnly {
			// fixes.UnifiedDiff quotes a name with a control character.
			_, _ = fmt.Fprint(stdout, fixes.UnifiedDiff(diffPath(wd, p), ch[0], ch[1]))
			continue
		}
		if descriptorPath(p) {
			// /dev/stdin < file: fixes.WriteFile would rewrite whatever the
			// descriptor points at, outside the tree.
			_, _ = fmt.Fprintf(stderr, "servelint: not written: %s is not a file of the tree (use --diff)\n", output.EscapeControl(p))
			code = exitFailure
		}
	}
	if !diffOnly && len(paths) > 0 {
		// All or none: a fix edits a script and its env file together.
		if code != exitClean {
			_, _ = fmt.Fprintf(stderr, "servelint: nothing written: the fixes change a file that cannot be written\n")
		} else if err := fixes.WriteFiles(oc.Changed); err != nil {
			_, _ = fmt.Fprintf(stderr, "servelint: not written (nothing is, when one file cannot be): %s\n", output.EscapeControl(err.Error()))
			code = exitFailure
		}
	}
	for _, sk := range oc.Report.Skipped {
		if sk.Reason == fixes.Invalid {
			_, _ = fmt.Fprintf(stderr, "servelint: a fix was refused (%s): %s\n", output.EscapeControl(sk.Fix.Message), output.EscapeControl(fmt.Sprint(sk.Err)))
		}
	}
	return code
}

// diffPath is the name --diff gives a file: cleaned and relative to the
// working directory when it lies under it (../same/r.env, run from same,
// is r.env), so that git apply or patch -p1 run there finds it; else
// absolute (the diff then applies from /).
func diffPath(wd, p string) string {
	abs, err := filepath.Abs(p)
	if err != nil {
		return filepath.Clean(p)
	}
	return output.Relative(wd, abs)
}

// diffReport ends a --diff run, whose diff is on stdout: the findings that
// remain once the fixes are applied (those --fix would leave) are listed on
// stderr, "not fixable: " before each text line, as a lint of the fixed
// files reports them (positions and the lines their messages cite are the
// fixed files', where --fix would leave them), and so are the errors. Exit
// 3 on an error, 1 when a diff was printed or a finding of severity
// warning or above remains, else 0.
func diffReport(oc *lint.FixOutcome, res *lint.Result, wd string, stderr io.Writer) int {
	left := make([]lint.Finding, len(res.Findings))
	for i, f := range res.Findings {
		f.File = diffPath(wd, f.File) // as the diff names it
		left[i] = f
	}
	lint.Sort(left) // by the names the diff gives them
	var b strings.Builder
	_ = output.Text(&b, left) // a strings.Builder cannot fail
	for _, line := range strings.SplitAfter(b.String(), "\n") {
		if line != "" {
			_, _ = fmt.Fprint(stderr, "not fixable: "+line)
		}
	}
	for _, e := range res.Errors {
		_, _ = fmt.Fprintf(stderr, "servelint: %s\n", output.EscapeControl(e.Error()))
	}
	switch {
	case len(res.Errors) > 0:
		return exitFailure
	case len(oc.Changed) > 0:
		return exitFindings
	}
	return findingsExit(res.Findings)
}

func findingsExit(fs []lint.Finding) int {
	for _, f := range fs {
		if f.Severity == rules.Error || f.Severity == rules.Warning {
			return exitFindings
		}
	}
	return exitClean
}

func report(res *lint.Result, format, wd string, stdout, stderr io.Writer) int {
	for i := range res.Findings {
		f := &res.Findings[i]
		f.File = output.Relative(wd, f.File)
		for j := range f.Fixes {
			for k := range f.Fixes[j].Edits {
				f.Fixes[j].Edits[k].File = output.Relative(wd, f.Fixes[j].Edits[k].File)
			}
		}
	}
	contents := map[string][]byte{}
	for p, b := range res.Contents {
		contents[output.Relative(wd, p)] = b
	}
	if err := output.WriteWith(stdout, format, res.Findings, output.Options{Version: version, Contents: contents, SrcRoot: wd}); err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
		return exitFailure
	}
	for _, e := range res.Errors {
		// A file name in the tree may hold a newline: escaped, as findings are.
		_, _ = fmt.Fprintf(stderr, "servelint: %s\n", output.EscapeControl(e.Error()))
	}
	if len(res.Errors) > 0 {
		return exitFailure
	}
	return findingsExit(res.Findings)
}

// loadConfig loads the config file (explicit, or found from wd upward);
// on an error it prints it and returns nil with the exit code.
func loadConfig(explicit, wd string, stderr io.Writer) (*config.Config, int) {
	cfg, err := config.Load(explicit, wd)
	if err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
		var ce *config.Error
		if errors.As(err, &ce) {
			return nil, exitUsage
		}
		return nil, exitFailure
	}
	return cfg, exitClean
}

// runConfig prints the effective configuration.
func runConfig(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("servelint config", flag.ContinueOnError)
	fs.SetOutput(stderr)
	file := fs.String("config", "", "config file (default: .servelint.yaml in the current directory or its parents)")
	pos, code, ok := parseArgs(fs, args, stdout, stderr, "Usage: servelint config [--config FILE]\n\nPrints the effective configuration: every key with the value servelint uses,\ndefaults marked, and the rules that run. Exit 2 when the config is invalid.\n\n", "")
	if !ok {
		return code
	}
	if len(pos) > 0 {
		_, _ = fmt.Fprintf(stderr, "servelint config: unexpected argument %q\n", pos[0])
		return exitUsage
	}
	wd, err := os.Getwd()
	if err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
		return exitFailure
	}
	cfg, code := loadConfig(*file, wd, stderr)
	if cfg == nil {
		return code
	}
	if err := cfg.Effective(stdout); err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
		return exitFailure
	}
	return exitClean
}

// runVersion prints the version.
func runVersion(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("servelint version", flag.ContinueOnError)
	pos, code, ok := parseArgs(fs, args, stdout, stderr, "Usage: servelint version\n\nPrints the version.\n", "")
	if !ok {
		return code
	}
	if len(pos) > 0 {
		_, _ = fmt.Fprintf(stderr, "servelint version: unexpected argument %q\n", pos[0])
		return exitUsage
	}
	_, _ = fmt.Fprintf(stdout, "servelint %s\n", version)
	return exitClean
}

const rulesUsage = `Usage: servelint rules [RULE]

Lists the rules, one a line: the name, what it finds, and "(off by
default)" for a rule that runs only when enabled. With RULE, prints that
rule's page (the text of docs/rules.md). Exit 2 for an unknown rule.
`

func runRules(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("servelint rules", flag.ContinueOnError)
	args, code, ok := parseArgs(fs, args, stdout, stderr, rulesUsage, "")
	if !ok {
		return code
	}
	if len(args) > 1 {
		_, _ = fmt.Fprintf(stderr, "servelint rules: unexpected argument %q (usage: servelint rules [RULE])\n", args[1])
		return exitUsage
	}
	if len(args) == 1 {
		name := args[len(args)-1]
		if page, ok := docs.Page(name); ok && (rules.ByName(name) != nil || name == suppress.Rule) {
			_, _ = fmt.Fprint(stdout, page)
			return exitClean
		}
		if a := rules.ByName(name); a != nil {
			_, _ = fmt.Fprintf(stdout, "%s\n\n%s\n", a.Name, a.Doc)
			return exitClean
		}
		if name == suppress.Rule {
			_, _ = fmt.Fprintf(stdout, "%s\n\n%s\n", suppress.Rule, suppress.Doc)
			return exitClean
		}
		_, _ = fmt.Fprintf(stderr, "servelint: unknown rule %q (servelint rules lists them)\n", name)
		return exitUsage
	}
	for _, a := range rules.All {
		first, _, _ := strings.Cut(a.Doc, "\n")
		on := ""
		if !rules.DefaultOn(a) {
			on = " (off by default)"
		}
		_, _ = fmt.Fprintf(stdout, "%-15s %s%s\n", a.Name, first, on)
	}
	first, _, _ := strings.Cut(suppress.Doc, "\n")
	_, _ = fmt.Fprintf(stdout, "%-15s %s\n", suppress.Rule, first)
	return exitClean
}

// descriptorPath reports whether p names a device or a process's file
// (/dev/stdin, /proc/self/fd/N): never a file of the tree to fix.
func descriptorPath(p string) bool {
	ap, err := filepath.Abs(p)
	if err != nil {
		return false
	}
	switch {
	case ap == "/dev/stdin" || ap == "/dev/stdout" || ap == "/dev/stderr" || strings.HasPrefix(ap, "/dev/fd/"):
		return true
	case strings.HasPrefix(ap, "/proc/"):
		return true // /proc/self/fd/N, /proc/<pid>/…: never a tree (a tree in /dev/shm is)
	}
	return false
}
