# Defaults every launcher of the repo shares.
SEQS=256
