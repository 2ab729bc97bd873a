package main

import (
	"bytes"
	"encoding/json"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/servelint/servelint/internal/testfs"
)

// example copies examples/frank-archon into a temp dir, makes it the
// working directory, and returns it. An empty .servelint.yaml keeps any
// config above the temp dir out.
func example(t *testing.T) string {
	t.Helper()
	src, err := filepath.Abs("../../examples/frank-archon")
	if err != nil {
		t.Fatal(err)
	}
	dst := t.TempDir()
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		b, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, b, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
	testfs.Write(t, filepath.Join(dst, ".servelint.yaml"), "")
	t.Chdir(dst)
	return dst
}

// editLine replaces line n (1-based) of a file.
func editLine(t *testing.T, p string, n int, f func(string) string) {
	t.Helper()
	b, err := os.ReadFile(p)
	if err != nil {
		t.Fatal(err)
	}
	lines := strings.Split(string(b), "\n")
	lines[n-1] = f(lines[n-1])
	testfs.Write(t, p, strings.Join(lines, "\n"))
}

func runCLI(t *testing.T, args ...string) (int, string, string) {
	t.Helper()
	var stdout, stderr bytes.Buffer
	code := run(args, &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

const script = "scripts/frank-archon.sh"
const envFile = "scripts/frank-archon.env"

func TestE2ESARIF(t *testing.T) {
	example(t)
	code, out, errs := runCLI(t, "--format=sarif")
	if code != exitFindings {
		t.Fatalf("exit %d, want %d; stderr %s", code, exitFindings, errs)
	}
	var log struct {
		Version string `json:"version"`
		Runs    []struct {
			Tool struct {
				Driver struct {
					Name  string `json:"name"`
					Rules []struct {
						ID               string `json:"id"`
						ShortDescription struct {
							Text string `json:"text"`
						} `json:"shortDescription"`
						HelpURI string `json:"helpUri"`
						Default struct {
							Level string `json:"level"`
						} `json:"defaultConfiguration"`
					} `json:"rules"`
				} `json:"driver"`
			} `json:"tool"`
			Results []struct {
				RuleID    string `json:"ruleId"`
				Level     string `json:"level"`
				Locations []struct {
					PhysicalLocation struct {
						ArtifactLocation struct {
							URI string `json:"uri"`
						} `json:"artifactLocation"`
						Region struct {
							StartLine, StartColumn, EndLine, EndColumn int
						} `json:"region"`
					} `json:"physicalLocation"`
				} `json:"locations"`
				Fixes []struct {
					ArtifactChanges []struct {
						Replacements []struct {
							DeletedRegion struct {
								StartLine  int  `json:"startLine"`
								ByteOffset *int `json:"byteOffset"`
							} `json:"deletedRegion"`
							InsertedContent *struct {
								Text string `json:"text"`
							} `json:"insertedContent"`
						} `json:"replacements"`
					} `json:"artifactChanges"`
				} `json:"fixes"`
			} `json:"results"`
		} `json:"runs"`
	}
	if err := json.Unmarshal([]byte(out), &log); err != nil {
		t.Fatalf("SARIF does not parse: %v\n%s", err, out)
	}
	if log.Version != "2.1.0" || len(log.Runs) != 1 || log.Runs[0].Tool.Driver.Name != "servelint" {
		t.Fatalf("version %q, %d runs", log.Version, len(log.Runs))
	}
	run := log.Runs[0]
	ids := map[string]bool{}
	for _, r := range run.Tool.Driver.Rules {
		ids[r.ID] = true
		if r.ShortDescription.Text == "" || r.HelpURI == "" || r.Default.Level == "" {
			t.Errorf("rule %s lacks a description, help URI or default level", r.ID)
		}
	}
	for _, want := range []string{"privateshape", "shapealias", "freethroughput", "envdialect", "suppression"} {
		if !ids[want] {
			t.Errorf("tool.driver.rules lacks %s", want)
		}
	}
	fixes := 0
	seen := map[string]bool{}
	for _, r := range run.Results {
		seen[r.RuleID] = true
		if !ids[r.RuleID] {
			t.Errorf("result for rule %s not in tool.driver.rules", r.RuleID)
		}
		if len(r.Locations) != 1 {
			t.Fatalf("result %s has %d locations", r.RuleID, len(r.Locations))
		}
		loc := r.Locations[0].PhysicalLocation
		if loc.ArtifactLocation.URI != script && loc.ArtifactLocation.URI != envFile {
			t.Errorf("uri %q", loc.ArtifactLocation.URI)
		}
		if loc.Region.StartLine < 1 || loc.Region.StartColumn < 1 || loc.Region.EndLine < loc.Region.StartLine {
			t.Errorf("region %+v", loc.Region)
		}
		for _, f := range r.Fixes {
			for _, ch := range f.ArtifactChanges {
				for _, rep := range ch.Replacements {
					fixes++
					if rep.DeletedRegion.ByteOffset == nil || rep.DeletedRegion.StartLine < 1 {
						t.Errorf("replacement region %+v", rep.DeletedRegion)
					}
				}
			}
		}
	}
	for _, want := range []string{"privateshape", "shapealias", "freethroughput", "envdialect"} {
		if !seen[want] {
			t.Errorf("no %s result", want)
		}
	}
	if fixes == 0 {
		t.Error("no result carries a fix")
	}
}

var ghLine = regexp.MustCompile(`^::(error|warning|notice) file=scripts/frank-archon\.(sh|env),line=\d+,col=\d+,endLine=\d+,endColumn=\d+,title=[a-z]+::\S.*$`)

func TestE2EGitHub(t *testing.T) {
	example(t)
	code, out, _ := runCLI(t, "--format=github")
	if code != exitFindings {
		t.Fatalf("exit %d", code)
	}
	_, text, _ := runCLI(t)
	lines := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	if len(lines) != strings.Count(text, "\n") {
		t.Errorf("%d annotations for %d findings", len(lines), strings.Count(text, "\n"))
	}
	warnings := 0
	for _, l := range lines {
		if !ghLine.MatchString(l) {
			t.Errorf("not an annotation: %q", l)
		}
		if strings.HasPrefix(l, "::warning ") {
			warnings++
			if !strings.Contains(l, "title=freethroughput::") {
				t.Errorf("unexpected warning %q", l)
			}
		}
	}
	if warnings != 2 {
		t.Errorf("%d warnings, want the two freethroughput findings", warnings)
	}
	if !strings.Contains(out, "::error file=scripts/frank-archon.sh,line=36,col=37,endLine=36,endColumn=41,title=privateshape::kl-ref passes --max-num-batched-tokens 2048") {
		t.Errorf("the kl-ref privateshape annotation is missing:\n%s", out)
	}
}

func TestE2EConfig(t *testing.T) {
	dir := example(t)
	cfg := filepath.Join(dir, ".servelint.yaml")
	tests := []struct {
		name, body string
		args       []string
		want       string // in stderr, after "servelint: "
	}{
		{"unknown key", "disable: [freethroughput]\n\nignore: [x]\n", nil, ".servelint.yaml:3: unknown key \"ignore\" (known: disable, enable, exclude, engine, modes, per_mode_flags, owners, calib, ledger)"},
		{"bad rule", "enable:\n  - stepcost\n  - privatshape\n", nil, ".servelint.yaml:3: unknown rule \"privatshape\" in enable"},
		{"bad value", "modes:\n  proven: [serve]\n", nil, ".servelint.yaml:2: modes.proven must be a string, not a list"},
		{"bad engine", "engine: vlm\n", []string{"config"}, ".servelint.yaml:1: unknown engine \"vlm\""},
		{"two documents", "disable: [freethroughput]\n---\nenable: [stepcost]\n", nil, ".servelint.yaml:2: one YAML document expected"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			testfs.Write(t, cfg, tt.body)
			code, out, errs := runCLI(t, tt.args...)
			if code != exitUsage {
				t.Errorf("exit %d, want %d", code, exitUsage)
			}
			if out != "" {
				t.Errorf("stdout: %s", out)
			}
			if !strings.Contains(errs, filepath.Join(dir, tt.want)) {
				t.Errorf("stderr %q, want %q", errs, filepath.Join(dir, tt.want))
			}
		})
	}
	// Found from a subdirectory; --config names another file.
	testfs.Write(t, cfg, "disable: [freethroughput, envdialect]\n")
	t.Chdir(filepath.Join(dir, "scripts"))
	code, out, _ := runCLI(t, ".")
	if code != exitFindings || strings.Contains(out, "(freethroughput)") || strings.Contains(out, "(envdialect)") || !strings.Contains(out, "(privateshape)") {
		t.Errorf("exit %d with the config from the parent directory:\n%s", code, out)
	}
	other := filepath.Join(dir, "other.yaml")
	testfs.Write(t, other, "exclude: [scripts/**]\n")
	code, out, _ = runCLI(t, "--config", other, "..")
	if code != exitClean || out != "" {
		t.Errorf("--config excluding everything: exit %d:\n%s", code, out)
	}
	// Files named on the command line (as pre-commit does) are excluded too.
	code, out, _ = runCLI(t, "--config", other, "frank-archon.sh", "frank-archon.env")
	if code != exitClean || out != "" {
		t.Errorf("--config excluding the named files: exit %d:\n%s", code, out)
	}
	code, _, errs := runCLI(t, "--config", filepath.Join(dir, "nope.yaml"))
	if code != exitUsage || !strings.Contains(errs, "nope.yaml") {
		t.Errorf("missing --config file: exit %d, %s", code, errs)
	}
	t.Chdir(dir)

	// The command line wins over the config.
	code, out, _ = runCLI(t, "--enable", "freethroughput")
	if code != exitFindings || !strings.Contains(out, "(freethroughput)") {
		t.Errorf("--enable does not win over the config's disable:\n%s", out)
	}

	// modes and calib knobs reach the rules: with kl-ref a calib-like
	// role and its step a named knob, its literal is still private.
	testfs.Write(t, cfg, "modes:\n  proven: serve\nper_mode_flags: [--port]\ncalib:\n  knobs:\n    --max-num-batched-tokens: FRANK_ARCHON_CALIB_BATCHED_TOKENS\n    --ngram-placement:\n")
	code, out, errs = runCLI(t, "config")
	if code != exitClean || !strings.Contains(out, "proven: serve\n") || !strings.Contains(out, "per_mode_flags: [--port]\n") ||
		!strings.Contains(out, "--max-num-batched-tokens: FRANK_ARCHON_CALIB_BATCHED_TOKENS") || !strings.Contains(out, "# effective servelint configuration, from "+cfg) {
		t.Errorf("servelint config: exit %d\n%s%s", code, out, errs)
	}
	code, _, errs = runCLI(t)
	if code != exitFindings {
		t.Errorf("lint with modes.proven: exit %d %s", code, errs)
	}
}

func TestE2ESuppressions(t *testing.T) {
	example(t)
	// With a reason: kl-ref's private step (line 36) is silenced.
	editLine(t, script, 36, func(l string) string {
		return l + " # servelint:ignore privateshape,argvdrift -- kl-ref records at 2048 for RUN-12"
	})
	// Without a reason: silenced, and reported.
	editLine(t, script, 40, func(l string) string { return l + " # servelint:ignore freethroughput" })
	// Own line, covering bench's seqs=16 (line 48 after the insert): unused
	// for argvdrift, used for nothing else either.
	b, _ := os.ReadFile(script)
	lines := strings.Split(string(b), "\n")
	lines = append(lines[:46], append([]string{"    # servelint:ignore envowner -- nothing here"}, lines[46:]...)...)
	testfs.Write(t, script, strings.Join(lines, "\n"))
	// In the env file: the shim line 14 (shapealias and envdialect).
	editLine(t, envFile, 13, func(string) string {
		return "# servelint:ignore shapealias,envdialect -- the old calib runner reads it (RUN-7)"
	})

	code, out, errs := runCLI(t)
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errs)
	}
	for _, gone := range []string{
		"frank-archon.sh:36:37: kl-ref passes",
		"frank-archon.sh:40:5: warning: comment claims",
		"frank-archon.env:14:1:",
	} {
		if strings.Contains(out, gone) {
			t.Errorf("not silenced: %s\n%s", gone, out)
		}
	}
	for _, want := range []string{
		"frank-archon.sh:40:62: warning: suppression of freethroughput has no reason: say why after \"--\"",
		"frank-archon.sh:47:5: warning: servelint:ignore envowner silences nothing on lines 47-49; remove it (suppression)",
		"frank-archon.sh:48:5: warning: comment claims \"free throughput\"",
		"frank-archon.sh:51:37: bench passes --max-num-batched-tokens 65536",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("missing: %s\n%s", want, out)
		}
	}
	// --disable suppression turns the pseudo-rule off; the suppressions still work.
	_, out, _ = runCLI(t, "--disable", "suppression")
	if strings.Contains(out, "(suppression)") || strings.Contains(out, "frank-archon.sh:36:37:") {
		t.Errorf("--disable suppression:\n%s", out)
	}
	// --fix deletes the unused suppression and leaves the others.
	if code, _, errs := runCLI(t, "--fix"); code == exitFailure || code == exitUsage {
		t.Fatalf("--fix: exit %d %s", code, errs)
	}
	b, _ = os.ReadFile(script)
	if strings.Contains(string(b), "servelint:ignore envowner") || !strings.Contains(string(b), "servelint:ignore freethroughput") ||
		!strings.Contains(string(b), "--max-num-batched-tokens 2048 # servelint:ignore privateshape,argvdrift") {
		t.Errorf("after --fix:\n%s", b)
	}
}

