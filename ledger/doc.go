// Package ledger reads the boot ledgers an inference engine writes when it
// starts, and implements the two subcommands built on them: `servelint
// ledger`, which lines boots up row by row, and `servelint price`, which
// estimates from ledgers what a change of step would cost.
//
// A boot ledger is the head of the engine's log file. The engine echoes the
// shape it was given (`I  --max-num-seqs 8`), then accounts for the card in
// `vram_budget:` lines: the runtime, the activation arena sized by the step
// (`--max-num-batched-tokens`), the memory left claimable, the weights by tier
// (VRAM, host pool, container-on-disk), the KV cache with its token count,
// the full-length sessions it backs and the expert prefetch. A refused boot
// ends with `E` lines and `startup stopped: out of memory`.
//
// # Reading a ledger
//
// [Parse] is tolerant: it accepts sizes in B, KiB, MiB, GiB and TiB with or
// without thousands separators, any timestamp or log prefix before the level
// letter, `--flag=value` as well as `--flag value`, CRLF line ends, and extra
// or reordered lines. The first value of a row wins, as `grep -m1` would have
// it. A row the ledger does not hold is left unset (see [Value]) and is
// reported as missing, never guessed; a row that is present but cannot be
// read is left unset too, with a note saying why. Reading stops at the boot's
// outcome (`startup complete` or `startup stopped`), at the start of a second
// boot, or after [MaxLedgerBytes]; lines longer than [MaxLineBytes] are
// skipped. An empty file, or one with none of the rows, is an error that names
// the file.
//
// # The two commands
//
// [RunLedger] prints one column per boot and one row per item, in the order
// of the audit: shape flags, activation arena, runtime, claimable, weights by
// tier, vram_kv, full-length sessions, expert prefetch and the outcome. Cells
// that differ from the first boot are marked, and each refused boot is
// explained in one sentence ([Ledger.Explain]).
//
// [RunPrice] prices a shape ([Price]). A ledger that booted the very shape
// (step, seats, window) answers for it. Otherwise: the arena measured at the
// step, else fitted as a + b × step by least squares through the ledgers'
// (step, arena) points ([FitArena]); the claimable memory of the base (the
// started boot with the same seats at the nearest step) less the change in
// arena (and in runtime, when the seats change); the KV cache left once the
// base's weights in VRAM are funded, and once only the least weights any
// started boot kept in VRAM are (the engine moves weights off the card to
// fund the KV cache); its tokens at the base's bytes per KV token, the
// full-length sessions they make, and whether the shape would be backed (at
// least one full-length session, the engine's own condition for starting).
package ledger
