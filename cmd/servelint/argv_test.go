package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/servelint/servelint/internal/testfs"
)

// TestArgvCommand: servelint argv on the example before and after --fix,
// through the CLI entry point: text, JSON and the exit statuses.
func TestArgvCommand(t *testing.T) {
	example(t)
	script := "scripts/frank-archon.sh"

	out, errOut, code := lintDir(t, "argv", script)
	if code != exitFindings {
		t.Fatalf("argv before --fix: exit %d, want 1 (bench and kl-ref differ)\n%s%s", code, out, errOut)
	}
	for _, want := range []string{"== serve (proven)", "== kl: byte-identical to serve", "== kl-ref differs from serve:", "-1024\n+2048\n"} {
		if !strings.Contains(out, want) {
			t.Errorf("argv output lacks %q:\n%s", want, out)
		}
	}

	if _, _, code := lintDir(t, "--fix", "."); code != exitClean {
		t.Fatalf("--fix left findings (exit %d)", code)
	}
	out, _, code = lintDir(t, "argv", "--format", "json", script, "serve", "kl", "kl-ref", "bench", "calib")
	if code != exitClean {
		t.Fatalf("argv after --fix: exit %d, want 0\n%s", code, out)
	}
	var res []struct {
		Mode       string            `json:"mode"`
		Argv       []string          `json:"argv"`
		Launcher   []string          `json:"launcher"`
		Env        map[string]string `json:"env"`
		Skipped    [][]string        `json:"skipped"`
		Unresolved []string          `json:"unresolved"`
		Error      string            `json:"error"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("json: %v\n%s", err, out)
	}
	if len(res) != 5 {
		t.Fatalf("%d results, want 5", len(res))
	}
	serve := strings.Join(res[0].Argv, " ")
	for _, r := range res[1:4] {
		if got := strings.Join(r.Argv, " "); got != serve {
			t.Errorf("%s argv differs from serve after --fix:\n%s\n%s", r.Mode, got, serve)
		}
	}
	calib := strings.Join(res[4].Argv, " ")
	want := strings.NewReplacer("--max-num-batched-tokens 1024", "--max-num-batched-tokens 32768", "--ngram-placement ram", "--ngram-placement disk").Replace(serve)
	if calib != want {
		t.Errorf("calib argv:\n%s\nwant serve's with only its two knobs changed:\n%s", calib, want)
	}
	if res[0].Argv[0] != "radiance" || res[0].Launcher[0] != "docker" || res[4].Env["RADIANCE_CALIB_DIR"] != "/taps/qwen38" {
		t.Errorf("serve argv/launcher/env: %q %q %v", res[0].Argv[:2], res[0].Launcher[:2], res[4].Env)
	}

	// A mode that cannot be evaluated: exit 3.
	if _, _, code := lintDir(t, "argv", script, "nope"); code != exitFailure {
		t.Errorf("argv with an unknown mode: exit %d, want 3", code)
	}
	if _, _, code := lintDir(t, "argv"); code != exitUsage {
		t.Errorf("argv without a script: exit %d, want 2", code)
	}
}

// TestSymlinkedTreeEvaluated: a directory named through a symlink that
// leaves the working directory (`servelint s` in sub/, s -> ../real) is
// its own tree: the working directory, which does not hold the link's
// target, is no root, so the dry run reads the script's env file instead
// of refusing it as outside the tree (every mode was an info, nothing
// compared).
func TestSymlinkedTreeEvaluated(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"real/serve.sh": "#!/usr/bin/env bash\nset -euo pipefail\n. \"$(dirname \"$0\")/serve.env\"\ncase \"$1\" in\n" +
			"  serve) exec vllm serve m --max-num-seqs \"$MAX_NUM_SEQS\" ;;\n  kl) exec vllm serve m --max-num-seqs 4 ;;\nesac\n",
		"real/serve.env": "MAX_NUM_SEQS=16\n",
		"sub/keep":       "",
	})
	if err := os.Symlink("../real", filepath.Join(root, "sub", "s")); err != nil {
		t.Skip("no symlinks here:", err)
	}
	t.Chdir(filepath.Join(root, "sub"))
	out, errOut, _ := lintDir(t, "s")
	if strings.Contains(out, "could not be evaluated") || !strings.Contains(out, "kl boots with --max-num-seqs 4 where serve boots with 16") {
		t.Errorf("servelint s (s -> ../real) from sub/:\n%s%s", out, errOut)
	}
	out, errOut, _ = lintDir(t, "argv", "s/serve.sh", "kl")
	if !strings.Contains(out, "--max-num-seqs\n16\n") {
		t.Errorf("servelint argv s/serve.sh from sub/:\n%s%s", out, errOut)
	}
}

// TestArgvReadsWhatLintReads: servelint argv evaluates a script with the
// same tree as lint (the working directory when the script lies in it), so
// a script under .ci/ that sources an env file of the repository root gets
// its values, as lint does; a file outside that tree is still not read.
func TestArgvReadsWhatLintReads(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		".ci/serve.sh": "#!/usr/bin/env bash\n. \"$(dirname \"$0\")/../shape.env\"\ncase \"$1\" in\n" +
			"  serve) exec vllm serve m --max-num-seqs \"$SHAPE_MAX_NUM_SEQS\" ;;\nesac\n",
		"shape.env": "SHAPE_MAX_NUM_SEQS=16\n",
	})
	t.Chdir(root)
	out, errOut, code := lintDir(t, "argv", ".ci/serve.sh", "serve")
	if code != exitClean || !strings.Contains(out, "--max-num-seqs\n16\n") {
		t.Errorf("argv from the repository root: exit %d\n%s%s", code, out, errOut)
	}
	t.Chdir(filepath.Join(root, ".ci"))
	out, errOut, _ = lintDir(t, "argv", "serve.sh", "serve")
	if strings.Contains(out, "--max-num-seqs\n16\n") {
		t.Errorf("argv from .ci/ read ../shape.env, outside its tree:\n%s%s", out, errOut)
	}
	// The source that was not performed is said: the empty value is not
	// what the script would pass.
	if !strings.Contains(out, "# note: . ") || !strings.Contains(out, "shape.env: outside the linted tree") {
		t.Errorf("argv from .ci/ does not say ../shape.env was not read:\n%s%s", out, errOut)
	}
	out, _, _ = lintDir(t, "argv", "--format=json", "serve.sh", "serve")
	var res []struct {
		Notes []string `json:"notes"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil || len(res) != 1 || len(res[0].Notes) != 1 || !strings.Contains(res[0].Notes[0], "outside the linted tree") {
		t.Errorf("argv --format=json notes: %v\n%s", err, out)
	}
}

// TestArgvVerdictImageEngine: when the docker image's entrypoint is the
// engine, the argv starts at the image and a differing mode still exits 1;
// prefill and decode roles differ by design and exit 0.
func TestArgvVerdictImageEngine(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"v.sh": "#!/usr/bin/env bash\n. \"$(dirname \"$0\")/v.env\"\ncase \"$1\" in\n  serve) ;;\n  bench) V_MAX_NUM_SEQS=256 ;;\n" +
			"  prefill|decode) ;;\nesac\nexec docker run --rm --gpus all vllm/vllm-openai:v0.6.3 --model m --max-num-seqs \"$V_MAX_NUM_SEQS\"\n",
		"pd.sh": "#!/usr/bin/env bash\n. \"$(dirname \"$0\")/v.env\"\nn=$V_MAX_NUM_SEQS\n[[ $1 == decode ]] && n=512\n" +
			"if [[ $1 == prefill || $1 == decode ]]; then\n  exec vllm serve m --max-num-seqs \"$n\"\nfi\n",
		"v.env": "V_MAX_NUM_SEQS=64\n",
	})
	t.Chdir(root)
	out, errOut, code := lintDir(t, "argv", "v.sh", "serve", "bench")
	if code != exitFindings || !strings.Contains(out, "-64\n+256\n") {
		t.Errorf("argv serve bench: exit %d, want 1\n%s%s", code, out, errOut)
	}
	out, errOut, code = lintDir(t, "argv", "pd.sh", "prefill", "decode")
	if code != exitClean || !strings.Contains(out, "--max-num-seqs\n512\n") {
		t.Errorf("argv prefill decode: exit %d, want 0\n%s%s", code, out, errOut)
	}
}

