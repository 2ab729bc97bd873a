package ledger

import (
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"slices"
	"strings"
)

// Exit codes of the subcommands.
const (
	exitOK      = 0
	exitUsage   = 2
	exitFailure = 3
)

const ledgerUsage = `usage: servelint ledger [--format=text|json] LOG...

Lines up engine boot ledgers side by side: one column per boot, one row per
item (shape flags, activation arena, runtime, claimable, weights by tier,
vram_kv, full-length sessions, expert prefetch). Cells that differ from the
first boot are marked with "*"; a refused boot is explained in one sentence.
A missing row is shown as missing, never guessed.

  --format=text|json  output format (default text); json prints one array
                      with an object per log, sizes in MiB, null when missing

Exit status: 0 printed (a refused boot is not an error), 2 bad usage,
3 a ledger could not be read.
`

const priceUsage = `usage: servelint price --ledger A --ledger B [--ledger ...]
                       --max-num-batched-tokens N [--max-num-seqs S]
                       [--max-model-len L]
                       [--format=text|json]

Estimates from boot ledgers what booting with a step of N tokens would cost.
A ledger that booted the very shape (step, seats, window) is the answer.
Otherwise the arena is the one a ledger measured at N, else fitted as
a + b × step by least squares through the ledgers' (step, arena) points (it
needs ledgers at two steps at least). Claimable, vram_kv, KV tokens and
full-length sessions start from the base: the started boot with the same
seats at the nearest step. Its claimable less the change in arena (and in
runtime, when S differs from its seats), less its weights in VRAM, at its
bytes per KV token. The shape is backed when at least one full-length
session fits. The engine moves weights off the card to fund the KV cache,
so the estimate is also made with the least weights any started boot kept
in VRAM: when even that backs no session, no boot suggests it can start.

  --ledger FILE                a boot ledger; repeat (the first wins ties)
  --max-num-batched-tokens N   the step to price (required)
  --max-num-seqs S             the seats (default: the base's)
  --max-model-len L            the window (default: the base's)
  --format=text|json           output format (default text)

Exit status: 0 priced, 2 bad usage, 3 a ledger could not be read or the
estimate could not be made (for instance, the slope is unknown).
`

// RunLedger runs `servelint ledger` with args (the arguments after the
// subcommand name), printing to stdout and stderr. It returns the exit code:
// 0 on success (a refused boot is not an error), 2 on bad usage, 3 when a
// ledger cannot be read or parsed.
func RunLedger(args []string, stdout, stderr io.Writer) int {
	const cmd = "servelint ledger"
	fs := newFlagSet(cmd)
	format := fs.String("format", "text", "")
	files, err := parseInterspersed(fs, args)
	if code, done := usageDone(cmd, ledgerUsage, err, stdout, stderr); done {
		return code
	}
	if len(files) == 0 {
		return usageError(cmd, ledgerUsage, "no ledger given", stderr)
	}
	if slices.Contains(files, "") {
		// An unset variable ("$LOG"), not a file.
		return usageError(cmd, ledgerUsage, `an empty path ("") names no ledger`, stderr)
	}
	if *format != "text" && *format != "json" {
		return usageError(cmd, ledgerUsage, fmt.Sprintf("unknown format %q (want text or json)", *format), stderr)
	}
	ledgers, ok := readLedgers(cmd, files, stderr)
	if !ok {
		return exitFailure
	}
	var out []byte
	if *format == "json" {
		if out, err = MarshalLedgers(ledgers); err != nil {
			return failure(cmd, err, stderr)
		}
		for _, l := range ledgers {
			for _, n := range l.Notes {
				say(stderr, "%s: note: %s\n", cmd, n)
			}
		}
	} else {
		out = []byte(FormatTable(ledgers))
	}
	if _, err := stdout.Write(out); err != nil {
		return failure(cmd, err, stderr)
	}
	return exitOK
}

