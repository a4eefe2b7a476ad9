/**
 * A browser's cookie jar for one site, as far as tests need it: every cookie an answer sets is kept
 * by name (a later one replaces it, an emptied or `Max-Age=0` one is dropped) and all are sent back.
 */
export class CookieJar {
  readonly #cookies = new Map<string, string>();

  /** Keeps what `response`'s Set-Cookie headers say. */
  keep(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';');
      const at = pair.indexOf('=');
      if (at < 1) continue;
      const name = pair.slice(0, at).trim();
      const value = pair.slice(at + 1).trim();
      const expired = value === '' || attributes.some((attribute) => /^\s*max-age=0\s*$/i.test(attribute));
      if (expired) this.#cookies.delete(name);
      else this.#cookies.set(name, value);
    }
  }

  get(name: string): string | undefined {
    return this.#cookies.get(name);
  }

  set(name: string, value: string | undefined) {
    if (value) this.#cookies.set(name, value);
    else this.#cookies.delete(name);
  }

  /** The Cookie header a browser would send, or null with no cookie kept. */
  header(): string | null {
    return this.#cookies.size === 0
      ? null
      : [...this.#cookies].map(([name, value]) => `${name}=${value}`).join('; ');
  }
}
