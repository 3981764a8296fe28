import { mkdirSync } from 'node:fs'
import { seedJobs } from './jobs.ts'

mkdirSync('/tmp/gd-h1m', { recursive: true })
console.log(seedJobs('/tmp/gd-h1m', 1_000_000))
