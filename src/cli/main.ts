// gateway-desk: Gateway Desk on the command line. The same core as the app, on the same data folder and
// profiles, so what runs here shows in the app's history. Exit codes: `exitCodes` in session.ts.
import { text } from 'node:stream/consumers'
import { CommanderError, Option, Command as Program } from 'commander'
import { codeOf, exitCodeOf, exitCodes, messageOf, paint, printJson, usageError } from './output.ts'
import { appVersion, type GlobalOptions } from './session.ts'

/** A help's examples, each a line a person can copy. */
const examples = (...lines: string[]) =>
  `\nExamples:\n${lines.map((line) => `  ${line.startsWith('GATEWAY_') || line.startsWith('printf') ? line : `gateway-desk ${line}`}`).join('\n')}`

/** Repeated options, in the order given. */
const collect = (value: string, previous: string[]) => [...previous, value]

/** A command's module is loaded when it runs: each command pays for its own imports alone. */
const commands = {
  batch: () => import('./batch.ts'),
  catalog: () => import('./catalog-jobs.ts'),
  evaluate: () => import('./evaluate.ts'),
  evaluationShards: () => import('./evaluation-shards.ts'),
  profiles: () => import('./profiles.ts'),
  webhooks: () => import('./webhooks.ts'),
}
/** A command: the global options, then its own arguments, whatever they are. */
type Command = (global: GlobalOptions, ...args: never[]) => Promise<number>
type Rest<F> = F extends (global: GlobalOptions, ...args: infer A) => Promise<number> ? A : never

/** The command `name` of a module loaded only when it runs, typed as the module says. */
function later<M extends Record<K, Command>, K extends keyof M & string>(load: () => Promise<M>, name: K) {
  return async (global: GlobalOptions, ...args: Rest<M[K]>) => (await load())[name](global, ...args)
}

