import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from '../../server/config';

describe('configuration from the environment', () => {
  it('runs with nothing set, on the embedded defaults', () => {
    const c = loadConfig({});
    expect(c.PORT).toBe(8080);
    expect(c.BASE_DOMAIN).toBe('localhost');
    expect(c.publicOrigin).toBe('http://localhost:8080');
    expect(c.DATABASE_URL).toBeUndefined();
    expect(c.S3_ENDPOINT).toBeUndefined();
    expect(c.dataDir).toMatch(/data$/);
  });

  it('keeps engine builds in DATA_DIR/engine-builds unless ENGINE_BUILDS_DIR says where', () => {
    expect(loadConfig({ DATA_DIR: '/srv/spaces' }).engineBuildsDir).toBe('/srv/spaces/engine-builds');
    expect(loadConfig({ DATA_DIR: '/srv/spaces', ENGINE_BUILDS_DIR: '/mnt/builds' }).engineBuildsDir).toBe(
      '/mnt/builds',
    );
    expect(loadConfig({ ENGINE_BUILDS_DIR: ' ' }).engineBuildsDir).toMatch(/data\/engine-builds$/);
  });

  it('treats empty variables as unset', () => {
    expect(loadConfig({ DATABASE_URL: '', S3_ENDPOINT: ' ' }).DATABASE_URL).toBeUndefined();
  });

  it('derives the public origin from PUBLIC_ORIGIN without a trailing slash', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://spaces.example.com/' }).publicOrigin).toBe(
      'https://spaces.example.com',
    );
  });

  it.each([
    ['PORT', 'eighty'],
    ['PORT', '70000'],
    ['DATABASE_URL', 'mysql://db/x'],
    ['REDIS_URL', 'http://cache:6379'],
    ['BASE_DOMAIN', 'Not A Domain'],
    ['PUBLIC_ORIGIN', 'not a url'],
    ['LOG_LEVEL', 'loud'],
    ['TRUST_PROXY', 'true'],
    ['TRUST_PROXY', '11'],
    ['TRUST_PROXY', '10.0.0.1, proxy.example'],
    ['TRUST_PROXY', '10.0.0.0/33'],
    ['ICE_SERVERS', 'stun:stun.example.org'],
    ['ICE_SERVERS', '[{"urls":"http://turn.example.org"}]'],
    ['ICE_SERVERS', '{"urls":"stun:stun.example.org"}'],
    ['LIVEKIT_URL', 'livekit.example.org'],
  ])('stops with a message naming %s when it is %j', (variable, value) => {
    let error: unknown;
    try {
      loadConfig({ [variable]: value });
    } catch (e) {
      error = e;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).problems.map((p) => p.variable)).toContain(variable);
    expect((error as Error).message).toContain(variable);
  });

  it('trusts no proxy by default, else a hop count or the listed proxies', () => {
    expect(loadConfig({}).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: 'false' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '0' }).TRUST_PROXY).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '2' }).TRUST_PROXY).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.1, 172.16.0.0/12,fd00::/8, loopback' }).TRUST_PROXY).toEqual([
      '10.0.0.1',
      '172.16.0.0/12',
      'fd00::/8',
      'loopback',
    ]);
  });

  it('reads the STUN and TURN servers for voice as JSON, none by default', () => {
    expect(loadConfig({}).ICE_SERVERS).toEqual([]);
    const servers = [{ urls: ['turn:turn.example.org:3478'], username: 'u', credential: 'p' }];
    expect(loadConfig({ ICE_SERVERS: JSON.stringify(servers) }).ICE_SERVERS).toEqual(servers);
  });

  it('needs LIVEKIT_URL, LIVEKIT_API_KEY and LIVEKIT_API_SECRET together', () => {
    expect(() => loadConfig({ LIVEKIT_URL: 'wss://livekit.example.org' })).toThrow(
      /LIVEKIT_API_KEY[\s\S]*LIVEKIT_API_SECRET/,
    );
    expect(() => loadConfig({ LIVEKIT_API_KEY: 'key', LIVEKIT_API_SECRET: 'secret' })).toThrow(/LIVEKIT_URL/);
    expect(() =>
      loadConfig({ LIVEKIT_URL: 'ftp://livekit.example.org', LIVEKIT_API_KEY: 'k', LIVEKIT_API_SECRET: 's' }),
    ).toThrow(/LIVEKIT_URL/);
    const livekit = {
      LIVEKIT_URL: 'wss://livekit.example.org',
      LIVEKIT_API_KEY: 'k',
      LIVEKIT_API_SECRET: 's',
    };
    expect(loadConfig(livekit)).toMatchObject(livekit);
  });

  it('needs S3_ENDPOINT and S3_BUCKET together', () => {
    expect(() => loadConfig({ S3_BUCKET: 'files' })).toThrow(/S3_ENDPOINT/);
    expect(loadConfig({ S3_BUCKET: 'files', S3_ENDPOINT: 'http://127.0.0.1:9000' }).S3_BUCKET).toBe('files');
  });
});
