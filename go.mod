module github.com/servelint/servelint

go 1.26.8

require (
	github.com/joho/godotenv v1.5.1
	github.com/owenrumney/go-sarif/v2 v2.3.3
	github.com/pmezard/go-difflib v1.0.0
	github.com/sourcegraph/jsonrpc2 v0.2.0
	github.com/tliron/glsp v0.2.2
	golang.org/x/tools v0.52.0
	gopkg.in/yaml.v3 v3.0.1
	mvdan.cc/sh/v3 v3.14.1
)

require (
	golang.org/x/sys v0.49.0 // indirect
	golang.org/x/term v0.45.0 // indirect
)
