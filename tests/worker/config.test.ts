import { env } from 'cloudflare:workers';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { app } from '../../worker/index';
import { errorMessage } from './session';

const ORIGIN = 'http://reel.test';
const ADDRESS = `0x${'ab'.repeat(32)}`;

/** The test env (local providers, flag on) with some variables changed; `undefined` removes one. */
const envWith = (overrides: Record<string, string | undefined>): Env => {
  const changed: Record<string, unknown> = { ...env, ...overrides };
  for (const [key, value] of Object.entries(overrides)) if (value === undefined) delete changed[key];
  return changed as unknown as Env;
};

/** What a deployed worker looks like: real providers, every secret set, no LOCAL_PROVIDERS. */
const productionLike = {
  LOCAL_PROVIDERS: undefined,
  APTOS_NETWORK: 'mainnet',
  APTOS_NODE_URL: 'https://api.mainnet.aptoslabs.com/v1',
  IDENTITY_PROVIDER: 'google',
  GOOGLE_CLIENT_ID: 'reel.apps.googleusercontent.com',
  KEYLESS_PEPPER_SECRET: 'pepper-secret-value',
  STREAM_PROVIDER: 'livepeer',
  LIVEPEER_API_KEY: 'livepeer-secret-value',
  RELAYER_PRIVATE_KEY: `0x${'11'.repeat(32)}`,
  R2_S3_ENDPOINT: 'https://account.r2.cloudflarestorage.com',
  R2_BUCKET_NAME: 'reel-media',
  R2_ACCESS_KEY_ID: 'r2-key-id',
  R2_SECRET_ACCESS_KEY: 'r2-secret-value',
};

/** The dev provider's sign-in form, submitted as a browser does. */
const devSignIn = (target: Env) =>
  app.request(
    `${ORIGIN}/dev-oidc/authorize`,
    {
      method: 'POST',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({
        client_id: 'reel-dev',
        redirect_uri: `${ORIGIN}/callback`,
        response_type: 'id_token',
        scope: 'openid email',
        nonce: 'nonce-1',
        email: 'anyone@example.com',
      }),
    },
    target,
  );

const expectConfigError = async (response: Response, ...variables: string[]) => {
  expect(response.status).toBe(500);
  const error = errorMessage(await response.json());
  expect(error.code).toBe('misconfigured');
  for (const variable of variables) expect(error.message).toContain(variable);
  return error.message;
};

afterEach(() => {
  vi.restoreAllMocks();
});

