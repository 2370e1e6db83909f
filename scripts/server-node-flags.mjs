// Node flags the server runs with: `npm start` passes them, and the benchmarks give them to the
// server they measure, so they measure the portal as it runs.
//
// --max-semi-space-size=128 (MB): the device link keeps each message until its batch commits,
// tens of milliseconds, and seconds behind a burst. With V8's default young generation (16 MB
// semi-spaces) a stream of 10,000 msg/s outlived scavenges and was copied and promoted: garbage
// collection took 11% of the server's time over a 60-s run of `npm run bench:ingest`, with 7 full
// collections. 64 MB brought it to 6% and the publish-to-commit p99 from 1.1 s to 0.5 s; at the
// full 10,000 msg/s, where a backlog of tens of thousands of messages builds and drains, 128 MB
// took the collector's time in a 60-s run from 7.3-8.4 s to 6.7 s (docs/performance.md, "Device
// ingest"). The young generation only grows to that size under such an allocation rate; a quiet
// server keeps it small.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=128"];