function program(run: (work: (global: GlobalOptions & { apiKey?: string }) => Promise<number>) => void) {
  const root = new Program('gateway-desk')
    .description('Gateway Desk on the command line: webhooks, batches, models and video jobs.')
    .version(appVersion())
    .option('-p, --profile <name>', 'the profile to use, by name or id (default: the one active in the app)')
    .option('--data-dir <path>', 'the app’s data folder (default: where Gateway Desk keeps it)')
    .option('--json', 'one JSON object per line, for scripts')
    .option('--api-key-stdin', 'read the profile’s API key from standard input (else GATEWAY_API_KEY)')
    .showHelpAfterError()
    // Every command's help lists the options that go before it too (--data-dir, --profile, --json).
    .configureHelp({ showGlobalOptions: true })
    .exitOverride()
    .addHelpText(
      'after',
      `
Keys: the app keeps them in the system keychain, which only the app can open. Give a live profile's key in
GATEWAY_API_KEY (or --api-key-stdin) and its webhook secret in GATEWAY_WEBHOOK_SECRET. The Sandbox needs none.

Exit codes: 0 done; 1 some rows or deliveries failed; 2 usage or input refused; 3 the service cannot be
reached or refused the key (a batch keeps its rows waiting); 4 stopped at the spend cap or a budget; 5 a
--fail-on threshold was passed; 130 stopped with Ctrl+C. A stopped batch goes on with \`batch resume\`, its
failed rows with \`--retry-failed\`.`,
    )
  const global = () => root.opts<GlobalOptions & { apiKeyStdin?: boolean }>()
  const withGlobal =
    <A extends unknown[]>(work: (global: GlobalOptions, ...args: A) => Promise<number>) =>
    (...args: A) =>
      run(async (options) => work(options, ...args))

  root
    .command('listen')
    .description('receive webhooks here and pass each verified delivery on to your server, until Ctrl+C')
    .requiredOption('--forward-to <url>', 'your server’s address, such as http://localhost:3000/webhooks')
    .option(
      '--tunnel <provider>',
      'expose the receiver: ngrok, cloudflared, loopback, or your public https URL',
    )
    .option('--port <port>', 'the receiver’s port (default: the one the app keeps)')
    .addHelpText(
      'after',
      examples(
        'listen --forward-to http://localhost:3000/webhooks',
        'listen --forward-to http://localhost:3000/webhooks --tunnel ngrok',
      ),
    )
    .action((options) => withGlobal(later(commands.webhooks, 'listen'))(options))
  root
    .command('trigger')
    .description('send a test delivery of an event, signed as the service signs, to your server')
    .argument('<event>', 'video.generation.completed, .failed, .cancelled or .expired')
    .option('--job <id>', 'a job of this profile, or the start of its id (default: a made-up one)')
    .option('--forward-to <url>', 'where to send it (default: the Forward to address kept in the app)')
    .action((event, options) => withGlobal(later(commands.webhooks, 'trigger'))(event, options))

  const deliveries = root.command('deliveries').description('the webhook deliveries the receiver stored')
  deliveries
    .command('list')
    .description(
      'the latest deliveries and test deliveries, oldest first, with their verdicts and your server’s latest answer',
    )
    .option('--limit <n>', 'how many', '50')
    .action((options) => withGlobal(later(commands.webhooks, 'deliveriesList'))(options))
  deliveries
    .command('show')
    .description('one delivery with every send of it to your server')
    .argument('<id>', 'the number `deliveries list` shows (t5 for a test delivery)')
    .action((id) => withGlobal(later(commands.webhooks, 'deliveriesShow'))(id))
  deliveries
    .command('resend')
    .description('send a stored delivery (or a test one) again, byte for byte')
    .argument('<id>', 'the number `deliveries list` shows (t5 for a test delivery)')
    .option('--to <url>', 'where to send it (default: the Forward to address kept in the app)')
    .action((id, options) => withGlobal(later(commands.webhooks, 'deliveriesResend'))(id, options))

  const batch = root.command('batch').description('decision questionnaires over many inputs')
  batch
    .command('run')
    .description('run a questionnaire over every input of a file')
    .argument('<questionnaire>', 'a .json file (exported, or a request body) or a name in the app’s library')
    .argument('<inputs>', 'a .txt (one input a line), .csv or .jsonl file')
    .option('--column <name>', 'the CSV column to read (default: the first)')
    .option('--model <id>', 'the decision model (default: the first the catalog lists)')
    .option('--concurrency <n>', 'requests at once, 1 to 16', '4')
    .option(
      '--retries <n>',
      'send a row again after a 429, a 5xx or a network failure, up to n times (0 to 10), as the service says',
      '3',
    )
    .option('--max-spend <usd>', 'stop before spending more than this')
    .option('--out <file>', 'write the results as .csv or .jsonl')
    .option('--shard <i/n>', 'run every n-th row from row i (for n machines; join with `batch merge`)')
    .option('--report <file>', 'a report for CI: .xml (JUnit, a test case per row and question) or .json')
    .option('--fail-on <threshold>', 'failed=N or spend=USD: exit 5 past it (repeat for both)', collect, [])
    .addHelpText(
      'after',
      examples(
        'batch run triage.json tickets.csv --column text --max-spend 2.50 --out results.csv',
        'batch run triage.json tickets.csv --shard 2/4 --report junit-2.xml --fail-on failed=0',
        'GATEWAY_BASE_URL=https://gateway.example.com GATEWAY_API_KEY=… gateway-desk batch run triage.json inputs.txt',
      ),
    )
    .action((questionnaire, inputs, options) =>
      withGlobal(later(commands.batch, 'batchRun'))(questionnaire, inputs, options),
    )
  batch
    .command('resume')
    .description('go on with a stopped batch from the rows not written')
    .argument('<id>', 'the batch (its id, or the start of it)')
    .option('--out <file>', 'write all its results as .csv or .jsonl when it ends')
    .option('--max-spend <usd>', 'a new spend cap')
    .option('--retry-failed', 'send the rows that failed again, with any rows still waiting')
    .option('--report <file>', 'a report for CI: .xml (JUnit, a test case per row and question) or .json')
    .option('--fail-on <threshold>', 'failed=N or spend=USD: exit 5 past it (repeat for both)', collect, [])
    .action((id, options) => withGlobal(later(commands.batch, 'batchResume'))(id, options))
  batch
    .command('list')
    .description('the latest batches')
    .action(() => withGlobal(later(commands.batch, 'batchList'))())
  batch
    .command('merge')
    .description('join the outputs of a batch’s shards, in row order')
    .argument('<out>', 'the joined .csv or .jsonl file')
    .argument('<shards...>', 'the shards’ output files')
    .action((out: string, shards: string[]) =>
      run(async () => (await commands.batch()).batchMerge(out, shards)),
    )

  const evaluation = root
    .command('eval')
    .description('how good a questionnaire is against expected answers, per model')
  evaluation
    .command('run', { isDefault: true })
    .description('run a set with each model and score it (the default: `eval QUESTIONNAIRE SET` runs it)')
    .argument(
      '<questionnaire>',
      'a .json or .gdq file (exported, or a request body) or a name in the app’s library',
    )
    .argument(
      '[set]',
      'a .csv file: the inputs, and a column of expected answers per question (default: the one the questionnaire file’s “evaluation” names)',
    )
    .option(
      '--expected-column <question=column>',
      'the column of a question’s expected answers (default: the column named as the question, or “expected …”)',
      collect,
      [],
    )
    .option('--column <name>', 'the CSV column of the inputs (default: the one most like text)')
    .option('--models <ids>', 'the decision models to compare, comma-separated (default: the first listed)')
    .option('--concurrency <n>', 'requests at once, 1 to 16', '4')
    .option('--max-spend <usd>', 'stop before spending more than this, all models together')
    .option('--report <file>', 'a report for CI: .xml (JUnit, a test case per model and question) or .json')
    .option(
      '--fail-on <score>',
      'accuracy<0.9, auc<0.8, brier>0.2, …, or regressed: exit 5 when a question’s score breaks it (repeat for more)',
      collect,
      [],
    )
    .option(
      '--baseline <report.json>',
      'an earlier eval’s JSON report: say which scores left their interval and which answers changed',
    )
    .option(
      '--shard <i/n>',
      'run every n-th row from row i (for n machines; join the JSON reports with `eval merge`)',
    )
    .addHelpText(
      'after',
      `${examples(
        'eval triage.json labeled.csv --column text --expected-column Urgent=urgent --fail-on accuracy<0.9',
        'eval triage.json labeled.csv --models acme/judge-small,acme/judge-large --report eval.xml',
        'eval triage.json labeled.csv --shard 2/4 --report eval-2.json',
      )}
Scores: accuracy, precision, recall, f1 (at the best threshold), auc, brier, ece (yes or no); accuracy, logloss,
ece (a choice); exact, within1, mae (a score). Each is described in docs/evaluation.md.`,
    )
    .action((questionnaire, set, options) =>
      withGlobal(later(commands.evaluate, 'evaluateSet'))(questionnaire, set, options),
    )

  evaluation
    .command('merge')
    .description('score the whole set from the JSON reports of its shards, as one run of it would')
    .argument('<out>', 'the merged report: .json, or .xml (JUnit)')
    .argument('<shards...>', 'the shards’ JSON reports (eval --shard I/N --report FILE.json)')
    .option(
      '--fail-on <score>',
      'accuracy<0.9, auc<0.8, brier>0.2, …: exit 5 when a question’s score breaks it (repeat for more)',
      collect,
      [],
    )
    .addHelpText(
      'after',
      examples('eval merge eval.json eval-1.json eval-2.json eval-3.json eval-4.json --fail-on accuracy<0.9'),
    )
    .action((out, shards, options) =>
      withGlobal(later(commands.evaluationShards, 'evalMerge'))(out, shards, options),
    )

  const models = root.command('models').description('the model catalog')
  models
    .command('list')
    .description('the models of the catalog')
    .option('--provider <name>', 'one provider’s models')
    .addOption(
      new Option('--sort <column>', 'order by').choices(['id', 'name', 'provider', 'price', 'context']),
    )
    .addOption(new Option('--format <format>', 'output').choices(['table', 'csv', 'json']).default('table'))
    .option('--limit <n>', 'at most this many')
    .action((options) => withGlobal(later(commands.catalog, 'modelsList'))(options))
  models
    .command('diff')
    .description('refresh the catalog and say what changed since the one kept before')
    .action(() => withGlobal(later(commands.catalog, 'modelsDiff'))())

  const profiles = root
    .command('profiles')
    .description('the profiles: the built-in Sandbox and your services (GATEWAY_BASE_URL needs none)')
  profiles
    .command('list')
    .description('every profile, its address, whether its key is kept, and the active one')
    .action(() => withGlobal(later(commands.profiles, 'profilesList'))())
  profiles
    .command('add')
    .description(
      'a profile for a service; its key with --api-key-stdin (kept in the keychain where there is one)',
    )
    .argument('<name>', 'what to call it')
    .argument('<base-url>', 'the service’s address, such as https://gateway.example.com')
    .addHelpText(
      'after',
      examples(
        'profiles add Production https://gateway.example.com',
        'printf %s "$KEY" | gateway-desk profiles add Production https://gateway.example.com --api-key-stdin',
      ),
    )
    .action((name, baseUrl) => withGlobal(later(commands.profiles, 'profilesAdd'))(name, baseUrl))
  profiles
    .command('remove')
    .description('a profile and the secrets kept for it')
    .argument('<name>', 'its name or id')
    .action((name) => withGlobal(later(commands.profiles, 'profilesRemove'))(name))
  profiles
    .command('use')
    .description('make a profile the active one, in the app too')
    .argument('<name>', 'its name or id')
    .action((name) => withGlobal(later(commands.profiles, 'profilesUse'))(name))
  profiles
    .command('test')
    .description('reach the service with the profile’s key (exit 3 when it cannot)')
    .argument('[name]', 'its name or id (default: the one this command works with)')
    .action((name) => withGlobal(later(commands.profiles, 'profilesTest'))(name))

  const jobs = root.command('jobs').description('video jobs')
  jobs
    .command('list')
    .description('the latest jobs, newest first')
    .option('--status <status>', 'pending, completed, failed, cancelled or expired')
    .option('--limit <n>', 'how many', '50')
    .action((options) => withGlobal(later(commands.catalog, 'jobsList'))(options))
  jobs
    .command('watch')
    .description('follow the running jobs of the profile until each settles')
    .action(() => withGlobal(later(commands.catalog, 'jobsWatch'))())
  jobs
    .command('create')
    .description('create a video job')
    .requiredOption('--model <id>', 'the video model')
    .requiredOption('--prompt <text>', 'what to make')
    .option('--duration <seconds>', 'length in seconds')
    .option('--wait', 'follow it until it settles (always, on the Sandbox)')
    .option('--callback <url>', 'where the service sends its webhook (such as the address `listen` prints)')
    .action((options) => withGlobal(later(commands.catalog, 'jobsCreate'))(options))

  root
    .command('completion')
    .description('a completion script for your shell: bash, zsh or fish')
    .argument('<shell>', 'bash, zsh or fish')
    .addHelpText(
      'after',
      examples('completion bash > ~/.local/share/bash-completion/completions/gateway-desk'),
    )
    .action((shell: string) =>
      run(async () => {
        const { completionScript } = await import('./completion.ts')
        const script = completionScript(root, shell)
        if (script === null) throw usageError(`completion takes bash, zsh or fish (it was “${shell}”).`)
        process.stdout.write(script)
        return exitCodes.done
      }),
    )

  return { root, global }
}

