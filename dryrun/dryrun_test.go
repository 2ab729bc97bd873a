package dryrun

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"mvdan.cc/sh/v3/syntax"
)

var frankServe = []string{
	"radiance", "serve", "/models/qwen38-a3b-bf16", "--max-model-len", "32768", "--tp", "2",
	"--host-pool-mib", "98304", "--gpu-headroom-mib", "1536", "--weights-disk-tier", "/cache/qwen38",
	"--kv-cache-dtype", "fp8", "--port", "7770", "--max-num-seqs", "8", "--max-num-batched-tokens", "1024",
	"--ngram-placement", "ram",
}

func frank(t testing.TB, mode string) (*Result, []byte) {
	t.Helper()
	root := testdataDir(t, "frank-archon")
	script := filepath.Join(root, "scripts", "frank-archon.sh")
	src, _ := parseFile(t, script, syntax.LangBash)
	return evalFile(t, root, script, mode, syntax.LangBash, Options{}), src
}

// with returns frankServe with flag values replaced.
func with(base []string, kv ...string) []string {
	out := slices.Clone(base)
	for i := 0; i+1 < len(kv); i += 2 {
		j := slices.Index(out, kv[i])
		out[j+1] = kv[i+1]
	}
	return out
}

func TestFrankArchonServe(t *testing.T) {
	r, src := frank(t, "serve")
	if r.Err != nil {
		t.Fatalf("Err = %v", r.Err)
	}
	if !slices.Equal(r.Argv, frankServe) {
		t.Errorf("Argv =\n%q\nwant\n%q", r.Argv, frankServe)
	}
	if len(r.Launcher) < 3 || r.Launcher[0] != "docker" || r.Launcher[1] != "run" || r.Launcher[len(r.Launcher)-1] != "radiance:2026.11.3" {
		t.Errorf("Launcher = %q, want docker run … radiance:2026.11.3", r.Launcher)
	}
	for k, v := range map[string]string{
		"FRANK_ARCHON_MAX_SEQS":           "8",
		"FRANK_ARCHON_MAX_BATCHED_TOKENS": "1024",
		"FRANK_ARCHON_IMAGE":              "radiance:2026.11.3",
		"FRANK_CALIB_MAX_SEQS":            "${FRANK_ARCHON_MAX_SEQS}", // docker reads verbatim
	} {
		if r.Env[k] != v {
			t.Errorf("Env[%s] = %q, want %q", k, r.Env[k], v)
		}
	}
	if _, ok := r.Env["RADIANCE_CALIB_DIR"]; ok {
		t.Errorf("serve has calib's -e RADIANCE_CALIB_DIR")
	}
	if len(r.Env) != 11 {
		t.Errorf("Env has %d keys, want the env file's 11: %q", len(r.Env), r.Env)
	}
	if len(r.Skipped) != 0 || len(r.Unresolved) != 0 {
		t.Errorf("Skipped = %q, Unresolved = %v, want none", r.Skipped, r.Unresolved)
	}

	// Spans: the program comes from the exec line, not the --dry-run
	// branch's printf; serve's own flags from the serve|kl branch.
	if len(r.Spans) != len(r.Argv) {
		t.Fatalf("%d spans for %d argv elements", len(r.Spans), len(r.Argv))
	}
	text := func(i int) (string, int) {
		s := r.Spans[i]
		if s.Start < 0 {
			return "", -1
		}
		return string(src[s.Start:s.End]), strings.Count(string(src[:s.Start]), "\n") + 1
	}
	for i, want := range []struct {
		text string
		line int
	}{
		0: {"radiance", 68}, 1: {"serve", 17}, 2: {`"$FRANK_ARCHON_MODEL"`, 17}, 11: {"--weights-disk-tier", 22},
		17: {"--max-num-seqs", 30}, 18: {`"$FRANK_ARCHON_MAX_SEQS"`, 30}, 20: {`"$FRANK_ARCHON_MAX_BATCHED_TOKENS"`, 31},
		22: {"ram", 32},
	} {
		if want.text == "" {
			continue
		}
		if got, line := text(i); got != want.text || line != want.line {
			t.Errorf("span of argv[%d] %q = %q at line %d, want %q at line %d", i, r.Argv[i], got, line, want.text, want.line)
		}
	}
	for i, s := range r.Spans {
		if s.Start < 0 {
			t.Errorf("argv[%d] %q has no span", i, r.Argv[i])
		}
	}
}

func TestFrankArchonModes(t *testing.T) {
	for _, tc := range []struct {
		mode string
		argv []string
	}{
		{"kl", frankServe},
		{"kl-ref", with(frankServe, "--max-num-batched-tokens", "2048")},
		{"calib", with(frankServe, "--max-num-batched-tokens", "32768")},
		{"bench", with(frankServe, "--max-num-seqs", "16", "--max-num-batched-tokens", "65536")},
	} {
		r, src := frank(t, tc.mode)
		if r.Err != nil {
			t.Errorf("%s: Err = %v", tc.mode, r.Err)
			continue
		}
		if !slices.Equal(r.Argv, tc.argv) {
			t.Errorf("%s: Argv =\n%q\nwant\n%q", tc.mode, r.Argv, tc.argv)
		}
		if tc.mode == "calib" {
			if r.Env["RADIANCE_CALIB_DIR"] != "/taps/qwen38" || r.Env["RADIANCE_CALIB_TOKENS"] != "40000000" {
				t.Errorf("calib: Env lacks the -e values: %q", r.Env)
			}
		}
		if tc.mode == "bench" {
			// bench's flags map to the bench branch, by the longest run.
			i := slices.Index(r.Argv, "--max-num-seqs")
			s := r.Spans[i+1]
			if got := string(src[s.Start:s.End]); got != `"$seqs"` {
				t.Errorf("bench: span of 16 = %q, want \"$seqs\"", got)
			}
			s = r.Spans[i]
			if line := strings.Count(string(src[:s.Start]), "\n") + 1; line != 49 {
				t.Errorf("bench: --max-num-seqs maps to line %d, want 49", line)
			}
		}
	}
}