// TestArgvWithoutModes: when the script's modes are not found statically
// (a function named by a command substitution), the first mode given is the reference, a differing
// one exits 1, and the command says so; a mode the script does not have is
// named on stderr.
func TestArgvWithoutModes(t *testing.T) {
	ex := example(t)
	root := testfs.NewTree(t, map[string]string{
		"t.sh": "#!/usr/bin/env bash\n. \"$(dirname \"$0\")/t.env\"\nrun_serve() { exec vllm serve m --max-num-seqs \"$T_MAX_NUM_SEQS\"; }\n" +
			"run_kl() { exec vllm serve m --max-num-seqs 8; }\n\"$(printf 'run_%s' \"$1\")\"\n",
		"t.env": "T_MAX_NUM_SEQS=32\n",
	})
	t.Chdir(root)
	out, errOut, code := lintDir(t, "argv", "t.sh", "serve", "kl")
	if code != exitFindings || !strings.Contains(out, "-32\n+8\n") || !strings.Contains(errOut, "comparing with the first mode given, serve") {
		t.Errorf("argv serve kl: exit %d, want 1\n%s%s", code, out, errOut)
	}
	t.Chdir(ex)
	_, errOut, _ = lintDir(t, "argv", "scripts/frank-archon.sh", "bogus")
	if !strings.Contains(errOut, "bogus is not one of the modes found") {
		t.Errorf("argv with a mode the script lacks: %s", errOut)
	}
}

// TestArgvNoModesForwardsArgs: a script with no modes that hands "$@" to
// the engine takes no mode word: argv serve evaluated it as `s.sh serve`
// and showed vllm serve … serve, a word the boot never passes. The proven
// mode is the script run with no arguments; another word is evaluated as
// given, and both are said.
func TestArgvNoModesForwardsArgs(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"s.sh": "#!/usr/bin/env bash\nMODEL=${MODEL:-/m}\nexec vllm serve \"$MODEL\" --max-num-seqs 8 \"$@\"\n",
	})
	t.Chdir(root)
	out, errOut, code := lintDir(t, "argv", "s.sh", "serve")
	if code != exitClean || !strings.HasSuffix(out, "--max-num-seqs\n8\n") || !strings.Contains(out, "# run as: s.sh\n") ||
		!strings.Contains(errOut, "the script has no modes and hands its arguments to the engine: serve, the proven mode, is the script run with no arguments") {
		t.Errorf("argv s.sh serve: exit %d\n%s%s", code, out, errOut)
	}
	out, errOut, _ = lintDir(t, "argv", "s.sh", "serve", "kl")
	if !strings.Contains(out, "8\nkl\n") || !strings.Contains(errOut, "kl was passed as $1 and reached the engine's argv as a word of its own") {
		t.Errorf("argv s.sh serve kl:\n%s%s", out, errOut)
	}
}

// TestArgvBenchmarkMode: a mode whose branch runs one of the engine's
// benchmarks (vllm bench throughput) reaches no server: argv said only
// that the script exited with status 0, and now says what it ran.
func TestArgvBenchmarkMode(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"s.sh": "#!/usr/bin/env bash\ncase \"${1:-serve}\" in\n  serve) exec vllm serve /m --max-num-seqs 8 ;;\n" +
			"  bench) exec vllm bench throughput --model /m --input-len 512 ;;\n  sgb) exec python3 -m sglang.bench_offline_throughput --model-path /m ;;\nesac\n",
	})
	t.Chdir(root)
	out, errOut, _ := lintDir(t, "argv", "s.sh", "bench", "sgb")
	for _, want := range []string{
		"(it ran vllm bench throughput, a benchmark, not a server: no engine argv to compare)",
		"(it ran python3 -m sglang.bench_offline_throughput, a benchmark, not a server: no engine argv to compare)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("argv s.sh bench sgb lacks %q:\n%s%s", want, out, errOut)
		}
	}
}

