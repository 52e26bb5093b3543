// The Import dialog in jsdom: pastes read as their tools' formats, the field-by-field account names
// each paste, Open hands over the built scenario, a bad paste names its line, and strangers' text
// stays text. The imported story then takes the preset story's place with its offers.
import { readFileSync } from 'node:fs'
import { act } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { importPastes } from '../../scenario/import/fromPastes.ts'
import type { ImportedStory } from '../../store/importSlice.ts'
import { createAppStore } from '../../store/createAppStore.ts'
import { PresetNotice } from '../PresetNotice.tsx'
import { buttons, byLabel, mount, type Mounted } from '../renderForTest.tsx'
import { bigDescribe } from '../../../test/fixtures/import/bigDescribe.ts'
import { ImportDialog } from './ImportDialog.tsx'

const fixture = (p: string) => readFileSync(`test/fixtures/import/${p}`, 'utf8')
const DESCRIBE = fixture('consumer-groups/describe.txt')
const SCRAPES = fixture('prometheus/two-scrapes.txt')

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
})

function type(el: HTMLTextAreaElement, text: string): void {
  act(() => {
    Object.getOwnPropertyDescriptor(HTMLTextAreaElement.prototype, 'value')?.set?.call(el, text)
    el.dispatchEvent(new Event('input', { bubbles: true }))
  })
}

function click(b: HTMLButtonElement | undefined): void {
  if (!b) throw new Error('no such button')
  act(() => b.click())
}

function dialog(): { opened: ImportedStory[]; closed: number[] } {
  const out = { opened: [] as ImportedStory[], closed: [] as number[] }
  m = mount(<ImportDialog onOpen={(x) => out.opened.push(x)} onClose={() => out.closed.push(1)} />)
  return out
}

