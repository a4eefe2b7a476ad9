/**
 * Creator avatars drawn in code (initials on a coloured circle): no image files to check in, and
 * SVG stays sharp at every size the UI shows an avatar.
 */

/** Up to two initials: first letters of the first and last words of the name. */
export function initialsOf(fullName: string): string {
  const words = fullName.trim().split(/\s+/).filter(Boolean);
  const first = words[0]?.[0] ?? '?';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return (first + last).toUpperCase();
}

/**
 * A 128x128 SVG avatar. `hue` (0-359) picks the circle's colour; the gradient keeps a wall of
 * avatars from looking flat. Initials are letters only, so nothing needs XML escaping.
 */
export function makeAvatarSvg(fullName: string, hue: number): string {
  const initials = initialsOf(fullName).replace(/[^A-Z?]/g, '');
  const light = `hsl(${hue}, 70%, 62%)`;
  const dark = `hsl(${(hue + 30) % 360}, 65%, 42%)`;
  return [
    '<svg xmlns="http://www.w3.org/2000/svg" width="128" height="128" viewBox="0 0 128 128">',
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="1">`,
    `<stop offset="0" stop-color="${light}"/><stop offset="1" stop-color="${dark}"/>`,
    '</linearGradient></defs>',
    '<circle cx="64" cy="64" r="64" fill="url(#g)"/>',
    '<text x="64" y="64" dy="0.35em" text-anchor="middle" fill="#fff"',
    ` font-family="system-ui, -apple-system, 'Segoe UI', Roboto, sans-serif" font-size="52" font-weight="600">`,
    `${initials}</text></svg>`,
  ].join('');
}
