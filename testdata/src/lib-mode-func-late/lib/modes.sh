#!/usr/bin/env bash
mode_serve() { EXTRA=(); }
mode_kl() { EXTRA=(--max-num-seqs 4); }
