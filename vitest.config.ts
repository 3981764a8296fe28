// Unit and contract tests: one project per process, each in the environment that process has.
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'

export default defineConfig({
  test: {
    globalSetup: ['scripts/testing/temp-folder.ts'],
    reporters: ['default', 'json'],
    outputFile: { json: 'test-results/unit.json' },
    projects: [
      { test: { name: 'shared', environment: 'node', include: ['src/shared/**/*.test.ts'] } },
      {
        test: {
          name: 'main',
          environment: 'node',
          // Many start the app's core (its database, its workers) once or twice: seconds on a loaded machine.
          testTimeout: 30_000,
          include: [
            'src/main/**/*.test.ts',
            'src/node/**/*.test.ts',
            'e2e/harness/**/*.test.ts',
            'e2e/electron/**/*.test.ts',
          ],
        },
      },
      { test: { name: 'sandbox', environment: 'node', include: ['src/sandbox/**/*.test.ts'] } },
      // Each command is a process of its own that opens the app's core: seconds each on a loaded machine.
      { test: { name: 'cli', environment: 'node', include: ['src/cli/**/*.test.ts'], testTimeout: 120_000 } },
      { test: { name: 'tooling', environment: 'node', include: ['scripts/**/*.test.ts'] } },
      { test: { name: 'conformance', environment: 'node', include: ['conformance/**/*.test.ts'] } },
      {
        plugins: [react()],
        test: { name: 'renderer', environment: 'happy-dom', include: ['src/renderer/**/*.test.{ts,tsx}'] },
      },
    ],
  },
})
