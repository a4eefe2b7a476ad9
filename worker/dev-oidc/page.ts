import { DEMO_EMAIL } from './demo-person';

/** Escapes text for HTML element content and double-quoted attributes. */
export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);

export const PAGE_STYLE = `body{font:16px system-ui,sans-serif;background:#0b0b10;color:#f3f3f6;display:grid;place-items:center;min-height:100vh;margin:0}
main{background:#17171f;padding:2rem;border-radius:12px;max-width:24rem;width:100%}
h1{font-size:1.25rem;margin:0 0 .5rem}p{color:#a3a3b2;margin:0 0 1.25rem}
label{display:block;margin-bottom:.25rem;font-size:.875rem}
input{box-sizing:border-box;width:100%;padding:.6rem;margin-bottom:1rem;border-radius:8px;border:1px solid #33333f;background:#0b0b10;color:inherit}
button{width:100%;padding:.7rem;border:0;border-radius:8px;background:#7c5cff;color:#fff;font-weight:600;cursor:pointer}`;

export type AuthorizeFields = {
  client_id: string;
  redirect_uri: string;
  response_type: string;
  scope: string;
  nonce: string;
  state?: string;
};

/**
 * The dev provider's sign-in page: a plain form (no script) that posts the request back with the
 * chosen e-mail address. Every value is escaped; the page's CSP allows only its own style and form.
 */
export const authorizePage = (fields: AuthorizeFields) => {
  const hidden = Object.entries(fields)
    .filter((entry): entry is [string, string] => entry[1] !== undefined)
    .map(([name, value]) => `<input type="hidden" name="${escapeHtml(name)}" value="${escapeHtml(value)}">`)
    .join('\n');
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>Sign in – Reel dev identity provider</title>
<style>${PAGE_STYLE}</style>
</head>
<body>
<main>
<h1>Reel dev sign-in</h1>
<p>A local stand-in for a Google-style identity provider. No password: pick who you are.</p>
<form method="post" action="/dev-oidc/authorize">
${hidden}
<label for="email">E-mail</label>
<input id="email" name="email" type="email" required maxlength="254" value="${DEMO_EMAIL}">
<button type="submit">Continue as Demo Person</button>
</form>
</main>
</body>
</html>`;
};

/** The CSP of the sign-in page: nothing but its own inline style (by hash), images from us and its form. */
export const authorizePageCsp = async () => {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(PAGE_STYLE));
  const hash = btoa(String.fromCharCode(...new Uint8Array(digest)));
  return `default-src 'none'; style-src 'sha256-${hash}'; form-action 'self'; frame-ancestors 'none'; base-uri 'none'`;
};
