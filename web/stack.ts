/*
 * React's start-up, run when the libraries' chunk is (vite.config.ts, the `stack` group; web/boot.ts
 * runs that chunk one task before the app's code). React and React DOM are CommonJS, which the
 * bundler wraps to run at their first import: left to the app's modules, that first import, and
 * React DOM's set-up with it, came with the app chunk's evaluation, which stayed one task of 85-190
 * ms on a phone's CPU. The entry (main.tsx) takes React DOM's root from here, so the first import
 * is this module's, in the libraries' task.
 */
export { createRoot } from 'react-dom/client';
