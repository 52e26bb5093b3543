import { act, useState, type ReactNode } from 'react'
import { afterEach, describe, expect, it } from 'vitest'
import { clientConfig, type ClientName } from '../scenario/clientConfig/index.ts'
import { ActionsContext, useActions, type AppActions } from './actions.ts'
import { ExportMenu } from './ExportMenu.tsx'
import { buttons, byLabel, mount, setValue, type Mounted } from './renderForTest.tsx'

/** The menu under actions that add EXPORT's to the fake ones. */
function WithExports(p: { extra: (base: AppActions) => Partial<AppActions> }): ReactNode {
  const base = useActions()
  const [actions] = useState(() => ({ ...base, ...p.extra(base) }))
  return (
    <ActionsContext.Provider value={actions}>
      <ExportMenu />
    </ActionsContext.Provider>
  )
}

let m: Mounted | null = null
afterEach(() => {
  m?.unmount()
  m = null
})

function withExports(): { m: Mounted; asked: string[]; progress: Array<(f: number) => void>; finish: Array<(msg: string) => void> } {
  const asked: string[] = []
  const progress: Array<(f: number) => void> = []
  const finish: Array<(msg: string) => void> = []
  let mounted: Mounted | null = null
  const extra = (): Partial<AppActions> => ({
    exportRun: (kind, onProgress) => {
      asked.push(kind)
      if (onProgress !== undefined) progress.push(onProgress)
      return new Promise((resolve) => finish.push(resolve))
    },
    clientConfig: (c: ClientName) => clientConfig(mounted!.store.getState().scenario, c),
    copyEmbed: async () => 'Embed code copied',
  })
  mounted = mount(<WithExports extra={extra} />)
  m = mounted
  return { m: mounted, asked, progress, finish }
}

const note = (root: HTMLElement): string => root.querySelector('.export-note')?.textContent ?? ''
const open = (root: HTMLElement): void => act(() => buttons(root, 'Export')[0]!.click())

describe('ExportMenu', () => {
  it('is absent where the page cannot export (no exportRun)', () => {
    m = mount(<ExportMenu />)
    expect(buttons(m.container, 'Export')).toHaveLength(0)
  })

  it('offers the five exports as menu items', () => {
    const { m } = withExports()
    open(m.container)
    const items = Array.from(m.container.querySelectorAll('[role="menu"] [role="menuitem"]')).map((b) => b.textContent)
    expect(items).toEqual(['Run data (CSV)', 'Summary (JSON)', 'Picture (PNG)', 'Client configuration…', 'Copy embed code'])
    expect(buttons(m.container, 'Export')[0]!.getAttribute('aria-expanded')).toBe('true')
  })

  it('shows the replay\'s progress, then what happened, and refuses a second export meanwhile', async () => {
    const { m, asked, progress, finish } = withExports()
    open(m.container)
    act(() => buttons(m.container, 'Run data (CSV)')[0]!.click())
    expect(asked).toEqual(['csv'])
    expect(m.container.querySelector('[role="menu"]')).toBeNull()
    act(() => progress[0]!(0.42))
    expect(note(m.container)).toBe('Replaying the run from 0 s… 42 %')
    open(m.container)
    expect(buttons(m.container, 'Summary (JSON)')[0]!.disabled).toBe(true)
    await act(async () => finish[0]!('Downloaded partition-highway-steady-12s.csv'))
    expect(note(m.container)).toBe('Downloaded partition-highway-steady-12s.csv')
  })

  it('Client configuration… shows the Java properties of the scenario, and other clients on request', () => {
    const { m } = withExports()
    act(() => {
      const s = m.store.getState().scenario
      m.store.getState().setScenario({ ...s, group: { ...s.group, staticMembership: true } }, false)
    })
    open(m.container)
    act(() => buttons(m.container, 'Client configuration…')[0]!.click())
    const dialog = m.container.querySelector('[role="dialog"]') as HTMLElement
    expect(dialog.getAttribute('aria-labelledby')).toBe('client-config-h')
    const text = (): string => (dialog.querySelector('textarea') as HTMLTextAreaElement).value
    expect(text()).toMatch(/^partition\.assignment\.strategy=org\.apache\.kafka\.clients\.consumer\.RangeAssignor$/m)
    expect(text()).toMatch(/^group\.instance\.id=consumer-1$/m)
    expect((dialog.querySelector('textarea') as HTMLTextAreaElement).readOnly).toBe(true)
    setValue(byLabel(dialog, 'Client'), 'kafka-python')
    expect(text()).toContain('partition_assignment_strategy=[RangePartitionAssignor]')
    act(() => dialog.dispatchEvent(new KeyboardEvent('keydown', { key: 'Escape', bubbles: true })))
    expect(m.container.querySelector('[role="dialog"]')).toBeNull()
    expect(document.activeElement).toBe(buttons(m.container, 'Export')[0])
  })

  it('Copy embed code says what it did', async () => {
    const { m } = withExports()
    open(m.container)
    await act(async () => buttons(m.container, 'Copy embed code')[0]!.click())
    expect(note(m.container)).toBe('Embed code copied')
  })
})
