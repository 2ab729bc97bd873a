package dryrun

import (
	"os"
	"slices"
	"strings"
	"testing"
	"time"
)

const childLauncher = `#!/usr/bin/env bash
set -euo pipefail
. "$(dirname "$0")/serve.env"
exec vllm serve "$MODEL" --max-num-seqs "${SEQS:-$MAX_NUM_SEQS}" "$@"
`

const childEnv = "MAX_NUM_SEQS=256\nMODEL=/m\n"

// TestChildScript: a command running a script of the tree (by its path,
// through bash or sh, in the background) is interpreted in the sandbox as
// the child shell would run it: the exported variables, the words as its
// "$@", its path as $0.
func TestChildScript(t *testing.T) {
	files := map[string]string{"launch.sh": childLauncher, "serve.env": childEnv,
		"array.sh": "#!/bin/bash\n. ./serve.env\ncmd=(vllm serve \"$MODEL\" --max-num-seqs \"$MAX_NUM_SEQS\")\nexec \"${cmd[@]}\" \"$@\"\n"}
	for _, tc := range []struct {
		name, line string
		want       []string
	}{
		{"direct", `exec "$here/launch.sh" --max-num-seqs 32`, []string{"vllm", "serve", "/m", "--max-num-seqs", "256", "--max-num-seqs", "32"}},
		{"prefix", `SEQS=64 exec "$here/launch.sh" --port 8001`, []string{"vllm", "serve", "/m", "--max-num-seqs", "64", "--port", "8001"}},
		{"exported", `export SEQS=8; "$here/launch.sh"`, []string{"vllm", "serve", "/m", "--max-num-seqs", "8"}},
		{"not exported", `SEQS=8; "$here/launch.sh"`, []string{"vllm", "serve", "/m", "--max-num-seqs", "256"}},
		{"bash", `bash "$here/launch.sh" --port 1`, []string{"vllm", "serve", "/m", "--max-num-seqs", "256", "--port", "1"}},
		{"bash -x", `bash -x -o pipefail launch.sh --port 2`, []string{"vllm", "serve", "/m", "--max-num-seqs", "256", "--port", "2"}},
		{"sh", `sh ./launch.sh --port 3`, []string{"vllm", "serve", "/m", "--max-num-seqs", "256", "--port", "3"}},
		{"background", `"$here/launch.sh" --port 4 & wait`, []string{"vllm", "serve", "/m", "--max-num-seqs", "256", "--port", "4"}},
		{"array", `exec "$here/array.sh" --port 6`, []string{"vllm", "serve", "/m", "--max-num-seqs", "256", "--port", "6"}},
		{"nohup", `nohup ./launch.sh --port 5 > log 2>&1 &` + "\nwait", []string{"vllm", "serve", "/m", "--max-num-seqs", "256", "--port", "5"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := evalSrc(t, "here=$(dirname \"$0\")\n"+tc.line+"\n", "serve", files, Options{})
			if r.Err != nil {
				t.Fatalf("err %v (notes %q)", r.Err, r.Notes)
			}
			if !slices.Equal(r.Argv, tc.want) {
				t.Errorf("argv %q, want %q", r.Argv, tc.want)
			}
			if !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, ".sh: run as a child script") }) {
				t.Errorf("no note of the child's run: %q", r.Notes)
			}
		})
	}
}

// TestChildScriptStatus: a child's exit ends the child only; its status is
// the command's.
func TestChildScriptStatus(t *testing.T) {
	files := map[string]string{"check.sh": "#!/bin/sh\n[ \"$1\" = ok ] || exit 3\necho fine\n[ \"$1\" = serve ] && exec vllm serve /x\n"}
	r := evalSrc(t, "./check.sh no || exec vllm serve /m --port \"$?\"\n", "serve", files, Options{})
	if want := []string{"vllm", "serve", "/m", "--port", "3"}; !slices.Equal(r.Argv, want) {
		t.Errorf("argv %q, want %q (err %v)", r.Argv, want, r.Err)
	}
	r = evalSrc(t, "out=$(./check.sh ok)\nexec vllm serve /m --served-model-name \"$out\"\n", "serve", files, Options{})
	if want := []string{"vllm", "serve", "/m", "--served-model-name", "fine"}; !slices.Equal(r.Argv, want) {
		t.Errorf("argv %q, want %q (err %v)", r.Argv, want, r.Err)
	}
}

