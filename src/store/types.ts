// Types the UI layer needs from the core, re-exported so `ui/` depends on `store/` only.
// Types only: nothing here runs.

export type {
  Scenario,
  Command,
  PartitionerName,
  AssignorName,
  RebalanceProtocol,
  ConsumerConfig,
  DynamicPartitioningSpec,
} from '../scenario/types.ts'
export type {
  Frame,
  MetricsSample,
  TraceEntry,
  MemberView,
  MemberPhase,
  GroupView,
  Totals,
  HotKeyView,
} from '../sim/frameTypes.ts'