/** Runs one command; `argv` as Node gives it (program, script, then the arguments). */
export async function main(
  argv: readonly string[],
  host: Pick<GlobalOptions, 'secretCipher'> = {},
): Promise<number> {
  let pending: Promise<number> | null = null
  const { root, global } = program((work) => {
    pending = (async () => {
      const { apiKeyStdin, ...options } = global()
      if (apiKeyStdin && process.stdin.isTTY)
        throw usageError('--api-key-stdin reads a key piped in: `… | gateway-desk …`.')
      const apiKey = apiKeyStdin ? (await text(process.stdin)).trim() : undefined
      return work({ ...options, ...host, ...(apiKey ? { apiKey } : {}) })
    })()
  })
  try {
    await root.parseAsync(argv)
    return pending ? await pending : exitCodes.done
  } catch (error) {
    const json = root.opts<{ json?: boolean }>().json === true
    if (error instanceof CommanderError) {
      if (error.exitCode === 0) return exitCodes.done
      if (json) printJson('error', { code: 'usage', message: error.message, exit: exitCodes.usage })
      return exitCodes.usage
    }
    const exit = exitCodeOf(error)
    // A script reads the error where it reads everything else; a person reads it on standard error.
    if (json) printJson('error', { code: codeOf(error), message: messageOf(error), exit })
    process.stderr.write(`${paint('red', 'Error:', process.stderr)} ${messageOf(error)}\n`)
    return exit
  }
}
