// The gateway-desk program: runs one command and exits with its code (see main.ts). Built beside the app's main
// process as out/main/cli.js; from a checkout, `npm run cli -- …`.
import { main } from './main.ts'

// Output piped into a program that stops reading (`| head`) ends the command quietly, as other tools do.
for (const stream of [process.stdout, process.stderr])
  stream.on('error', (error: NodeJS.ErrnoException) => {
    if (error.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    throw error
  })

process.exitCode = await main(process.argv)
