package main

import (
	"path/filepath"
	"strings"
	"testing"
)

// TestLedgerFlagValidated: --ledger is checked as the config's ledger key
// is, before anything is linted: a path that matches no file is bad usage
// (exit 2, one clear line), not a failure after the whole lint.
func TestLedgerFlagValidated(t *testing.T) {
	ledgers, err := filepath.Abs("../../examples/ledgers")
	if err != nil {
		t.Fatal(err)
	}
	dir := example(t)
	for flag, want := range map[string]string{
		"nosuch.log":                 `servelint: --ledger: "nosuch.log" matches no file` + "\n",
		"nosuch/*.log":               `servelint: --ledger: "nosuch/*.log" matches no file` + "\n",
		",":                          "servelint: --ledger: no path given: name a boot ledger\n",
		"[":                          `servelint: --ledger: bad glob "[": syntax error in pattern` + "\n",
		ledgers + "/serve.log,x.log": `servelint: --ledger: "` + ledgers + `/serve.log" matches no file` + "\n",
	} {
		code, out, errs := runCLI(t, "--enable", "stepcost", "--ledger", flag, ".")
		if code != exitUsage || out != "" || errs != want {
			t.Errorf("--ledger %q: exit %d, stdout %q, stderr %q; want exit 2 and %q", flag, code, out, errs, want)
		}
	}
	// A ledger outside the tree, relative to the working directory, and a
	// glob: the flag is the user's, so it may lie anywhere.
	rel, err := filepath.Rel(dir, filepath.Join(ledgers, "qwen38_bf16_serve.log"))
	if err != nil {
		t.Fatal(err)
	}
	// Serve's and the refused calib boot's: no boot with bench's 16 seats.
	code, out, errs := runCLI(t, "--enable", "stepcost", "--ledger", rel+","+filepath.Join(ledgers, "qwen38_bf16_c*.log"), ".")
	if code != exitFindings || !strings.Contains(out, "bench's step 65536 could not be priced from the ledgers: the runtime for 16 seats is unknown") || errs != "" {
		t.Errorf("--ledger with real ledgers: exit %d\n%s%s", code, out, errs)
	}
}

// TestRulesAndVersionArgs: rules and version take -h/--help as the other
// subcommands do (usage on stdout, exit 0), and refuse what they do not
// take (exit 2) instead of reading "--help" as a rule or ignoring it.
func TestRulesAndVersionArgs(t *testing.T) {
	for _, tt := range []struct {
		args     []string
		code     int
		out, err string // prefixes; "" for empty
	}{
		{[]string{"rules", "--help"}, exitClean, "Usage: servelint rules [RULE]\n", ""},
		{[]string{"rules", "-h"}, exitClean, "Usage: servelint rules [RULE]\n", ""},
		{[]string{"rules", "privateshape", "--help"}, exitClean, "Usage: servelint rules [RULE]\n", ""},
		{[]string{"rules", "--bogus"}, exitUsage, "", "servelint rules: flag provided but not defined: -bogus\nrun 'servelint rules --help' for usage\n"},
		{[]string{"rules", "privateshape", "extra"}, exitUsage, "", `servelint rules: unexpected argument "extra"`},
		{[]string{"rules", "privateshape"}, exitClean, "## privateshape", ""},
		{[]string{"version"}, exitClean, "servelint " + version + "\n", ""},
		{[]string{"version", "--help"}, exitClean, "Usage: servelint version\n", ""},
		{[]string{"version", "--bogus", "extra"}, exitUsage, "", "servelint version: flag provided but not defined: -bogus\n"},
		{[]string{"version", "extra"}, exitUsage, "", `servelint version: unexpected argument "extra"`},
	} {
		code, out, errs := runCLI(t, tt.args...)
		if code != tt.code || !strings.HasPrefix(out, tt.out) || (tt.out == "") != (out == "") ||
			!strings.HasPrefix(errs, tt.err) || (tt.err == "") != (errs == "") {
			t.Errorf("servelint %s: exit %d, stdout %q, stderr %q; want exit %d, stdout %q…, stderr %q…",
				strings.Join(tt.args, " "), code, out, errs, tt.code, tt.out, tt.err)
		}
	}
}

// TestArgvHelpExecIsBool: --exec takes no argument, and its help says so
// (back quotes in its usage made the flag package print
// "-exec SCRIPT MODE --dry-run", as if it took three).
func TestArgvHelpExecIsBool(t *testing.T) {
	code, out, errs := runCLI(t, "argv", "--help")
	if code != exitClean || errs != "" {
		t.Fatalf("argv --help: exit %d, stderr %q", code, errs)
	}
	if !strings.Contains(out, "\n  -exec\n") || !strings.Contains(out, `ALSO RUN THE SCRIPT FOR REAL, as "SCRIPT MODE --dry-run"`) {
		t.Errorf("argv --help on --exec:\n%s", out)
	}
}