// RunPrice runs `servelint price` with args (the arguments after the
// subcommand name), printing to stdout and stderr. It returns the exit code:
// 0 on success, 2 on bad usage, 3 when a ledger cannot be read or parsed or
// the estimate cannot be made.
func RunPrice(args []string, stdout, stderr io.Writer) int {
	const cmd = "servelint price"
	fs := newFlagSet(cmd)
	var files fileList
	fs.Var(&files, "ledger", "")
	stepArg := fs.String("max-num-batched-tokens", "", "")
	seatsArg := fs.String("max-num-seqs", "", "")
	windowArg := fs.String("max-model-len", "", "")
	format := fs.String("format", "text", "")
	rest, err := parseInterspersed(fs, args)
	if code, done := usageDone(cmd, priceUsage, err, stdout, stderr); done {
		return code
	}
	switch {
	case len(rest) > 0:
		return usageError(cmd, priceUsage, fmt.Sprintf("unexpected argument %q (ledgers are given with --ledger)", rest[0]), stderr)
	case len(files) == 0:
		return usageError(cmd, priceUsage, "no --ledger given", stderr)
	case *stepArg == "":
		return usageError(cmd, priceUsage, "--max-num-batched-tokens is required", stderr)
	case *format != "text" && *format != "json":
		return usageError(cmd, priceUsage, fmt.Sprintf("unknown format %q (want text or json)", *format), stderr)
	}
	step, err := positiveInt(*stepArg)
	if err != nil {
		return usageError(cmd, priceUsage, "--max-num-batched-tokens: "+err.Error(), stderr)
	}
	seats := 0
	if *seatsArg != "" {
		if seats, err = positiveInt(*seatsArg); err != nil {
			return usageError(cmd, priceUsage, "--max-num-seqs: "+err.Error(), stderr)
		}
	}
	window := 0
	if *windowArg != "" {
		if window, err = positiveInt(*windowArg); err != nil {
			return usageError(cmd, priceUsage, "--max-model-len: "+err.Error(), stderr)
		}
	}
	ledgers, ok := readLedgers(cmd, files, stderr)
	if !ok {
		return exitFailure
	}
	est, err := Price(ledgers, step, seats, window)
	if err != nil {
		return failure(cmd, err, stderr)
	}
	var out []byte
	if *format == "json" {
		if out, err = json.MarshalIndent(est, "", "  "); err != nil {
			return failure(cmd, err, stderr)
		}
		out = append(out, '\n')
		for _, n := range est.Notes {
			say(stderr, "%s: note: %s\n", cmd, n)
		}
	} else {
		out = []byte(est.Text())
	}
	if _, err := stdout.Write(out); err != nil {
		return failure(cmd, err, stderr)
	}
	return exitOK
}

// fileList is a repeatable file flag.
type fileList []string

// String returns the files joined by commas.
func (f *fileList) String() string { return strings.Join(*f, ",") }

// Set adds a file.
func (f *fileList) Set(s string) error {
	if s == "" {
		return errors.New("empty file name")
	}
	*f = append(*f, s)
	return nil
}

// newFlagSet returns a flag set that prints nothing itself (its default
// usage goes to io.Discard): the caller prints usage and errors where they
// belong.
func newFlagSet(cmd string) *flag.FlagSet {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	return fs
}

// parseInterspersed parses flags that may come before, between or after the
// positional arguments, which it returns. After "--" everything is
// positional.
func parseInterspersed(fs *flag.FlagSet, args []string) ([]string, error) {
	var positional []string
	for {
		if err := fs.Parse(args); err != nil {
			return nil, err
		}
		rest := fs.Args()
		if used := len(args) - len(rest); used > 0 && args[used-1] == "--" {
			return append(positional, rest...), nil
		}
		if len(rest) == 0 {
			return positional, nil
		}
		positional = append(positional, rest[0])
		args = rest[1:]
	}
}

// usageDone handles the outcome of parsing: help goes to stdout with exit
// 0, a parse error to stderr with exit 2. done is false when parsing
// succeeded.
func usageDone(cmd, usage string, err error, stdout, stderr io.Writer) (code int, done bool) {
	switch {
	case err == nil:
		return 0, false
	case errors.Is(err, flag.ErrHelp):
		if _, werr := io.WriteString(stdout, usage); werr != nil {
			return failure(cmd, werr, stderr), true
		}
		return exitOK, true
	default:
		return usageError(cmd, usage, err.Error(), stderr), true
	}
}

// usageError reports bad usage on stderr and returns exit code 2.
func usageError(cmd, usage, msg string, stderr io.Writer) int {
	say(stderr, "%s: %s\n\n%s", cmd, msg, usage)
	return exitUsage
}

// failure reports a failure on stderr and returns exit code 3.
func failure(cmd string, err error, stderr io.Writer) int {
	say(stderr, "%s: %v\n", cmd, err)
	return exitFailure
}

// say writes a diagnostic to stderr. A diagnostic that cannot be written
// has nowhere else to go, so its error is dropped.
func say(stderr io.Writer, format string, args ...any) {
	_, _ = fmt.Fprintf(stderr, format, args...)
}

// readLedgers parses each file, reporting every failure on stderr; ok is
// false when any failed.
func readLedgers(cmd string, files []string, stderr io.Writer) ([]*Ledger, bool) {
	ledgers := make([]*Ledger, 0, len(files))
	ok := true
	for _, f := range files {
		l, err := ParseFile(f)
		if err != nil {
			say(stderr, "%s: %v\n", cmd, err)
			ok = false
			continue
		}
		ledgers = append(ledgers, l)
	}
	return ledgers, ok
}

// positiveInt reads a positive whole number, thousands separators allowed.
func positiveInt(s string) (int, error) {
	n, err := parseNumber(s)
	if err != nil {
		return 0, err
	}
	if !wholeCount(n) {
		return 0, fmt.Errorf("%s is not a positive whole number of tokens or seats", s)
	}
	return int(n), nil
}
