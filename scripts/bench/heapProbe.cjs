// Preloaded into our server for the memory-growth run only (node --expose-gc -r heapProbe.cjs dist/server.js):
// on SIGUSR2, runs a full garbage collection and prints the live heap to stderr, so the benchmark can tell
// retained memory from heap the process merely has not given back.
process.on('SIGUSR2', () => {
  if (typeof global.gc === 'function') global.gc();
  const { heapUsed, heapTotal } = process.memoryUsage();
  process.stderr.write(`BENCH-HEAP ${heapUsed} ${heapTotal}\n`);
});