// TestLSPArgs: lsp validates --max-file-size as a lint does, and its help
// says what a config file that cannot be read exits with: 2, as a lint.
// Each case ends before the server would read stdin.
func TestLSPArgs(t *testing.T) {
	t.Chdir(t.TempDir())
	for _, tt := range []struct {
		args []string
		err  string
	}{
		{[]string{"--max-file-size", "-5"}, "servelint lsp: --max-file-size must be positive (got -5)\n"},
		{[]string{"--max-file-size", "0"}, "servelint lsp: --max-file-size must be positive (got 0)\n"},
		{[]string{"--config", "nosuch.yaml"}, "servelint: nosuch.yaml: cannot read config: no such file or directory\n"},
	} {
		code, out, errs := runCLI(t, append([]string{"lsp"}, tt.args...)...)
		if code != exitUsage || out != "" || errs != tt.err {
			t.Errorf("lsp %s: exit %d, stdout %q, stderr %q; want exit 2, %q", strings.Join(tt.args, " "), code, out, errs, tt.err)
		}
	}
	// A lint says the same of the missing config, with the same exit.
	if code, _, errs := runCLI(t, "--config", "nosuch.yaml"); code != exitUsage || errs != "servelint: nosuch.yaml: cannot read config: no such file or directory\n" {
		t.Errorf("lint --config nosuch.yaml: exit %d, %q", code, errs)
	}
	_, out, _ := runCLI(t, "lsp", "--help")
	if !strings.Contains(out, "2 bad usage or\nconfig (as for a lint: a config file that is invalid, missing or cannot be\nread)") || strings.Contains(out, "3 a config file") {
		t.Errorf("lsp --help on exit statuses:\n%s", out)
	}
}

// TestHelpCommand: "servelint help COMMAND" is that command's --help (on
// stdout, exit 0); an unknown command is bad usage.
func TestHelpCommand(t *testing.T) {
	for _, cmd := range []string{"rules", "config", "version", "argv", "ledger", "price", "lsp"} {
		_, want, _ := runCLI(t, cmd, "--help")
		code, out, errs := runCLI(t, "help", cmd)
		if code != exitClean || out != want || errs != "" || want == "" {
			t.Errorf("help %s: exit %d, stderr %q, stdout differs from %s --help: %q", cmd, code, errs, cmd, out)
		}
	}
	_, want, _ := runCLI(t, "--help")
	for _, args := range [][]string{{"help"}, {"help", "help"}, {"help", "--help"}, {"help", "-h"}} {
		if code, out, _ := runCLI(t, args...); code != exitClean || out != want {
			t.Errorf("%v: exit %d, not the main help", args, code)
		}
	}
	for _, args := range [][]string{{"help", "nope"}, {"help", "argv", "extra"}} {
		if code, out, errs := runCLI(t, args...); code != exitUsage || out != "" || !strings.HasPrefix(errs, "servelint help: ") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want exit 2", args, code, out, errs)
		}
	}
}

// TestBadFlagNamed: a bad flag is said after the command's name, with the
// hint, on stderr (exit 2), whatever the command.
func TestBadFlagNamed(t *testing.T) {
	for _, args := range [][]string{{"--bogus"}, {"-j", "x"}, {".", "--bogus"}, {"argv", "--bogus"}, {"lsp", "--bogus"}, {"config", "--bogus"}} {
		name := "servelint"
		if args[0] == "argv" || args[0] == "lsp" || args[0] == "config" {
			name += " " + args[0]
		}
		code, out, errs := runCLI(t, args...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, name+": ") || !strings.HasSuffix(errs, "run '"+name+" --help' for usage\n") {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errs)
		}
	}
}

// TestEmptyNamingFlag: --config, --changed-from and --ledger given an
// empty value (an unset "$CFG" or "$BASE") are bad usage, as an empty path
// and --stdin-filename "" are: not the default, which would read a config
// found in the tree or lint the whole tree instead of a change.
func TestEmptyNamingFlag(t *testing.T) {
	example(t)
	for _, tt := range []struct {
		args []string
		err  string
	}{
		{[]string{"--config", "", "."}, `servelint: --config "" is empty`},
		{[]string{"--config=", "."}, `servelint: --config "" is empty`},
		{[]string{"--changed-from=", "."}, `servelint: --changed-from "" is empty`},
		{[]string{".", "--ledger", ""}, `servelint: --ledger "" is empty`},
		{[]string{"config", "--config", ""}, `servelint config: --config "" is empty`},
		{[]string{"argv", "--config", "", "scripts/frank-archon.sh"}, `servelint argv: --config "" is empty`},
		{[]string{"lsp", "--config", ""}, `servelint lsp: --config "" is empty`},
	} {
		code, out, errs := runCLI(t, tt.args...)
		if code != exitUsage || out != "" || !strings.HasPrefix(errs, tt.err) {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2, %q…", tt.args, code, out, errs, tt.err)
		}
	}
}

// TestEmptyPath: an empty argument (an unset "$FILES") is bad usage, not
// the working directory.
func TestEmptyPath(t *testing.T) {
	example(t)
	for _, args := range [][]string{{""}, {".", ""}, {"--fix", ""}, {"argv", ""}, {"argv", "", "serve"}, {"ledger", ""}} {
		if code, out, errs := runCLI(t, args...); code != exitUsage || out != "" || !strings.Contains(errs, "empty path") {
			t.Errorf("%q: exit %d, stdout %q, stderr %q; want exit 2", args, code, out, errs)
		}
	}
}
