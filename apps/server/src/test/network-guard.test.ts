import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config';
import { isLoopback, NetworkGuardError, takeBlockedConnections } from './network-guard';

/** What a rejected call was refused for: fetch wraps the socket's error as its cause. */
const causeOf = async (call: Promise<unknown>) => {
  const err = await call.then(
    () => null,
    (e: unknown) => e as Error,
  );
  return err?.cause ?? err;
};

describe('the network guard of the server tests', () => {
  it('fails a fetch to an outside address with its own error, and remembers the attempt', async () => {
    const cause = await causeOf(fetch('https://example.com/'));
    expect(cause).toBeInstanceOf(NetworkGuardError);
    expect((cause as Error).message).toBe(
      'network guard: a test tried to reach example.com:443; tests may only connect to loopback (127.0.0.1, ::1)',
    );
    // taken here, so this test passes: left, the guard's afterEach would fail the test
    expect(takeBlockedConnections()).toEqual(['example.com:443']);
  });

  it('fails the default outside addresses of the configuration (Twilio, Meta, Google)', async () => {
    const config = loadConfig({ NODE_ENV: 'test' });
    const urls = [
      config.twilio.apiUrl,
      config.ads.metaGraphUrl,
      config.ads.googleAdsApiUrl,
      config.ads.googleOauthTokenUrl,
    ];
    for (const url of urls) expect(await causeOf(fetch(url, { method: 'POST' }))).toBeInstanceOf(NetworkGuardError);
    expect(takeBlockedConnections()).toEqual([
      'api.twilio.com:443',
      'graph.facebook.com:443',
      'googleads.googleapis.com:443',
      'oauth2.googleapis.com:443',
    ]);
  });

  it('fails a raw TCP connection to an outside IP address', async () => {
    const socket = net.connect(25, '192.0.2.1');
    const error = await new Promise((resolve) => socket.on('error', resolve));
    expect(error).toBeInstanceOf(NetworkGuardError);
    expect(takeBlockedConnections()).toEqual(['192.0.2.1:25']);
  });

  it('lets loopback through (positive control)', async () => {
    const server = http.createServer((_req, res) => res.end('local'));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const { port } = server.address() as AddressInfo;
      expect(await (await fetch(`http://127.0.0.1:${port}/`)).text()).toBe('local');
      expect(await (await fetch(`http://localhost:${port}/`)).text()).toBe('local');
    } finally {
      server.close();
    }
    expect(['127.0.0.1', '127.1.2.3', '::1', '[::1]', 'localhost', '::ffff:127.0.0.1'].every(isLoopback)).toBe(true);
    expect(['10.0.0.1', '0.0.0.0', 'example.com', '2001:db8::1', '::ffff:10.0.0.1'].some(isLoopback)).toBe(false);
  });
});
