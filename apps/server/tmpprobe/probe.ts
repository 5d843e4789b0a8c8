import autocannon from 'autocannon';
import { createOwnerToken, prepareData, startChild } from '../src/test/child-server.ts';
const driver = (process.env.DRIVER ?? 'postgres') as 'postgres' | 'pglite';
const data = await prepareData(driver);
const { token } = await createOwnerToken(data.dataDir, data.databaseUrl);
const env = { DATA_DIR: data.dataDir, ...(data.databaseUrl ? { DATABASE_URL: data.databaseUrl } : {}) };
const server = await startChild('dist/main.mjs', env, '/api/health');
const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
const post = async (url: string, body: unknown) => {
  const res = await fetch(`${server.base}${url}`, { method: 'POST', headers, body: JSON.stringify(body) });
  return ((await res.json()) as { result: { _id: string } }).result._id;
};
const answers = (values: Record<string, string | number>) => Object.entries(values).map(([neuron, value]) => ({ neuron, value }));
const a = await post('/api/owner/profiles/short', { personInformed: true, firstName: 'Anna', lastName: 'Bench', answers: answers({ С_Пол: 'Ж', С_Возр: 31, С_ВУЗ: 'Магистр', С_Степень: 'Нет', С_Стаж: 9, С_Руков_Стаж: 3, С_Проживание: 'Партнёр', С_Дети: 1 }) });
const b = await post('/api/owner/profiles/short', { personInformed: true, firstName: 'Boris', lastName: 'Bench', answers: answers({ С_Пол: 'М', С_Возр: 44, С_ВУЗ: 'Бакалавр', С_Стаж: 20, С_Руков_Стаж: 10, С_Проживание: 'Один', С_Дети: 0 }) });
const id = await post('/api/scene/p2p', { actors: [a, b], intensity: 8 });
const target = process.env.TARGET === 'ours' ? { url: `${server.base}/api/scene/p2p/${id}/run`, method: 'PUT' as const, body: '{}', headers } : null;
let bare: Awaited<ReturnType<typeof startChild>> | undefined;
let url = target?.url;
if (!target) {
  if (driver === 'pglite') await server.stop();
  bare = await startChild('bench/bare-server.ts', env, '/health');
  url = `${bare.base}/forecast/${a}/${b}`;
}
for (let i = 0; i < 3; i++) {
  const latencies: Array<[number, number]> = [];
  const started = Date.now();
  const inst = autocannon({ url: url!, connections: 50, duration: 4, ...(target ? { method: 'PUT', body: '{}', headers } : {}) });
  inst.on('response', (_client: unknown, _status: number, _bytes: number, time: number) => latencies.push([Date.now() - started, time]));
  const result = await inst;
  const slow = latencies.filter(([, t]) => t > 600);
  console.log(`round ${i}: rps ${result.requests.average} p50 ${result.latency.p50} p99 ${result.latency.p99} max ${result.latency.max}; slow(>600ms) ${slow.length} of ${latencies.length} at ms: ${slow.slice(0, 12).map(([at, t]) => `${at}:${Math.round(t)}`).join(' ')}`);
}
await bare?.stop();
if (target || driver !== 'pglite') await server.stop();
await data.cleanup();