describe('configuration', () => {
  it('refuses every request when IDENTITY_PROVIDER is misspelled, naming it and not its value', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const typo = envWith({ IDENTITY_PROVIDER: 'gogle' });
    for (const path of ['/api/health', '/api/videos', '/relayer/health', '/localnet/v1', '/dev-oidc/jwks']) {
      const message = await expectConfigError(
        await app.request(`${ORIGIN}${path}`, {}, typo),
        'IDENTITY_PROVIDER',
      );
      expect(message).not.toContain('gogle');
    }
  });

  it('never signs anyone in through the dev login when IDENTITY_PROVIDER is misspelled', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const response = await devSignIn(envWith({ IDENTITY_PROVIDER: 'gogle' }));
    expect(response.headers.get('Location')).toBeNull();
    await expectConfigError(response, 'IDENTITY_PROVIDER');
  });

  it('logs a configuration error once per env, naming the variable and not its value', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const typo = envWith({ IDENTITY_PROVIDER: 'gogle' });
    await app.request(`${ORIGIN}/api/health`, {}, typo);
    await app.request(`${ORIGIN}/api/videos`, {}, typo);
    const configLines = logged.mock.calls
      .map((call) => String(call[0]))
      .filter((l) => l.includes('"config"'));
    expect(configLines).toHaveLength(1);
    expect(JSON.parse(configLines[0] ?? '')).toMatchObject({ level: 'error', msg: 'config' });
    expect(configLines[0]).toContain('IDENTITY_PROVIDER');
    expect(configLines[0]).not.toContain('gogle');
  });

  it('refuses the local identity provider without LOCAL_PROVIDERS', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const noFlag = envWith({ LOCAL_PROVIDERS: undefined, IDENTITY_PROVIDER: 'local' });
    const response = await devSignIn(noFlag);
    expect(response.headers.get('Location')).toBeNull();
    await expectConfigError(response, 'IDENTITY_PROVIDER', 'LOCAL_PROVIDERS');
  });

  it('refuses the local chain under /localnet without LOCAL_PROVIDERS', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const noFlag = envWith({ ...productionLike, APTOS_NETWORK: 'local', APTOS_NODE_URL: '/localnet/v1' });
    for (const path of ['/localnet/v1', '/localnet/faucet/mint?address=0x1&amount=1']) {
      const response = await app.request(`${ORIGIN}${path}`, { method: 'POST' }, noFlag);
      await expectConfigError(response, 'APTOS_NETWORK', 'LOCAL_PROVIDERS');
    }
  });

  it('refuses the local stream ingest without LOCAL_PROVIDERS', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const noFlag = envWith({ ...productionLike, STREAM_PROVIDER: 'local' });
    const response = await app.request(
      `${ORIGIN}/ingest/some-key/index.m3u8`,
      { method: 'PUT', body: '#EXTM3U' },
      noFlag,
    );
    await expectConfigError(response, 'STREAM_PROVIDER', 'LOCAL_PROVIDERS');
  });

  it('refuses a WebRTC relay without LOCAL_PROVIDERS, or one off loopback', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const noFlag = envWith({ ...productionLike, WEBRTC_RELAY_URL: 'http://127.0.0.1:8790' });
    await expectConfigError(
      await app.request(`${ORIGIN}/whip`, { method: 'POST' }, noFlag),
      'WEBRTC_RELAY_URL',
      'LOCAL_PROVIDERS',
    );
    const remote = envWith({ WEBRTC_RELAY_URL: 'http://relay.example.com:8790' });
    await expectConfigError(await app.request(`${ORIGIN}/api/health`, {}, remote), 'WEBRTC_RELAY_URL');
  });

  it.each([
    ['GOOGLE_CLIENT_ID', { GOOGLE_CLIENT_ID: '' }],
    ['KEYLESS_PEPPER_SECRET', { KEYLESS_PEPPER_SECRET: undefined }],
    ['LIVEPEER_API_KEY', { LIVEPEER_API_KEY: ' ' }],
    ['RELAYER_PRIVATE_KEY', { RELAYER_PRIVATE_KEY: undefined }],
    ['APTOS_NETWORK', { APTOS_NETWORK: 'mainet' }],
    ['STREAM_PROVIDER', { STREAM_PROVIDER: 'Livepeer' }],
    ['PLATFORM_ADDRESS', { PLATFORM_ADDRESS: '0x4ee1' }],
    ['REEL_ASSET', { REEL_ASSET: undefined }],
    ['APTOS_NODE_URL', { APTOS_NODE_URL: '/localnet/v1' }],
    ['MAX_OPEN_UPLOADS', { MAX_OPEN_UPLOADS: 'three' }],
    ['MAX_UPLOAD_BYTES', { MAX_UPLOAD_BYTES: '4 GB' }],
    ['UPLOAD_DAILY_QUOTA_BYTES', { UPLOAD_DAILY_QUOTA_BYTES: '-1' }],
    ['LOCAL_PROVIDERS', { LOCAL_PROVIDERS: 'yes' }],
    ['REQUEST_LOG', { REQUEST_LOG: 'verbose' }],
    ['WITHDRAW_SETTLE_AFTER_SECONDS', { WITHDRAW_SETTLE_AFTER_SECONDS: '90' }],
    ['WITHDRAW_SEND_EXPIRY_SECONDS', { WITHDRAW_SEND_EXPIRY_SECONDS: '0' }],
  ])('refuses a production config with a bad or missing %s', async (variable, change) => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken = envWith({ ...productionLike, ...change });
    const message = await expectConfigError(await app.request(`${ORIGIN}/api/health`, {}, broken), variable);
    expect(message).not.toMatch(/secret-value|mainet|three/);
  });

  it('serves a production config whose variables and secrets are all set', async () => {
    const production = envWith({ ...productionLike, PLATFORM_ADDRESS: ADDRESS });
    const response = await app.request(`${ORIGIN}/api/health`, {}, production);
    expect(response.status).toBe(200);
    expect((await app.request(`${ORIGIN}/localnet/v1`, {}, production)).status).toBe(404);
    expect((await app.request(`${ORIGIN}/dev-oidc/jwks`, {}, production)).status).toBe(404);
    expect((await app.request(`${ORIGIN}/ingest/k/index.m3u8`, { method: 'PUT' }, production)).status).toBe(
      404,
    );
  });
});
