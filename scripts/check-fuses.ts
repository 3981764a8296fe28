// `npm run check:fuses -- <packaged executable or .app> [--test-build]`: reads the fuses back from a packaged
// app and fails unless each is what the production (or test) build must have.
import { checkFuses } from './packaging/fuses.ts'

const [path] = process.argv.slice(2).filter((arg) => !arg.startsWith('--'))
if (!path) {
  console.error('Usage: npm run check:fuses -- <path to the packaged executable or .app> [--test-build]')
  process.exit(2)
}
const testBuild = process.argv.includes('--test-build')
const checks = await checkFuses(path, testBuild)
for (const check of checks)
  console.log(
    `${check.ok ? 'ok  ' : 'FAIL'} ${check.name.padEnd(34)} must be ${check.expected ? 'on ' : 'off'}, is ${check.actual}`,
  )
const failed = checks.filter((check) => !check.ok).length
console.log(
  failed
    ? `${failed} fuse(s) wrong in ${path}`
    : `All fuses as a ${testBuild ? 'test' : 'production'} build needs.`,
)
process.exit(failed ? 1 : 0)
