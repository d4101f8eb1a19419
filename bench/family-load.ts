/**
 * The status page's load generator, in a worker thread of its own (bench/family.ts): GET /family/applications at a
 * fixed rate (open loop), each guardian from its own address with its session cookie. It posts each answer's
 * status and its times (scheduled start and end, ms since the epoch on one clock shared by both threads), so the
 * bench's main thread runs the same SQL directly right after each answer. Here so the requests are made and read
 * on a core of their own: on PGlite, the server and the database share the main thread.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { addressOf, familyClient } from './family-client';

export type LoadPlan = { url: string; rate: number; seconds: number; guardians: Array<[number, string]> };
export type LoadAnswer =
  | { kind: 'answer'; g: number; status: number; at: number; end: number; error?: string }
  | { kind: 'done'; sentMs: number };

const plan = workerData as LoadPlan;
const call = familyClient(plan.url);
const now = () => performance.timeOrigin + performance.now();
const post = (answer: LoadAnswer) => parentPort!.postMessage(answer);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function run() {
  const total = plan.rate * plan.seconds;
  const start = now();
  const running: Promise<void>[] = [];
  for (let i = 0; i < total; i++) {
    const at = start + (i * 1000) / plan.rate;
    const wait = at - now();
    if (wait > 1) await sleep(wait);
    const [g, cookie] = plan.guardians[i % plan.guardians.length];
    running.push(
      call('GET', '/api/family/applications', { 'x-forwarded-for': addressOf(g), cookie }).then(
        (reply) => post({ kind: 'answer', g, status: reply.status, at, end: now() }),
        (err: unknown) => post({ kind: 'answer', g, status: 0, at, end: now(), error: String(err) }),
      ),
    );
  }
  const sentMs = now() - start;
  await Promise.all(running);
  post({ kind: 'done', sentMs });
}

void run();