func TestFrankArchonUnknownMode(t *testing.T) {
	r, _ := frank(t, "nope")
	var ee *ExitError
	if !errors.As(r.Err, &ee) || !errors.Is(r.Err, ErrNoEngine) {
		t.Fatalf("Err = %v, want an ExitError", r.Err)
	}
	if ee.Status != 2 || !ee.Exited || !strings.Contains(ee.Stderr, "unknown mode: nope") {
		t.Errorf("ExitError = %+v, want status 2 with the usage message", ee)
	}
	if r.Argv != nil {
		t.Errorf("Argv = %q, want nil", r.Argv)
	}
	// An empty mode trips ${1:?usage}.
	r, _ = frank(t, "")
	if !errors.As(r.Err, &ee) || ee.Status != 1 || !strings.Contains(ee.Stderr, "usage") {
		t.Errorf("empty mode: Err = %v", r.Err)
	}
}

func TestFrankArchonConcurrent(t *testing.T) {
	root := testdataDir(t, "frank-archon")
	script := filepath.Join(root, "scripts", "frank-archon.sh")
	src, f := parseFile(t, script, syntax.LangBash)
	want := map[string]*Result{}
	modes := []string{"serve", "kl", "kl-ref", "calib", "bench"}
	for _, m := range modes {
		want[m] = Eval(context.Background(), script, src, f, m, Options{Root: root, guard: strictGuard(t)})
	}
	var wg sync.WaitGroup
	for g := 0; g < 8; g++ {
		for _, m := range modes {
			wg.Go(func() {
				r := Eval(context.Background(), script, src, f, m, Options{Root: root, guard: strictGuard(t)})
				if r.Err != nil || !slices.Equal(r.Argv, want[m].Argv) || !slices.Equal(r.Spans, want[m].Spans) {
					t.Errorf("%s concurrently: Err=%v Argv=%q", m, r.Err, r.Argv)
				}
			})
		}
	}
	wg.Wait()
}

// TestOverlay reads the env file from an editor buffer.
func TestOverlay(t *testing.T) {
	root := testdataDir(t, "frank-archon")
	script := filepath.Join(root, "scripts", "frank-archon.sh")
	envPath := filepath.Join(root, "scripts", "frank-archon.env")
	var mu sync.Mutex
	var asked []string
	opts := Options{ReadFile: func(p string) ([]byte, error) {
		mu.Lock()
		asked = append(asked, p)
		mu.Unlock()
		if p == envPath {
			return []byte("FRANK_ARCHON_IMAGE=img:1\nFRANK_ARCHON_MODEL=/m\nFRANK_ARCHON_MAX_SEQS=3\n" +
				"FRANK_ARCHON_MAX_BATCHED_TOKENS=512\nFRANK_ARCHON_MAX_MODEL_LEN=1\nFRANK_ARCHON_TP=1\n" +
				"FRANK_ARCHON_HOST_POOL_MIB=1\nFRANK_ARCHON_GPU_HEADROOM_MIB=1\nFRANK_ARCHON_PORT=1\n"), nil
		}
		return nil, fmt.Errorf("unexpected read of %s", p)
	}}
	r := evalFile(t, root, script, "serve", syntax.LangBash, opts)
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if i := slices.Index(r.Argv, "--max-num-seqs"); r.Argv[i+1] != "3" || r.Launcher[len(r.Launcher)-1] != "img:1" {
		t.Errorf("overlay not used: %q %q", r.Launcher, r.Argv)
	}
	for _, p := range asked {
		if !within(root, p) {
			t.Errorf("ReadFile called outside the root: %s", p)
		}
	}
}

