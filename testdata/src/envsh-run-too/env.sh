#!/usr/bin/env bash
# Sourced by launch.sh, and run by its setup mode: a script, whatever it holds.
export MODEL_PATH=Qwen/Qwen2.5-7B-Instruct
export MEM_FRACTION_STATIC=0.85
