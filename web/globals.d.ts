/** Injected by Vite's `define` from package.json (vite.config.ts). */
declare const __APP_VERSION__: string;
/**
 * Whether the build targets the local chain (`APTOS_NETWORK` unset or `local`), from Vite's
 * `define` (vite.config.ts). Code under `if (__LOCAL_CHAIN__)` is dropped from other builds.
 */
declare const __LOCAL_CHAIN__: boolean;

// hls.js's light build is the same class with fewer features; its package export carries no types.
declare module 'hls.js/light' {
  export { default } from 'hls.js';
}