// TestChildScriptRefused: a script outside the tree, missing, not a shell
// script, one that starts no engine, or already running (a script running
// itself again in its re-run, a loop of two) is
// not interpreted: skipped as before, a note at most, and no hang.
func TestChildScriptRefused(t *testing.T) {
	files := map[string]string{
		"tool.py": "#!/usr/bin/env python3\nprint('--port 1')\n",
		// A helper that starts no engine: skipped as before, its exit
		// (huggingface-cli's output is not known) not the script's.
		"fetch.sh":   "#!/bin/bash\n[[ $(huggingface-cli scan-cache) == *\"$1\"* ]] || exit 1\n",
		"procsub.sh": "#!/bin/bash\nexec vllm serve /m $(cat <(echo --port 1))\n",
		"a.sh":       "#!/bin/bash\n./b.sh \"$@\"\n",
		"b.sh":       "#!/bin/bash\n./a.sh \"$@\"\nexec vllm serve /m --port 9\n",
		"deep1.sh":   "#!/bin/bash\n./deep2.sh\n",
		"deep2.sh":   "#!/bin/bash\n./deep3.sh\n",
		"deep3.sh":   "#!/bin/bash\n./deep4.sh\n",
		"deep4.sh":   "#!/bin/bash\n./deep5.sh\n",
		"deep5.sh":   "#!/bin/bash\nexec vllm serve /m --port 5\n",
	}
	for _, tc := range []struct {
		name, src, skipped, note string
		want                     []string
	}{
		{"outside", "/opt/serving/launch.sh --port 1\nexec vllm serve /m\n", "/opt/serving/launch.sh", "outside the linted tree", []string{"vllm", "serve", "/m"}},
		{"missing", "./missing.sh --port 1\nexec vllm serve /m\n", "./missing.sh", "", []string{"vllm", "serve", "/m"}},
		{"python", "./tool.py\nexec vllm serve /m\n", "./tool.py", "", []string{"vllm", "serve", "/m"}},
		{"refused", "./procsub.sh\nexec vllm serve /m\n", "./procsub.sh", "procsub.sh: not evaluated", []string{"vllm", "serve", "/m"}},
		{"helper", "./fetch.sh /m\nexec vllm serve /m\n", "./fetch.sh", "", []string{"vllm", "serve", "/m"}},
		{"self, twice", "\"$0\" again\nexec vllm serve /m --port 2\n", "", "already running", []string{"vllm", "serve", "/m", "--port", "2"}},
		{"loop", "./a.sh\n", "./a.sh", "already running", []string{"vllm", "serve", "/m", "--port", "9"}},
		{"depth", "./deep1.sh\nexec vllm serve /m --port 6\n", "./deep5.sh", "more than 4 deep", []string{"vllm", "serve", "/m", "--port", "6"}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			start := time.Now()
			r := evalSrc(t, tc.src, "serve", files, Options{})
			if time.Since(start) > 3*time.Second {
				t.Errorf("took %v", time.Since(start))
			}
			if !slices.Equal(r.Argv, tc.want) {
				t.Errorf("argv %q, want %q (err %v, notes %q)", r.Argv, tc.want, r.Err, r.Notes)
			}
			if tc.skipped != "" && !slices.ContainsFunc(r.Skipped, func(s []string) bool { return len(s) > 0 && s[0] == tc.skipped }) {
				t.Errorf("%s not in Skipped %q", tc.skipped, r.Skipped)
			}
			if tc.note != "" && !slices.ContainsFunc(r.Notes, func(n string) bool { return strings.Contains(n, tc.note) }) {
				t.Errorf("no note saying %q: %q", tc.note, r.Notes)
			}
		})
	}
}

// TestChildScriptJobs: an engine a child starts in the background, the
// child not waiting for it, is still reached (the child's jobs are joined
// when it ends, as the script's are when it ends).
func TestChildScriptJobs(t *testing.T) {
	files := map[string]string{"bg.sh": "#!/bin/bash\nnohup vllm serve /m --port \"$1\" > log 2>&1 &\necho started\n"}
	for range 5 {
		r := evalSrc(t, "./bg.sh 7\necho done\n", "serve", files, Options{})
		if want := []string{"vllm", "serve", "/m", "--port", "7"}; !slices.Equal(r.Argv, want) {
			t.Fatalf("argv %q, want %q (err %v)", r.Argv, want, r.Err)
		}
	}
}

