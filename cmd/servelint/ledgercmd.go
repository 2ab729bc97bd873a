package main

import "github.com/servelint/servelint/ledger"

func init() {
	subcommands["ledger"] = ledger.RunLedger
	subcommands["price"] = ledger.RunPrice
}