func TestLayouts(t *testing.T) {
	root := testdataDir(t, "layouts")
	for _, tc := range []struct {
		script, mode string
		lang         syntax.LangVariant
		argv         []string
		launcher     []string
		env          map[string]string
		err          error
	}{
		{script: "ifelif.sh", mode: "serve", argv: []string{"vllm", "serve", "meta-llama/Llama-3.1-8B-Instruct",
			"--tensor-parallel-size", "1", "--max-num-seqs", "32", "--max-num-batched-tokens", "8192", "--port", "8000"}},
		{script: "ifelif.sh", mode: "bench-long", argv: []string{"vllm", "serve", "meta-llama/Llama-3.1-8B-Instruct",
			"--tensor-parallel-size", "1", "--max-num-seqs", "64", "--max-num-batched-tokens", "16384", "--port", "8000"}},
		{script: "ifelif.sh", mode: "x", err: ErrNoEngine},
		{script: "funcs.sh", mode: "serve", argv: []string{"radiance", "serve", "/models/m", "--max-num-seqs", "8", "--max-num-batched-tokens", "1024"}},
		{script: "funcs.sh", mode: "calib", argv: []string{"radiance", "serve", "/models/m", "--max-num-seqs", "8", "--max-num-batched-tokens", "32768", "--ngram-placement", "disk"},
			env: map[string]string{"RADIANCE_CALIB_DIR": "/taps/x"}},
		{script: "flageq.sh", mode: "bench", argv: []string{"python3", "-m", "sglang.launch_server", "--model-path=Qwen/Qwen3-8B",
			"--chunked-prefill-size=16384", "--max-running-requests=512", "--tp-size=2", "--host=0.0.0.0"}},
		{script: "plain.sh", mode: "serve", argv: []string{"text-generation-launcher", "--model-id", "/data/model",
			"--max-concurrent-requests", "128", "--max-total-tokens", "8192", "--max-batch-prefill-tokens", "4096", "--port", "3000"}},
		{script: "posix.sh", mode: "kl", lang: syntax.LangPOSIX,
			argv:     []string{"radiance", "serve", "/models/m", "--max-num-seqs", "8", "--max-num-batched-tokens", "1024"},
			launcher: []string{"env", "A=1", "OMP_NUM_THREADS=8", "numactl", "--cpunodebind=0", "--membind=0"},
			env:      map[string]string{"A": "1", "OMP_NUM_THREADS": "8"}},
		{script: "posix.sh", mode: "nope", lang: syntax.LangPOSIX, err: ErrNoEngine},
		{script: "nohup.sh", mode: "serve", argv: []string{"radiance", "serve", "/models/m", "--max-num-seqs", "4", "--max-num-batched-tokens", "2048"},
			launcher: []string{"nohup"}},
	} {
		name := tc.script + "/" + tc.mode
		r := evalFile(t, root, filepath.Join(root, tc.script), tc.mode, tc.lang, Options{})
		if tc.err != nil {
			if !errors.Is(r.Err, tc.err) {
				t.Errorf("%s: Err = %v, want %v", name, r.Err, tc.err)
			}
			continue
		}
		if r.Err != nil {
			t.Errorf("%s: Err = %v", name, r.Err)
			continue
		}
		if !slices.Equal(r.Argv, tc.argv) {
			t.Errorf("%s: Argv =\n%q\nwant\n%q", name, r.Argv, tc.argv)
		}
		if tc.launcher != nil && !slices.Equal(r.Launcher, tc.launcher) {
			t.Errorf("%s: Launcher = %q, want %q", name, r.Launcher, tc.launcher)
		}
		for k, v := range tc.env {
			if r.Env[k] != v {
				t.Errorf("%s: Env[%s] = %q, want %q (Env %q)", name, k, r.Env[k], v, r.Env)
			}
		}
		for _, k := range []string{"PATH", "HOME", "TMPDIR", "USER"} {
			if _, ok := r.Env[k]; ok {
				t.Errorf("%s: Env has the sandbox's own %s", name, k)
			}
		}
		for i, s := range r.Spans {
			if s.Start < 0 && !slices.Contains(r.Unresolved, i) {
				t.Errorf("%s: argv[%d] %q has no span", name, i, r.Argv[i])
			}
		}
	}
}

func TestUnresolved(t *testing.T) {
	root := testdataDir(t, "layouts")
	script := filepath.Join(root, "unresolved.sh")
	r := evalFile(t, root, script, "serve", syntax.LangBash, Options{})
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	want := []string{"radiance", "serve", "<unresolved: curl -s http://config.internal/model>", "--tp", "<unresolved: wc -l>",
		"--max-num-seqs", "8", "--config", filepath.Join(root, "cfg.yaml"), "--name", "run-20260101"}
	if !slices.Equal(r.Argv, want) {
		t.Errorf("Argv =\n%q\nwant\n%q", r.Argv, want)
	}
	if !slices.Equal(r.Unresolved, []int{2, 4}) {
		t.Errorf("Unresolved = %v, want [2 4]", r.Unresolved)
	}
	for _, p := range [][]string{{"curl", "-s", "http://config.internal/model"}, {"nvidia-smi", "-L"}, {"wc", "-l"}} {
		if !slices.ContainsFunc(r.Skipped, func(s []string) bool { return slices.Equal(s, p) }) {
			t.Errorf("%q not in Skipped %q", p, r.Skipped)
		}
	}
	// The unresolved element still maps to its word.
	src, _ := parseFile(t, script, syntax.LangBash)
	if s := r.Spans[2]; s.Start < 0 || string(src[s.Start:s.End]) != `"$MODEL"` {
		t.Errorf("span of the unresolved model: %v", s)
	}
}

