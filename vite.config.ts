import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';

const pkg = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
  version: string;
};
const workerOrigin = 'http://127.0.0.1:8787';
/** The dev wallet (web/features/wallet/) is compiled in only for the local chain (DESIGN.md §4). */
const localChain = (process.env.APTOS_NETWORK ?? 'local') === 'local';
const proxied = ['/api', '/relayer', '/media', '/hls', '/localnet', '/dev-oidc'];

/**
 * Files of the app shell: the HTML entry's JS chunk, every chunk it imports statically, and their CSS.
 * Lazy route chunks are left out of the precache; the service worker caches them on first use.
 */
const shellFiles = new Set<string>();

/** The chunks a navigation waits for: a route's page (`*-page`, the reels screen) and its loader's reads. */
const isNavigationChunk = (fileName: string) =>
  /(^|\/)([\w-]+-page|reels-with-pet-panel|route-queries)-[\w-]{8}\.js$/.test(fileName);

function collectShellFiles(): Plugin {
  return {
    name: 'reel:collect-shell-files',
    apply: 'build',
    generateBundle(_options, bundle) {
      shellFiles.clear();
      const visit = (fileName: string) => {
        const chunk = bundle[fileName];
        if (chunk?.type !== 'chunk' || shellFiles.has(fileName)) return;
        shellFiles.add(fileName);
        for (const css of chunk.viteMetadata?.importedCss ?? []) shellFiles.add(css);
        for (const imported of chunk.imports) visit(imported);
      };
      for (const chunk of Object.values(bundle)) {
        if (chunk.type === 'chunk' && chunk.isEntry) visit(chunk.fileName);
      }
    },
  };
}

/**
 * Writes `route-preloads.json`: for each navigation chunk, by name, its file and every chunk it
 * imports, leaving out the shell's (the page's HTML loads those). The worker preloads a page's list
 * from its HTML (worker/first-screen/preloads.ts). Runs after `collectShellFiles`.
 */
function writeRoutePreloads(): Plugin {
  return {
    name: 'reel:route-preloads',
    apply: 'build',
    generateBundle(_options, bundle) {
      const preloads: Record<string, string[]> = {};
      for (const chunk of Object.values(bundle)) {
        if (chunk.type !== 'chunk' || !chunk.isDynamicEntry || !isNavigationChunk(chunk.fileName)) continue;
        const files = new Set<string>();
        const visit = (fileName: string) => {
          const imported = bundle[fileName];
          if (imported?.type !== 'chunk' || files.has(fileName) || shellFiles.has(fileName)) return;
          files.add(fileName);
          for (const next of imported.imports) visit(next);
        };
        visit(chunk.fileName);
        preloads[chunk.name] = [...files].map((fileName) => `/${fileName}`);
      }
      this.emitFile({ type: 'asset', fileName: 'route-preloads.json', source: JSON.stringify(preloads) });
    },
  };
}

/**
 * The built page runs web/boot.ts in place of its entry script, which fetches and runs the entry
 * (named in its `data-entry`) once the static first screen has painted (issue 20 §1). Build only:
 * the dev server's page has no first screen to wait for.
 */
function bootAfterFirstScreen(): Plugin {
  return {
    name: 'reel:boot-after-first-screen',
    apply: 'build',
    buildStart() {
      this.emitFile({
        type: 'chunk',
        id: fileURLToPath(new URL('./web/boot.ts', import.meta.url)),
        name: 'boot',
      });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        const boot = Object.values(bundle ?? {}).find(
          (chunk) => chunk.type === 'chunk' && chunk.name === 'boot',
        );
        const entryScript = /<script type="module" crossorigin src="([^"]+)"><\/script>/;
        if (!boot || !entryScript.test(html))
          throw new Error('boot-after-first-screen: no boot chunk or entry script');
        return html.replace(
          entryScript,
          `<script type="module" crossorigin src="/${boot.fileName}" data-entry="$1"></script>`,
        );
      },
    },
  };
}

