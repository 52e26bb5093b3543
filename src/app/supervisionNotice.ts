// What supervision says to the user, in words: what happened, what the page does about it, and
// for a run that had to stop, a bug report (link, moment, error, user agent) behind "Copy details".
// Pure: builds texts; the callers put them in banners.

import type { BannerKind, BannerMore } from '../store/bannerSlice.ts'
import type { SupervisionEvent } from './simClient.ts'
import { momentText } from './supervisor.ts'

export interface Notice {
  kind: BannerKind
  text: string
  more: BannerMore
}

export interface ReportContext {
  /** The link that reopens this run. */
  link: string
  userAgent: string
  /** Compare mode: which side. */
  side?: string
}

/** The banner for a supervision event; `who` names the simulation ("The simulation", "Side “eager”"). */
export function supervisionNotice(e: SupervisionEvent, ctx: ReportContext): Notice {
  const who = ctx.side === undefined ? 'The simulation' : `The simulation of side “${ctx.side}”`
  const at = momentText(e.momentMs)
  switch (e.kind) {
    case 'recovering':
      return {
        kind: 'warning',
        text: `${who} stopped at ${at}: ${e.what}. Starting a fresh one that carries on from ${at}…`,
        more: { technical: e.detail },
      }
    case 'recovered':
      return { kind: 'info', text: `${who} was restarted after a fault and carries on from ${at}.`, more: {} }
    case 'stopped': {
      const report = [
        `Partition Highway: the simulation failed twice at ${at} of simulated time${ctx.side === undefined ? '' : ` (side “${ctx.side}”)`}`,
        `Link: ${ctx.link}`,
        `Error: ${e.what}: ${e.detail}`,
        ...(e.firstDetail !== e.detail ? [`First error: ${e.firstDetail}`] : []),
        `User agent: ${ctx.userAgent}`,
      ].join('\n')
      return {
        kind: 'error',
        text: `${who} failed again at ${at} of simulated time (${e.what}), so it was stopped. Restart or choose a preset to go on; Copy details gives you a bug report.`,
        more: { technical: e.detail, report },
      }
    }
  }
}
