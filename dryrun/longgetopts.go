package dryrun

import (
	"strings"

	"mvdan.cc/sh/v3/syntax"

	"github.com/servelint/servelint/internal/shwalk"
	"github.com/servelint/servelint/parser"
)

// Long options through getopts: `while getopts ":m:-:" o; do case $o in -)
// case $OPTARG in mode=*) MODE=${OPTARG#*=} ;; …`.
//
// Bash's getopts reads --mode=kl as the option - with the argument
// mode=kl when its option string takes "-:"; interp's stops at any word
// starting with --, so the dry run of `serve.sh --mode=kl` never set MODE
// and evaluated kl as the default mode. Eval runs a copy (rewrite) in
// which each such getopts is a call of a function that hands a word
// starting with -- (not -- itself) to the loop as bash does, the option
// "-" with the rest of the word in OPTARG, and any other to getopts, with
// the words it reads given explicitly ("$@" where the call gave none).

// longGetoptsFunc is the function each such getopts calls instead.
const longGetoptsFunc = "__servelint_getopts"

// longGetoptsSrc defines longGetoptsFunc: $1 the option string, $2 the
// name, the words to read after them.
const longGetoptsSrc = longGetoptsFunc + `() {
  local __servelint_i=$((${OPTIND:-1} + 2))
  local __servelint_w=${!__servelint_i-}
  if [[ $__servelint_w == --?* ]]; then
    eval "$2=-"
    OPTARG=${__servelint_w#--}
    OPTIND=$((${OPTIND:-1} + 1))
    return 0
  fi
  builtin getopts "$@"
}
`

// longGetopts reports whether c runs getopts with a literal option string
// that takes "-:" and a literal name.
func longGetopts(c *syntax.CallExpr) bool {
	if len(c.Args) < 3 {
		return false
	}
	optstr, ok := parser.LitValue(c.Args[1])
	if c.Args[0].Lit() != "getopts" || !ok || !strings.Contains(optstr, "-:") {
		return false
	}
	v, ok := parser.LitValue(c.Args[2])
	return ok && syntax.ValidName(v)
}

// rewriteLongGetopts makes each getopts of f that longGetopts finds a
// call of longGetoptsFunc, defined before f's first statement.
func rewriteLongGetopts(f *syntax.File) {
	var calls []*syntax.CallExpr
	shwalk.Walk(f, func(n syntax.Node) bool {
		if c, ok := n.(*syntax.CallExpr); ok && longGetopts(c) {
			calls = append(calls, c)
		}
		return true
	})
	if len(calls) == 0 {
		return
	}
	def, err := syntax.NewParser().Parse(strings.NewReader(longGetoptsSrc), "")
	if err != nil || len(def.Stmts) != 1 {
		return
	}
	for _, c := range calls {
		pos := c.Args[0].Pos()
		c.Args[0] = litWordAt(longGetoptsFunc, pos)
		if len(c.Args) == 3 {
			// getopts reads the positional parameters where it is called:
			// the function is handed them.
			c.Args = append(c.Args, &syntax.Word{Parts: []syntax.WordPart{&syntax.DblQuoted{Left: pos, Right: pos, Parts: []syntax.WordPart{
				&syntax.ParamExp{Dollar: pos, Param: &syntax.Lit{ValuePos: pos, ValueEnd: pos, Value: "@"}}}}}})
		}
	}
	f.Stmts = append(def.Stmts, f.Stmts...)
}
