// The app's core in its own process, for the storm test: a live profile pointing at a sandbox, the receiver
// on a fixed port exposed through the "public URL I run myself" tunnel. With --create N it first creates N
// video jobs and writes their ids to a file. Prints `ready` when the receiver listens.
import { writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { parseArgs } from 'node:util'
import type { RouteInput, RouteName, RouteOutput } from '#shared/ipc/routes/index'
import { unwrap } from '#shared/ipc/unwrap'
import { createCore } from '../core/compose.ts'
import { createNodePlatform } from '../core/node-platform.ts'

const { values } = parseArgs({
  options: {
    'user-data': { type: 'string' },
    'service-url': { type: 'string' },
    key: { type: 'string' },
    secret: { type: 'string' },
    port: { type: 'string' },
    create: { type: 'string', default: '0' },
  },
})
const userData = values['user-data'] as string
writeFileSync(
  join(userData, 'preferences.json'),
  JSON.stringify({
    theme: 'system',
    receiverPort: Number(values.port),
    pollBudget: { requests: 30, windowSeconds: 10 },
    downloadVideosOnCompletion: false,
  }),
)
const core = await createCore(createNodePlatform({ userData, keychainFile: `${userData}.keychain` }))
const dispatch = core.dispatcher(() => ['app://gateway-desk'])
const call = async <N extends RouteName>(route: N, input: RouteInput<N>): Promise<RouteOutput<N>> =>
  unwrap((await dispatch(route, input, { url: 'app://gateway-desk/', isTopFrame: true })) as never)

let profile = (await call('profiles.list', {})).find((p) => p.name === 'Storm')
if (!profile) {
  profile = await call('profiles.save', { name: 'Storm', baseUrl: values['service-url'] as string })
  await call('profiles.setSecret', { profileId: profile.id, secret: 'apiKey', value: values.key as string })
  await call('profiles.setSecret', {
    profileId: profile.id,
    secret: 'webhookSecret',
    value: values.secret as string,
  })
}
await call('profiles.activate', { id: profile.id })
await call('tunnel.start', { provider: 'manual', publicUrl: `https://127.0.0.1:${values.port}` })

const count = Number(values.create)
if (count > 0) {
  const ids: string[] = []
  for (let i = 0; i < count; i++) {
    const job = await call('videos.create', {
      request: { model: 'orbit/motion-2', prompt: `storm ${i}`, duration: 1 + (i % 5) },
    })
    ids.push(job.id)
  }
  writeFileSync(join(userData, 'storm-jobs.json'), JSON.stringify(ids))
}
console.log(`ready ${(await call('receiver.state', {})).callbackUrl}`)
process.once('SIGTERM', () => void core.close().then(() => process.exit(0)))
