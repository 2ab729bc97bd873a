package shwalk

import (
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"mvdan.cc/sh/v3/syntax"
)

// trace is the order of f's calls: each node's type and span, "nil" for
// the calls that close a node.
func trace(walk func(syntax.Node, func(syntax.Node) bool), n syntax.Node, prune func(syntax.Node) bool) []string {
	var out []string
	walk(n, func(n syntax.Node) bool {
		if n == nil {
			out = append(out, "nil")
			return true
		}
		s := fmt.Sprintf("%T %v-%v", n, n.Pos(), n.End())
		if c, ok := n.(*syntax.Comment); ok {
			s += " " + c.Text
		}
		out = append(out, s)
		return prune == nil || !prune(n)
	})
	return out
}

func same(t *testing.T, name string, f *syntax.File) {
	t.Helper()
	for _, prune := range []func(syntax.Node) bool{
		nil,
		func(n syntax.Node) bool { _, ok := n.(*syntax.CmdSubst); return ok },
		func(n syntax.Node) bool { _, ok := n.(*syntax.CaseItem); return ok },
	} {
		want, got := trace(syntax.Walk, f, prune), trace(Walk, f, prune)
		if strings.Join(want, "\n") != strings.Join(got, "\n") {
			for i := range min(len(want), len(got)) {
				if want[i] != got[i] {
					t.Fatalf("%s: call %d: syntax.Walk %q, shwalk.Walk %q", name, i, want[i], got[i])
				}
			}
			t.Fatalf("%s: syntax.Walk made %d calls, shwalk.Walk %d", name, len(want), len(got))
		}
	}
}

// TestSameOrder walks every script of the testdata and the examples (and
// a source made to hold every kind of node and comment) with both walkers.
func TestSameOrder(t *testing.T) {
	n := 0
	for _, root := range []string{"../../testdata", "../../examples"} {
		err := filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
			if err != nil || d.IsDir() {
				return err
			}
			src, err := os.ReadFile(p)
			if err != nil {
				return err
			}
			if !strings.HasPrefix(string(src), "#!") && !strings.HasSuffix(p, ".sh") {
				return nil
			}
			for _, v := range []syntax.LangVariant{syntax.LangBash, syntax.LangPOSIX} {
				f, err := syntax.NewParser(syntax.KeepComments(true), syntax.Variant(v)).Parse(strings.NewReader(string(src)), p)
				if err != nil {
					continue
				}
				same(t, p, f)
				n++
			}
			return nil
		})
		if err != nil {
			t.Fatal(err)
		}
	}
	if n < 100 {
		t.Fatalf("only %d scripts walked", n)
	}
	f, err := syntax.NewParser(syntax.KeepComments(true)).Parse(strings.NewReader(everyNode), "every.sh")
	if err != nil {
		t.Fatal(err)
	}
	same(t, "every.sh", f)
}

const everyNode = `#!/bin/bash
# head
a=1 b[2]=x c=(1 # one
  [k]=v # two
  3) # after
declare -A m=([x]=1) # decl
f() { echo "$1" ${2:-d} ${3/a/b} ${4:1:2} ${#5} ${!p} "${@:2}" 'q' $'e' $(( x + 1 )) # fn
} >/dev/null 2>&1 # redir
function g { (( i++ )); [[ -n $x && ( $y == *z* || ! -f f ) ]]; let 'a=1' b=2; }
if [ -f x ]; then # then
  :; elif true; then :; else : # else
fi # fi
while read -r l; do echo "$l"; done < <(ls) # while
until false; do break; done
for i in 1 2 $(seq 3); do :; done # for
for (( i=0; i<3; i++ )); do :; done
for ((;;)); do break; done
case $1 in # case
  a|b) echo a ;; # item
  # lead
  c) echo c ;& # tail
  *) : ;;
esac # esac
x | y && z || w &
time sleep 1
coproc cp { cat; }
cat <<EOF2 # heredoc
$HOME \$x
EOF2
echo @(a|b) ${x@Q} $((-x)) $(( (a) )) # last
( : # sub
  # sub-last
)
{ :
  # block-last
}
if true
  # cond-last
then :
  # then-last
elif false; then :
  # elif-last
else :
  # else-last
fi
while true
  # while-cond-last
do :
  # do-last
done
for x in a; do :
  # for-last
done
y=$( : # in subst
  # subst-last
)
case $y in
  a) :
    # item-last
    ;;
  # case-last
esac
z=( 1
  # array-last
)
cat <( : # procsubst
  # procsubst-last
)
# end
`

// TestExpands: a parameter expansion of the name anywhere under the node,
// in any form; not another name, nor the name as plain text.
func TestExpands(t *testing.T) {
	for src, want := range map[string]bool{
		`echo "$X"`: true, `a=(${X[@]})`: true, `echo ${X:-1} $(f "${#X}")`: true,
		`echo X $XY`: false, `X=1`: false, `echo '$X'`: false,
	} {
		f, err := syntax.NewParser().Parse(strings.NewReader(src), "")
		if err != nil {
			t.Fatal(err)
		}
		if got := Expands(f, "X"); got != want {
			t.Errorf("Expands(%q, X) = %v, want %v", src, got, want)
		}
	}
}