// git runs git in the working directory with a throwaway identity.
func git(t *testing.T, args ...string) string {
	t.Helper()
	cmd := exec.Command("git", append([]string{"-c", "init.defaultBranch=main", "-c", "commit.gpgsign=false"}, args...)...)
	cmd.Env = append(os.Environ(), "GIT_AUTHOR_NAME=t", "GIT_AUTHOR_EMAIL=t@example.invalid",
		"GIT_COMMITTER_NAME=t", "GIT_COMMITTER_EMAIL=t@example.invalid", "GIT_CONFIG_GLOBAL=/dev/null", "GIT_CONFIG_NOSYSTEM=1")
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("git %s: %v\n%s", strings.Join(args, " "), err, out)
	}
	return string(out)
}

func TestE2EChangedFrom(t *testing.T) {
	if _, err := exec.LookPath("git"); err != nil {
		t.Skip("git not installed")
	}
	example(t)
	git(t, "init", "-q")
	git(t, "add", "-A")
	git(t, "commit", "-qm", "base")

	code, out, errs := runCLI(t, "--changed-from=HEAD")
	if code != exitClean || out != "" || !strings.Contains(errs, "no script or env file changed since HEAD") {
		t.Fatalf("no change: exit %d\n%s%s", code, out, errs)
	}

	// Two lines inserted at the top move every old finding; serve|kl (line
	// 31, now 33) gets a private step: the only new finding.
	b, _ := os.ReadFile(script)
	s := strings.Replace(string(b), "set -euo pipefail\n", "set -euo pipefail\n# moved\n# down\n", 1)
	s = strings.Replace(s, `--max-num-batched-tokens "$FRANK_ARCHON_MAX_BATCHED_TOKENS"`, "--max-num-batched-tokens 4096", 1)
	testfs.Write(t, script, s)
	code, out, errs = runCLI(t, "--changed-from=HEAD")
	if code != exitFindings {
		t.Fatalf("exit %d: %s", code, errs)
	}
	got := strings.Split(strings.TrimSuffix(out, "\n"), "\n")
	for _, l := range got {
		if !strings.Contains(l, "4096") && !strings.Contains(l, "FRANK_ARCHON_MAX_BATCHED_TOKENS owns --max-num-batched-tokens but no script") {
			t.Errorf("not new: %s", l)
		}
	}
	if !strings.Contains(out, "scripts/frank-archon.sh:33:37: serve|kl passes --max-num-batched-tokens 4096") {
		t.Errorf("the new finding is missing:\n%s", out)
	}

	// Staged counts too; an untracked script is linted whole.
	git(t, "add", script)
	testfs.Write(t, "tools/probe.sh", "#!/usr/bin/env bash\n# more seats are free throughput\nexec vllm serve m --max-num-seqs 4\n")
	code, out, _ = runCLI(t, "--changed-from=HEAD", "--format=github")
	if code != exitFindings || !strings.Contains(out, "::warning file=tools/probe.sh,line=2,") || !strings.Contains(out, "title=privateshape::serve|kl passes") {
		t.Errorf("staged + untracked: exit %d\n%s", code, out)
	}

	// A changed env file: the script that reads it is linted, and what
	// the change causes there is new.
	git(t, "commit", "-qm", "step")
	if err := os.Remove("tools/probe.sh"); err != nil {
		t.Fatal(err)
	}
	editLine(t, envFile, 4, func(string) string { return "# FRANK_ARCHON_MAX_MODEL_LEN moved to the model card" })
	code, out, _ = runCLI(t, "--changed-from=HEAD")
	if code != exitFindings || !strings.Contains(out, "scripts/frank-archon.sh:") || !strings.Contains(out, "FRANK_ARCHON_MAX_MODEL_LEN") {
		t.Errorf("changed env file: exit %d\n%s", code, out)
	}
	for _, l := range strings.Split(strings.TrimSuffix(out, "\n"), "\n") {
		if !strings.Contains(l, "FRANK_ARCHON_MAX_MODEL_LEN") {
			t.Errorf("not caused by the env change: %s", l)
		}
	}

	// A finding that only the dry run sees: REV's side is evaluated from
	// REV's env file (32768), so calib's new short step (8192) is new.
	git(t, "checkout", "-q", "--", envFile)
	editLine(t, envFile, 12, func(string) string { return "FRANK_ARCHON_CALIB_BATCHED_TOKENS=8192" })
	code, out, _ = runCLI(t, "--changed-from=HEAD")
	if code != exitFindings || !strings.Contains(out, "warning: calib steps 8192 tokens at a time") {
		t.Errorf("calib step from a changed env file: exit %d\n%s", code, out)
	}

	// Bad usage.
	if code, _, errs := runCLI(t, "--changed-from=nosuchrev"); code != exitUsage || !strings.Contains(errs, "unknown revision") {
		t.Errorf("bad rev: exit %d %s", code, errs)
	}
	if code, _, _ := runCLI(t, "--changed-from=HEAD", "--fix"); code != exitUsage {
		t.Errorf("--changed-from with --fix: exit %d", code)
	}
}

