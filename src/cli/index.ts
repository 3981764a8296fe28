// The gateway-desk program: runs one command and exits with its code (see main.ts). Built beside the app's main
// process as out/main/cli.js; from a checkout, `npm run cli -- …`.
import { main } from './main.ts'

process.exitCode = await main(process.argv)
