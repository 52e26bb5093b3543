# A Kafka-protocol peer with known traffic, for the `highway snapshot` test (issue 11 §3).
#
# Run with Debian's /usr/bin/python3 (python3-confluent-kafka on librdkafka 2.0.2). Argument: one
# JSON object, the facts the test wants to find again:
#   {"topic", "partitions", "leaders": [broker id per partition], "brokers", "ratePerSec",
#    "keys": [the key cycle, produced in order, over and over], "group", "consumers",
#    "assignor", "committed": [offset per partition]}
# It starts librdkafka's in-process mock cluster through ctypes, creates the topic and moves each
# partition's leader where asked, produces the key cycle at the rate (librdkafka's murmur2
# partitioner, the Java client's), starts a consumer group through groupShim's relay, commits the
# given offsets once the group is stable and pauses (so the lag stays known), then prints one JSON
# line {"event": "ready", ...} with the relay's bootstrap and the members as the consumers see
# themselves. On "delivered" from stdin it prints the records acknowledged per partition so far;
# on "requests CLIENT_ID", the API keys that client sent through the relay.
# It ends when stdin closes, or after a minute whatever happens.

import ctypes
import json
import logging
import os
import re
import sys
import threading
import time

from confluent_kafka import Consumer, Producer, TopicPartition

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from groupShim import Relay  # noqa: E402

LIFETIME_S = 60


def say(obj):
    sys.stdout.write(json.dumps(obj) + '\n')
    sys.stdout.flush()


def start_mock(brokers):
    lib = ctypes.CDLL('librdkafka.so.1')
    lib.rd_kafka_conf_new.restype = ctypes.c_void_p
    lib.rd_kafka_conf_set.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.rd_kafka_new.restype = ctypes.c_void_p
    lib.rd_kafka_new.argtypes = [ctypes.c_int, ctypes.c_void_p, ctypes.c_char_p, ctypes.c_size_t]
    lib.rd_kafka_mock_cluster_new.restype = ctypes.c_void_p
    lib.rd_kafka_mock_cluster_new.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.rd_kafka_mock_cluster_bootstraps.restype = ctypes.c_char_p
    lib.rd_kafka_mock_cluster_bootstraps.argtypes = [ctypes.c_void_p]
    lib.rd_kafka_mock_topic_create.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int, ctypes.c_int]
    lib.rd_kafka_mock_partition_set_leader.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int32, ctypes.c_int32]
    errstr = ctypes.create_string_buffer(512)
    conf = lib.rd_kafka_conf_new()
    # The handle only hosts the mock cluster; silence its "no bootstrap.servers" warning.
    lib.rd_kafka_conf_set(conf, b'log_level', b'0', errstr, 512)
    rk = lib.rd_kafka_new(0, conf, errstr, 512)
    if not rk:
        raise SystemExit('rd_kafka_new failed: ' + errstr.value.decode())
    mc = lib.rd_kafka_mock_cluster_new(rk, brokers)
    if not mc:
        raise SystemExit('rd_kafka_mock_cluster_new failed')
    return lib, rk, mc, lib.rd_kafka_mock_cluster_bootstraps(mc).decode()


class Traffic(threading.Thread):
    """Produces the key cycle at a steady rate, catching up on wall-clock time if it falls behind."""

    def __init__(self, bootstrap, cfg):
        super().__init__(daemon=True)
        self.cfg = cfg
        self.delivered = [0] * cfg['partitions']
        self.lock = threading.Lock()
        self.producer = Producer({'bootstrap.servers': bootstrap, 'partitioner': 'murmur2_random',
                                  'linger.ms': 20, 'acks': 'all', 'log_level': 3})

    def on_delivery(self, err, msg):
        if err is None:
            with self.lock:
                self.delivered[msg.partition()] += 1

    def run(self):
        keys, rate, topic = self.cfg['keys'], self.cfg['ratePerSec'], self.cfg['topic']
        sent, t0 = 0, time.monotonic()
        payload = b'v' * 24
        while True:
            due = int((time.monotonic() - t0) * rate)
            while sent < due:
                key = keys[sent % len(keys)]
                self.producer.produce(topic, key=None if key is None else key.encode(), value=payload,
                                      on_delivery=self.on_delivery)
                sent += 1
            self.producer.poll(0)
            time.sleep(0.005)

    def counts(self):
        # Not flush(): under steady production the queue never drains. The traffic thread serves
        # delivery reports every few ms; a short wait lets the acks of everything appended so far in.
        time.sleep(0.3)
        with self.lock:
            return list(self.delivered)


