# Shared defaults of the launchers: a caller may override them.
CTX="${CTX:-32768}"
