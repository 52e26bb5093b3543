// Runs a Node entry of the simulator from one bundle: `node scripts/bundled.mjs <entry> [args…]`,
// entry one of ENTRIES (highway: the CLI; benchScale: the bench's scale runs). The page's worker
// runs the engine as one bundle; run from TypeScript sources module by module (tsx), the same
// engine ran 5–10 % slower at full size (interleaved runs; calls between modules cost more), and
// the CLI started ~0.3 s later (`--help`, warm cache). The bundle is Vite's SSR build (dependencies stay in node_modules), made
// under .vite/node-bundle/ again whenever a source changes, so an edit never runs stale.
// Plain JS: it runs before anything is compiled.
import { createHash } from 'node:crypto'
import { existsSync, mkdirSync, readdirSync, renameSync, rmSync, statSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { fileURLToPath, pathToFileURL } from 'node:url'

const ROOT = join(dirname(fileURLToPath(import.meta.url)), '..')
/** compareWorker is the CLI compare's thread (compareRuns.ts starts it from beside the CLI's file). */
const ENTRIES = {
  highway: 'src/cli/main.ts',
  compareWorker: 'src/cli/compareWorker.ts',
  benchScale: 'bench/scaleChild.ts',
}
const CACHE = join(ROOT, '.vite', 'node-bundle')
const SOURCES = ['src', 'bench', 'scripts/bundled.mjs', 'package-lock.json']

/** A digest of every source's path, size and modification time: any change to one rebuilds. */
function sourceStamp() {
  const hash = createHash('sha1')
  const visit = (path) => {
    const st = statSync(path, { throwIfNoEntry: false })
    if (!st) return
    if (st.isDirectory()) {
      for (const name of readdirSync(path).sort()) visit(join(path, name))
      return
    }
    hash.update(`${relative(ROOT, path)}\0${st.size}\0${st.mtimeMs}\n`)
  }
  for (const s of SOURCES) visit(join(ROOT, s))
  return `b-${hash.digest('hex').slice(0, 16)}`
}

async function build(dir) {
  const { build: viteBuild } = await import('vite')
  const tmp = join(CACHE, `tmp-${process.pid}-${Date.now()}`)
  // One self-contained file per entry: shared chunks would put calls between modules back.
  for (const [name, file] of Object.entries(ENTRIES)) {
    await viteBuild({
      root: ROOT,
      configFile: false,
      logLevel: 'silent',
      publicDir: false,
      build: {
        ssr: true,
        outDir: tmp,
        emptyOutDir: false,
        target: 'node20',
        minify: false,
        copyPublicDir: false,
        rollupOptions: {
          input: { [name]: join(ROOT, file) },
          output: { format: 'es', entryFileNames: '[name].js', codeSplitting: false },
        },
      },
    })
  }
  writeFileSync(join(tmp, 'complete'), '')
  try {
    renameSync(tmp, dir)
  } catch {
    rmSync(tmp, { recursive: true, force: true }) // another process built the same sources first
  }
  // Bundles of older sources, once nothing can still be starting from them.
  for (const name of readdirSync(CACHE)) {
    const path = join(CACHE, name)
    if (path === dir) continue
    const st = statSync(path, { throwIfNoEntry: false })
    if (st && Date.now() - st.mtimeMs > 10 * 60_000) rmSync(path, { recursive: true, force: true })
  }
}

const [entry, ...args] = process.argv.slice(2)
if (!(entry in ENTRIES)) {
  process.stderr.write(`bundled.mjs: unknown entry ${entry ?? '(none)'}: one of ${Object.keys(ENTRIES).join(', ')}\n`)
  process.exit(2)
}
const dir = join(CACHE, sourceStamp())
if (!existsSync(join(dir, 'complete'))) {
  mkdirSync(CACHE, { recursive: true })
  try {
    await build(dir)
  } catch (e) {
    process.stderr.write(`bundled.mjs: building ${relative(ROOT, ENTRIES[entry])} failed: ${e instanceof Error ? e.message : String(e)}\n`)
    process.exit(1)
  }
}
// The entry reads its arguments from process.argv, as if started directly.
process.argv = [process.argv[0], join(dir, `${entry}.js`), ...args]
await import(pathToFileURL(join(dir, `${entry}.js`)).href)