func TestInlineCases(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		files     map[string]string
		argv      []string
		env       map[string]string
		unres     []int
		err       error
	}{
		{name: "docker -e and --env-file= forms",
			src: `export FROM_HOST=h
X=1 docker run --env-file="$PWD/d.env" -e A=1 -e FROM_HOST -e MISSING --env=B=2 img:1 radiance serve`,
			files: map[string]string{"d.env": "# c\n  K1=v 1  \nK2=\"q\"\r\nFROM_HOST\nNOPE\nexport BAD=1\nK3=never\n"},
			argv:  []string{"radiance", "serve"},
			env:   map[string]string{"K1": "v 1  ", "K2": `"q"`, "FROM_HOST": "h", "A": "1", "B": "2"}},
		{name: "exported env of a plain launch",
			src:  "export CUDA_VISIBLE_DEVICES=0,1\nLOCAL=1\nHF_HOME=/hf exec radiance serve",
			argv: []string{"radiance", "serve"}, env: map[string]string{"CUDA_VISIBLE_DEVICES": "0,1", "HF_HOME": "/hf"}},
		{name: "function wrapper and $@",
			src:  `launch() { "$@"; }; launch timeout 10 radiance serve --port "$((7000+1))"`,
			argv: []string{"radiance", "serve", "--port", "7001"}},
		{name: "version query in a substitution is not the launch",
			src:  `v=$(radiance --version); exec radiance serve --tag "$v"`,
			argv: []string{"radiance", "serve", "--tag", "<unresolved: radiance --version>"}, unres: []int{3}},
		{name: "cd outside the tree is virtual",
			src:  `cd /opt/app || exit 1; [ -d /opt/app ] || exit 3; exec radiance serve --dir "$(pwd)" --here "$PWD"`,
			argv: []string{"radiance", "serve", "--dir", "/opt/app", "--here", "/opt/app"}},
		{name: "test of a file outside the tree is false",
			src:  `if [ -f /etc/passwd ]; then exec radiance serve --a; fi; exec radiance serve --b`,
			argv: []string{"radiance", "serve", "--b"}},
		{name: "globs read the tree only",
			src:   `exec radiance serve *.cfg /etc/*.conf`,
			files: map[string]string{"a.cfg": "", "b.cfg": ""},
			argv:  []string{"radiance", "serve", "a.cfg", "b.cfg", "/etc/*.conf"}},
		{name: "helpers",
			src: `exec radiance serve "$(basename /a/b/c.sh .sh)" "$(dirname /a/b/)" "$(dirname x)" "$(nproc)" "$(id -u)" \
				"$(uname -m)" "$(date -u +%F)" "$(hostname)" "$(cat cfg.txt)" "$(echo hi | cat)" "$(realpath -m ../x/./y)"`,
			files: map[string]string{"cfg.txt": "val\n"},
			argv:  []string{"radiance", "serve", "c", "/a", ".", "1", "1000", "x86_64", "2026-01-01", "localhost", "val", "hi", "<ROOTPARENT>/x/y"}},
		{name: "command -v finds everything without a search",
			src:  `p=$(command -v radiance) || exit 9; f() { :; }; exec "$p" serve "$(command -v f)" "$(type -t f)" "$(type -t cd)" "$(which python3)"`,
			argv: []string{"/usr/bin/radiance", "serve", "f", "function", "builtin", "/usr/bin/python3"}},
		{name: "ulimit and umask are skipped, not fatal",
			src:  "set -e\nulimit -n 65536\numask 002\nexec radiance serve",
			argv: []string{"radiance", "serve"}},
		{name: "source missing in the tree fails like bash",
			src: "set -e\n. ./missing.env\nexec radiance serve",
			err: ErrNoEngine},
		{name: "a sourced file that does not parse",
			src:   ". ./bad.env\nexec radiance serve",
			files: map[string]string{"bad.env": "A=(\n"},
			err:   ErrSource},
		{name: "source by name looks in the current directory",
			src:   "cd sub && source cfg.env && exec radiance serve --n \"$N\"",
			files: map[string]string{"sub/cfg.env": "N=5\n"},
			argv:  []string{"radiance", "serve", "--n", "5"}},
		{name: "env file loaded with grep and xargs",
			src:   "set -euo pipefail\nexport $(grep -v '^#' \"$(dirname \"$0\")/.env\" | xargs)\nexec radiance serve --max-num-seqs \"$SEQS\" --m \"$M\"",
			files: map[string]string{".env": "# shape\nSEQS=8\n\nM='a b'\n"},
			argv:  []string{"radiance", "serve", "--max-num-seqs", "8", "--m", "a"}, // as bash: the value splits
			env:   map[string]string{"SEQS": "8", "M": "a"}},
		{name: "xargs -d '\\n' takes each line whole: quotes stay, blanks stay",
			src:   "set -euo pipefail\nexport $(grep -v '^#' .env | xargs -d '\\n')\nexec radiance serve --max-num-seqs \"$SEQS\" --m \"$M\"",
			files: map[string]string{".env": "# shape\nSEQS=8\nM='a'\n"},
			argv:  []string{"radiance", "serve", "--max-num-seqs", "8", "--m", "'a'"}},
		{name: "xargs -L 1 and -r echo the same items",
			src:   "set -euo pipefail\nexport $(xargs -r -L 1 < .env)\nexec radiance serve --max-num-seqs \"$SEQS\" --m \"$M\"",
			files: map[string]string{".env": "SEQS=8\n\nM=\"q\"\n"},
			argv:  []string{"radiance", "serve", "--max-num-seqs", "8", "--m", "q"}},
		{name: "xargs -L 1: a line ending in a blank goes on into the next",
			src:   "set -euo pipefail\nexport $(xargs -L 1 echo < .env)\nexec radiance serve --v \"$(xargs -L 1 < .env)\"",
			files: map[string]string{".env": "A=1 \nB=2\nC=3\n"},
			argv:  []string{"radiance", "serve", "--v", "A=1 B=2\nC=3"}},
		{name: "xargs -r of nothing prints nothing",
			src:  "set -euo pipefail\nV=\"[$(printf '' | xargs -r)]\"\nexec radiance serve --v \"$V\"",
			argv: []string{"radiance", "serve", "--v", "[]"}},
		{name: "env file loaded through sed and xargs",
			src:   "set -euo pipefail\nexport $(sed -e 's/#.*//' -e '/^\\s*$/d' .env | xargs)\nexec radiance serve --max-num-seqs \"$SEQS\" --m \"$M\"",
			files: map[string]string{".env": "# shape\nSEQS=8 # seats\n\nM=a\n"},
			argv:  []string{"radiance", "serve", "--max-num-seqs", "8", "--m", "a"},
			env:   map[string]string{"SEQS": "8", "M": "a"}},
		{name: "sed -i is skipped, never run",
			src:   "sed -i 's/8/9/' .env\nsed 's/8/9/w out' .env\n. ./.env\nexec radiance serve --max-num-seqs \"$SEQS\"",
			files: map[string]string{".env": "SEQS=8\n"},
			argv:  []string{"radiance", "serve", "--max-num-seqs", "8"},
			env:   map[string]string{}},
		{name: "tr in a loader and on the mode",
			src:   "set -euo pipefail\nexport $(grep -v '^#' .env | tr -d '\\r' | xargs)\nm=$(echo \"$1\" | tr '[:lower:]' '[:upper:]')\nexec radiance serve --max-num-seqs \"$SEQS\" --m \"$m\" --c \"$(echo ab | tr a-b x)\"",
			files: map[string]string{".env": "SEQS=8\r\n"},
			argv:  []string{"radiance", "serve", "--max-num-seqs", "8", "--m", "SERVE", "--c", "xx"},
			env:   map[string]string{"SEQS": "8"}},
		{name: "set -a and source",
			src:   "set -a; . ./x.env; set +a\nexec radiance serve",
			files: map[string]string{"x.env": "K=v\n"},
			argv:  []string{"radiance", "serve"}, env: map[string]string{"K": "v"}},
		{name: "trap on signals interp does not know, under set -e",
			src:  "set -e\ntrap 'echo bye' INT TERM EXIT\ntrap - HUP\ntrap -- 'x' SIGINT 0\nexec radiance serve",
			argv: []string{"radiance", "serve"}},
		{name: "the cd -- idiom",
			src:  "set -e\nSCRIPT_DIR=\"$( cd -- \"$( dirname -- \"${BASH_SOURCE[0]}\" )\" &> /dev/null && pwd )\"\nexec radiance serve --d \"$(basename \"$SCRIPT_DIR\")\"",
			argv: []string{"radiance", "serve", "--d", "<ROOTBASE>"}},
		{name: "grep of unknown text is unknown",
			src:  "n=$(nvidia-smi -L | grep -c GPU)\nexec radiance serve --tp \"$n\"",
			argv: []string{"radiance", "serve", "--tp", "<unresolved: grep -c GPU>"}, unres: []int{3}},
		{name: "engine in a background job, script ends without wait",
			src: "set -x\nNUM_GPUS=$(echo $CUDA_VISIBLE_DEVICES | tr ',' '\\n' | wc -l)\n" +
				"python3 -m vllm.entrypoints.openai.api_server --model m -tp $NUM_GPUS --max-num-seqs 256 &\n" +
				"until curl -s localhost:8000/v1/models > /dev/null; do sleep 5; done\npython3 bench.py\nkill $!",
			argv:  []string{"python3", "-m", "vllm.entrypoints.openai.api_server", "--model", "m", "-tp", "<unresolved: wc -l>", "--max-num-seqs", "256"},
			unres: []int{6}},
		{name: "engine in a background job of a sourced file, the script holds no job",
			src:   "source ./launch.sh\necho started\n",
			files: map[string]string{"launch.sh": "radiance serve --max-num-seqs 8 &\n"},
			argv:  []string{"radiance", "serve", "--max-num-seqs", "8"}},
		{name: "engine in a background job of a file sourced through command --",
			src:   "command -- source ./launch.sh\necho started\n",
			files: map[string]string{"launch.sh": "radiance serve --max-num-seqs 6 &\n"},
			argv:  []string{"radiance", "serve", "--max-num-seqs", "6"}},
		{name: "engine in a background job of a file sourced through builtin -- .",
			src:   "builtin -- . ./launch.sh\necho started\n",
			files: map[string]string{"launch.sh": "radiance serve --max-num-seqs 5 &\n"},
			argv:  []string{"radiance", "serve", "--max-num-seqs", "5"}},
		{name: "engine in a background job started by eval",
			src:  "eval 'radiance serve --max-num-seqs 9 &'\necho started\n",
			argv: []string{"radiance", "serve", "--max-num-seqs", "9"}},
		{name: "engine in a background job started by an exit trap",
			src:  "trap 'radiance serve --max-num-seqs 7 &' EXIT\necho started\n",
			argv: []string{"radiance", "serve", "--max-num-seqs", "7"}},
		{name: "alternate value with a quoted path keeps it one word",
			src:  `T="/t/llama 3.jinja"; exec radiance serve ${T:+--chat-template "$T"} --port 1`,
			argv: []string{"radiance", "serve", "--chat-template", "/t/llama 3.jinja", "--port", "1"}},
		{name: "set -u alternate of an unset array expands nothing",
			src:  "set -u\ncase ${1:-} in dbg) extra=(--enforce-eager) ;; esac\nexec radiance serve ${extra[@]+\"${extra[@]}\"} --port 1",
			argv: []string{"radiance", "serve", "--port", "1"}},
		{name: "RANDOM is reproducible",
			src:  `exec radiance serve --port $((20000 + RANDOM % 1000))`,
			argv: []string{"radiance", "serve", "--port", "<RANDOM>"}},
	} {
		r := evalSrc(t, tc.src, "serve", tc.files, Options{})
		if tc.err != nil {
			if !errors.Is(r.Err, tc.err) {
				t.Errorf("%s: Err = %v, want %v", tc.name, r.Err, tc.err)
			}
			continue
		}
		if r.Err != nil {
			t.Errorf("%s: Err = %v (skipped %q)", tc.name, r.Err, r.Skipped)
			continue
		}
		want := slices.Clone(tc.argv)
		for i, w := range want {
			switch w {
			case "<ROOTPARENT>/x/y":
				want[i] = filepath.Join(filepath.Dir(filepath.Dir(r.Script)), "x", "y")
			case "<ROOTBASE>":
				want[i] = filepath.Base(filepath.Dir(r.Script))
			case "<RANDOM>":
				again := evalSrc(t, tc.src, "serve", tc.files, Options{})
				want[i] = again.Argv[i]
			}
		}
		if !slices.Equal(r.Argv, want) {
			t.Errorf("%s: Argv =\n%q\nwant\n%q", tc.name, r.Argv, want)
		}
		for k, v := range tc.env {
			if got, ok := r.Env[k]; !ok || got != v {
				t.Errorf("%s: Env[%s] = %q, want %q (Env %q)", tc.name, k, got, v, r.Env)
			}
		}
		if tc.env != nil && len(r.Env) != len(tc.env) {
			t.Errorf("%s: Env = %q, want %q", tc.name, r.Env, tc.env)
		}
		if !slices.Equal(r.Unresolved, tc.unres) {
			t.Errorf("%s: Unresolved = %v, want %v", tc.name, r.Unresolved, tc.unres)
		}
	}
}

