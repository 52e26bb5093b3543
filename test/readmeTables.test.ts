// The README's tables of `highway compare` output are what the command above each prints today:
// its protocol tables had gone stale (written by an older engine) with nothing to notice. Each
// ```sh block that is one `highway compare` command and is followed by a table is run as written.
import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runCompare } from '../src/cli/compareCommand.ts'
import { readTextFile } from '../src/cli/textFile.ts'

const README = readFileSync(join(import.meta.dirname, '..', 'README.md'), 'utf8')

/** Each compare command's arguments (after `compare`) and the table printed under it in the README. */
function examples(): Array<{ args: string[]; table: string[] }> {
  const out: Array<{ args: string[]; table: string[] }> = []
  const block = /```sh\n(npm run -s highway -- compare [^`]*?)\n```\n\n((?:\|.*\n)+)/g
  for (const m of README.matchAll(block)) {
    const command = m[1]!.replace(/\\\n\s*/g, ' ')
    const words = [...command.matchAll(/'([^']*)'|(\S+)/g)].map((w) => w[1] ?? w[2]!)
    out.push({ args: words.slice(words.indexOf('compare') + 1), table: m[2]!.trimEnd().split('\n') })
  }
  return out
}

describe('README compare tables', () => {
  const found = examples()
  it('finds the protocol tables', () => {
    expect(found.map((e) => e.args[e.args.indexOf('--preset') + 1])).toEqual(['consumer-joins-eager', 'slow-consumer-storm'])
  })
  for (const e of found) {
    it(`${e.args.slice(0, 2).join(' ')}: the table is what the command prints`, async () => {
      const r = await runCompare(e.args, { readFile: readTextFile }, { parallel: false })
      expect(r.code).toBe(0)
      expect(r.stdout.split('\n').filter((l) => l.startsWith('|'))).toEqual(e.table)
    }, 60_000)
  }
})
