package dryrun

import (
	"maps"
	"testing"
)

// TestShellStringEnv: the string of bash -c runs with the environment its
// launcher words hand it, and its engine boots with that shell's exported
// variables. env -i and srun --export=NONE cleared it before the string
// sourced tgi.env, but the clearing was applied at the engine, after the
// string's own exports: Env was empty. A string that sources nothing
// behind env -i still boots with none but what the words hand it, and
// SEQS, which the caller exports, is unset inside it.
func TestShellStringEnv(t *testing.T) {
	files := map[string]string{"tgi.env": "MAX_CONCURRENT_REQUESTS=64\nMAX_BATCH_PREFILL_TOKENS=8192\n"}
	src := "#!/usr/bin/env bash\ncd \"$(dirname \"$0\")\"\nexport SEQS=32\ncase \"$1\" in\n" +
		"  envi) exec env -i bash -c 'set -a; . ./tgi.env; exec text-generation-launcher --port 8080' ;;\n" +
		"  srun) exec srun --export=NONE bash -c '. ./tgi.env; export MAX_CONCURRENT_REQUESTS; exec text-generation-launcher --port 8080' ;;\n" +
		"  bare) exec env -i A=1 bash -c 'exec text-generation-launcher --port 8080 --max-concurrent-requests \"${SEQS:-7}\"' ;;\n" +
		"  keep) exec bash -c 'exec text-generation-launcher --port 8080' ;;\n" +
		"esac\n"
	for _, tc := range []struct {
		mode   string
		env    map[string]string
		closed bool
		last   string
	}{
		{"envi", map[string]string{"MAX_CONCURRENT_REQUESTS": "64", "MAX_BATCH_PREFILL_TOKENS": "8192"}, true, "8080"},
		{"srun", map[string]string{"MAX_CONCURRENT_REQUESTS": "64"}, true, "8080"},
		{"bare", map[string]string{"A": "1"}, true, "7"},
		{"keep", map[string]string{"SEQS": "32"}, false, "8080"},
	} {
		r := evalSrc(t, src, tc.mode, files, Options{})
		if r.Err != nil || len(r.Argv) == 0 {
			t.Errorf("%s: Err = %v, Argv %q", tc.mode, r.Err, r.Argv)
			continue
		}
		if !maps.Equal(r.Env, tc.env) || r.EnvClosed != tc.closed || r.Argv[len(r.Argv)-1] != tc.last {
			t.Errorf("%s: Env %q closed %v argv %q, want %q closed %v, last %s", tc.mode, r.Env, r.EnvClosed, r.Argv, tc.env, tc.closed, tc.last)
		}
	}
}