func TestDockerEnvFileNotes(t *testing.T) {
	r := evalSrc(t, "exec docker run --env-file ./bad.env --env-file /etc/x.env img radiance serve", "serve",
		map[string]string{"bad.env": "A=1\nexport SEQS=16\nB=2\n"}, Options{})
	if r.Err != nil {
		t.Fatal(r.Err)
	}
	if r.Env["A"] != "1" || r.Env["B"] != "" {
		t.Errorf("Env = %q", r.Env)
	}
	joined := strings.Join(r.Notes, "\n")
	if !strings.Contains(joined, "variable 'export SEQS' contains whitespaces") || !strings.Contains(joined, "/etc/x.env") {
		t.Errorf("Notes = %q", r.Notes)
	}
}

// A command the sandbox skips stands in its output as a placeholder;
// interp quotes it in an error message, which names the command instead.
func TestSkippedInError(t *testing.T) {
	r := evalSrc(t, "set -euo pipefail\nexport $(grep -v '^#' .env | xargs -I{} echo {})\nexec radiance serve", "serve",
		map[string]string{".env": "SEQS=8\n"}, Options{})
	if r.Err == nil || !strings.Contains(r.Err.Error(), `invalid name "<unresolved: xargs -I{} echo {}>"`) {
		t.Errorf("Err = %v", r.Err)
	}
}

