// The broker strip in a real browser (Debian's chromium via playwright-core, 1024×768): at a moment
// link's moment it shows what `highway run --seconds t --json` prints as `brokers`, names the hot
// broker in words and the group's coordinator where `run --json` puts it, each lane names its
// leader, lane words stay legible under the strip in normal and presenter mode, and the Brokers
// control restarts the run on the new cluster. Compare mode (1280×720): each side with a cluster
// shows its own strip and acks control, and the difference strip's "records lost" is what run --json
// counts for that side's acks. Two page opens; the CLI is the oracle, no figures written here.

import { join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { runRun } from '../../src/cli/runCommand.ts'
import { encodeScenario, getPreset } from '../../src/scenario/index.ts'
import { getLesson } from '../../src/scenario/lessons/catalog.ts'
import { compareLinkHash } from '../../src/scenario/links.ts'
import { ARTIFACTS, collectErrors } from './harness.ts'
import { browserSuite, noFiles } from './suite.ts'

const OUT = join(ARTIFACTS, 'dist-brokers-test')
const suite = browserSuite(OUT)

interface CliBroker {
  broker: number
  leaders: number
  recordsInPerSec: number
  hot: boolean
}

function cliRun(args: string[]): { brokers: CliBroker[]; lostRecords?: number } {
  const r = runRun([...args, '--json'], noFiles as Parameters<typeof runRun>[1])
  if (r.code !== 0) throw new Error(r.stderr)
  return JSON.parse(r.stdout) as { brokers: CliBroker[]; lostRecords?: number }
}

const brokersOf = (run: { brokers: CliBroker[] }): CliBroker[] => run.brokers.map((b) => ({ broker: b.broker, leaders: b.leaders, recordsInPerSec: b.recordsInPerSec, hot: b.hot }))

function cliBrokers(args: string[]): CliBroker[] {
  return brokersOf(cliRun(args))
}

/** Each listed broker box's figures, as cliBrokers gives them. */
function stripOf(strip: import('playwright-core').Locator) {
  return strip.locator('li').evaluateAll((lis) =>
    lis.map((li) => ({
      broker: Number(li.getAttribute('data-broker')),
      leaders: Number(li.getAttribute('data-leaders')),
      recordsInPerSec: Math.round(Number(li.getAttribute('data-in-rate')) * 100) / 100,
      hot: li.getAttribute('data-hot') === 'true',
    })),
  )
}

describe('broker strip', () => {
  it('shows at t what run --json says, in words and accessible names, and follows the Brokers control', async () => {
    const { preview, browser } = suite()
    const page = await browser.newPage({ viewport: { width: 1024, height: 768 } })
    const errors = collectErrors(page)
    const s = getPreset('broker-hotspot')!.build()
    await page.goto(`${preview.url}#s=${encodeURIComponent(encodeScenario(s))}&t=3.3`)
    const slider = page.getByRole('slider', { name: 'Timeline' })
    await expect.poll(async () => [await slider.getAttribute('aria-valuenow'), await slider.getAttribute('aria-busy')], { timeout: 20_000, interval: 100 }).toEqual(['3.3', 'false'])

    const expected = cliBrokers(['--preset', 'broker-hotspot', '--seconds', '3.3'])
    const strip = page.getByRole('list', { name: 'Brokers' })
    await expect.poll(() => stripOf(strip), { timeout: 10_000, interval: 200 }).toEqual(expected)
    const hot = expected.find((b) => b.hot)!
    const box = page.getByRole('listitem', { name: new RegExp(`^Broker ${hot.broker}: leads ${hot.leaders} partitions`) })
    expect(await box.textContent()).toMatch(/AT CAPACITY|HOT/)
    // Readable at 1024×768: the strip's boxes fit without scrolling sideways.
    expect(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    // Each lane names its leader; the hot lane's is the hot broker.
    const hotLane = JSON.parse(runRun(['--preset', 'broker-hotspot', '--seconds', '2', '--json'], noFiles as Parameters<typeof runRun>[1]).stdout).hotKeys[0].partitions[0] as number
    const leaders = await page.locator('[data-testid="highway"] text.leader').allTextContents()
    expect(leaders).toHaveLength(12)
    expect(leaders[hotLane]).toBe(`b${hot.broker}`)

    // The group's coordinator is on the broker `run --json` names (the leader of its __consumer_offsets partition).
    const coord = (JSON.parse(runRun(['--preset', 'broker-hotspot', '--seconds', '3.3', '--json'], noFiles as Parameters<typeof runRun>[1]).stdout) as { groupCoordinator: { broker: number } }).groupCoordinator.broker
    expect(await strip.locator('li[data-coordinator="true"]').evaluateAll((lis) => lis.map((li) => Number(li.getAttribute('data-broker'))))).toEqual([coord])
    await expect.poll(() => page.getByRole('listitem', { name: new RegExp(`^Broker ${coord}: .*the consumer group's coordinator$`) }).count()).toBe(1)

    // Lane words legible under the strip at 1024×768, in normal and presenter mode: every lane keeps
    // its name (presenter mode's 20 px type had room for every other one), each word sits in its lane.
    const laneWords = () =>
      page.evaluate(() => {
        const hw = document.querySelector('[data-testid="highway"]')!
        const roads = Array.from(hw.querySelectorAll('rect.road')).map((r) => r.getBoundingClientRect())
        const pitch = roads.length > 1 ? roads[1]!.y - roads[0]!.y : 0
        const shown = (sel: string) => Array.from(hw.querySelectorAll<SVGTextElement>(sel)).filter((t) => t.getAttribute('display') !== 'none' && (t.textContent ?? '') !== '')
        const names = shown('text.p')
        const inLane = shown('text.p, text.leader, text.owner, text.lag').every((t) => {
          const b = t.getBoundingClientRect()
          const mid = b.y + b.height / 2
          return roads.some((r) => Math.abs(mid - (r.y + r.height / 2)) <= pitch / 4)
        })
        return { names: names.length, px: Math.min(...names.map((t) => parseFloat(getComputedStyle(t).fontSize))), inLane }
      })
    expect(await laneWords()).toEqual({ names: 12, px: expect.any(Number), inLane: true })
    await page.keyboard.press('p')
    await expect.poll(() => page.locator('.app.presenter').count()).toBe(1)
    await expect.poll(async () => (await laneWords()).px, { timeout: 5000 }).toBeGreaterThanOrEqual(20)
    expect(await laneWords()).toEqual({ names: 12, px: 20, inLane: true })
    expect(await strip.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true)
    await page.keyboard.press('p')
    await expect.poll(() => page.locator('.app.presenter').count()).toBe(0)

    // A restart-level setting: four brokers, then the strip has four boxes.
    const field = page.getByRole('spinbutton', { name: 'Brokers', exact: true })
    await field.fill('4')
    await field.press('Enter')
    await expect.poll(() => strip.locator('li').count(), { timeout: 15_000 }).toBe(4)
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)

  it('compare sides (acks 1 vs acks all, the hot-brokers lesson’s) each show their strip and acks, and records lost as run --json counts them', async () => {
    const { preview, browser } = suite()
    const page = await browser.newPage({ viewport: { width: 1280, height: 720 } })
    const errors = collectErrors(page)
    const lesson = getLesson('hot-brokers')!
    // The lesson's sides with its crash early (a short replay): broker 1 crashes at 2 s; by 10 s the
    // controller has moved its leaders and counted the lost tail.
    const base = { ...lesson.scenario, actions: [{ atSec: 2, do: 'crashBroker' as const, broker: 1 }] }
    await page.goto(`${preview.url}#${compareLinkHash(base, lesson.variants, { t: 10 })}`)
    const slider = page.getByRole('slider', { name: 'Timeline' })
    await expect.poll(async () => [await slider.getAttribute('aria-valuenow'), await slider.getAttribute('aria-busy')], { timeout: 20_000, interval: 100 }).toEqual(['10', 'false'])
    const scenario = encodeScenario(base)
    for (const [i, v] of lesson.variants.entries()) {
      const side = page.getByRole('region', { name: new RegExp(`^Side ${'AB'[i]}: `) })
      const args = ['--scenario', scenario, ...Object.entries(v.set).flatMap(([k, x]) => ['--set', `${k}=${String(x)}`]), '--seconds', '10']
      const cli = cliRun(args)
      if (i === 0) expect(cli.lostRecords).toBeGreaterThan(0)
      await expect.poll(() => stripOf(side.getByRole('list', { name: 'Brokers' })), { timeout: 10_000, interval: 200 }).toEqual(brokersOf(cli))
      // The lost records all come after the default mark (the groups settle in the first seconds).
      await expect.poll(() => side.locator('[data-row="lost"] dd').first().textContent(), { timeout: 10_000, interval: 200 }).toMatch(new RegExp(`^${cli.lostRecords}(\\D|$)`))
      await side.getByText('Strategy', { exact: true }).click()
      expect(await side.getByLabel('acks', { exact: true }).inputValue()).toBe(String(v.set['producerConfig.acks']))
      await side.getByText('Strategy', { exact: true }).click()
    }
    expect(errors).toEqual([])
    await page.close()
  }, 60_000)
})
