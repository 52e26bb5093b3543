// The consumer protocol's member assignment, as DescribeGroups hands it over: the bytes the group
// leader's assignor wrote for one member (Kafka's ConsumerProtocolAssignment, versions 0-3 share
// one layout). Pure: reads only its argument (a Uint8Array, so no Buffer), never throws.
//
//   version               int16
//   assigned_partitions   int32 count, then per topic: topic (int16 length + UTF-8),
//                         partitions (int32 count, then int32 each)
//   user_data             int32 length (-1 = null), then the bytes (assignor-specific, skipped)
//
// A member caught mid-rebalance has empty bytes: that is "no assignment yet", not an error.

export interface DecodedAssignment {
  version: number
  partitions: Array<{ topic: string; partition: number }>
}

export type AssignmentResult = { ok: true; assignment: DecodedAssignment } | { ok: false; message: string }

const utf8 = new TextDecoder('utf-8', { fatal: true })

export function decodeMemberAssignment(bytes: Uint8Array): AssignmentResult {
  if (bytes.length === 0) return { ok: true, assignment: { version: 0, partitions: [] } }
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength)
  let pos = 0
  const need = (n: number, what: string): string | null => (pos + n > bytes.length ? `assignment bytes end inside ${what} (byte ${pos} of ${bytes.length})` : null)
  let problem = need(2, 'the version')
  if (problem) return { ok: false, message: problem }
  const version = view.getInt16(pos)
  pos += 2
  if (version < 0) return { ok: false, message: `assignment version ${version} is negative` }
  problem = need(4, 'the topic count')
  if (problem) return { ok: false, message: problem }
  const topics = view.getInt32(pos)
  pos += 4
  // Each topic takes at least 6 bytes: a count larger than what is left is garbage, not a huge group.
  if (topics < 0 || topics * 6 > bytes.length - pos) return { ok: false, message: `assignment names ${topics} topics in ${bytes.length - pos} bytes` }
  const partitions: DecodedAssignment['partitions'] = []
  for (let t = 0; t < topics; t++) {
    problem = need(2, `topic ${t}'s name`)
    if (problem) return { ok: false, message: problem }
    const len = view.getInt16(pos)
    pos += 2
    if (len < 0) return { ok: false, message: `topic ${t}'s name is null` }
    problem = need(len, `topic ${t}'s name`)
    if (problem) return { ok: false, message: problem }
    let topic: string
    try {
      topic = utf8.decode(bytes.subarray(pos, pos + len))
    } catch {
      return { ok: false, message: `topic ${t}'s name is not UTF-8` }
    }
    pos += len
    problem = need(4, `topic "${topic}"'s partition count`)
    if (problem) return { ok: false, message: problem }
    const count = view.getInt32(pos)
    pos += 4
    if (count < 0 || count * 4 > bytes.length - pos) return { ok: false, message: `topic "${topic}" names ${count} partitions in ${bytes.length - pos} bytes` }
    for (let i = 0; i < count; i++) {
      partitions.push({ topic, partition: view.getInt32(pos) })
      pos += 4
    }
  }
  // user_data follows; its content belongs to the assignor (sticky's generation, …) and is not needed.
  return { ok: true, assignment: { version, partitions } }
}