// TestArgvOpaqueDockerOptions: a docker run whose options hold words not
// statically known where its image would be ("${extra[@]}" from
// extra=($DOCKER_OPTS), then --entrypoint /bin/sh IMAGE -c "…") is not
// read as a launch, rightly; argv says why rather than only that the
// script finished without reaching an engine.
func TestArgvOpaqueDockerOptions(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"op.sh": "#!/usr/bin/env bash\nset -euo pipefail\n. \"$(dirname \"$0\")/serve.env\"\nextra=($DOCKER_OPTS)\n" +
			"case \"${1:-serve}\" in\n  serve) step=$VLLM_MAX_NUM_BATCHED_TOKENS ;;\n  bench) step=16384 ;;\nesac\n" +
			"docker run --rm \"${extra[@]}\" --entrypoint /bin/sh \"$VLLM_IMAGE\" -c \"python3 -m vllm.entrypoints.openai.api_server --model /m --max-num-batched-tokens $step\"\n",
		"serve.env": "VLLM_IMAGE=vllm/vllm-openai:v0.6.3\nVLLM_MAX_NUM_BATCHED_TOKENS=8192\n",
	})
	t.Chdir(root)
	out, errOut, _ := lintDir(t, "argv", "op.sh", "serve")
	want := `without reaching an engine invocation (docker run's options hold "${extra[@]}", whose words are not statically known, so its image and its -c string were not read)`
	if !strings.Contains(out+errOut, want) {
		t.Errorf("argv op.sh serve does not say why the docker run was not read:\n%s%s", out, errOut)
	}
}

// Modes named for a script that reads no argument (the model comes from
// MODEL=${MODEL:-llama} and ./env/$MODEL.env) all run the same: argv says
// so, where "qwen: byte-identical to llama" alone read as a proof. A
// script that reads $1 (the map dispatch above) or whose runs differ says
// nothing of it.
func TestArgvModesNobodyReads(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"run.sh":        "#!/usr/bin/env bash\nset -euo pipefail\ncd \"$(dirname \"$0\")\"\nMODEL=${MODEL:-llama}\nsource \"./env/$MODEL.env\"\nexec vllm serve \"$P\" --max-num-seqs \"$S\"\n",
		"env/llama.env": "P=/m/llama\nS=64\n",
		"env/qwen.env":  "P=/m/qwen\nS=48\n",
		"t.sh":          "#!/usr/bin/env bash\ncase \"$1\" in a) exec vllm serve /m --port 1 ;; esac\nexec vllm serve /m --port 2\n",
	})
	t.Chdir(root)
	const note = "the script reads no argument"
	if _, errOut, _ := lintDir(t, "argv", "run.sh", "llama", "qwen"); !strings.Contains(errOut, note) {
		t.Errorf("argv run.sh llama qwen: want %q\n%s", note, errOut)
	}
	if _, errOut, _ := lintDir(t, "argv", "t.sh", "x", "y"); strings.Contains(errOut, note) {
		t.Errorf("argv t.sh x y: the script reads $1\n%s", errOut)
	}
}

// A script with an engine and no mode of its own (a fixed script whose
// case arms are all empty) prints the argv of the script run with no
// arguments, exit 0; one with no engine is still "no modes found", exit 3.
func TestArgvOneShape(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"s.sh":  "#!/usr/bin/env bash\nset -euo pipefail\n. \"$(dirname \"$0\")/s.env\"\ncase \"${1:-serve}\" in\n  serve) ;;\n  kl) ;;\nesac\nexec vllm serve /m --max-num-seqs \"$S\"\n",
		"s.env": "S=8\n",
		"n.sh":  "#!/usr/bin/env bash\necho hello\n",
	})
	t.Chdir(root)
	out, errOut, code := lintDir(t, "argv", "s.sh")
	if code != 0 || !strings.Contains(out, "== (no arguments)\n") || !strings.Contains(out, "--max-num-seqs\n8\n") || !strings.Contains(errOut, "no mode takes a branch of its own") {
		t.Errorf("argv s.sh: exit %d, want 0 and the one argv\n%s%s", code, out, errOut)
	}
	_, errOut, code = lintDir(t, "argv", "n.sh")
	if code != exitFailure || !strings.Contains(errOut, "no modes found") {
		t.Errorf("argv n.sh: exit %d, want 3 and no modes found\n%s", code, errOut)
	}
}

