// `npm run bench [-- name …]`: runs every benchmark in this folder (or the named ones), one after another.
import { spawnSync } from 'node:child_process'
import { readdirSync } from 'node:fs'
import { join } from 'node:path'

const wanted = process.argv.slice(2)
const benches = readdirSync(import.meta.dirname)
  .filter((file) => file.endsWith('.bench.ts'))
  .filter((file) => wanted.length === 0 || wanted.some((name) => file.startsWith(name)))

let failed = false
for (const file of benches) {
  console.log(`\n# ${file}`)
  const result = spawnSync(process.execPath, [join(import.meta.dirname, file)], { stdio: 'inherit' })
  failed ||= result.status !== 0
}
process.exit(failed ? 1 : 0)
