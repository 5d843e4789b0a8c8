// A worker for compute.test.ts: reports phase 1, returns its result, and reports phase 3 only afterwards (the port and
// the result travel on different channels, so this order happens with the real worker too); phase 2 is never reported.
export default function runLate({ port }) {
  port.postMessage(1);
  setTimeout(() => port.postMessage(3), 100);
  return { ok: true, data: Buffer.from('late report') };
}