// TestArgvAgreesWithLint: on every test case, `servelint argv SCRIPT`
// exits 1 exactly when lint reports an argvdrift error on SCRIPT: both
// judge the modes with the one comparison (rules.Judge), so a difference
// argvdrift lets be (a scoring mode's non-shape flag, per-model presets that
// each source their own env file) fails neither. Scripts that silence
// argvdrift with a suppression are left out: argv has no suppressions.
// privateshape is turned off: argvdrift leaves to it a mode's own value of
// an environment-read owner that it reports (the same line twice), which
// argv, with no privateshape, counts.
func TestArgvAgreesWithLint(t *testing.T) {
	cases, err := filepath.Abs("../../testdata/src")
	if err != nil {
		t.Fatal(err)
	}
	dirs, err := os.ReadDir(cases)
	if err != nil {
		t.Fatal(err)
	}
	checked := 0
	for _, d := range dirs {
		if !d.IsDir() {
			continue
		}
		dir := filepath.Join(cases, d.Name())
		t.Run(d.Name(), func(t *testing.T) {
			t.Chdir(dir)
			out, errOut, code := lintDir(t, "--format", "json", "--disable", "privateshape", ".")
			if code == exitUsage || code == exitFailure {
				t.Skipf("lint exit %d: %s", code, errOut)
			}
			var findings []struct {
				File, Rule, Severity string
			}
			if err := json.Unmarshal([]byte(out), &findings); err != nil {
				t.Fatalf("json: %v\n%s", err, out)
			}
			drift := map[string]bool{}
			for _, f := range findings {
				if f.Rule == "argvdrift" && f.Severity == "error" {
					drift[filepath.Clean(f.File)] = true
				}
			}
			scripts, _ := filepath.Glob("*.sh")
			for _, s := range scripts {
				src, err := os.ReadFile(s)
				if err != nil || strings.Contains(string(src), "servelint:ignore") && strings.Contains(string(src), "argvdrift") {
					continue // argvdrift silenced on a line: lint and argv differ by design
				}
				_, _, code := lintDir(t, "argv", s)
				if code == exitUsage || code == exitFailure {
					continue // no modes, or a mode that cannot be evaluated (an info in lint)
				}
				checked++
				if (code == exitFindings) != drift[s] {
					t.Errorf("%s: servelint argv exits %d but lint reports argvdrift: %v", s, code, drift[s])
				}
			}
		})
	}
	t.Logf("%d scripts compared", checked)
	if checked < 20 {
		t.Errorf("only %d scripts compared", checked)
	}
}

