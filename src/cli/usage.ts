// The CLI's top-level usage (`highway --help`): every command with its flags. A test checks that
// each flag listed here is one its command takes, and that every flag a command takes is listed.

export const USAGE = `usage: highway <command> [options]

commands (each has --help):
  partition --partitions N [KEY ...]   each key's partition under Kafka's default partitioner (keys from stdin if none)
  partition --keyless --partitions N --batches B [--partitioner NAME] [--seed S] [--json]
                                       the partition of each successive keyless batch (NAME: default,
                                       uniform-sticky, legacy-sticky, round-robin)
  run (--scenario FILE|URL|ENCODED | --preset NAME) [--set PATH=VALUE ...] [--seconds S] [--seed N]
      [--step-ms MS] [--checkpoint-at SEC] [--json | --csv] [--strict]
                                       --set overrides a setting by dotted path: group.protocol=cooperative,
                                       group.config.session.timeout.ms=10000 (value: JSON, else text);
                                       --set 'actions+=[{"do":"crashBroker","broker":2,"atSec":30}]' adds faults (help: run --help);
                                       warnings go to stderr and the run goes on, or with --strict exit 2
  compare (--scenario FILE|URL|ENCODED | --preset NAME) --variant 'LABEL: PATH=V, PATH=V' ... [--vary PATH=V1,V2,...]
          [--seconds S] [--seed N] [--after SEC] [--json] [--link [--base-url URL]] [--strict]
                                       the same workload under each variant, side by side (help: compare --help)
  validate (--scenario FILE|URL|ENCODED | --preset NAME) [--set PATH=VALUE ...]
                                       exit 0, or exit 2 and one line per problem naming its path
                                       (an unknown field is a problem here; run and compare only warn)
  plan-cluster (--scenario FILE|URL|ENCODED | --preset NAME) [--set PATH=VALUE ...] [--at SEC]
          [--throttle BYTES_PER_SEC] [--seed N] [--json]
                                       the cluster rebalance plan at that moment: leader and replica moves,
                                       bytes, time under the throttle, broker load before/after (help: plan-cluster --help)
  config --client java|librdkafka|kafkajs|kafka-python (--scenario FILE|URL|ENCODED | --preset NAME) [--set PATH=VALUE ...]
                                       the scenario's settings as that client writes them
  assign --assignor NAME [--jsonl]     Kafka's assignor on a JSON group read from stdin (help: assign --help)
  presets                              list the presets
  lessons [--json]                     the guided lessons with their steps (open one: #lesson=NAME&step=N)
  lessons --check FILE                 validate a lesson file (JSON), naming the path of each problem
  import [--format NAME] FILE... [--topic T] [--group G] [--scale K|auto] [--slice K] [--json | --link [--base-url URL]]
                                       a scenario of a real cluster from saved tool output (help: import --help)
  snapshot --bootstrap HOST:PORT[,...] --topic T [--group G] [--sample-seconds S] [--sample-keys N] [--timeout S]
          [--json | --link [--base-url URL]]
                                       a live cluster's topic and group, read-only, as a scenario (help: snapshot --help)
`

/** The commands, in the order --help lists them. */
export const COMMANDS = ['partition', 'run', 'compare', 'validate', 'plan-cluster', 'config', 'assign', 'presets', 'lessons', 'import', 'snapshot'] as const
