package dryrun

import (
	"fmt"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

func TestSmoke(t *testing.T) {
	root := testdataDir(t, "frank-archon")
	for _, m := range []string{"serve", "bench", "calib", "kl-ref", "nope"} {
		r := evalFile(t, root, root+"/scripts/frank-archon.sh", m, syntax.LangBash, Options{})
		fmt.Printf("%s: err=%v\n argv=%q\n launcher=%q\n env=%q\n skipped=%q\n unres=%v\n spans=%v notes=%q\n", m, r.Err, r.Argv, r.Launcher, r.Env, r.Skipped, r.Unresolved, r.Spans, r.Notes)
	}
}
