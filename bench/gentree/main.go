// Command gentree writes the synthetic tree of N serve repos that
// bench/compare.sh times servelint, shellcheck and shfmt on.
//
//	go run ./bench/gentree -n 100 -o /tmp/tree
//
// It prints the tree's scripts, one a line, to the file named by -scripts
// (default: none) and a one-line summary to stdout.
package main

import (
	"flag"
	"fmt"
	"os"
	"strings"

	"github.com/servelint/servelint/bench"
)

func main() {
	n := flag.Int("n", 100, "number of repos")
	out := flag.String("o", "", "directory to create (must not exist)")
	list := flag.String("scripts", "", "write the list of scripts here")
	src := flag.String("src", ".", "a directory inside the servelint module (for testdata/ and examples/)")
	flag.Parse()
	if *out == "" {
		fmt.Fprintln(os.Stderr, "gentree: -o is required")
		os.Exit(2)
	}
	if _, err := os.Stat(*out); err == nil {
		fmt.Fprintf(os.Stderr, "gentree: %s exists\n", *out)
		os.Exit(2)
	}
	root, err := bench.RepoRoot(*src)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gentree:", err)
		os.Exit(2)
	}
	cases, err := bench.Cases(root)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gentree:", err)
		os.Exit(2)
	}
	t, err := bench.Generate(*out, *n, cases)
	if err != nil {
		fmt.Fprintln(os.Stderr, "gentree:", err)
		os.Exit(1)
	}
	if *list != "" {
		if err := os.WriteFile(*list, []byte(strings.Join(t.Scripts, "\n")+"\n"), 0o644); err != nil {
			fmt.Fprintln(os.Stderr, "gentree:", err)
			os.Exit(1)
		}
	}
	fmt.Printf("repos=%d scripts=%d envs=%d bytes=%d lines=%d cases=%d\n", t.Repos, len(t.Scripts), len(t.Envs), t.Bytes, t.Lines, len(cases))
}
