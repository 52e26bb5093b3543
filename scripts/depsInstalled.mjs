// Exit 0 when node_modules holds what package-lock.json asks for, 1 when `npm ci` is needed.
// Compares contents (every non-optional package at its locked version, per npm's own record in
// node_modules/.package-lock.json), not file times: a fresh checkout or a git worktree whose
// node_modules is shared must not trigger a reinstall. Plain JS: it runs before any dependency exists.
import { readFileSync } from 'node:fs'

function packages(path) {
  try {
    return JSON.parse(readFileSync(path, 'utf8')).packages ?? null
  } catch {
    return null
  }
}

const wanted = packages('package-lock.json')
const installed = packages('node_modules/.package-lock.json')
if (wanted === null || installed === null) process.exit(1)
for (const [path, pkg] of Object.entries(wanted)) {
  if (path === '' || pkg.link) continue
  const have = installed[path]
  if (have === undefined ? !pkg.optional : have.version !== pkg.version) {
    console.error(`node_modules is out of date: ${path} ${have?.version ?? 'missing'}, lock wants ${pkg.version}`)
    process.exit(1)
  }
}
