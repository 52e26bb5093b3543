// Compare mode's exports: each side's run data and summary (replayed by that side's worker), a
// picture of every side (its header, difference strip and highway, under the simulated time), and
// each side's client configuration. Downloads go through a Blob and <a download>, as single
// mode's (exportActions.ts).

import { clientConfig } from '../scenario/clientConfig/index.ts'
import { effectiveMark, type CompareState, type CompareStore } from '../store/compareStore.ts'
import type { CompareActions, CompareSideHandle } from '../ui/compare/compareActions.ts'
import { SIDE_LETTERS } from '../ui/compare/CompareSide.tsx'
import { downloadBlob, downloadText, exportFileName } from '../ui/download.ts'
import { comparePictureOf } from './comparePicture.ts'

export interface CompareExportDeps {
  store: CompareStore
  sides: readonly CompareSideHandle[]
  /** The mount's root element (the sides' highways are found inside it). */
  el: HTMLElement
}

export type CompareExportActions = Required<Pick<CompareActions, 'exportSide' | 'exportPicture' | 'clientConfig'>>

/** "A-eager": a side's letter and label, for file names. */
export function sideTag(store: CompareStore, side: number): string {
  const label = store.getState().variants[side]?.label ?? ''
  return `${SIDE_LETTERS[side] ?? side + 1}-${label}`
}

/** The picture's title: what is compared, at which simulated moment, and since when the strip counts. */
export function pictureTitle(s: Pick<CompareState, 'base' | 'clock' | 'mark' | 'autoMark'>): string {
  const mark = effectiveMark(s)
  const since = mark === null ? 'differences: waiting for the groups to settle' : `differences since ${(mark / 1000).toFixed(1)} s`
  return `${s.base.name} · simulated time ${(Math.max(0, s.clock) / 1000).toFixed(1)} s · ${since}`
}

export function createCompareExportActions(d: CompareExportDeps): CompareExportActions {
  const doc = d.el.ownerDocument
  /** The moment shown, whole ms (every side shows the same one). */
  const now = (): number => Math.max(0, Math.round(d.store.getState().clock))
  return {
    async exportSide(side, kind, onProgress) {
      const handle = d.sides[side]
      if (handle?.exportRun === undefined) return 'This side cannot export run data.'
      const t = now()
      const name = exportFileName(`${d.store.getState().base.name}-${sideTag(d.store, side)}`, t, kind)
      try {
        const text = await handle.exportRun(kind, t, onProgress)
        downloadText(doc, text, name, kind === 'csv' ? 'text/csv' : 'application/json')
      } catch (e) {
        return `The export failed: ${e instanceof Error ? e.message : String(e)}`
      }
      return `Downloaded ${name}`
    },
    async exportPicture() {
      const sides = d.el.querySelector<HTMLElement>('.compare-sides')
      if (sides === null) return 'There are no highways on the page to draw.'
      const name = exportFileName(`${d.store.getState().base.name}-compare`, now(), 'png')
      try {
        downloadBlob(doc, await comparePictureOf(sides, pictureTitle(d.store.getState())), name)
      } catch (e) {
        return `The picture failed: ${e instanceof Error ? e.message : String(e)}`
      }
      return `Downloaded ${name}`
    },
    clientConfig(side, client) {
      // The side's own scenario (its strategy) with the shared live changes up to the moment shown.
      const s = d.sides[side]?.store.getState()
      if (s === undefined) return ''
      return clientConfig(s.scenario, client, Math.max(0, Math.round(s.simTime)))
    },
  }
}
