import net from 'node:net';
import { afterEach } from 'vitest';

/*
 * The server tests' network guard (a vitest setup file): a connection to anything but loopback fails, so no test can
 * reach Twilio, Meta, Google or any address the configuration defaults to. It patches the lowest common point,
 * `net.Socket.prototype.connect`, which `net.connect`, `tls.connect`, `http.request`, the `pg` driver, nodemailer and
 * Node's own fetch (undici) all go through. The socket fails as a refused connection would (an 'error' event with
 * the guard's error), and the test that caused it fails afterwards even if the code under test swallowed the error
 * (a job that retries, a send that records a failure).
 */

export class NetworkGuardError extends Error {
  constructor(readonly target: string) {
    super(`network guard: a test tried to reach ${target}; tests may only connect to loopback (127.0.0.1, ::1)`);
    this.name = 'NetworkGuardError';
  }
}

type GuardState = { installed: boolean; blocked: string[] };
// one state per worker, however often this module is evaluated
const state: GuardState = ((globalThis as Record<symbol, GuardState>)[Symbol.for('openseat.network-guard')] ??= {
  installed: false,
  blocked: [],
});

export const isLoopback = (host: string): boolean => {
  const bare = host.replace(/^\[|\]$/g, '').toLowerCase();
  if (bare === 'localhost' || bare.endsWith('.localhost')) return true;
  if (net.isIPv4(bare)) return bare.startsWith('127.');
  if (net.isIPv6(bare)) return bare === '::1' || /^::ffff:127\./.test(bare);
  return false;
};

/** Where a `connect(...)` call goes: null for a local (IPC) socket path. */
function targetOf(args: unknown[]): { host: string; port: unknown } | null {
  // net.connect() and tls.connect() pass their normalised arguments as one array
  const [first, second] = Array.isArray(args[0]) ? (args[0] as unknown[]) : args;
  if (first !== null && typeof first === 'object') {
    const options = first as { path?: string; host?: string; port?: unknown };
    if (options.path) return null;
    return { host: options.host ?? 'localhost', port: options.port };
  }
  if (typeof first === 'string' && !/^\d+$/.test(first)) return null; // a path
  return { host: typeof second === 'string' ? second : 'localhost', port: first };
}

function install() {
  if (state.installed) return;
  state.installed = true;
  const connect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function guardedConnect(this: net.Socket, ...args: unknown[]) {
    const target = targetOf(args);
    if (target && !isLoopback(target.host)) {
      const error = new NetworkGuardError(`${target.host}:${String(target.port)}`);
      state.blocked.push(error.target);
      process.nextTick(() => this.destroy(error));
      return this;
    }
    return (connect as (...a: unknown[]) => net.Socket).apply(this, args);
  } as typeof connect;
}

/** The outside addresses tried since the last call, forgotten (a test that means to try one takes them). */
export function takeBlockedConnections(): string[] {
  return state.blocked.splice(0);
}

install();

afterEach(() => {
  const blocked = takeBlockedConnections();
  if (blocked.length > 0) throw new NetworkGuardError(blocked.join(', '));
});
