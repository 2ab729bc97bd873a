// Package parser turns shell scripts and env files into servelint's model:
// scripts parsed with mvdan.cc/sh/v3/syntax (comments kept, exact byte
// spans), their modes (the values of the mode selector that take their own
// branch), the engine invocations each mode reaches through wrappers, argv
// arrays and functions, the flags of those invocations and where each value
// comes from, and the env files that own the numbers, read the way bash,
// docker --env-file and godotenv read them. It knows nothing about rules.
package parser