export default defineConfig({
  root: fileURLToPath(new URL('./web', import.meta.url)),
  publicDir: fileURLToPath(new URL('./web/public', import.meta.url)),
  define: { __APP_VERSION__: JSON.stringify(pkg.version), __LOCAL_CHAIN__: JSON.stringify(localChain) },
  resolve: {
    alias: [
      {
        // TanStack's store binding imports the React 17 shim of useSyncExternalStore; on React 19 the
        // same package's plain build uses React's own and leaves the shim's fallback code out of
        // home's entry chunk.
        find: /^use-sync-external-store\/shim\/with-selector(\.js)?$/,
        replacement: 'use-sync-external-store/with-selector',
      },
    ],
  },
  build: {
    outDir: fileURLToPath(new URL('./dist', import.meta.url)),
    emptyOutDir: true,
    target: 'es2022',
    // Two lazy chunks are big on their own: the Aptos SDK (~950 kB, loaded when a wallet signs) and
    // hls.js's light build (~360 kB, when a player needs it). Neither is on a first screen's path; what a first
    // screen loads has its own budget in gzip bytes (scripts/bench/bundle-size.ts).
    chunkSizeWarningLimit: 1000,
    modulePreload: {
      // The page's entry and a navigation's chunks (a route's page, its loader's reads) fetch their
      // imports at once. Start-up's own extras (persistence, outbox, install, queued-work defaults)
      // load theirs as they find them: each preload link is main-thread work during start-up, and
      // nothing waits for them (issue 20).
      resolveDependencies: (filename, deps, { hostType }) =>
        hostType === 'html' || isNavigationChunk(filename) ? deps : [],
    },
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry imports statically in one chunk: left to itself the bundler cut
          // home's first load into a dozen small files (each a request queued on a phone's few
          // connections, with its own import glue); the lazy chunks import from this one.
          // web/boot.ts, the page's first script, stays a chunk of its own (bootAfterFirstScreen).
          groups: [{ name: 'app', tags: ['$initial'], test: (id) => !id.endsWith('/web/boot.ts') }],
        },
      },
    },
  },
  server: {
    proxy: {
      ...Object.fromEntries(proxied.map((path) => [path, { target: workerOrigin, changeOrigin: true }])),
      '/parties': { target: workerOrigin, changeOrigin: true, ws: true },
    },
  },
  plugins: [
    react(),
    bootAfterFirstScreen(),
    collectShellFiles(),
    writeRoutePreloads(),
    VitePWA({
      strategies: 'injectManifest',
      srcDir: '.',
      filename: 'sw.ts',
      injectRegister: false,
      manifest: {
        name: 'Reel',
        short_name: 'Reel',
        description: 'Reel — a decentralized SocialFi platform for video and livestreaming',
        theme_color: '#0b0b10',
        background_color: '#0b0b10',
        display: 'standalone',
        // The app's identity across releases: browsers key an install by it, not by start_url.
        id: '/',
        start_url: '/',
        scope: '/',
        icons: [
          { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' },
          { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png' },
          // Drawn by web/tools/make-icons.mjs: full-bleed background, logo inside the 80 % safe zone.
          { src: '/icons/maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
        ],
        // Long-press menu of the installed icon (issue 11.5). Live is where a creator goes live.
        shortcuts: [
          {
            name: 'Reels',
            url: '/reels',
            description: 'Watch shorts',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Live',
            url: '/livestream',
            description: 'Go live',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Studio',
            url: '/studio',
            description: 'Your videos and uploads',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
          {
            name: 'Downloads',
            url: '/downloads',
            description: 'Videos saved for offline',
            icons: [{ src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png' }],
          },
        ],
        // Shown by the browser's install dialog only, so they stay out of the precache. Captured by
        // web/tools/capture-screenshots.mjs.
        screenshots: [
          {
            src: '/screenshots/home-wide.png',
            sizes: '1280x720',
            type: 'image/png',
            form_factor: 'wide',
            label: 'Home: live streams, shorts and videos',
          },
          {
            src: '/screenshots/home-narrow.png',
            sizes: '390x844',
            type: 'image/png',
            form_factor: 'narrow',
            label: 'Home on a phone',
          },
        ],
      },
      injectManifest: {
        // The worker is registered as a classic script (workbox-window's default): one self-contained
        // IIFE, built the way the plugin builds those (an ES build asks rolldown for the deprecated
        // `inlineDynamicImports`, which it warns about on every build).
        rollupFormat: 'iife',
        // The manifest's icons are added by the plugin (includeManifestIcons).
        globPatterns: ['index.html', 'assets/*.{js,css}', 'favicon.svg', 'icons/apple-touch-icon.png'],
        // Keep only the shell's assets: lazy chunks are cached at runtime (web/sw.ts).
        manifestTransforms: [
          async (entries) => ({
            manifest: entries.filter(
              (entry) => !entry.url.startsWith('assets/') || shellFiles.has(entry.url),
            ),
            warnings: [],
          }),
        ],
      },
      devOptions: { enabled: false },
    }),
  ],
});
