// The headless CLI: `npm run -s highway -- <command>`. Node I/O lives here and in textFile.ts; the
// commands behind it are dispatch.ts's runCli. Every failure is a message and an exit code, never a
// stack trace; a reader that goes away (`| head`) ends the run quietly.

import { runCli } from './dispatch.ts'
import { readStdinText, readTextFile } from './textFile.ts'

/** The reader of our output went away (`| head`): stop quietly, as Unix tools do. */
function quietOnClosedPipe(stream: NodeJS.WriteStream): void {
  stream.on('error', (e: NodeJS.ErrnoException) => {
    if (e.code === 'EPIPE') process.exit(process.exitCode ?? 0)
    process.stderr.write(`highway: cannot write output (${e.code ?? e.message})\n`)
    process.exit(1)
  })
}

quietOnClosedPipe(process.stdout)
quietOnClosedPipe(process.stderr)
runCli(process.argv.slice(2), {
  readFile: (path) => readTextFile(path),
  readStdin: () => readStdinText(),
  stdinIsTty: process.stdin.isTTY === true,
  stderrIsTty: process.stderr.isTTY === true,
  liveStderr: (text) => process.stderr.write(text),
}).then(
  (r) => {
    process.stdout.write(r.stdout)
    process.stderr.write(r.stderr)
    process.exitCode = r.code
  },
  (e: unknown) => {
    process.stderr.write(`highway: internal error: ${e instanceof Error ? e.message : String(e)}\n`)
    process.exitCode = 1
  },
)
