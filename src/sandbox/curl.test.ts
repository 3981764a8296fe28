// Wire compatibility with a client this project did not write: curl, against the running sandbox.
import { execFile } from 'node:child_process'
import { promisify } from 'node:util'
import { describe, expect, it } from 'vitest'
import { DecisionResponse } from '#shared/api/decisions'
import { UnifiedModelList } from '#shared/api/models'
import { demoKey, startSandboxForFile } from './testing/client.ts'

const run = promisify(execFile)
const { url } = startSandboxForFile()

describe('curl', () => {
  it('lists models and runs a decision', async () => {
    const models = await run('curl', ['-sS', '--fail-with-body', url('/v1/models')])
    expect(UnifiedModelList.parse(JSON.parse(models.stdout)).data.length).toBeGreaterThan(5)
    const decision = await run('curl', [
      '-sS',
      '--fail-with-body',
      url('/v1/decisions'),
      '-H',
      `Authorization: Bearer ${demoKey}`,
      '-H',
      'Content-Type: application/json',
      '--data-binary',
      JSON.stringify({
        model: 'sysone/judge-1',
        input: 'refund please',
        questions: [{ type: 'predicate', name: 'refund', instructions: 'Asks for a refund?' }],
      }),
    ])
    expect(DecisionResponse.parse(JSON.parse(decision.stdout)).answers[0]).toMatchObject({
      type: 'predicate',
      name: 'refund',
    })
  })

  it('uploads an image edit as multipart and streams messages as server-sent events', async () => {
    const sharp = (await import('sharp')).default
    const { writeFile, mkdtemp } = await import('node:fs/promises')
    const { join } = await import('node:path')
    const { tmpdir } = await import('node:os')
    const file = join(await mkdtemp(join(tmpdir(), 'gd-curl-')), 'in.png')
    await writeFile(
      file,
      await sharp({ create: { width: 16, height: 16, channels: 3, background: '#f00' } })
        .png()
        .toBuffer(),
    )
    const edit = await run('curl', [
      '-sS',
      '--fail-with-body',
      url('/v1/images/edits'),
      '-H',
      `Authorization: Bearer ${demoKey}`,
      '-F',
      'model=lumen/image-1-edit',
      '-F',
      'prompt=blue',
      '-F',
      `image=@${file};type=image/png`,
    ])
    expect(JSON.parse(edit.stdout).usage.num_input_images).toBe(1)
    const stream = await run('curl', [
      '-sS',
      '-N',
      url('/msg-native/v1/messages'),
      '-H',
      `x-api-key: ${demoKey}`,
      '-H',
      'native-version: 2023-06-01',
      '-H',
      'content-type: application/json',
      '-d',
      JSON.stringify({
        model: 'nimbus/chat-4',
        max_tokens: 50,
        stream: true,
        messages: [{ role: 'user', content: 'hi' }],
      }),
    ])
    expect(stream.stdout.startsWith('event: message_start')).toBe(true)
    expect(stream.stdout.trim().endsWith('data: {"type":"message_stop"}')).toBe(true)
  })
})
