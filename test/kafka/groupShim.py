# A relay in front of librdkafka's mock cluster that adds the one request the mock lacks.
#
# librdkafka 2.0.2's mock cluster speaks Metadata, ListOffsets, Fetch, OffsetFetch, FindCoordinator,
# JoinGroup and SyncGroup, but not DescribeGroups (API key 15): a real broker's answer to "who is in
# this group and what does each own" does not exist there. This relay forwards every request to the
# mock brokers byte for byte, watches the group's real JoinGroup/SyncGroup exchange as it passes
# (member ids the coordinator handed out, each member's client id and host, the subscription bytes
# and the assignment bytes librdkafka's group leader encoded), and answers DescribeGroups from those
# bytes exactly as a broker would (v0-v2). So `snapshot` decodes assignment bytes written by a real
# client, not by this test. It rewrites broker addresses in Metadata and FindCoordinator answers so
# that clients keep talking through it, and adds DescribeGroups to ApiVersions.
#
# Only the non-flexible versions the mock offers are parsed (it tops out below each API's flexible
# version); anything else passes through untouched.

import asyncio
import struct
import threading

API_METADATA, API_FIND_COORDINATOR, API_JOIN, API_SYNC, API_LEAVE = 3, 10, 11, 14, 13
API_DESCRIBE_GROUPS, API_VERSIONS = 15, 18


class Reader:
    def __init__(self, buf, pos=0):
        self.buf, self.pos = buf, pos

    def int16(self):
        (v,) = struct.unpack_from('>h', self.buf, self.pos)
        self.pos += 2
        return v

    def int32(self):
        (v,) = struct.unpack_from('>i', self.buf, self.pos)
        self.pos += 4
        return v

    def string(self):
        n = self.int16()
        if n < 0:
            return None
        s = self.buf[self.pos:self.pos + n].decode()
        self.pos += n
        return s

    def bytes_(self):
        n = self.int32()
        if n < 0:
            return None
        b = self.buf[self.pos:self.pos + n]
        self.pos += n
        return bytes(b)


def w_string(s):
    if s is None:
        return struct.pack('>h', -1)
    b = s.encode()
    return struct.pack('>h', len(b)) + b


def w_bytes(b):
    if b is None:
        return struct.pack('>i', -1)
    return struct.pack('>i', len(b)) + b


class GroupBook:
    """What the relay saw of each group's latest generation."""

    def __init__(self):
        self.lock = threading.Lock()
        self.groups = {}

    def joined(self, group, generation, protocol_type, protocol, member, leader_members):
        with self.lock:
            g = self.groups.get(group)
            if g is None or g['generation'] != generation:
                g = {'generation': generation, 'protocolType': protocol_type, 'protocol': protocol,
                     'members': {}, 'expected': set()}
                self.groups[group] = g
            g['members'].setdefault(member['memberId'], {}).update(member)
            if leader_members is not None:
                g['expected'] = set(leader_members)

    def synced(self, group, generation, member_id, assignment):
        with self.lock:
            g = self.groups.get(group)
            if g is not None and g['generation'] == generation and member_id in g['members']:
                g['members'][member_id]['assignment'] = assignment

    def left(self, group, member_id):
        with self.lock:
            g = self.groups.get(group)
            if g is not None:
                g['members'].pop(member_id, None)
                g['expected'].discard(member_id)

    def describe(self, group):
        with self.lock:
            g = self.groups.get(group)
            if g is None or not g['members']:
                return ('Dead', '', '', [])
            synced = all('assignment' in m for m in g['members'].values())
            complete = g['expected'] <= set(g['members'])
            state = 'Stable' if synced and complete else 'CompletingRebalance'
            members = [dict(m) for m in g['members'].values()]
            return (state, g['protocolType'], g['protocol'], members)