func TestBounds(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		opts      Options
		err       error
	}{
		{"busy loop", "while true; do :; done", Options{Timeout: 200 * time.Millisecond, MaxCommands: 1 << 40}, ErrTimeout},
		{"loop with no command", "while [[ 1 ]]; do x=1; done", Options{Timeout: 200 * time.Millisecond}, ErrTimeout},
		{"background loop and wait", "while [[ 1 ]]; do x=1; done &\nwait\nexec radiance serve", Options{Timeout: 200 * time.Millisecond}, ErrTimeout},
		{"wait on a subshell loop", "( while [[ 1 ]]; do x=$((x+1)); done ) &\nwait $!", Options{Timeout: 200 * time.Millisecond}, ErrTimeout},
		{"recursion", "f() { f; }; f", Options{Timeout: 5 * time.Second, MaxCommands: 1000}, ErrBudget},
		{"budget", "while true; do :; done", Options{Timeout: 5 * time.Second, MaxCommands: 1000}, ErrBudget},
	} {
		start := time.Now()
		r := evalSrc(t, tc.src, "serve", nil, tc.opts)
		elapsed := time.Since(start)
		if !errors.Is(r.Err, tc.err) {
			t.Errorf("%s: Err = %v, want %v", tc.name, r.Err, tc.err)
		}
		if elapsed > 2*time.Second {
			t.Errorf("%s: took %v", tc.name, elapsed)
		}
		t.Logf("%s: %v after %v", tc.name, r.Err, elapsed)
	}

	// The engine reached while a background job loops: success, quickly.
	start := time.Now()
	r := evalSrc(t, "(while [[ 1 ]]; do x=1; done) &\nsleep 1000 &\nexec radiance serve", "serve", nil, Options{Timeout: 3 * time.Second})
	if r.Err != nil || !slices.Equal(r.Argv, []string{"radiance", "serve"}) {
		t.Errorf("engine with a background loop: %v %q", r.Err, r.Argv)
	}
	if elapsed := time.Since(start); elapsed > 1500*time.Millisecond {
		t.Errorf("engine with a background loop took %v", elapsed)
	}

	// The caller's context is honoured.
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	root := t.TempDir()
	src := "while true; do :; done"
	f, err := syntax.NewParser().Parse(strings.NewReader(src), "loop.sh")
	if err != nil {
		t.Fatal(err)
	}
	start = time.Now()
	r = Eval(ctx, filepath.Join(root, "loop.sh"), []byte(src), f, "serve", Options{Root: root, MaxCommands: 1 << 40, guard: strictGuard(t)})
	if !errors.Is(r.Err, ErrTimeout) || time.Since(start) > time.Second {
		t.Errorf("cancelled context: %v after %v", r.Err, time.Since(start))
	}
}

func TestInput(t *testing.T) {
	if r := Eval(context.Background(), "x.sh", nil, nil, "serve", Options{}); !errors.Is(r.Err, ErrInput) {
		t.Errorf("nil file: %v", r.Err)
	}
	f, err := syntax.NewParser().Parse(strings.NewReader("exec radiance serve"), "x.sh")
	if err != nil {
		t.Fatal(err)
	}
	if r := Eval(context.Background(), "/x.sh", nil, f, "serve", Options{Root: "/"}); !errors.Is(r.Err, ErrInput) {
		t.Errorf("root /: %v", r.Err)
	}
}

// BenchmarkEvalMode measures the evaluation of one mode of frank-archon.
func BenchmarkEvalMode(b *testing.B) {
	root := testdataDir(b, "frank-archon")
	script := filepath.Join(root, "scripts", "frank-archon.sh")
	src, f := parseFile(b, script, syntax.LangBash)
	opts := Options{Root: root}
	b.ReportAllocs()
	for b.Loop() {
		r := Eval(context.Background(), script, src, f, "serve", opts)
		if r.Err != nil {
			b.Fatal(r.Err)
		}
	}
}

// TestHardBound: even a run stuck where the interpreter cannot see its
// context (here, a ReadFile overlay that never returns) ends within the
// bound.
func TestHardBound(t *testing.T) {
	release := make(chan struct{})
	defer close(release)
	opts := Options{
		Timeout: 200 * time.Millisecond,
		ReadFile: func(string) ([]byte, error) {
			<-release
			return nil, errors.New("released")
		},
	}
	start := time.Now()
	r := evalSrc(t, ". ./x.env\nexec radiance serve", "serve", map[string]string{"x.env": "A=1"}, opts)
	if !errors.Is(r.Err, ErrTimeout) || !strings.Contains(r.Err.Error(), "did not stop") {
		t.Errorf("Err = %v", r.Err)
	}
	if elapsed := time.Since(start); elapsed > time.Second {
		t.Errorf("took %v", elapsed)
	}
}