describe('Import dialog', () => {
  it('reads a describe and two scrapes, shows where each field came from, and opens the built scenario', () => {
    const d = dialog()
    const root = m!.container
    expect(buttons(root, 'Open scenario')[0]!.disabled).toBe(true)
    type(byLabel(root, 'paste 1') as unknown as HTMLTextAreaElement, DESCRIBE)
    expect(root.textContent).toContain('Read as kafka-consumer-groups.sh --describe')
    click(buttons(root, 'Add a paste')[0])
    // The new box takes focus, so a keyboard user pastes straight into it.
    expect(document.activeElement).toBe(byLabel(root, 'paste 2'))
    type(byLabel(root, 'paste 2') as unknown as HTMLTextAreaElement, SCRAPES)
    expect(root.textContent).toContain('Read as kafka_exporter metrics (Prometheus text)')

    const expected = importPastes([
      { source: 'paste 1', text: DESCRIBE },
      { source: 'paste 2', text: SCRAPES },
    ]).build
    if (expected?.ok !== true) throw new Error('fixtures do not build')
    const rows = Array.from(root.querySelectorAll('table.field-account tbody tr')).map((tr) => Array.from(tr.children).map((c) => c.textContent))
    expect(rows.map((r) => r[0])).toEqual(expected.fields.map((f) => f.path))
    expect(rows.find((r) => r[0] === 'group.consumers')).toEqual(['group.consumers', '3', 'measured', 'paste 1', expect.any(String)])
    expect(rows.find((r) => r[0] === 'producers[0].rate.perSec')?.slice(2, 4)).toEqual(['derived', 'paste 2'])
    expect(rows.find((r) => r[0] === 'group.config')?.slice(2, 4)).toEqual(['assumed', '—'])
    expect(root.textContent).toContain(expected.story)

    click(buttons(root, 'Open scenario')[0])
    expect(d.opened).toHaveLength(1)
    expect(d.opened[0]!.scenario).toEqual(expected.scenario)
    expect(d.opened[0]!.offers.map((o) => o.hash)).toEqual(expected.offers.map((o) => o.hash))
  })

  it('lists the notes the readers made, as the CLI does (records of another topic left out)', () => {
    dialog()
    const root = m!.container
    type(byLabel(root, 'paste 1') as unknown as HTMLTextAreaElement, DESCRIBE)
    expect(root.querySelector('.import-notes')).toBeNull()
    click(buttons(root, 'Add a paste')[0])
    type(byLabel(root, 'paste 2') as unknown as HTMLTextAreaElement, fixture('kcat-records/mixed-topics-crlf.jsonl'))
    const notes = Array.from(root.querySelectorAll('.import-notes li')).map((li) => li.textContent)
    expect(notes).toEqual(["paste 2: the sample also holds 1 records of 1 other topic(s); only 'orders' is counted"])
  })

  it('reads a chosen file saved by PowerShell (UTF-16LE with a byte-order mark) as the text it holds', async () => {
    dialog()
    const root = m!.container
    const utf16 = new Uint8Array(Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(DESCRIBE.replace(/\n/g, '\r\n'), 'utf16le')]))
    const input = root.querySelector<HTMLInputElement>('input[type="file"]')!
    Object.defineProperty(input, 'files', { value: [new File([utf16], 'lag.txt')], configurable: true })
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }))
      await new Promise((r) => setTimeout(r, 20))
    })
    expect(root.textContent).toContain('1 file added')
    expect(root.textContent).toContain('Read as kafka-consumer-groups.sh --describe')
    expect(root.querySelector('.import-story')?.textContent).toMatch(/^orders: 6 partitions; 3 consumers in 'orders-app'/)
  })

  it('refuses a binary file by name, as the CLI does, and reads the text file chosen with it (it was read as text: "not readable as log-dirs (line 5) … not valid JSON")', async () => {
    dialog()
    const root = m!.container
    const binary = new Uint8Array([0x7b, 0x00, 0x93, 0xff, 0x0a, 0x01, 0x02])
    const input = root.querySelector<HTMLInputElement>('input[type="file"]')!
    Object.defineProperty(input, 'files', { value: [new File([binary], 'dump.bin'), new File([DESCRIBE], 'lag.txt')], configurable: true })
    await act(async () => {
      input.dispatchEvent(new Event('change', { bubbles: true }))
      await new Promise((r) => setTimeout(r, 20))
    })
    expect(root.querySelector('.import-add [role="status"]')?.textContent).toBe('1 file added. Not read: dump.bin is binary, not text (it contains NUL bytes)')
    expect(Array.from(root.querySelectorAll('.paste-status')).map((e) => e.textContent)).toEqual(['Read as kafka-consumer-groups.sh --describe'])
  })

  it('names the format tried and the line of a paste it cannot read, and shows strangers\' text as text', () => {
    dialog()
    const root = m!.container
    const hostile = 'GROUP TOPIC PARTITION\n<img src=x onerror="window.pwned=1"> orders zero\n'
    type(byLabel(root, 'paste 1') as unknown as HTMLTextAreaElement, hostile)
    const status = root.querySelector('.paste-status.failed')
    expect(status?.textContent).toMatch(/^paste 1: not readable as consumer-groups \(line \d+\): /)
    expect(root.querySelector('img')).toBeNull()
    expect(buttons(root, 'Open scenario')[0]!.disabled).toBe(true)
  })

  it('tells a paste no reader recognised to pick its format in the list, not with the CLI\'s --format', () => {
    dialog()
    const root = m!.container
    type(byLabel(root, 'paste 1') as unknown as HTMLTextAreaElement, DESCRIBE.split('\n').filter((l) => !l.startsWith('GROUP')).join('\n'))
    const status = root.querySelector('.paste-status.failed')?.textContent ?? ''
    expect(status).toContain("not recognised as any tool's output (pick its format in the list above it)")
    expect(status).not.toContain('--format')
  })
})

describe('Import dialog from the keyboard', () => {
  it('keeps Tab inside the dialog (wrapping both ways) and gives focus back to the opener when it closes', () => {
    const opener = document.createElement('button')
    opener.textContent = 'Import'
    document.body.appendChild(opener)
    opener.focus()
    dialog()
    const root = m!.container
    const box = root.querySelector<HTMLElement>('[role="dialog"]')!
    const tab = (shift: boolean) => act(() => void document.activeElement!.dispatchEvent(new KeyboardEvent('keydown', { key: 'Tab', shiftKey: shift, bubbles: true, cancelable: true })))
    const textarea = byLabel(root, 'paste 1')
    expect(document.activeElement).toBe(textarea)
    // A pasted table keeps its columns: long rows scroll sideways instead of wrapping.
    expect(textarea.getAttribute('wrap')).toBe('off')
    // Shift+Tab from the first control (the format select comes before the textarea) wraps to the last: Cancel.
    const first = box.querySelector('select')!
    first.focus()
    tab(true)
    expect(document.activeElement).toBe(buttons(root, 'Cancel')[0])
    tab(false)
    expect(document.activeElement).toBe(first)
    expect(box.contains(document.activeElement)).toBe(true)
    m!.unmount()
    m = null
    expect(document.activeElement).toBe(opener)
    opener.remove()
  })
})

