// Which tool printed a paste: guessed from the marks each tool's output always carries (a table
// header, a JSON key, a metric name). Looks at the start of the text only, so a guess is cheap on
// a 5 MB paste. Pure; never throws.
import { CLIENT_KEY } from './parsers/clientProperties.ts'
import { KCAT_METADATA_HEADER } from './parsers/kcatMetadataText.ts'
import type { ImportFormat } from './types.ts'

/** How much of a paste the guess reads. */
const HEAD_CHARS = 64_000

/** The format of `text`, or null when none fits (the caller then asks for `--format`). */
export function guessFormat(text: string): ImportFormat | null {
  const head = text.slice(0, HEAD_CHARS)
  const t = head.trimStart()
  if (t === '') return null
  if (/Querying brokers for log directories|"logDirs"\s*:/.test(head)) return 'log-dirs'
  if (t.startsWith('{')) {
    const firstLine = t.split(/\r\n|\r|\n/, 1)[0]!
    // A record line first: its payload may quote anything, but its own keys sit on line 1.
    const record = /"topic"\s*:/.test(firstLine) && /"partition"\s*:/.test(firstLine) && /"(key|payload)"\s*:/.test(firstLine)
    if (record && !/"current_lag"\s*:|"originating_broker"\s*:/.test(firstLine)) return 'kcat-records'
    if (/"originating_broker"\s*:|"controllerid"\s*:/.test(head)) return 'kcat-metadata'
    if (/"current_lag"\s*:|"partition_count"\s*:|\/v3\/kafka\//.test(head) || /"status"\s*:\s*\{/.test(head)) return 'burrow'
    if (/"brokers"\s*:/.test(head) && /"topics"\s*:/.test(head)) return 'kcat-metadata'
    return null
  }
  // kcat -L without -J: its first line, or (that line left out of the paste) its broker and topic lines.
  if (KCAT_METADATA_HEADER.test(head) || (/^\s*broker -?\d+ at \S*:\d+/m.test(head) && /^\s*topic ".*" with \d+ partitions:/m.test(head))) return 'kcat-metadata'
  if (/^\s*kafka_(topic_partition\w*|consumergroup\w*|brokers|topic_partitions)\s*[{ \t]/m.test(head)) return 'prometheus'
  if (/^#\s*TYPE\s+kafka_/m.test(head)) return 'prometheus'
  if (/\bCURRENT-OFFSET\b/.test(head) && /\bLOG-END-OFFSET\b/.test(head)) return 'consumer-groups'
  // kafka-topics.sh --describe (TopicCommand): `Topic: T … PartitionCount: N` or `Topic: T … Partition: P … Leader: L`.
  if (/^\s*Topic:\s*\S+\s+(?:TopicId:\s*\S+\s+)?PartitionCount:/m.test(head) || /^\s*Topic:\s*\S+\s+Partition:\s*\d+\s+Leader:/m.test(head)) return 'topics'
  // kafka-share-groups.sh --describe: a share group has a start offset per partition, no committed one.
  if (/\bSTART-OFFSET\b/.test(head) && /\bPARTITION\b/.test(head) && /\bLAG\b/.test(head)) return 'share-groups'
  if (/^(?:Error: )?Share group '.*' has no offset information/m.test(head)) return 'share-groups'
  if (/\bCONSUMER-ID\b/.test(head) && /#PARTITIONS\b/.test(head)) return 'consumer-groups-members'
  if (/\bCOORDINATOR \(ID\)/.test(head) && /\bSTATE\b/.test(head)) return 'consumer-groups-state'
  // Only the stderr line of an empty group: the offsets view is the default --describe.
  if (/Consumer group '.*' has no active members/.test(head)) return 'consumer-groups'
  // Last: a client's settings, known by the first setting line being a Java client's key.
  const setting = /^[ \t\f]*([A-Za-z][\w.-]*)[ \t\f]*(?:[=:]|[ \t\f])/m.exec(head.replace(/^[ \t\f]*[#!].*$/gm, '').trimStart())
  if (setting && CLIENT_KEY.test(setting[1]!)) return 'client-properties'
  return null
}
