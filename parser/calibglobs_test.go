package parser

import "testing"

// TestDefaultCalibGlobs: SPEC's default calib role is calib* and *tap*;
// a name whose tap sits inside a word, a letter on each side, is no tap.
func TestDefaultCalibGlobs(t *testing.T) {
	for name, want := range map[string]bool{
		"calib": true, "calib-long": true, "tap": true, "win-tap": true, "kl_tap": true,
		"tap2": true, "mytap": true, "tapout": true, "kl-tap-2": true,
		"dataparallel": false, "metaprompt": false, "serve": false, "bench": false, "kl": false,
	} {
		if got := globAny(DefaultCalibGlobs, name); got != want {
			t.Errorf("%s: calib %v, want %v", name, got, want)
		}
	}
}
