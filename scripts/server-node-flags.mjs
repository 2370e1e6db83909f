// Node flags the server runs with: `npm start` passes them, and the benchmarks give them to the
// server they measure, so they measure the portal as it runs.
//
// --max-semi-space-size=64 (MB): the device link keeps each message for the tens of milliseconds
// until its batch commits. With V8's default young generation (16 MB semi-spaces) a stream of
// 10,000 msg/s outlived scavenges and was copied and promoted: garbage collection took 11% of the
// server's time over a 60-s run of `npm run bench:ingest`, with 7 full collections. With 64 MB it
// took 6%, and the publish-to-commit p99 fell from 1.1 s to 0.5 s. The young generation only grows
// to that size under such an allocation rate; a quiet server keeps it small.
export const SERVER_NODE_FLAGS = ["--max-semi-space-size=64"];