describe('an imported scenario on the page', () => {
  it('opened from a colleague\'s link (no import story in this page) is named as imported, not "edited by hand"', () => {
    const built = importPastes([{ source: 'paste 1', text: DESCRIBE }]).build
    if (built?.ok !== true) throw new Error('fixture does not build')
    m = mount(<PresetNotice />, createAppStore({ scenario: built.scenario }))
    const root = m.container
    expect(root.querySelector('h2')?.textContent).toContain('Imported: orders')
    expect(root.textContent).not.toContain('Edited by hand')
    expect(root.textContent).toContain('the lanes start with the lag measured there')
  })

  it('shows its story in the preset story\'s place, and its offers open compare mode', () => {
    const built = importPastes([{ source: 'paste 1', text: DESCRIBE }, { source: 'paste 2', text: SCRAPES }]).build
    if (built?.ok !== true) throw new Error('fixtures do not build')
    m = mount(<PresetNotice />)
    const opened: string[] = []
    m.actions.openCompareLink = (h) => void opened.push(h)
    act(() => {
      m!.store.getState().setImported({ scenario: built.scenario, story: built.story, offers: built.offers.map((o) => ({ id: o.id, label: o.label, why: o.why, hash: o.hash })) })
      m!.store.getState().setScenario(built.scenario, true)
    })
    const root = m.container
    expect(root.querySelector('h2')?.textContent).toContain('Imported: orders')
    expect(root.textContent).toContain(built.story)
    click(buttons(root, built.offers[0]!.label)[0])
    expect(opened).toEqual([built.offers[0]!.hash])
  })

  it('a cluster over the budget: the refusal names the factor, "Simulate a scaled copy" builds the labelled copy, and back undoes it', () => {
    const d = dialog()
    const root = m!.container
    type(byLabel(root, 'paste 1') as unknown as HTMLTextAreaElement, bigDescribe(10_000, 5))
    expect(root.querySelector('[role=alert]')?.textContent).toMatch(/^10,000 partitions read by 5 consumers .*A copy at 1\/4 of the rate fits/)
    expect(buttons(root, 'Open scenario')[0]!.disabled).toBe(true)
    click(buttons(root, 'Simulate a scaled copy (1/4 of the rate)')[0])
    expect(root.querySelector('[role=alert]')).toBeNull()
    expect(root.querySelector('.import-story')?.textContent).toMatch(/^Simulated at 1\/4 of the assumed rate/)
    expect(root.querySelector('table.field-account tbody tr')?.textContent).toContain('1/4')
    click(buttons(root, 'Open scenario')[0])
    expect(d.opened[0]!.scenario).toMatchObject({ name: 'import: orders (1/4 rate)', topic: { partitions: 10_000 }, group: { consumers: 5 }, producers: [{ rate: { perSec: 750 } }] })
    click(buttons(root, 'Back to the cluster as measured')[0])
    expect(root.querySelector('[role=alert]')?.textContent).toContain('too expensive to simulate')
  })

  it('a group too large whatever the rate: "Simulate a slice" builds every 4th consumer with its partitions, labelled', () => {
    const d = dialog()
    const root = m!.container
    type(byLabel(root, 'paste 1') as unknown as HTMLTextAreaElement, bigDescribe(10_000, 1_000))
    expect(root.querySelector('[role=alert]')?.textContent).toContain('A slice fits')
    expect(buttons(root, 'Simulate a scaled copy (1/4 of the rate)')).toHaveLength(0)
    click(buttons(root, 'Simulate a slice (every 4th consumer with its partitions)')[0])
    expect(root.querySelector('.import-story')?.textContent).toMatch(/^Simulated as a slice of 1\/4: 250 of the 1000 consumers/)
    click(buttons(root, 'Open scenario')[0])
    expect(d.opened[0]!.scenario).toMatchObject({ name: 'import: orders (slice 1/4)', topic: { partitions: 2_500 }, group: { consumers: 250 } })
  })
})
