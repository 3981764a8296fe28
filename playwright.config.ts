// End-to-end specs, written once and run twice: in the harness (the core from source, the renderer in
// Chromium) and on the packaged app under the Electron stand-in. Where the Electron binary is installed,
// the harness project runs in real Electron instead (see e2e/fixtures).
import { defineConfig } from '@playwright/test'

export default defineConfig({
  testDir: 'e2e',
  testMatch: '**/*.spec.ts',
  globalSetup: './e2e/global-setup.ts',
  outputDir: 'test-results/e2e-artifacts',
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: true,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [['list'], ['json', { outputFile: 'test-results/e2e.json' }]],
  use: { trace: 'retain-on-failure' },
  projects: [
    { name: 'harness', metadata: { shell: 'harness' }, testIgnore: 'packaged*.spec.ts' },
    // Each packaged app starts its own Chromium, and some specs start two or restart one: a larger budget, so
    // that it holds on a loaded 2-core machine.
    { name: 'packaged', metadata: { shell: 'packaged' }, timeout: 120_000 },
  ],
})
