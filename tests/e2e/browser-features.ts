/**
 * Chromium features the test browser runs without. Chromium reads only the last
 * `--disable-features` on its command line, and Playwright passes its own first (playwright-core's
 * `chromiumSwitches`: paint holding, HTTPS upgrades, storage partitioning, requests to Google at
 * start...), so this list repeats Playwright's and adds ours after it. `browser-features.spec.ts`
 * fails when an upgraded Playwright turns off a feature this list lacks.
 */
export const DISABLED_FEATURES = [
  ...['AvoidUnnecessaryBeforeUnloadCheckSync', 'DestroyProfileOnBrowserClose', 'HttpsUpgrades'],
  ...['HttpsFirstBalancedModeAutoEnable', 'LensOverlay', 'MediaRouter', 'PaintHolding'],
  ...['ThirdPartyStoragePartitioning', 'AvoidCorsURLLoaderRestartOnRedirect', 'TcpPortRandomizationWin'],
  ...['OptimizationHints', 'NetworkTimeServiceQuerying', 'AimEnabled', 'PreconnectToSearch'],
  ...['msForceBrowserSignIn', 'msEdgeUpdateLaunchServicesPreferredVersion'],
  // Ours: Chromium's own address bar, not the page. Every window the full browser opens (each
  // test's context is one) starts a renderer for the address bar's WebUI suggestion popup
  // (chrome://omnibox-popup in a trace): ~0.85 CPU s of script beside each test's first page, half
  // the renderers' CPU of a test that opens one page. The page under test is untouched. On 8 specs
  // (50 tests) the run took 145-150 s and 235-248 CPU s without the popup, 158-190 s and 267-305
  // with it (docs/tests.md).
  ...['WebUIOmniboxPopup', 'WebUIOmniboxFullPopup', 'WebUIOmniboxAimPopup'],
];
