// The page: toolbar, controls on the left, the highway and its charts in the middle, details on
// the right. Presentational: state comes from the store, requests go through AppActions.

import type { ReactNode } from 'react'
import { BannerStack } from './BannerStack.tsx'
import { BrokerStrip } from './BrokerStrip.tsx'
import { ChartsPanel } from './ChartsPanel.tsx'
import { ClusterPlanPanel } from './ClusterPlanPanel.tsx'
import { ConsumerMenu } from './ConsumerMenu.tsx'
import { BrokerMenu } from './BrokerMenu.tsx'
import { ControlsPanel } from './ControlsPanel.tsx'
import { LaneInspector } from './LaneInspector.tsx'
import { LanesPanel } from './LanesPanel.tsx'
import { ParallelConsumerPanel } from './ParallelConsumerPanel.tsx'
import { MetricsTable } from './MetricsTable.tsx'
import { NarrationPanel } from './NarrationPanel.tsx'
import { SharePanel } from './SharePanel.tsx'
import { PresetNotice } from './PresetNotice.tsx'
import { ShortcutsDialog } from './ShortcutsDialog.tsx'
import { StatusBar } from './StatusBar.tsx'
import { TimelineBar } from './TimelineBar.tsx'
import { TitleTip } from './TitleTip.tsx'
import { Toolbar } from './Toolbar.tsx'
import { WhichLane } from './WhichLane.tsx'
import { useAppStore } from '../store/useAppStore.ts'
import { useKeyboardShortcuts } from './useKeyboardShortcuts.ts'
import { usePointerBlur } from './usePointerBlur.ts'

export function App(): ReactNode {
  useKeyboardShortcuts()
  usePointerBlur()
  const presenter = useAppStore((s) => s.presenter)
  return (
    <div className={presenter ? 'app presenter' : 'app'}>
      <Toolbar />
      <BannerStack />
      <StatusBar />
      <main className="main">
        <aside className="left" aria-label="Scenario controls">
          <ControlsPanel />
        </aside>
        <div className="center">
          <div className="highway-stack">
            <BrokerStrip />
            {/* CLUSTERBAL: "Rebalance cluster…" and the progress of its moves, under the broker strip. */}
            <ClusterPlanPanel paused />
            <LanesPanel />
            {/* In the stack, so the centre column keeps its three rows (highway, timeline, charts). */}
            <ParallelConsumerPanel />
          </div>
          <TimelineBar />
          <ChartsPanel />
        </div>
        <aside className="right" aria-label="Details">
          <PresetNotice />
          <LaneInspector />
          <NarrationPanel />
          <SharePanel />
          <WhichLane />
          <MetricsTable />
        </aside>
      </main>
      <ConsumerMenu />
      {/* Opened by a click on a broker box of the broker strip (store.selectedBroker). */}
      <BrokerMenu />
      <ShortcutsDialog />
      <TitleTip />
    </div>
  )
}
