// Build of the three Electron processes. Aliases come from package.json "imports" (#shared, #core,
// #sandbox), which Vite, TypeScript, Vitest and Node all read from the same place.
import { resolve } from 'node:path'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'electron-vite'
import type { Plugin } from 'vite'
import { metaContentSecurityPolicy } from './src/shared/csp.ts'

/** The built page carries the same CSP as the header its server sends (the dev server needs inline scripts). */
const cspMeta: Plugin = {
  name: 'content-security-policy-meta',
  apply: 'build',
  transformIndexHtml: () => [
    {
      tag: 'meta',
      attrs: { 'http-equiv': 'Content-Security-Policy', content: metaContentSecurityPolicy },
      injectTo: 'head-prepend',
    },
  ],
}

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rolldownOptions: {
        // The worker threads are entries of their own, started by file (Platform.workerEntry).
        input: {
          index: resolve(import.meta.dirname, 'src/main/index.ts'),
          // The command line, for Node (`node out/main/cli.js`); the app's executable runs it with `--cli`.
          cli: resolve(import.meta.dirname, 'src/cli/index.ts'),
          'data-worker': resolve(import.meta.dirname, 'src/main/core/data/data-worker.ts'),
          'background-worker': resolve(import.meta.dirname, 'src/main/core/data/background-worker.ts'),
          'sandbox-worker': resolve(import.meta.dirname, 'src/main/core/profiles/sandbox-worker.ts'),
        },
        output: { format: 'es' },
      },
    },
  },
  preload: {
    build: {
      outDir: 'out/preload',
      // A sandboxed preload cannot load ESM or require packages: one self-contained CommonJS file.
      externalizeDeps: false,
      rolldownOptions: {
        input: { index: resolve(import.meta.dirname, 'src/preload/index.ts') },
        output: { format: 'cjs', entryFileNames: '[name].cjs' },
      },
    },
  },
  renderer: {
    root: 'src/renderer',
    plugins: [react(), cspMeta],
    build: {
      outDir: 'out/renderer',
      minify: true,
      rolldownOptions: { input: { index: resolve(import.meta.dirname, 'src/renderer/index.html') } },
    },
  },
})
