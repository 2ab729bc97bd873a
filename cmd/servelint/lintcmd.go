package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"sort"
	"strings"
	"time"

	"github.com/servelint/servelint/fixes"
	"github.com/servelint/servelint/lint"
	"github.com/servelint/servelint/output"
	"github.com/servelint/servelint/parser"
	"github.com/servelint/servelint/rules"
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
  servelint [flags] [PATH...]          lint files and directories (default .)
  servelint rules [RULE]               list the rules, or print one rule's doc
  servelint argv [flags] SCRIPT [MODE...]
                                       print each mode's dry-run engine argv and
                                       a byte diff against the proven mode
  servelint ledger [--format=F] LOG... line boot ledgers up side by side
  servelint price --ledger A --ledger B --max-num-batched-tokens N
                                       estimate what a shape costs from ledgers
  servelint version                    print the version

Flags for linting:
`

const exitText = `
Exit status: 0 no finding of severity warning or above; 1 findings; 2 bad
usage or config; 3 a failure (unreadable file, a write that could not be done
safely, an internal error).
`

type lintFlags struct {
	fix, diff   bool
	format      string
	enable      string
	disable     string
	jobs        int
	maxFileSize int64
	evalTimeout time.Duration
	paths       []string
}

func run(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "rules":
			return runRules(args[1:], stdout, stderr)
		case "version":
			_, _ = fmt.Fprintf(stdout, "servelint %s\n", version)
			return exitClean
		case "help":
			return runLint([]string{"--help"}, stdout, stderr)
		}
		if cmd, ok := subcommands[args[0]]; ok {
			return cmd(args[1:], stdout, stderr)
		}
	}
	return runLint(args, stdout, stderr)
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
	fs.BoolVar(&lf.diff, "diff", false, "print the fixes as a unified diff and write nothing")
	fs.StringVar(&lf.format, "format", "text", "output format: "+strings.Join(output.Formats, ", "))
	fs.StringVar(&lf.enable, "enable", "", "comma-separated rules to turn on (e.g. a rule that is off by default)")
	fs.StringVar(&lf.disable, "disable", "", "comma-separated rules to turn off")
	fs.IntVar(&lf.jobs, "j", 4, "number of files parsed in parallel")
	fs.DurationVar(&lf.evalTimeout, "eval-timeout", 2*time.Second, "time limit for evaluating one mode in the dry-run sandbox")
	fs.Int64Var(&lf.maxFileSize, "max-file-size", parser.DefaultMaxFileSize, "files larger than this many bytes are reported, not analysed")
	fs.Usage = func() {
		_, _ = fmt.Fprint(fs.Output(), usageText)
		fs.PrintDefaults()
		_, _ = fmt.Fprint(fs.Output(), exitText)
	}
	paths, err := parseInterleaved(fs, args)
	if err != nil {
		if errors.Is(err, flag.ErrHelp) {
			fs.SetOutput(stdout)
			fs.Usage()
			return exitClean
		}
		return exitUsage
	}
	if lf.jobs < 1 {
		_, _ = fmt.Fprintln(stderr, "servelint: -j must be at least 1")
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
	if len(paths) == 0 {
		paths = []string{"."}
	}
	lf.paths = paths
	opts := lint.Options{Paths: paths, Enable: splitList(lf.enable), Disable: splitList(lf.disable),
		Jobs: lf.jobs, MaxFileSize: lf.maxFileSize, Config: rules.DefaultConfig(),
		Evaluator: lint.SandboxEvaluator(lf.evalTimeout, lf.jobs, nil)}
	if _, err := lint.Analyzers(opts.Enable, opts.Disable); err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
		return exitUsage
	}
	wd, _ := os.Getwd()
	rules.DisplayPath = func(p string) string { return output.Relative(wd, p) }

	var res *lint.Result
	if lf.fix || lf.diff {
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
			return diffExit(oc, res)
		}
	} else {
		res, err = lint.Run(opts)
		if err != nil {
			_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
			return exitFailure
		}
	}
	return report(res, lf.format, wd, stdout, stderr)
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
			_, _ = fmt.Fprint(stdout, fixes.UnifiedDiff(output.Relative(wd, p), ch[0], ch[1]))
			continue
		}
		if err := fixes.WriteFile(p, ch[0], ch[1]); err != nil {
			_, _ = fmt.Fprintf(stderr, "servelint: not written: %v\n", err)
			code = exitFailure
		}
	}
	for _, sk := range oc.Report.Skipped {
		if sk.Reason == fixes.Invalid {
			_, _ = fmt.Fprintf(stderr, "servelint: a fix was refused (%s): %v\n", sk.Fix.Message, sk.Err)
		}
	}
	return code
}

func diffExit(oc *lint.FixOutcome, res *lint.Result) int {
	if len(res.Errors) > 0 {
		return exitFailure
	}
	if len(oc.Changed) > 0 {
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
	if err := output.Write(stdout, format, res.Findings); err != nil {
		_, _ = fmt.Fprintf(stderr, "servelint: %v\n", err)
		return exitFailure
	}
	for _, e := range res.Errors {
		_, _ = fmt.Fprintf(stderr, "servelint: %v\n", e)
	}
	if len(res.Errors) > 0 {
		return exitFailure
	}
	return findingsExit(res.Findings)
}

func runRules(args []string, stdout, stderr io.Writer) int {
	if len(args) > 1 {
		_, _ = fmt.Fprintln(stderr, "usage: servelint rules [RULE]")
		return exitUsage
	}
	if len(args) == 1 {
		a := rules.ByName(args[0])
		if a == nil {
			_, _ = fmt.Fprintf(stderr, "servelint: unknown rule %q\n", args[0])
			return exitUsage
		}
		_, _ = fmt.Fprintf(stdout, "%s\n\n%s\n", a.Name, a.Doc)
		return exitClean
	}
	for _, a := range rules.All {
		first, _, _ := strings.Cut(a.Doc, "\n")
		on := ""
		if !rules.DefaultOn(a) {
			on = " (off by default)"
		}
		_, _ = fmt.Fprintf(stdout, "%-15s %s%s\n", a.Name, first, on)
	}
	return exitClean
}
