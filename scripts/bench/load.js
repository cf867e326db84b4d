import autocannon from "autocannon";

/** The value below which `share` of the sorted `values` fall. */
function percentile(sorted, share) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * share) - 1)];
}

/**
 * Loads `url` with `connections` connections, each asking again as soon as it is answered, and
 * measures `duration` seconds from the moment every connection has been answered once; requests
 * sent before that moment are not counted. A saturated Node process accepts one new connection
 * per turn of its event loop (decision 094), so the connections a run opens at once come in over
 * seconds on a slow page: that is `openingMs`, reported apart, not the page's latency.
 */
export async function loadPage({ url, headers, connections, duration }) {
  const run = autocannon({ url, headers, connections, duration: duration + 60 });
  const answered = new Set();
  const latencies = [];
  let steadyAt = null;
  let openingMs = null;
  const startedAt = performance.now();
  run.on("response", (client, _status, _bytes, responseTime) => {
    const now = performance.now();
    if (steadyAt === null) {
      answered.add(client);
      if (answered.size < connections) return;
      steadyAt = now;
      openingMs = Math.round(now - startedAt);
      setTimeout(() => run.stop(), duration * 1000);
      return;
    }
    if (now - responseTime >= steadyAt && now <= steadyAt + duration * 1000) latencies.push(responseTime);
  });
  const result = await run;
  if (steadyAt === null) throw new Error(`${url}: not every one of ${connections} connections was answered`);
  if (latencies.length === 0) throw new Error(`${url}: no request was answered in ${duration} s once the connections were open`);
  latencies.sort((a, b) => a - b);
  return {
    requestsPerSecond: latencies.length / duration,
    p50: Math.round(percentile(latencies, 0.5)),
    p99: Math.round(percentile(latencies, 0.99)),
    openingMs,
    non2xx: result.non2xx,
    errors: result.errors,
  };
}
