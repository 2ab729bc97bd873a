// Package hugeheap backs the heap a short run is about to grow into with
// transparent huge pages, where the kernel offers them only on request
// (/sys/kernel/mm/transparent_hugepage/enabled set to madvise, the default
// of Debian and Ubuntu).
//
// A lint does not collect garbage (cmd/servelint's tuneGC): every byte it
// allocates is a page the kernel faults in, zeroes and charges, and frees
// again at exit. perf on a 100-repo lint put those faults at a quarter of
// the CPU (8,600 faults of 4 KiB), and the exit at 3 ms of its 40. Go maps
// its heap with MAP_FIXED in chunks as it grows, so an madvise on the heap
// itself is lost at the next chunk: Reserve instead allocates the bytes
// the run will need as one span, marks them MADV_HUGEPAGE, and gives them
// back to the runtime, which hands the same pages out to the run's small
// objects. Each 2 MiB of them is then one fault.
//
// Nothing else changes: madvise is advice (on a kernel without THP, or
// with it set to never, it does nothing), and no byte is touched before
// the run allocates it.
package hugeheap
