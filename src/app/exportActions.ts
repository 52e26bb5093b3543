// EXPORT's AppActions for one highway: run data and summary (replayed in the worker), the picture,
// the client configuration and the embed code. Downloads go through a Blob and <a download>.

import { clientConfig, type ClientName } from '../scenario/clientConfig/index.ts'
import type { AppStore } from '../store/createAppStore.ts'
import type { AppActions } from '../ui/actions.ts'
import { downloadBlob, downloadText, exportFileName } from '../ui/download.ts'
import { copyText } from '../ui/clipboard.ts'
import { embedCode } from './embed.ts'
import { pictureOf } from './picture.ts'
import type { SimClient } from './simClient.ts'

export interface ExportDeps {
  store: AppStore
  client: SimClient
  /** The mount's root element (the highway is found inside it). */
  el: HTMLElement
  /** The full page's link for the run now (no embed, no moment). */
  link: () => string
}

export type ExportActions = Required<Pick<AppActions, 'exportRun' | 'clientConfig' | 'copyEmbed' | 'fullPageLink'>>

export function createExportActions(d: ExportDeps): ExportActions {
  const doc = d.el.ownerDocument
  return {
    async exportRun(kind, onProgress) {
      const s = d.store.getState()
      const t = Math.max(0, Math.round(s.simTime))
      const name = exportFileName(s.scenario.name, t, kind)
      try {
        if (kind === 'png') {
          const lanes = d.el.querySelector<HTMLElement>('[data-testid="highway"]')
          if (lanes === null) return 'There is no highway on the page to draw.'
          downloadBlob(doc, await pictureOf(lanes), name)
        } else {
          if (d.client.exportRun === undefined) return 'This page cannot export run data.'
          const text = await d.client.exportRun(kind, t, onProgress)
          downloadText(doc, text, name, kind === 'csv' ? 'text/csv' : 'application/json')
        }
      } catch (e) {
        return `The export failed: ${e instanceof Error ? e.message : String(e)}`
      }
      return `Downloaded ${name}`
    },
    clientConfig(client: ClientName) {
      // The settings in force at the moment shown: slider edits and strategy switches are live
      // actions in the run's script, so the start settings alone would miss them.
      const s = d.store.getState()
      return clientConfig(s.scenario, client, Math.max(0, Math.round(s.simTime)))
    },
    async copyEmbed() {
      const code = embedCode(d.link(), d.store.getState().scenario.name)
      return (await copyText(code, doc)) ? 'Embed code copied: paste it into a web page' : `Copy this embed code: ${code}`
    },
    fullPageLink: () => d.link(),
  }
}