// TestArgvExecEnvSelector: --exec runs a mode picked by the environment as
// the dry run evaluated it, MODE=kl SCRIPT --dry-run, not SCRIPT kl
// --dry-run (which runs serve: MODE keeps its default).
func TestArgvExecEnvSelector(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"e.sh": "#!/usr/bin/env bash\n. \"$(dirname \"$0\")/e.env\"\nMODE=${MODE:-serve}\n" +
			"if [[ ${1:-} == --dry-run ]]; then exec() { printf '%s\\n' \"$@\"; }; fi\n" +
			"case \"$MODE\" in\n  serve) exec vllm serve /m --max-num-seqs \"$E_MAX_NUM_SEQS\" ;;\n" +
			"  kl) exec vllm serve /m --max-num-seqs \"$E_MAX_NUM_SEQS\" --port 2 ;;\nesac\n",
		"e.env": "E_MAX_NUM_SEQS=32\n",
	})
	t.Chdir(root)
	out, errOut, _ := lintDir(t, "argv", "--exec", "--format", "json", "e.sh", "serve", "kl")
	var res []struct {
		Mode string `json:"mode"`
		Exec *struct {
			Argv  []string `json:"argv"`
			Match bool     `json:"match"`
			Error string   `json:"error"`
		} `json:"exec"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("json: %v\n%s%s", err, out, errOut)
	}
	for _, r := range res {
		if r.Exec == nil || !r.Exec.Match || r.Exec.Error != "" {
			t.Errorf("%s: --exec %+v, want the script's own --dry-run to match\n%s", r.Mode, r.Exec, out)
		}
	}
}

// TestArgvProvenNotNamed: `servelint argv SCRIPT bench` compares bench with
// the proven mode, evaluated too though not named, and fails as argvdrift
// does (it printed bench alone and exited 0); `SCRIPT bench kl` compares
// both with serve, not kl with bench.
func TestArgvProvenNotNamed(t *testing.T) {
	example(t)
	script := "scripts/frank-archon.sh"
	out, errOut, code := lintDir(t, "argv", script, "bench")
	if code != exitFindings || !strings.Contains(out, "== serve (proven)") || !strings.Contains(out, "== bench differs from serve:") {
		t.Fatalf("argv SCRIPT bench: exit %d, want 1 and a diff against serve\n%s%s", code, out, errOut)
	}
	out, errOut, code = lintDir(t, "argv", script, "bench", "kl")
	if code != exitFindings || !strings.Contains(out, "== kl: byte-identical to serve") || strings.Contains(out, "from bench") {
		t.Fatalf("argv SCRIPT bench kl: exit %d, want kl compared with serve\n%s%s", code, out, errOut)
	}
	out, errOut, code = lintDir(t, "argv", script, "kl")
	if code != exitClean || !strings.Contains(out, "== kl: byte-identical to serve") {
		t.Fatalf("argv SCRIPT kl: exit %d, want 0, kl byte-identical to serve\n%s%s", code, out, errOut)
	}
}

// TestLintFromFilesystemRoot: run from / (a container's default working
// directory, an editor started by a desktop launcher), the working
// directory is not made part of the tree: a script's env file elsewhere on
// the machine is not read (its values never quoted), and the dry run
// evaluates the modes in the script's own tree instead of refusing / and
// passing argvdrift silently.
func TestLintFromFilesystemRoot(t *testing.T) {
	repo := testfs.NewTree(t, map[string]string{
		"serve.sh": "#!/usr/bin/env bash\n. \"$(dirname \"$0\")/serve.env\"\n. " + "HOSTENV" + "\ncase \"$1\" in\n" +
			"  serve) exec vllm serve m --max-num-seqs \"$R_MAX_NUM_SEQS\" --api-key \"$HOST_TOKEN\" ;;\n" +
			"  bench) exec vllm serve m --max-num-seqs \"$R_BENCH_SEQS\" --api-key \"$HOST_TOKEN\" ;;\nesac\n",
		"serve.env": "R_MAX_NUM_SEQS=8\nR_BENCH_SEQS=16\n",
	})
	host := testfs.NewTree(t, map[string]string{"host.env": "HOST_TOKEN=hunter2\nHOST_TOKEN=hunter3\n"})
	hostEnv := filepath.Join(host, "host.env")
	sh := filepath.Join(repo, "serve.sh")
	b, err := os.ReadFile(sh)
	if err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(sh, []byte(strings.Replace(string(b), "HOSTENV", hostEnv, 1)), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Chdir("/")
	out, errOut, code := lintDir(t, repo)
	if code != exitFindings || !strings.Contains(out, "bench boots with --max-num-seqs 16 where serve boots with 8") {
		t.Errorf("lint from /: exit %d, want 1 with the argvdrift finding\n%s%s", code, out, errOut)
	}
	if strings.Contains(out, "must not be /") || strings.Contains(out, "hunter") || strings.Contains(out, "host.env") {
		t.Errorf("lint from / evaluated nothing or read an env file outside the repository:\n%s%s", out, errOut)
	}
	out, errOut, _ = lintDir(t, "argv", sh, "serve", "bench")
	if !strings.Contains(out, "--max-num-seqs\n8\n") || strings.Contains(out, "must not be /") {
		t.Errorf("argv from /:\n%s%s", out, errOut)
	}
}

// TestArgvHostAssumedAcrossModes: as in lint, a host path one mode's guard
// assumed (kl's draft model) is there for the other modes too, so serve
// speculates with the draft as kl does and kl is byte-identical to it.
func TestArgvHostAssumedAcrossModes(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/src/host-guard-one-mode")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	out, errOut, code := lintDir(t, "argv", "serve.sh", "serve", "kl")
	if code != exitClean || !strings.Contains(out, "== kl: byte-identical to serve") {
		t.Errorf("argv serve kl: exit %d, want 0 and kl byte-identical to serve\n%s%s", code, out, errOut)
	}
}

// TestArgvScriptBound: servelint argv shares lint's bound for a script's
// modes (ScriptBoundFactor per-mode bounds). Without it, a script of sixty
// modes that each spin until the deadline held `servelint argv s.sh` for
// two minutes (review R17); the modes past the bound are not evaluated,
// and say so.
func TestArgvScriptBound(t *testing.T) {
	var b strings.Builder
	b.WriteString("#!/usr/bin/env bash\ncase \"${1:-m0}\" in\n")
	for i := range 12 {
		fmt.Fprintf(&b, "  m%d) while [[ 1 ]]; do i=$((i+1)); done; exec vllm serve /m --max-num-seqs %d ;;\n", i, i+1)
	}
	b.WriteString("esac\n")
	root := testfs.NewTree(t, map[string]string{"s.sh": b.String()})
	t.Chdir(root)
	start := time.Now()
	out, errOut, code := lintDir(t, "argv", "--eval-timeout", "100ms", "s.sh")
	took := time.Since(start)
	if code != exitFailure || !strings.Contains(out, "reached their bound together") {
		t.Errorf("argv of 12 spinning modes: exit %d, want %d and the modes past the script's bound not evaluated\n%s%s", code, exitFailure, out, errOut)
	}
	if took > 2*time.Second {
		t.Errorf("argv of 12 spinning modes took %v, want about 5 per-mode bounds (500ms)", took)
	}
}

// TestArgvMemoryBound: servelint argv stops an evaluation at lint's memory
// bound (lint.MemoryGuard). It ran without one: a string doubled in a loop
// grew until the deadline (2.4 GB and 6 s for a 2 s deadline, review R17).
func TestArgvMemoryBound(t *testing.T) {
	argvMemLimit = 64 << 20
	defer func() { argvMemLimit = 0 }()
	src := "#!/bin/bash\ncase $1 in\n  serve) a=x; for i in {1..27}; do a=\"$a$a\"; done; while [[ 1 ]]; do i=$((i+1)); done; exec vllm serve m --max-num-seqs 8 ;;\n" +
		"  kl) exec vllm serve m --max-num-seqs 8 ;;\nesac\n"
	root := testfs.NewTree(t, map[string]string{"grow.sh": src})
	t.Chdir(root)
	out, errOut, _ := lintDir(t, "argv", "--eval-timeout", "5s", "grow.sh", "serve")
	if !strings.Contains(out, "memory bound") {
		t.Errorf("argv of a mode that doubles a string: want the memory bound\n%s%s", out, errOut)
	}
}

// A mode picked by the second word inside the first word's start branch
// (run.sh start kl) runs with start first: the argv is start's, and the
// run-as line says so (it was the caller's <$1>, which reached the usage
// exit).
func TestArgvModeInStartBranch(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"run.sh": "#!/usr/bin/env bash\nset -euo pipefail\nN=16\ncase \"${1:-start}\" in\n  start)\n    case \"${2:-serve}\" in\n" +
			"      serve) exec vllm serve /m --max-num-seqs \"$N\" ;;\n      bench) exec vllm serve /m --max-num-seqs 64 ;;\n    esac ;;\n" +
			"  stop) pkill -f vllm ;;\n  *) echo usage >&2; exit 2 ;;\nesac\n",
	})
	t.Chdir(root)
	out, errOut, code := lintDir(t, "argv", "run.sh", "serve", "bench")
	if code == exitFailure || !strings.Contains(out, "# run as: run.sh start bench\n") || !strings.Contains(out, "-16\n+64\n") {
		t.Errorf("argv serve bench: exit %d, want run as run.sh start bench\n%s%s", code, out, errOut)
	}
}

// TestArgvShapeEnv: TGI's launcher reads MAX_CONCURRENT_REQUESTS from its
// environment when the argv does not pass the flag. bench's prefix
// assignment (K=256 exec text-generation-launcher) and load's env K=512
// leave its argv serve's, byte for byte, while its boot is not: the text
// output says the engine's environment, and that it differs, where it
// said "byte-identical to serve" alone.
func TestArgvShapeEnv(t *testing.T) {
	dir, err := filepath.Abs("../../testdata/src/privateshape-env-prefix")
	if err != nil {
		t.Fatal(err)
	}
	t.Chdir(dir)
	out, errOut, _ := lintDir(t, "argv", "launcher.sh", "serve", "bench", "load")
	for _, want := range []string{
		"# env: MAX_CONCURRENT_REQUESTS=64 (read as --max-concurrent-requests)\n== bench",
		"# env: MAX_CONCURRENT_REQUESTS=256 (read as --max-concurrent-requests)\n",
		"== bench: argv byte-identical to serve, but the engine's environment differs: MAX_CONCURRENT_REQUESTS=256 (serve: 64), read as --max-concurrent-requests\n",
		"== load: argv byte-identical to serve, but the engine's environment differs: MAX_CONCURRENT_REQUESTS=512 (serve: 64)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("argv output lacks %q:\n%s%s", want, out, errOut)
		}
	}
}

// TestArgvShellStringEnv: an engine in a shell string boots with the
// environment of the string's shell. execa's bash -c inherits the exported
// keys; srunnode's and envicmd's strings start cleared and source
// tgi.env themselves. All three boot as serve does; argv said "the
// engine's environment differs: MAX_BATCH_PREFILL_TOKENS unset (serve:
// 8192)…": for execa the engine's profile was not found behind the
// bash -c launcher, for the cleared two the launcher's clearing was
// applied after the string's own exports. bare's cleared string sources
// nothing: its engine lacks both keys, and argv says so.
func TestArgvShellStringEnv(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"tgi.env": "MODEL_ID=org/model\nMAX_CONCURRENT_REQUESTS=64\nMAX_BATCH_PREFILL_TOKENS=8192\n",
		"serve.sh": "#!/usr/bin/env bash\nset -euo pipefail\ncd \"$(dirname \"$0\")\"\nset -a\n. ./tgi.env\nset +a\ncase \"${1:-serve}\" in\n" +
			"  serve) exec text-generation-launcher --model-id \"$MODEL_ID\" --port 8080 ;;\n" +
			"  execa) exec -a foo bash -c 'exec text-generation-launcher --model-id \"$MODEL_ID\" --port 8080' ;;\n" +
			"  srunnode) exec srun --export=NONE bash -c '. ./tgi.env; export MAX_CONCURRENT_REQUESTS MAX_BATCH_PREFILL_TOKENS; exec text-generation-launcher --model-id \"$MODEL_ID\" --port 8080' ;;\n" +
			"  envicmd) exec env -i bash -c 'set -a; . ./tgi.env; exec text-generation-launcher --model-id \"$MODEL_ID\" --port 8080' ;;\n" +
			"  bare) exec env -i MODEL_ID=\"$MODEL_ID\" bash -c 'exec text-generation-launcher --model-id \"$MODEL_ID\" --port 8080' ;;\n" +
			"esac\n",
	})
	t.Chdir(root)
	out, errOut, _ := lintDir(t, "argv", "serve.sh", "serve", "execa", "srunnode", "envicmd", "bare")
	for _, want := range []string{
		"== execa: byte-identical to serve\n",
		"== srunnode: byte-identical to serve\n",
		"== envicmd: byte-identical to serve\n",
		"== bare: argv byte-identical to serve, but the engine's environment differs: MAX_BATCH_PREFILL_TOKENS unset (serve: 8192); MAX_CONCURRENT_REQUESTS unset (serve: 64)\n",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("argv output lacks %q:\n%s%s", want, out, errOut)
		}
	}
}

// A Slurm array job's mode is picked by the task's index into a literal
// array: argv evaluates bench with SLURM_ARRAY_TASK_ID=1 and says so (it
// printed serve's argv for bench, as one run's).
func TestArgvSlurmArrayMode(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"job.sh": "#!/usr/bin/env bash\n#SBATCH --array=0-1\nMODES=(serve bench)\nMODE=${MODES[$SLURM_ARRAY_TASK_ID]}\nargs=(--max-num-seqs 8)\n" +
			"case \"$MODE\" in serve) ;; bench) args+=(--max-num-seqs 16) ;; esac\nexec vllm serve /m \"${args[@]}\"\n",
	})
	t.Chdir(root)
	out, errOut, code := lintDir(t, "argv", "job.sh", "serve", "bench")
	if code == exitFailure || !strings.Contains(out, "# run as: SLURM_ARRAY_TASK_ID=1 job.sh\n") || !strings.Contains(out, "+--max-num-seqs\n+16\n") {
		t.Errorf("argv serve bench: exit %d, want bench run as SLURM_ARRAY_TASK_ID=1 job.sh, with its own 16\n%s%s", code, out, errOut)
	}
}

// TestArgvSlurmArrayIndexNotCaller: the index variable picks the mode, so
// arithmetic on it reads the mode's index under set -u, not the caller's
// placeholder ($((8000 + SLURM_ARRAY_TASK_ID)) is bench's 8001).
func TestArgvSlurmArrayIndexNotCaller(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"job.sh": "#!/usr/bin/env bash\nset -u\nMODES=(serve bench)\nMODE=${MODES[$SLURM_ARRAY_TASK_ID]}\nargs=(--max-num-seqs 8)\n" +
			"case \"$MODE\" in serve) ;; bench) args+=(--max-logprobs 20) ;; esac\nexec vllm serve /m \"${args[@]}\" --port $((8000 + SLURM_ARRAY_TASK_ID))\n",
	})
	t.Chdir(root)
	out, errOut, _ := lintDir(t, "argv", "job.sh", "serve", "bench")
	if !strings.Contains(out, "--port\n8000\n") || !strings.Contains(out, "+8001\n") || strings.Contains(out, "unresolved") {
		t.Errorf("argv serve bench: want ports 8000 and 8001, no placeholder\n%s%s", out, errOut)
	}
}

// A select menu picks the mode: argv evaluates bench as its item typed
// (bench's own 16, REPLY its number) and says how to pick it (it could not
// evaluate any mode: the menu read no input).
func TestArgvSelectMenuMode(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"serve.sh": "#!/usr/bin/env bash\nset -euo pipefail\nargs=(--model /m --max-num-seqs 8)\nPS3=\"mode? \"\nselect mode in serve bench kl; do break; done\n" +
			"case $mode in serve) ;; bench) args+=(--max-num-seqs 16) ;; kl) ;; esac\nexec vllm serve \"${args[@]}\" --port \"$((8000 + REPLY))\"\n",
	})
	t.Chdir(root)
	out, errOut, code := lintDir(t, "argv", "serve.sh", "serve", "bench")
	if code == exitFailure || !strings.Contains(out, "# run as: printf '2\\n' | serve.sh\n") || !strings.Contains(out, "+--max-num-seqs\n+16\n") || !strings.Contains(out, "+8002\n") {
		t.Errorf("argv serve bench: exit %d, want bench run as printf '2\\n' | serve.sh, with its own 16 and port 8002\n%s%s", code, out, errOut)
	}
	out, errOut, _ = lintDir(t, "argv", "--format", "json", "serve.sh", "bench")
	if !strings.Contains(out, `"stdin": "2\n"`) || strings.Contains(out, "__servelint") {
		t.Errorf("argv --format json bench: want stdin 2\\n and no internal variable\n%s%s", out, errOut)
	}
}

// The menu in main "$@" of a script with a byte order mark: the dry run's
// copy of the tree finds the menu at the parse's own offset, not the
// source's (three bytes on), so bench still runs as its item.
func TestArgvSelectMenuMainBOM(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"serve.sh": "\xef\xbb\xbf#!/usr/bin/env bash\nset -euo pipefail\nmain() {\n  local args=(--model /m --max-num-seqs 8)\n  select mode in serve bench; do break; done\n" +
			"  case $mode in serve) ;; bench) args+=(--max-num-seqs 16) ;; esac\n  exec vllm serve \"${args[@]}\"\n}\nmain \"$@\"\n",
	})
	t.Chdir(root)
	out, errOut, code := lintDir(t, "argv", "serve.sh", "serve", "bench")
	if code == exitFailure || !strings.Contains(out, "# run as: printf '2\\n' | serve.sh\n") || !strings.Contains(out, "+--max-num-seqs\n+16\n") {
		t.Errorf("argv serve bench: exit %d, want bench run as printf '2\\n' | serve.sh, with its own 16\n%s%s", code, out, errOut)
	}
}

// A role the environment picks, with no serve among its names
// (ROLE=${ROLE:?}; if [[ $ROLE == prefill ]] … elif [[ $ROLE == decode ]]):
// argv evaluates each role with ROLE set (it stopped at ${ROLE:?} in both,
// no modes found).
func TestArgvEnvRoleMode(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"pd.sh": "#!/usr/bin/env bash\nset -euo pipefail\nROLE=${ROLE:?set ROLE}\nargs=(--model /m --max-num-seqs 8)\n" +
			"if [[ $ROLE == prefill ]]; then\n  args+=(--port 8100)\nelif [[ $ROLE == decode ]]; then\n  args+=(--max-num-seqs 16)\nfi\nexec vllm serve \"${args[@]}\"\n",
	})
	t.Chdir(root)
	out, errOut, code := lintDir(t, "argv", "pd.sh", "prefill", "decode")
	if code == exitFailure || !strings.Contains(out, "# run as: ROLE=decode pd.sh\n") || !strings.Contains(out, "+--max-num-seqs\n+16\n") || strings.Contains(out, "could not be evaluated") {
		t.Errorf("argv prefill decode: exit %d, want decode run as ROLE=decode pd.sh, with its own 16\n%s%s", code, out, errOut)
	}
}

// A case on "$0" itself picks the mode by the path the script runs as:
// argv evaluates bench.sh as a file of that name beside the script (it
// printed serve.sh's argv for every name, none of them a mode).
func TestArgvSelfBareDollar0(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"serve.sh": "#!/usr/bin/env bash\nseqs=8\ncase \"$0\" in\n  *bench*) seqs=16 ;;\nesac\nexec vllm serve /m --max-num-seqs \"$seqs\"\n",
	})
	if strings.Contains(root, "bench") {
		t.Skip("*bench* takes every name in", root) // the run's $0 is a path
	}
	t.Chdir(root)
	out, errOut, code := lintDir(t, "argv", "serve.sh", "serve.sh", "bench.sh")
	if code == exitFailure || !strings.Contains(out, "== bench.sh (plain; a word *bench* matches)\n# run as: bench.sh\n") || !strings.Contains(out, "+16\n") {
		t.Errorf("argv serve.sh bench.sh: exit %d, want bench.sh run as bench.sh, with its own 16\n%s%s", code, out, errOut)
	}
}

// A select menu read by its number (case $REPLY in 2) …) or listing an
// array of literal words ("${MODES[@]}"): argv evaluates bench as its item
// typed, with its own 16 (no mode was found: the menu read no input).
func TestArgvSelectMenuReplyArray(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"reply.sh": "#!/usr/bin/env bash\nargs=(--model /m --max-num-seqs 8)\nselect m in serve bench; do\n  case $REPLY in\n    1) ;;\n    2) args+=(--max-num-seqs 16) ;;\n  esac\n  break\ndone\nexec vllm serve \"${args[@]}\"\n",
		"array.sh": "#!/usr/bin/env bash\nMODES=(serve bench)\nargs=(--model /m --max-num-seqs 8)\nselect m in \"${MODES[@]}\"; do break; done\n" +
			"case $m in serve) ;; bench) args+=(--max-num-seqs 16) ;; esac\nexec vllm serve \"${args[@]}\"\n",
	})
	t.Chdir(root)
	for _, f := range []string{"reply.sh", "array.sh"} {
		out, errOut, code := lintDir(t, "argv", f, "serve", "bench")
		if code == exitFailure || !strings.Contains(out, "# run as: printf '2\\n' | "+f+"\n") || !strings.Contains(out, "+--max-num-seqs\n+16\n") {
			t.Errorf("argv %s serve bench: exit %d, want bench run as printf '2\\n' | %s, with its own 16\n%s%s", f, code, f, out, errOut)
		}
	}
}

// A boolean environment flag is a mode of its own (EVAL_ONLY=1): argv
// evaluates it with the variable set, and the proven mode with it off (a
// flag read with no default, as under set -u, empty).
func TestArgvEnvFlagMode(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"serve.sh": "#!/usr/bin/env bash\nargs=(--max-num-seqs 64)\nif [[ ${EVAL_ONLY:-0} == 1 ]]; then args+=(--max-num-seqs 8); fi\nexec vllm serve /m \"${args[@]}\"\n",
		"dp.sh":    "#!/usr/bin/env bash\nset -u\nargs=(--max-num-seqs 64)\nif [[ $DP_ATTENTION == true ]]; then args+=(--dp 8); fi\nexec vllm serve /m \"${args[@]}\"\n",
	})
	t.Chdir(root)
	out, errOut, code := lintDir(t, "argv", "serve.sh", "EVAL_ONLY=1")
	if code == exitFailure || !strings.Contains(out, "# run as: EVAL_ONLY=1 serve.sh\n") || !strings.Contains(out, "+--max-num-seqs\n+8\n") {
		t.Errorf("argv serve.sh EVAL_ONLY=1: exit %d, want it run as EVAL_ONLY=1 serve.sh, with its own 8\n%s%s", code, out, errOut)
	}
	out, errOut, code = lintDir(t, "argv", "dp.sh", "serve", "DP_ATTENTION=true")
	if code == exitFailure || !strings.Contains(out, "# run as: DP_ATTENTION='' dp.sh\n") || !strings.Contains(out, "# run as: DP_ATTENTION=true dp.sh\n") || !strings.Contains(out, "+--dp\n+8\n") {
		t.Errorf("argv dp.sh serve DP_ATTENTION=true: exit %d, want serve run with DP_ATTENTION empty, the flag's mode with --dp 8\n%s%s", code, out, errOut)
	}
}

// A boolean environment flag beside a mode dispatch (case $1, or MODE
// from the environment) is the proven mode's run with the flag set: argv
// shows it as serve with FAST=1, run as FAST=1 serve.sh serve, and
// compares it with serve.
func TestArgvEnvFlagBesideDispatch(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"serve.sh": "#!/usr/bin/env bash\nargs=(--max-num-seqs 64)\ncase \"${1:-serve}\" in\n  serve) ;;\n  bench) args+=(--disable-log-requests) ;;\nesac\n" +
			"[[ ${FAST:-0} == 1 ]] && args+=(--max-num-seqs 8)\nexec vllm serve /m \"${args[@]}\"\n",
		"env.sh": "#!/usr/bin/env bash\nMODE=${MODE:-serve}\nargs=(--max-num-seqs 64)\ncase $MODE in\n  serve) ;;\n  bench) args+=(--disable-log-requests) ;;\nesac\n" +
			"if [[ ${FAST:-0} == 1 ]]; then args+=(--max-num-seqs 8); fi\nexec vllm serve /m \"${args[@]}\"\n",
	})
	t.Chdir(root)
	out, errOut, code := lintDir(t, "argv", "serve.sh")
	if code == exitFailure || !strings.Contains(out, "== serve with FAST=1 (plain)\n# run as: FAST=1 serve.sh serve\n") ||
		!strings.Contains(out, "== serve with FAST=1 differs from serve:") || !strings.Contains(out, "+--max-num-seqs\n+8\n") {
		t.Errorf("argv serve.sh: exit %d, want serve with FAST=1 run as FAST=1 serve.sh serve, with its own 8\n%s%s", code, out, errOut)
	}
	out, errOut, code = lintDir(t, "argv", "env.sh")
	if code == exitFailure || !strings.Contains(out, "# run as: FAST=1 MODE=serve env.sh\n") || !strings.Contains(out, "+--max-num-seqs\n+8\n") {
		t.Errorf("argv env.sh: exit %d, want serve with FAST=1 run as FAST=1 MODE=serve env.sh, with its own 8\n%s%s", code, out, errOut)
	}
}

// TestArgvExecEnvFlag: --exec runs a flag's proven mode as the dry run
// evaluated it, with the flag it reads with no default set empty (set -u
// stopped the script when it was left unset), and the flag's mode with it
// set.
func TestArgvExecEnvFlag(t *testing.T) {
	root := testfs.NewTree(t, map[string]string{
		"f.sh": "#!/usr/bin/env bash\nset -u\n" +
			"if [[ ${1:-} == --dry-run ]]; then exec() { printf '%s\\n' \"$@\"; }; fi\n" +
			"args=(--max-num-seqs 64)\nif [[ $DP_ATTENTION == true ]]; then args+=(--dp 8); fi\nexec vllm serve /m \"${args[@]}\"\n",
	})
	t.Chdir(root)
	t.Setenv("DP_ATTENTION", "")
	os.Unsetenv("DP_ATTENTION")
	out, errOut, _ := lintDir(t, "argv", "--exec", "--format", "json", "f.sh", "serve", "DP_ATTENTION=true")
	var res []struct {
		Mode string `json:"mode"`
		Exec *struct {
			Match bool   `json:"match"`
			Error string `json:"error"`
		} `json:"exec"`
	}
	if err := json.Unmarshal([]byte(out), &res); err != nil {
		t.Fatalf("json: %v\n%s%s", err, out, errOut)
	}
	if len(res) != 2 {
		t.Fatalf("%d modes, want 2\n%s%s", len(res), out, errOut)
	}
	for _, r := range res {
		if r.Exec == nil || !r.Exec.Match || r.Exec.Error != "" {
			t.Errorf("%s: --exec %+v, want the script's own --dry-run to match\n%s", r.Mode, r.Exec, out)
		}
	}
}
