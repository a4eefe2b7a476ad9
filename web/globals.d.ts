/** Injected by Vite's `define` from package.json (vite.config.ts). */
declare const __APP_VERSION__: string;