class MemberIdLog(logging.Handler):
    """confluent-kafka 1.7 has no Consumer.memberid(): the member id comes from librdkafka's own
    cgrp debug line ('updating member id "" -> "0x…"'), not from anything the relay saw."""

    PATTERN = re.compile(r'updating member id "[^"]*" -> "([^"]*)"')

    def __init__(self):
        super().__init__(logging.DEBUG)
        self.member_id = None

    def emit(self, record):
        m = self.PATTERN.search(record.getMessage())
        if m:
            self.member_id = m.group(1)


class Member(threading.Thread):
    """One consumer: joins, and once told commits its partitions' given offsets and pauses."""

    def __init__(self, bootstrap, cfg, index, commit_now):
        super().__init__(daemon=True)
        self.cfg, self.commit_now = cfg, commit_now
        self.client_id = f'consumer-{index + 1}'
        self.assignment = []
        self.committed = threading.Event()
        self.ids = MemberIdLog()
        logger = logging.getLogger(self.client_id)
        logger.setLevel(logging.DEBUG)
        logger.propagate = False
        logger.addHandler(self.ids)
        self.consumer = Consumer({
            'bootstrap.servers': bootstrap, 'group.id': cfg['group'], 'client.id': self.client_id,
            'enable.auto.commit': False, 'auto.offset.reset': 'latest',
            'partition.assignment.strategy': cfg['assignor'],
            'session.timeout.ms': 4000, 'heartbeat.interval.ms': 500, 'debug': 'cgrp',
        }, logger=logger)

    def on_assign(self, consumer, partitions):
        self.assignment = sorted(p.partition for p in partitions)

    def on_revoke(self, consumer, partitions):
        self.assignment = []

    def run(self):
        c = self.consumer
        c.subscribe([self.cfg['topic']], on_assign=self.on_assign, on_revoke=self.on_revoke)
        while True:
            c.poll(0.1)
            if self.commit_now.is_set() and not self.committed.is_set():
                mine = [TopicPartition(self.cfg['topic'], p, self.cfg['committed'][p]) for p in self.assignment]
                c.commit(offsets=mine, asynchronous=False)
                c.pause([TopicPartition(self.cfg['topic'], p) for p in self.assignment])
                self.committed.set()


def main():
    cfg = json.loads(sys.argv[1])
    threading.Timer(LIFETIME_S, lambda: os._exit(3)).start()
    lib, _rk, mc, real_bootstrap = start_mock(cfg['brokers'])
    topic = cfg['topic'].encode()
    if lib.rd_kafka_mock_topic_create(mc, topic, cfg['partitions'], cfg['brokers']) != 0:
        raise SystemExit('rd_kafka_mock_topic_create failed')
    for p, leader in enumerate(cfg['leaders']):
        if lib.rd_kafka_mock_partition_set_leader(mc, topic, p, leader) != 0:
            raise SystemExit(f'rd_kafka_mock_partition_set_leader failed for partition {p}')
    relay = Relay([(h, int(p)) for h, p in (a.rsplit(':', 1) for a in real_bootstrap.split(','))])

    traffic = Traffic(real_bootstrap, cfg)
    traffic.start()
    commit_now = threading.Event()
    members = [Member(relay.bootstrap(), cfg, i, commit_now) for i in range(cfg['consumers'])]
    for m in members:
        m.start()
    # Stable: every member owns something and together they own each partition exactly once.
    deadline = time.monotonic() + 30
    while True:
        owned = sorted(p for m in members for p in m.assignment)
        if owned == list(range(cfg['partitions'])) and all(m.assignment for m in members):
            break
        if time.monotonic() > deadline:
            raise SystemExit(f'the group did not settle: {[m.assignment for m in members]}')
        time.sleep(0.05)
    commit_now.set()
    for m in members:
        if not m.committed.wait(10):
            raise SystemExit(f'{m.client_id} did not commit')
    say({'event': 'ready', 'bootstrap': relay.bootstrap(), 'mockBootstrap': real_bootstrap,
         'members': [{'memberId': m.ids.member_id, 'clientId': m.client_id,
                      'assignment': m.assignment} for m in members]})
    for line in sys.stdin:
        words = line.split()
        if words == ['delivered']:
            say({'event': 'delivered', 'counts': traffic.counts()})
        elif len(words) == 2 and words[0] == 'requests':
            say({'event': 'requests', 'apis': relay.apis_sent_by(words[1])})
    os._exit(0)


if __name__ == '__main__':
    main()