// TestNoGoroutineLeak: evaluations, including ones with background jobs,
// large files and bounds hit, leave no goroutine behind.
func TestNoGoroutineLeak(t *testing.T) {
	big := strings.Repeat("# padding\n", 20000) + "A=1\n"
	base := runtime.NumGoroutine()
	for range 5 {
		frank(t, "serve")
		evalSrc(t, "sleep 100 &\n(while [[ 1 ]]; do x=1; done) &\nexec 0<big.env\n. ./big.env\ncat big.env | wc -l\nexec radiance serve", "serve",
			map[string]string{"big.env": big}, Options{})
		evalSrc(t, "while true; do :; done", "serve", nil, Options{Timeout: 50 * time.Millisecond, MaxCommands: 1 << 40})
	}
	deadline := time.Now().Add(2 * time.Second)
	for runtime.NumGoroutine() > base && time.Now().Before(deadline) {
		time.Sleep(10 * time.Millisecond)
	}
	if n := runtime.NumGoroutine(); n > base {
		buf := make([]byte, 1<<16)
		t.Errorf("%d goroutines, %d before:\n%s", n, base, buf[:runtime.Stack(buf, true)])
	}
}

// TestSourceServedFromMemory: a sourced file reaches interp from memory,
// once per source call, also through a function named source that calls
// the builtin (and sees a plain path, not the mark interceptSource gives
// the builtin); a later redirection of the same file still reads it whole,
// and the modes sharing one Files snapshot agree with private ones.
func TestSourceServedFromMemory(t *testing.T) {
	dir := t.TempDir()
	env := "A_MAX_NUM_SEQS=8\nA_PORT=7000\n"
	if err := os.WriteFile(filepath.Join(dir, "a.env"), []byte(env), 0o644); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "a.sh")
	src := `#!/bin/bash
source() { case "$1" in /*/a.env) ;; *) exit 9 ;; esac; builtin source "$@"; }
source "$(dirname "$0")/a.env"
. "$(dirname "$0")/a.env"
n=0
while IFS= read -r line; do n=$((n+1)); done < "$(dirname "$0")/a.env"
case "$1" in
  serve) exec vllm serve m --max-num-seqs "$A_MAX_NUM_SEQS" --port "$A_PORT" --lines "$n" ;;
  bench) exec vllm serve m --max-num-seqs 4 --port "$A_PORT" --lines "$n" ;;
esac
`
	if err := os.WriteFile(script, []byte(src), 0o755); err != nil {
		t.Fatal(err)
	}
	shared := NewFiles()
	for _, mode := range []string{"serve", "bench", "serve"} {
		for _, files := range []*Files{nil, shared} {
			r := evalFile(t, dir, script, mode, syntax.LangBash, Options{Files: files})
			if r.Err != nil {
				t.Fatalf("%s: %v", mode, r.Err)
			}
			want := "8"
			if mode == "bench" {
				want = "4"
			}
			got := strings.Join(r.Argv, " ")
			if !strings.Contains(got, "--max-num-seqs "+want+" --port 7000 --lines 2") {
				t.Fatalf("%s: argv %q", mode, got)
			}
		}
	}
}

// TestNoEnvSameArgv: skipping the engine's environment (and, with NoSpans,
// the snapshot it comes from) changes nothing else of a result.
func TestNoEnvSameArgv(t *testing.T) {
	root := testdataDir(t, "frank-archon")
	script := filepath.Join(root, "scripts", "frank-archon.sh")
	for _, mode := range []string{"serve", "kl", "kl-ref", "calib", "bench", "nosuchmode"} {
		full := evalFile(t, root, script, mode, syntax.LangBash, Options{NoSpans: true})
		lean := evalFile(t, root, script, mode, syntax.LangBash, Options{NoSpans: true, NoEnv: true})
		if lean.Env != nil {
			t.Errorf("%s: Env computed with NoEnv", mode)
		}
		if mode != "nosuchmode" && len(full.Env) == 0 {
			t.Errorf("%s: no Env without NoEnv (docker --env-file)", mode)
		}
		if strings.Join(full.Argv, "\x00") != strings.Join(lean.Argv, "\x00") || fmt.Sprint(full.Unresolved) != fmt.Sprint(lean.Unresolved) ||
			fmt.Sprint(full.Launcher) != fmt.Sprint(lean.Launcher) || fmt.Sprint(full.Err) != fmt.Sprint(lean.Err) {
			t.Errorf("%s: NoEnv changed the result:\n%+v\n%+v", mode, full, lean)
		}
	}
}

// TestSharedEnvUnchanged: the modes of a script share one starting
// environment (Files); what one mode does to a variable of it, even an
// append to an array's first element, which interp makes in place, is not
// seen by the next mode, nor by one running at the same time.
func TestSharedEnvUnchanged(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "s.sh")
	src := "#!/bin/bash\nBASH_SOURCE+=-x\ncase \"$1\" in\n  a|b|c|d) exec vllm serve m --served-model-name \"${BASH_SOURCE[0]##*/}\" ;;\nesac\n"
	if err := os.WriteFile(script, []byte(src), 0o755); err != nil {
		t.Fatal(err)
	}
	files := NewFiles()
	var wg sync.WaitGroup
	for _, mode := range []string{"a", "b", "c", "d", "a", "b"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			r := evalFile(t, dir, script, mode, syntax.LangBash, Options{Files: files})
			if r.Err != nil || len(r.Argv) != 5 || r.Argv[4] != "s.sh-x" {
				t.Errorf("%s: argv %q, err %v; want --served-model-name s.sh-x", mode, r.Argv, r.Err)
			}
		}()
	}
	wg.Wait()
}

