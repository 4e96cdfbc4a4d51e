// The catalogue reader of retention.bench.ts, in a child process so that its clock runs on
// its own event loop: a pause the server's main thread takes shows up here as a slow reply.
// It reads the URL one request after another until told to stop, then prints the latencies.
const url = process.argv[2] ?? '';
const latencies: number[] = [];
const state = { stopping: false };
process.on('message', () => {
  state.stopping = true;
});

while (!state.stopping) {
  const start = performance.now();
  const res = await fetch(url);
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`GET ${url}: ${res.status}`);
  latencies.push(performance.now() - start);
}
process.send?.(latencies, () => process.exit(0));