// TestE2EPreCommitEnvOnly lints a changed env file alone, as pre-commit
// does when only it changed: the script that reads it, elsewhere in the
// repository, is linted too.
func TestE2EPreCommitEnvOnly(t *testing.T) {
	dir := t.TempDir()
	t.Chdir(dir)
	if err := os.Mkdir(".git", 0o755); err != nil {
		t.Fatal(err)
	}
	testfs.Write(t, ".servelint.yaml", "")
	testfs.Write(t, "deploy/env/prod/serve.env", "SERVE_MAX_SEQS=8\nSERVE_MAX_BATCHED_TOKENS=1024\n")
	testfs.Write(t, "bin/serve.sh", `#!/usr/bin/env bash
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)
. "$here/../deploy/env/prod/serve.env"
exec radiance serve /m --max-num-seqs "$SERVE_MAX_SEQS" --max-num-batched-tokens "$SERVE_MAX_BATCHED_TOKENS" --max-model-len "$SERVE_MAX_MODEL_LEN"
`)
	code, out, errs := runCLI(t, "deploy/env/prod/serve.env")
	if code != exitFindings || !strings.Contains(out, "bin/serve.sh:4:") || !strings.Contains(out, "SERVE_MAX_MODEL_LEN") {
		t.Errorf("exit %d\n%s%s", code, out, errs)
	}
}

func TestHelpPrintedOnce(t *testing.T) {
	for _, args := range [][]string{{"--help"}, {"config", "--help"}} {
		code, out, errs := runCLI(t, args...)
		if code != exitClean || errs != "" || strings.Count(out, "Usage:") != 1 {
			t.Errorf("%v: exit %d, stderr %q, %d usages", args, code, errs, strings.Count(out, "Usage:"))
		}
	}
	if code, _, errs := runCLI(t, "--bogus"); code != exitUsage || !strings.Contains(errs, "--help") {
		t.Errorf("--bogus: exit %d %q", code, errs)
	}
}