// A selector named after a variable the sandbox fixes is not set to the
// mode (a case pattern of the script, so any text): with TMPDIR a host
// directory, interp would open "$TMPDIR/sh-interp-*" there without the
// open handler, and create its process-substitution FIFOs there.
func TestSelectorSandboxOwned(t *testing.T) {
	victim := t.TempDir()
	src := "echo x > \"$TMPDIR/sh-interp-x\"\n" +
		"exec radiance serve --tmp \"$TMPDIR\" --home \"$HOME\" --path \"$PATH\" --mode \"$MODE\""
	for _, sel := range [][]string{{"TMPDIR", "HOME", "PATH", "MODE"}, {"TMPDIR"}} {
		r := evalSrc(t, src, victim, nil, Options{Selectors: sel})
		if r.Err != nil {
			t.Fatalf("%v: Err = %v", sel, r.Err)
		}
		if ents, _ := os.ReadDir(victim); len(ents) != 0 {
			t.Fatalf("%v: the sandbox wrote into the mode's directory: %v", sel, ents)
		}
		got := map[string]string{}
		for i := 2; i+1 < len(r.Argv); i += 2 {
			got[r.Argv[i]] = r.Argv[i+1]
		}
		if got["--tmp"] == victim || got["--home"] != sandboxHome || got["--path"] != sandboxPath {
			t.Errorf("%v: a selector set a variable the sandbox owns: %v", sel, r.Argv)
		}
		if want := map[bool]string{true: victim, false: ""}[slices.Contains(sel, "MODE")]; got["--mode"] != want {
			t.Errorf("%v: --mode %q, want %q", sel, got["--mode"], want)
		}
	}
}

// With NoArg the mode reaches the script through its selectors only:
// $1 is unset, as when MODE=kl ./serve.sh runs (and the pruner does not
// take $1 for the mode).
func TestNoArg(t *testing.T) {
	src := "TP=${1:-1}\nMODE=${MODE:-serve}\ncase \"$MODE\" in\n  serve) exec radiance serve --tp \"$TP\" ;;\n  kl) exec radiance serve --tp \"$TP\" --kl ;;\nesac"
	r := evalSrc(t, src, "kl", nil, Options{Selectors: []string{"MODE"}, NoArg: true})
	if want := []string{"radiance", "serve", "--tp", "1", "--kl"}; r.Err != nil || !slices.Equal(r.Argv, want) {
		t.Errorf("argv %q (err %v), want %q", r.Argv, r.Err, want)
	}
	// A selector the sandbox owns is dropped: $1 stays the mode then.
	r = evalSrc(t, "exec radiance serve --m \"$1\"", "kl", nil, Options{Selectors: []string{"TMPDIR"}, NoArg: true})
	if want := []string{"radiance", "serve", "--m", "kl"}; r.Err != nil || !slices.Equal(r.Argv, want) {
		t.Errorf("argv %q (err %v), want %q", r.Argv, r.Err, want)
	}
}

// typeset in a function is local, as declare is; interp ran it as a
// global assignment, so kl booted with 64 in the dry run and 256 in bash.
func TestTypesetInFunctionIsLocal(t *testing.T) {
	dir := t.TempDir()
	script := filepath.Join(dir, "serve.sh")
	body := "#!/usr/bin/env bash\nseqs=256\nsetk() { typeset -x seqs=64; typeset -g step=2048; }\nsetk\nexec vllm serve /m --max-num-seqs \"$seqs\" --max-num-batched-tokens \"$step\"\n"
	if err := os.WriteFile(script, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	src, f := parseFile(t, script, syntax.LangBash)
	r := Eval(context.Background(), script, src, f, "kl", Options{Root: dir, guard: strictGuard(t)})
	if r.Err != nil {
		t.Fatalf("Err = %v", r.Err)
	}
	if got := strings.Join(r.Argv, " "); got != "vllm serve /m --max-num-seqs 256 --max-num-batched-tokens 2048" {
		t.Errorf("Argv = %q, want the caller's seqs=256 and the global step=2048", got)
	}
}

// TestExecOptions: bash's exec -c starts the command with an empty
// environment (its prefix assignments too), -l and -a NAME change only its
// argv[0]; interp's exec takes no options and ran a program named -c.
func TestExecOptions(t *testing.T) {
	const pre = "export MAX_BATCH_PREFILL_TOKENS=8192 A=1\n"
	for _, c := range []struct {
		src  string
		argv []string
		env  map[string]string
		err  error
	}{
		{src: "exec -c text-generation-launcher --port 1", argv: []string{"text-generation-launcher", "--port", "1"}, env: map[string]string{}},
		{src: "B=2 exec -cl text-generation-launcher", argv: []string{"text-generation-launcher"}, env: map[string]string{}},
		{src: "exec -a tgi -c -- text-generation-launcher", argv: []string{"text-generation-launcher"}, env: map[string]string{}},
		{src: "exec -ca tgi text-generation-launcher", argv: []string{"text-generation-launcher"}, env: map[string]string{}},
		{src: "exec -c env K=3 text-generation-launcher", argv: []string{"text-generation-launcher"}, env: map[string]string{"K": "3"}},
		{src: "exec -a tgi text-generation-launcher", argv: []string{"text-generation-launcher"},
			env: map[string]string{"MAX_BATCH_PREFILL_TOKENS": "8192", "A": "1"}},
		{src: "exec -atgi -l text-generation-launcher", argv: []string{"text-generation-launcher"},
			env: map[string]string{"MAX_BATCH_PREFILL_TOKENS": "8192", "A": "1"}},
		// A script run without the environment is not modelled.
		{src: "exec -c bash -c 'text-generation-launcher --port 1'", err: ErrUnsupported},
		{src: "exec -c ./child.sh", err: ErrUnsupported},
	} {
		r := evalSrc(t, pre+c.src+"\n", "serve", map[string]string{"child.sh": "#!/bin/bash\ntext-generation-launcher\n"}, Options{})
		if c.err != nil {
			if !errors.Is(r.Err, c.err) {
				t.Errorf("%s: Err = %v, want %v", c.src, r.Err, c.err)
			}
			continue
		}
		if r.Err != nil {
			t.Errorf("%s: Err = %v", c.src, r.Err)
			continue
		}
		if !slices.Equal(r.Argv, c.argv) || !maps.Equal(r.Env, c.env) {
			t.Errorf("%s: Argv %q Env %q, want %q %q", c.src, r.Argv, r.Env, c.argv, c.env)
		}
	}
}
