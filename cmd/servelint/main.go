// Command servelint lints the shell scripts that boot LLM inference servers
// and the env files that own their numbers.
package main

import (
	"os"
)

func main() {
	os.Exit(run(os.Args[1:], os.Stdout, os.Stderr))
}
