seqs=16
