import { describe, expect, it } from 'vitest';
import { DEMO_EMAIL, demoPerson, idTokenClaims, isAllowedRedirect } from '../../worker/dev-oidc/demo-person';
import { authorizePage, escapeHtml } from '../../worker/dev-oidc/page';

describe('isAllowedRedirect', () => {
  const at = 'https://reel.example/dev-oidc/authorize';

  it("allows only this site's /callback", () => {
    expect(isAllowedRedirect('https://reel.example/callback', at)).toBe(true);
    expect(isAllowedRedirect('https://evil.example/callback', at)).toBe(false);
    expect(isAllowedRedirect('http://reel.example/callback', at)).toBe(false);
    expect(isAllowedRedirect('https://reel.example/wallet', at)).toBe(false);
    expect(isAllowedRedirect('https://reel.example/callback?next=/x', at)).toBe(false);
    expect(isAllowedRedirect('https://user:pw@reel.example/callback', at)).toBe(false);
    expect(isAllowedRedirect('javascript:alert(1)//callback', at)).toBe(false);
    expect(isAllowedRedirect('/callback', at)).toBe(false);
  });

  it('lets a loopback page name another loopback port (Vite dev proxy), and nothing else', () => {
    const local = 'http://127.0.0.1:8787/dev-oidc/authorize';
    expect(isAllowedRedirect('http://localhost:5173/callback', local)).toBe(true);
    expect(isAllowedRedirect('http://127.0.0.1:5173/callback', local)).toBe(true);
    expect(isAllowedRedirect('http://reel.example/callback', local)).toBe(false);
    expect(isAllowedRedirect('http://localhost:5173/callback', at)).toBe(false);
  });
});

describe('demoPerson', () => {
  it('is Demo Person for the demo address and the same subject every time', async () => {
    const demo = await demoPerson(DEMO_EMAIL, 'http://x/dev-oidc');
    expect(demo).toMatchObject({
      email: DEMO_EMAIL,
      name: 'Demo Person',
      picture: 'http://x/dev-oidc/picture.svg',
    });
    expect(demo.sub).toMatch(/^\d{21}$/);
    expect((await demoPerson(' Demo@Reel.Local ', 'http://x/dev-oidc')).sub).toBe(demo.sub);
  });

  it('names another person after their address', async () => {
    const ada = await demoPerson('ada.lovelace@example.com', 'http://x/dev-oidc');
    expect(ada.name).toBe('Ada Lovelace');
    expect(ada.sub).not.toBe((await demoPerson(DEMO_EMAIL, 'http://x/dev-oidc')).sub);
  });
});

describe('idTokenClaims', () => {
  it('carries every claim of accounts §3, valid one hour', async () => {
    const person = await demoPerson(DEMO_EMAIL, 'http://x/dev-oidc');
    const claims = idTokenClaims({
      issuer: 'http://x/dev-oidc',
      clientId: 'c',
      nonce: 'n',
      person,
      nowSecs: 1000,
    });
    expect(claims).toEqual({
      iss: 'http://x/dev-oidc',
      aud: 'c',
      sub: person.sub,
      email: DEMO_EMAIL,
      email_verified: true,
      name: 'Demo Person',
      picture: person.picture,
      nonce: 'n',
      iat: 1000,
      exp: 4600,
    });
  });
});

describe('authorizePage', () => {
  it('escapes every request value into its hidden fields', () => {
    expect(escapeHtml(`<a href="x">'&'</a>`)).toBe('&#60;a href=&#34;x&#34;&#62;&#39;&#38;&#39;&#60;/a&#62;');
    const html = authorizePage({
      client_id: 'c',
      redirect_uri: 'https://reel.example/callback',
      response_type: 'id_token',
      scope: 'openid',
      nonce: '"><img src=x onerror=alert(1)>',
    });
    expect(html).not.toContain('<img');
    expect(html).not.toContain('name="state"');
    expect(html).toContain('name="nonce" value="&#34;&#62;&#60;img src=x onerror=alert(1)&#62;"');
  });
});