class Relay:
    def __init__(self, upstreams):
        """upstreams: list of (host, port) of the mock brokers."""
        self.upstreams = upstreams
        self.proxy_port = {}  # upstream port -> our port
        self.book = GroupBook()
        self.seen_lock = threading.Lock()
        self.seen = {}  # client id -> API keys it sent (to prove a client read-only)
        self.loop = asyncio.new_event_loop()
        ready = threading.Event()
        threading.Thread(target=self._run, args=(ready,), daemon=True).start()
        ready.wait()

    def bootstrap(self):
        return ','.join(f'127.0.0.1:{self.proxy_port[p]}' for _, p in self.upstreams)

    def apis_sent_by(self, client_id):
        with self.seen_lock:
            return sorted(self.seen.get(client_id, ()))

    def _run(self, ready):
        asyncio.set_event_loop(self.loop)

        async def start():
            for host, port in self.upstreams:
                server = await asyncio.start_server(
                    lambda r, w, h=host, p=port: self._serve(r, w, h, p), '127.0.0.1', 0)
                self.proxy_port[port] = server.sockets[0].getsockname()[1]
            ready.set()

        self.loop.run_until_complete(start())
        self.loop.run_forever()

    async def _serve(self, creader, cwriter, host, port):
        try:
            ureader, uwriter = await asyncio.open_connection(host, port)
        except OSError:
            cwriter.close()
            return
        peer = cwriter.get_extra_info('peername')[0]
        order = asyncio.Queue()  # futures of responses, in request order
        pending = []  # (future, api, version, context) awaiting an upstream response, in order

        async def client_to_upstream():
            while True:
                frame = await read_frame(creader)
                r = Reader(frame)
                api, ver, corr = r.int16(), r.int16(), r.int32()
                client_id = r.string()
                with self.seen_lock:
                    self.seen.setdefault(client_id, set()).add(api)
                fut = self.loop.create_future()
                await order.put(fut)
                if api == API_DESCRIBE_GROUPS and ver <= 2:
                    fut.set_result(struct.pack('>i', corr) + self._describe_groups(r, ver))
                    continue
                ctx = self._request_context(api, ver, r, client_id, peer)
                pending.append((fut, api, ver, ctx))
                uwriter.write(struct.pack('>i', len(frame)) + frame)
                await uwriter.drain()

        async def upstream_to_client():
            while True:
                frame = await read_frame(ureader)
                fut, api, ver, ctx = pending.pop(0)
                try:
                    frame = self._rewrite_response(api, ver, frame, ctx)
                except Exception:  # a shape we do not parse: pass it on untouched
                    pass
                fut.set_result(frame)

        async def writer():
            while True:
                fut = await order.get()
                frame = await fut
                cwriter.write(struct.pack('>i', len(frame)) + frame)
                await cwriter.drain()

        tasks = [asyncio.ensure_future(t()) for t in (client_to_upstream, upstream_to_client, writer)]
        await asyncio.wait(tasks, return_when=asyncio.FIRST_COMPLETED)
        for t in tasks:
            t.cancel()
        cwriter.close()
        uwriter.close()

    def _request_context(self, api, ver, r, client_id, peer):
        if api == API_JOIN and ver <= 5:
            group = r.string()
            r.int32()  # session timeout
            if ver >= 1:
                r.int32()  # rebalance timeout
            r.string()  # member id asked for
            if ver >= 5:
                r.string()  # group.instance.id
            protocol_type = r.string()
            protocols = {}
            for _ in range(r.int32()):
                name = r.string()
                protocols[name] = r.bytes_()
            return {'group': group, 'clientId': client_id, 'host': '/' + peer,
                    'protocolType': protocol_type, 'protocols': protocols}
        if api == API_SYNC and ver <= 3:
            group = r.string()
            generation = r.int32()
            member_id = r.string()
            return {'group': group, 'generation': generation, 'memberId': member_id}
        if api == API_LEAVE and ver <= 2:
            return {'group': r.string(), 'memberId': r.string()}
        return None

    def _rewrite_response(self, api, ver, frame, ctx):
        r = Reader(frame, 4)  # after the correlation id
        if api == API_VERSIONS and ver <= 2:
            err = r.int16()
            n = r.int32()
            keys = [struct.unpack_from('>hhh', frame, r.pos + 6 * i) for i in range(n)]
            if err != 0 or any(k[0] == API_DESCRIBE_GROUPS for k in keys):
                return frame
            rest = frame[r.pos + 6 * n:]
            keys.append((API_DESCRIBE_GROUPS, 0, 2))
            body = struct.pack('>hi', err, len(keys)) + b''.join(struct.pack('>hhh', *k) for k in keys)
            return frame[:4] + body + rest
        if api == API_METADATA and ver <= 8:
            if ver >= 3:
                r.int32()
            out = bytearray(frame[:r.pos])
            n = r.int32()
            out += struct.pack('>i', n)
            for _ in range(n):
                node = r.int32()
                r.string()
                port = r.int32()
                rack = r.string() if ver >= 1 else None
                out += struct.pack('>i', node) + w_string('127.0.0.1') + struct.pack('>i', self.proxy_port.get(port, port))
                if ver >= 1:
                    out += w_string(rack)
            return bytes(out) + frame[r.pos:]
        if api == API_FIND_COORDINATOR and ver <= 2:
            if ver >= 1:
                r.int32()
            err = r.int16()
            if ver >= 1:
                r.string()
            node_at = r.pos
            r.int32()
            r.string()
            port = r.int32()
            if err != 0:
                return frame
            return frame[:node_at] + frame[node_at:node_at + 4] + w_string('127.0.0.1') + \
                struct.pack('>i', self.proxy_port.get(port, port)) + frame[r.pos:]
        if api == API_JOIN and ver <= 5 and ctx is not None:
            if ver >= 2:
                r.int32()
            err = r.int16()
            generation = r.int32()
            protocol = r.string()
            leader = r.string()
            member_id = r.string()
            members = []
            for _ in range(r.int32()):
                members.append(r.string())
                if ver >= 5:
                    r.string()
                r.bytes_()
            if err == 0:
                self.book.joined(ctx['group'], generation, ctx['protocolType'], protocol, {
                    'memberId': member_id, 'clientId': ctx['clientId'], 'host': ctx['host'],
                    'metadata': ctx['protocols'].get(protocol, b''),
                }, members if leader == member_id else None)
            return frame
        if api == API_SYNC and ver <= 3 and ctx is not None:
            if ver >= 1:
                r.int32()
            err = r.int16()
            assignment = r.bytes_()
            if err == 0:
                self.book.synced(ctx['group'], ctx['generation'], ctx['memberId'], assignment or b'')
            return frame
        if api == API_LEAVE and ver <= 2 and ctx is not None:
            if ver >= 1:
                r.int32()
            if r.int16() == 0:
                self.book.left(ctx['group'], ctx['memberId'])
            return frame
        return frame

    def _describe_groups(self, r, ver):
        out = bytearray(struct.pack('>i', 0) if ver >= 1 else b'')
        ids = [r.string() for _ in range(r.int32())]
        out += struct.pack('>i', len(ids))
        for gid in ids:
            state, ptype, proto, members = self.book.describe(gid)
            out += struct.pack('>h', 0) + w_string(gid) + w_string(state) + w_string(ptype) + w_string(proto)
            out += struct.pack('>i', len(members))
            for m in members:
                out += w_string(m['memberId']) + w_string(m['clientId']) + w_string(m['host'])
                out += w_bytes(m.get('metadata', b'')) + w_bytes(m.get('assignment', b''))
        return bytes(out)


async def read_frame(reader):
    head = await reader.readexactly(4)
    (n,) = struct.unpack('>i', head)
    return await reader.readexactly(n)
