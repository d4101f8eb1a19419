import { describe, expect, it } from 'vitest';
import { refreshCookie } from './auth.cookie';

describe('refresh cookie name and Secure flag', () => {
  it('is __Secure- prefixed and Secure over https', () => {
    expect(refreshCookie('https://enroll.example.org')).toEqual({
      name: '__Secure-openseat_refresh',
      secure: true,
      path: '/api/auth',
    });
  });

  it('keeps a plain name, still Secure, over http on loopback (development, tests)', () => {
    for (const url of ['http://localhost:3000', 'http://127.0.0.1:41234', 'http://app.localhost:5173'])
      expect(refreshCookie(url)).toEqual({ name: 'openseat_refresh', secure: true, path: '/api/auth' });
  });

  it('drops Secure over plain http elsewhere, where the browser would refuse the cookie', () => {
    expect(refreshCookie('http://192.168.1.20:3000')).toEqual({
      name: 'openseat_refresh',
      secure: false,
      path: '/api/auth',
    });
  });
});
