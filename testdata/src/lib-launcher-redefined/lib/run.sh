#!/usr/bin/env bash
# A runner named launch: runs its words.
launch() { "$@"; }