// TestChildScriptSandboxed: a child's commands meet the same sandbox as
// the script's: skipped, never run (strictGuard fails on any fallback).
func TestChildScriptSandboxed(t *testing.T) {
	victim := t.TempDir()
	files := map[string]string{"launch.sh": "#!/bin/bash\ntouch \"$VICTIM/owned\"\nrm -rf \"$VICTIM\"\n/bin/rm -rf \"$VICTIM\"\nbash -c 'touch \"$VICTIM/c\"'\nexec vllm serve /m \"$@\"\n"}
	r := evalSrc(t, "./launch.sh --port 1\n", "serve", files, Options{Env: map[string]string{"VICTIM": victim}})
	if want := []string{"vllm", "serve", "/m", "--port", "1"}; !slices.Equal(r.Argv, want) {
		t.Fatalf("argv %q, want %q (err %v)", r.Argv, want, r.Err)
	}
	for _, p := range [][]string{{"touch", victim + "/owned"}, {"rm", "-rf", victim}, {"/bin/rm", "-rf", victim}, {"bash", "-c"}} {
		if !slices.ContainsFunc(r.Skipped, func(s []string) bool { return len(s) >= len(p) && slices.Equal(s[:len(p)], p) }) {
			t.Errorf("%q not in Skipped %q", p, r.Skipped)
		}
	}
	if left, err := os.ReadDir(victim); err != nil || len(left) > 0 {
		t.Errorf("the victim dir changed: %v %v", left, err)
	}
}

// TestSelfRerun: the evaluated script running itself is interpreted once,
// as the host runs it: a guard on a variable or an argument the re-run is
// given lets it go on to the engine (a launcher daemonizing itself with
// nohup, a subcommand calling another). Its own call of itself again is
// refused (TestChildScriptRefused).
func TestSelfRerun(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string
	}{
		{"nohup daemon", "if [[ -z ${D:-} ]]; then\n  D=1 nohup \"$0\" \"$@\" > vllm.log 2>&1 &\n  exit 0\nfi\nexec vllm serve /m --port \"$1\"\n",
			[]string{"vllm", "serve", "/m", "--port", "serve"}},
		{"argument", "[[ ${1:-} == again ]] || exec \"$0\" again\nexec vllm serve /m --port 2\n",
			[]string{"vllm", "serve", "/m", "--port", "2"}},
	} {
		r := evalSrc(t, "#!/bin/bash\n"+tc.src, "serve", nil, Options{})
		if r.Err != nil || !slices.Equal(r.Argv, tc.want) {
			t.Errorf("%s: argv %q (err %v, notes %q), want %q", tc.name, r.Argv, r.Err, r.Notes, tc.want)
		}
	}
}

// The script running itself is interpreted where that cannot race the run's
// jobs: a background re-run is followed by an exit; in a sweep that starts
// "$0" serve & for each model it is refused, as before, and every run of
// the sweep gives the same answer.
func TestSelfRerunRaceFree(t *testing.T) {
	src := "#!/bin/bash\ncase ${1:-serve} in\n  serve) exec vllm serve \"${MODEL:-m0}\" ;;\n  sweep)\n    for m in m1 m2 m3; do\n      MODEL=$m \"$0\" serve &\n      sleep 1\n    done ;;\nesac\n"
	for range 10 {
		r := evalSrc(t, src, "sweep", nil, Options{})
		if r.Err == nil || len(r.Argv) > 0 {
			t.Fatalf("sweep: argv %q (err %v): the background re-runs were interpreted", r.Argv, r.Err)
		}
	}
	for _, tc := range []struct{ name, body string }{
		{"background, then echo and exit", "D=1 nohup \"$0\" \"$@\" >/dev/null 2>&1 &\necho started\nexit 0"},
		{"foreground", "D=1 \"$0\" \"$@\""},
	} {
		src := "#!/bin/bash\nif [[ -z ${D:-} ]]; then\n  " + tc.body + "\nfi\nexec vllm serve /m --port 1\n"
		r := evalSrc(t, src, "serve", nil, Options{})
		if r.Err != nil || strings.Join(r.Argv, " ") != "vllm serve /m --port 1" {
			t.Errorf("%s: argv %q (err %v)", tc.name, r.Argv, r.Err)
		}
	}
}
